import Foundation
import RandomSpecs
import Testing
@testable import VMGenCore

/// The one renderer: Mustache templates (`Templates/`, or a folder of custom ones) checked
/// against the context's fields (`TemplateFields`) before anything is rendered.
@Suite("Templates")
struct TemplateRendererTests {
    /// The template context of a valid spec.
    static func context(_ yaml: String, file: String) throws -> TemplateContext {
        let output = try Generator().check(Data(yaml.utf8), file: file)
        let model = try #require(output.model, "\(file) was rejected: \(output.diagnostics.map(\.description))")
        return ContextBuilder(model: model).build()
    }

    /// The problems `TemplateRenderer` finds in a folder holding `files`, as printed.
    static func problems(_ files: [String: String]) throws -> [String] {
        let folder = try temporaryFolder("templates")
        defer { try? FileManager.default.removeItem(at: folder) }
        for (name, text) in files {
            try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        do {
            _ = try TemplateRenderer(customTemplates: folder)
            return []
        } catch let invalid as TemplateRenderer.Invalid {
            return invalid.diagnostics.map { diagnostic in
                ([diagnostic.message] + diagnostic.notes.map { "note at \(URL(fileURLWithPath: $0.location.file).lastPathComponent):\($0.location.line): \($0.message)" })
                    .joined(separator: "; ")
                    .replacingOccurrences(of: diagnostic.message, with: "\(URL(fileURLWithPath: diagnostic.location.file).lastPathComponent):\(diagnostic.location.line):\(diagnostic.location.column): \(diagnostic.message)")
            }
        }
    }

    @Test("a custom Value.mustache replaces the default one; the default main template lays out the rest")
    func oneCustomTemplate() throws {
        let folder = try temporaryFolder("templates")
        defer { try? FileManager.default.removeItem(at: folder) }
        try "    // value {{name}}: {{type}}\n{{>Default.Value}}\n".write(to: folder.appendingPathComponent("Value.mustache"), atomically: true, encoding: .utf8)
        let context = try Self.context("viewModel: A\nstate:\n  count: { type: Int, initial: \"0\" }\n", file: "A.vm.yaml")
        let source = try TemplateRenderer(customTemplates: folder).render(context)
        let standard = try TemplateRenderer().render(context)
        #expect(source.contains("    // value count: Int\n"))
        #expect(source.replacingOccurrences(of: "    // value count: Int\n", with: "") == standard)
    }

    @Test("text is not escaped: Swift's <, > and & come out as written")
    func textIsNotEscaped() throws {
        let context = try Self.context("viewModel: A\nstate:\n  pairs: { type: \"Dictionary<String, [Int]>\", initial: \"[:]\" }\n", file: "A.vm.yaml")
        let source = try TemplateRenderer().render(context)
        #expect(source.contains("Dictionary<String, [Int]>"))
        #expect(!source.contains("&lt;") && !source.contains("&amp;"))
    }

    /// `main` rendered as the main template for `yaml`, with `partials` beside it.
    static func render(_ main: String, partials: [String: String] = [:], _ yaml: String) throws -> String {
        let folder = try temporaryFolder("templates")
        defer { try? FileManager.default.removeItem(at: folder) }
        for (name, text) in partials.merging(["ViewModel.swift": main], uniquingKeysWith: { $1 }) {
            try text.write(to: folder.appendingPathComponent(name + ".mustache"), atomically: true, encoding: .utf8)
        }
        return try TemplateRenderer(customTemplates: folder).render(try context(yaml, file: "A.vm.yaml"))
    }

    static let twoValues = "viewModel: A\nstate:\n  a: { type: Int, initial: \"0\" }\n  b: { type: String, initial: '\"\"' }\n"

    @Test("Mustache's rules: standalone lines leave nothing, inverted sections, positions in a list, count")
    func mustacheRules() throws {
        let main = """
            {{! a comment on its own line leaves nothing }}
            class {{name}} {
              {{#sections}}
              {{^empty(values)}}
              // {{title}}: {{count(values)}}
              {{/empty(values)}}
                {{#values}}
                {{index()}}. {{name}}{{^last()}},{{/last()}}{{#first()}} (first){{/first()}}
                {{/values}}
              {{/sections}}
              {{^empty(commands)}}commands{{/empty(commands)}}{{#empty(commands)}}no commands{{/empty(commands)}}
            }

            """
        #expect(try Self.render(main, Self.twoValues) == """
            class A {
              // State: 2
                0. a, (first)
                1. b
              no commands
            }

            """)
    }

    @Test("a standalone partial is indented by the spaces before it, each line with text")
    func partialIndentation() throws {
        let main = "{{#sections}}\n{{^empty(values)}}\n  {{>Row}}\n{{/empty(values)}}\n{{/sections}}\n"
        #expect(try Self.render(main, partials: ["Row": "{{title}}\n\n{{#values}}\n- {{name}}\n{{/values}}"], Self.twoValues)
            == "  State\n\n  - a\n  - b\n")
        // A field's own lines are not indented: spec code under `#sourceLocation` keeps its columns.
        let indented = try Self.render("{{#initializer}}\n    {{>Body}}\n{{/initializer}}\n", partials: ["Body": "{{#body}}\n{{.}}\n{{/body}}"], Self.twoValues)
        let body = try Self.context(Self.twoValues, file: "A.vm.yaml").initializer.body
        #expect(indented == "    " + body + "\n")
    }

    @Test("text that may be empty: a section shows it, with `.` the text, only when it is not")
    func optionalText() throws {
        let main = "{{#accessPrefix}}[{{.}}]{{/accessPrefix}}{{^accessPrefix}}none{{/accessPrefix}}\n"
        #expect(try Self.render(main, Self.twoValues) == "[public ]\n")
        #expect(try Self.render(main, "viewModel: B\naccess: internal\n") == "none\n")
    }

    @Test("a template that names an unknown field is an error at its line and column, with the field it meant")
    func unknownField() throws {
        #expect(try Self.problems(["Value.mustache": "{{#docLines}}\n    {{.}}\n{{/docLines}}\n    // {{nmae}}\n{{>Default.Value}}\n"]) == [
            "Value.mustache:4:8: `{{nmae}}`: no field `nmae` is in scope here; did you mean `name`? (the fields: docs/templates.md, version \(TemplateFields.version)); note at ViewModel.swift.mustache:76: included from here",
        ])
        #expect(try Self.problems(["ViewModel.swift.mustache": "{{#commands}}{{outputs.name}}{{/commands}}\n"]) == [
            "ViewModel.swift.mustache:1:14: `{{outputs.name}}`: `outputs` is a list of values: read `name` of each inside `{{#outputs}}...{{/outputs}}`",
        ])
        #expect(try Self.problems(["ViewModel.swift.mustache": "{{initializer.signatur}}\n"]) == [
            "ViewModel.swift.mustache:1:1: `{{initializer.signatur}}`: a function has no field `signatur`; did you mean `signature`?",
        ])
    }

    @Test("lists are shown by sections, text by variables; `first()` and `empty(...)` where they apply")
    func kindsOfFields() throws {
        #expect(try Self.problems(["ViewModel.swift.mustache": "{{commands}}\n{{#name}}x{{/name}}\n{{first()}}\n{{#empty(name)}}{{/empty(name)}}\n{{.}}\n"]) == [
            "ViewModel.swift.mustache:1:1: `{{commands}}`: `commands` is a list of commands, not text: show it with a section, `{{#commands}}...{{/commands}}`",
            "ViewModel.swift.mustache:2:1: `{{#name}}`: `name` is text, which is always there: show it with `{{name}}`",
            "ViewModel.swift.mustache:3:1: `{{first()}}`: `first()` applies inside a list's section only",
            "ViewModel.swift.mustache:4:1: `{{#empty(name)}}`: `name` is text, not a list",
            "ViewModel.swift.mustache:5:1: `{{.}}`: `.` is the current line or text, and there is none here: it shows inside a section of lines",
        ])
        #expect(try Self.problems(["ViewModel.swift.mustache": "{{#commands}}{{^first()}}, {{/first()}}{{name}}{{/commands}}{{count(events)}}\n"]) == [])
    }

    @Test("sections must close in order; partials must exist and not include each other; other tags are refused")
    func structure() throws {
        #expect(try Self.problems(["ViewModel.swift.mustache": "{{#commands}}\n{{#outputs}}\n{{/commands}}\n"]) == [
            "ViewModel.swift.mustache:3:1: `{{/commands}}`: closes `commands`, but the section open here is `outputs`; close that first",
            "ViewModel.swift.mustache:1:1: the section `commands` is never closed; add `{{/commands}}`",
        ])
        #expect(try Self.problems(["ViewModel.swift.mustache": "{{>Valeu}}\n{{>Loop}}\n{{=<% %>=}}\n{{name", "Loop.mustache": "{{>Loop}}"]) == [
            "ViewModel.swift.mustache:1:1: `{{>Valeu}}`: there is no template `Valeu`; did you mean `Value`?",
            "Loop.mustache:1:1: `{{>Loop}}`: the partials include each other (ViewModel.swift -> Loop -> Loop); note at ViewModel.swift.mustache:2: included from here",
            "ViewModel.swift.mustache:3:1: `{{=<% %>=}}`: vmgen's templates do not take this tag; use variables, sections, inverted sections, partials and comments",
            "ViewModel.swift.mustache:4:1: a tag opened here is never closed with `}}`",
        ])
    }

    @Test("a Stencil tag in a .mustache file, a file named like a default's partial, partials that multiply: errors; a byte-order mark and lone CR line ends read as plain lines")
    func leftoversAndEncodings() throws {
        #expect(try Self.problems(["Value.mustache": "{{>Default.Value}}\n{% for x in values %}\n"]) == [
            "Value.mustache:2:1: a Stencil tag (`{% ... %}`): vmgen's templates are Mustache; write it as a section (docs/templates.md, \"From Stencil\")",
        ])
        #expect(try Self.problems(["Default.Value.mustache": "x\n"]).first
            == "Default.Value.mustache:1:1: `Default.` names the built-in templates as partials (`{{>Default.Value}}`), which a file cannot replace: give it another name")
        // Each partial includes the next three times: 3^16 inclusions, stopped at the budget.
        var files = ["Value.mustache": "{{>Default.Value}}\n{{>P1}}\n"]
        for level in 1..<16 { files["P\(level).mustache"] = String(repeating: "{{>P\(level + 1)}}\n", count: 3) }
        files["P16.mustache"] = "x\n"
        #expect(try Self.problems(files).contains { $0.contains("more than \(10_000) times in all") })
        // A byte-order mark and lone CR line ends: the error stands at line 3, column 5.
        #expect(try Self.problems(["Value.mustache": "\u{FEFF}{{>Default.Value}}\r\r    {{nmae}}\r"]).first?.hasPrefix("Value.mustache:3:5: `{{nmae}}`") == true)
    }

    @Test("a file no template includes, a Stencil file, a triple mustache closed by two braces, deep nesting: errors")
    func unusedAndMalformed() throws {
        #expect(try Self.problems(["Helper.mustache": "{{nosuchfield}}", "value.mustache": "x", "Value.stencil": "{{ x }}"]) == [
            "Value.stencil:1:1: a Stencil template: vmgen's templates are Mustache (`*.mustache`) now; rewrite it (docs/templates.md, \"From Stencil\")",
            "Helper.mustache:1:1: no template includes `Helper`, so it is never used; include it with `{{>Helper}}`, or remove it",
            "value.mustache:1:1: no template includes `value`, so it is never used; to replace the default `Value`, name the file `Value.mustache`",
        ])
        #expect(try Self.problems(["Value.mustache": "{{{propertyName}}\n"]) == [
            "Value.mustache:1:1: a tag opened here is never closed with `}}}`; note at ViewModel.swift.mustache:76: included from here",
        ])
        // Nothing renders nothing silently: an empty file, a comment left open over other tags.
        #expect(try Self.problems(["Value.mustache": " \n"]) == [
            "Value.mustache:1:1: the template is empty: it would render nothing, silently; remove the file to use the default, or include it: `{{>Default.Value}}`",
        ])
        #expect(try Self.problems(["Value.mustache": "{{! a note\n{{>Default.Value}}\n"]) == [
            "Value.mustache:1:1: a comment that holds `{{`: it runs to the first `}}`, here another tag's, and hides the tags between; close the comment with `}}` where it ends; note at ViewModel.swift.mustache:76: included from here",
        ])
        let deep = String(repeating: "{{#hasStorage}}", count: 70) + String(repeating: "{{/hasStorage}}", count: 70)
        #expect(try Self.problems(["ViewModel.swift.mustache": deep]).first == "ViewModel.swift.mustache:1:961: `{{#hasStorage}}`: sections nest 64 deep here, the most vmgen takes")
    }

    @Test("Windows line ends in a template read as Unix ones: standalone lines still leave nothing")
    func windowsLineEnds() throws {
        #expect(try Self.render("{{#sections}}\r\n{{^empty(values)}}\r\n{{title}}\r\n{{/empty(values)}}\r\n{{/sections}}\r\n", Self.twoValues) == "State\n")
    }

    @Test("a folder that is not one, or a template that is not a UTF-8 file, is an input error naming it as given")
    func unreadableTemplates() throws {
        let folder = try temporaryFolder("templates")
        defer { try? FileManager.default.removeItem(at: folder) }
        try "viewModel: A\n".write(to: folder.appendingPathComponent("A.vm.yaml"), atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("t/Value.mustache"), withIntermediateDirectories: true)
        try Data([0xFF, 0xFE]).write(to: folder.appendingPathComponent("u.mustache"))
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("bad"), withIntermediateDirectories: true)
        try FileManager.default.moveItem(at: folder.appendingPathComponent("u.mustache"), to: folder.appendingPathComponent("bad/Value.mustache"))
        for (templates, expected) in [
            ("none", "none: error: no such folder of templates"),
            ("A.vm.yaml", "A.vm.yaml: error: is a file: --templates takes the folder that holds the `*.mustache` files"),
            ("t", "t/Value.mustache: error: is not a regular file: a template is a text file"),
            ("bad", "bad/Value.mustache: error: is not UTF-8 text"),
        ] {
            let run = try runVMGen(["lint", "A.vm.yaml", "--templates", templates], in: folder)
            #expect(run.status == 1 && run.stderr == expected + "\n", "\(templates): \(run.stderr)")
        }
    }

    @Test("a main template whose output does not start with the header is an error: vmgen could never update the file")
    func headerIsRequired() throws {
        let folder = try temporaryFolder("templates")
        defer { try? FileManager.default.removeItem(at: folder) }
        try "final class {{name}} {}\n".write(to: folder.appendingPathComponent("ViewModel.swift.mustache"), atomically: true, encoding: .utf8)
        let output = try Generator(customTemplates: folder).generate(Data("viewModel: A\n".utf8), file: "A.vm.yaml")
        #expect(output.source == nil)
        #expect(output.diagnostics.map(\.message) == [
            "the generated file for `A.vm.yaml` does not start with its header lines; begin the main template with `{{#headerLines}}`, `{{.}}`, `{{/headerLines}}` (vmgen overwrites only files that start with them)",
        ])
    }

    @Test("a partial is checked where it is included: a field of a value is unknown at the top")
    func partialsAreCheckedInPlace() throws {
        #expect(try Self.problems(["ViewModel.swift.mustache": "{{>Value}}\n"]).first?.hasPrefix("Value.mustache:4:1: `{{#typeLocation}}`: no field `typeLocation` is in scope here") == true)
    }

    @Test("the fields templates can name are every stored property of the context's types, and no other")
    func fieldsAreTheContext() throws {
        let context = try Self.context("""
            viewModel: A
            parameters: { p: Int }
            state: { count: { type: Int, initial: "0", input: true } }
            commands: { go: { perform: count += 1 } }
            resources: { r: { type: Int, load: "SignalProducer(value: p)", trigger: init } }
            events: { e: Int }
            functions: { f: { signature: "() -> Int", body: "1" } }
            """, file: "A.vm.yaml")
        func stored(_ value: Any) -> [String] { Mirror(reflecting: value).children.compactMap(\.label) }
        func declared(_ type: TemplateObjectType) -> [String] { type.fields.filter { !$0.isComputed }.map(\.name) }
        #expect(stored(context) == declared(.viewModel))
        #expect(stored(try #require(context.parameters.first)) == declared(.storedMember))
        #expect(stored(try #require(context.sections.first)) == declared(.section))
        #expect(stored(try #require(context.sections.first?.values.first)) == declared(.value))
        #expect(stored(try #require(context.commands.first)) == declared(.command))
        #expect(stored(try #require(context.resources.first)) == declared(.resource))
        #expect(stored(try #require(context.events.first)) == declared(.event))
        #expect(stored(try #require(context.functions.first)) == declared(.function))
        #expect(stored(TypeAliasMember(lines: [])) == declared(.typeAlias))
    }

    @Test("random specs use every list of the context, and each renders without a blank line out of place")
    func randomSpecsCoverTheTemplate() throws {
        var contexts: [TemplateContext] = []
        let renderer = try TemplateRenderer()
        for seed in UInt64(1)...12 {
            for spec in RandomSpecGenerator(options: .init(runtimeNames: true)).batch(seed: seed) {
                let context = try Self.context(spec.yaml, file: spec.fileName)
                contexts.append(context)
                let lines = renderer.render(context).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                #expect(GeneratedTidiness.blankLines(lines) == [], "\(spec.fileName) (seed \(seed))")
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
            #expect(contexts.contains(where: isUsed), "no random spec has \(name)")
        }
    }

    @Test("docs/templates.md lists every field of every object, and the context's version")
    func docsListTheFields() throws {
        let path = packageRoot.appendingPathComponent("docs/templates.md")
        let written = try String(contentsOf: path, encoding: .utf8)
        #expect(written.contains("## The context, version \(TemplateFields.version)\n"))
        var expected = ""
        var rest = Substring(written)
        for type in TemplateObjectType.allCases {
            let open = "<!-- fields: \(type.rawValue) -->\n"
            let start = try #require(rest.range(of: open), "docs/templates.md has no table for \(type.rawValue)")
            let end = try #require(rest[start.upperBound...].range(of: "<!-- end of fields -->"))
            let rows = type.fields.map { "| `\($0.name)` | \($0.value.written) | \($0.doc) |\n" }.joined()
            expected += rest[..<start.upperBound] + "| Field | Kind | What it is |\n| --- | --- | --- |\n" + rows
            rest = rest[end.lowerBound...]
        }
        expected += rest
        guard written != expected else { return }
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("templates.expected.md")
        try expected.write(to: copy, atomically: true, encoding: .utf8)
        Issue.record("docs/templates.md's field tables differ from TemplateFields; the page as it should be is at \(copy.path): compare it, then copy it over")
    }
}
