import Foundation
import RandomSpecs
import Testing
@testable import VMGenCore

/// The native renderer (`Sources/VMGenCore/Renderer/NativeRenderer.swift`) writes out the
/// default Stencil templates in Swift. These tests keep the two in step: every shipped spec and
/// random specs of every section must render to the same bytes both ways.
@Suite("Native renderer")
struct NativeRendererTests {
    /// Random specs: 3 per seed, the names that once broke generated code included.
    static let randomSeeds: ClosedRange<UInt64> = 1...12

    /// The template context of a valid spec.
    static func context(_ yaml: String, file: String, writer: GeneratedHeader.Writer = .command) throws -> TemplateContext {
        let output = try Generator().check(Data(yaml.utf8), file: file)
        let model = try #require(output.model, "\(file) was rejected: \(output.diagnostics.map(\.description))")
        var context = ContextBuilder(model: model).build()
        if writer != .command { context.headerLines = GeneratedHeader.lines(specPath: file, writer: writer) }
        return context
    }

    /// Records a failure, with the diff, when the two renderers disagree on `context`.
    static func expectSameBytes(_ context: TemplateContext, spec: String) throws {
        let stencil = try StencilRenderer().render(context)
        let native = NativeRenderer.render(context)
        guard native != stencil else { return }
        let diff = UnifiedDiff.make(old: stencil, new: native, oldName: "Stencil (Templates/)", newName: "NativeRenderer")
        Issue.record("""
            the native renderer no longer matches Templates/ViewModel.swift.stencil (or Value.stencil, \
            Function.stencil) for \(spec): mirror the template change in \
            Sources/VMGenCore/Renderer/NativeRenderer.swift, in the function of the section that changed
            \(diff.isEmpty ? "(the texts differ only in bytes a line diff does not show)" : diff)
            """)
    }

    @Test("the native renderer gives Stencil's bytes for every shipped spec", arguments: GeneratedTidinessTests.specPaths)
    func shippedSpec(path: String) throws {
        let yaml = try String(contentsOf: packageRoot.appendingPathComponent(path), encoding: .utf8)
        try Self.expectSameBytes(try Self.context(yaml, file: path), spec: path)
        try Self.expectSameBytes(try Self.context(yaml, file: path, writer: .buildPlugin), spec: "\(path) (build plugin header)")
    }

    @Test("the native renderer gives Stencil's bytes for a view model without values (no update function)")
    func viewModelWithoutValues() throws {
        let context = try Self.context("viewModel: Empty\ndoc: Nothing to show.\n", file: "Empty.vm.yaml")
        #expect(context.updateFunction.isEmpty)
        try Self.expectSameBytes(context, spec: "Empty.vm.yaml")
    }

    @Test("the native renderer gives Stencil's bytes for random specs of every section", arguments: randomSeeds)
    func randomSpecs(seed: UInt64) throws {
        let specs = RandomSpecGenerator(options: .init(runtimeNames: true)).batch(seed: seed)
        for spec in specs {
            try Self.expectSameBytes(try Self.context(spec.yaml, file: spec.fileName), spec: "\(spec.fileName) (seed \(seed))\n\(spec.yaml)")
        }
    }

    @Test("the random specs compared use every section of the template")
    func randomSpecsCoverTheTemplate() throws {
        var contexts: [TemplateContext] = []
        for seed in Self.randomSeeds {
            for spec in RandomSpecGenerator(options: .init(runtimeNames: true)).batch(seed: seed) {
                contexts.append(try Self.context(spec.yaml, file: spec.fileName))
            }
        }
        let sections: [(String, (TemplateContext) -> Bool)] = [
            ("typeAliases", { !$0.typeAliases.isEmpty }), ("parameters", { !$0.parameters.isEmpty }),
            ("dependencies", { !$0.dependencies.isEmpty }), ("constants", { !$0.constants.isEmpty }),
            ("commands", { !$0.commands.isEmpty }), ("resources", { !$0.resources.isEmpty }),
            ("events", { !$0.events.isEmpty }), ("functions", { !$0.functions.isEmpty }),
            ("runtimeProperties", { !$0.runtimeProperties.isEmpty }), ("deinitLines", { !$0.deinitLines.isEmpty }),
            ("computations", { !$0.computations.isEmpty }),
            ("actions", { !$0.actions.isEmpty }), ("leadingLines", { $0.functions.contains { !$0.leadingLines.isEmpty } }),
        ]
        for (name, isUsed) in sections {
            let used = contexts.contains(where: isUsed)
            #expect(used, "no random spec has \(name)")
        }
    }

    @Test("without custom templates, or with a folder that replaces none of the defaults, no Stencil environment is made")
    func defaultTemplatesAreNative() throws {
        #expect(try TemplateRenderer().usesStencil == false)
        let folder = try temporaryFolder("templates")
        defer { try? FileManager.default.removeItem(at: folder) }
        try "unused {{ name }}\n".write(to: folder.appendingPathComponent("Extra.stencil"), atomically: true, encoding: .utf8)
        #expect(try TemplateRenderer(customTemplates: folder).usesStencil == false)
    }

    @Test("a custom folder that replaces only Value.stencil renders through Stencil, with the default main template")
    func oneCustomTemplateUsesStencil() throws {
        let folder = try temporaryFolder("templates")
        defer { try? FileManager.default.removeItem(at: folder) }
        try "    // value {{ value.name }}\n{{ value.declaration }}\n"
            .write(to: folder.appendingPathComponent("Value.stencil"), atomically: true, encoding: .utf8)
        let renderer = try TemplateRenderer(customTemplates: folder)
        #expect(renderer.usesStencil)
        let context = try Self.context("viewModel: A\nstate:\n  count: { type: Int, initial: \"0\" }\n", file: "A.vm.yaml")
        let source = try renderer.render(context)
        #expect(source.contains("    // value count\n"))
        #expect(source.hasPrefix(NativeRenderer.render(context).prefix { $0 != "@" }))
    }
}
