// The default templates, written out in Swift.
//
// RULE: this file must produce exactly the bytes that Stencil produces from the default
// templates (`Templates/ViewModel.swift.stencil`, `Value.stencil`, `Function.stencil`). When you
// change a default template, make the same change here, in the function named after the
// template's section (one function per section, in the template's order). The test
// "the native renderer gives Stencil's bytes for every shipped and random spec"
// (Tests/VMGenCoreTests/NativeRendererTests.swift) renders every shipped spec and random specs
// both ways and fails with a diff when they differ. Custom templates always go through Stencil.
//
// How the template maps to Swift: Stencil (with `trimBehaviour: .smart`) drops every line that
// holds only a `{% ... %}` tag, so each other template line becomes one `line(...)` here, with
// `{{ x }}` replaced by the value. `TidyText` then folds blank lines for both renderers alike.

/// Renders a `TemplateContext` with the default templates, without Stencil: the path of every
/// run that has no custom templates.
struct NativeRenderer {
    /// The raw text, as Stencil would print it before `TidyText`.
    private var text = ""

    /// The rendered Swift source, tidied.
    static func render(_ context: TemplateContext) -> String {
        var renderer = NativeRenderer()
        renderer.text.reserveCapacity(16_384)
        renderer.viewModel(context)
        return TidyText.tidy(renderer.text)
    }

    /// One template line: its pieces, then a newline.
    private mutating func line(_ pieces: String...) {
        for piece in pieces { text += piece }
        text += "\n"
    }

    /// `{% for line in lines %}` + `{{ indentation }}{{ line }}` + `{% endfor %}`.
    private mutating func lines(_ lines: [String], indentation: String = "") {
        for each in lines { line(indentation, each) }
    }

    // MARK: ViewModel.swift.stencil, section by section

    private mutating func viewModel(_ c: TemplateContext) {
        header(c)
        classOpening(c)
        typeAliases(c)
        storedMembers("Parameters", c.parameters, prefix: c.accessPrefix + "let ")
        storedMembers("Dependencies", c.dependencies, prefix: "private let ")
        storedMembers("Constants", c.constants, prefix: c.accessPrefix + "let ")
        sections(c)
        commands(c)
        resources(c)
        events(c)
        functions(c)
        runtimeProperties(c)
        groupedWrites(c)
        storage(c)
        lifeCycle(c)
        deinitializer(c)
        functionGroup("Transactions", c.updates)
        functionGroup("Spec expressions", c.computations)
        functionGroup("Spec statements", c.actions)
        functionGroup("Testing", c.testing)
        line("}")
        lines(c.conformanceExtensions)
    }

    /// The header comment and the imports.
    private mutating func header(_ c: TemplateContext) {
        lines(c.headerLines)
        line()
        for importLine in c.importLines { line(importLine) }
        line()
    }

    /// The class's doc comment and its first line.
    private mutating func classOpening(_ c: TemplateContext) {
        lines(c.docLines)
        line("@MainActor")
        line(c.accessPrefix, "final class ", c.name, ": ", c.conformances, " {")
    }

    /// `// MARK: Types, as the spec writes them`
    private mutating func typeAliases(_ c: TemplateContext) {
        guard !c.typeAliases.isEmpty else { return }
        line("    // MARK: Types, as the spec writes them")
        for alias in c.typeAliases {
            line()
            lines(alias.lines)
        }
        line()
    }

    /// `// MARK: Parameters`, `// MARK: Dependencies` and `// MARK: Constants`: the three
    /// sections differ only in their title and the declaration's start.
    private mutating func storedMembers(_ title: String, _ members: [StoredMember], prefix: String) {
        guard !members.isEmpty else { return }
        line("    // MARK: ", title)
        for member in members {
            line()
            lines(member.docLines, indentation: "    ")
            line("    ", prefix, member.name, ": ", member.type)
        }
        line()
    }

    /// `{% for section in sections %}`: state, derived values, children, activation.
    private mutating func sections(_ c: TemplateContext) {
        for section in c.sections where !section.values.isEmpty {
            line("    // MARK: ", section.title)
            for each in section.values {
                line()
                value(each)
            }
            line()
        }
    }

    /// `// MARK: Commands`
    private mutating func commands(_ c: TemplateContext) {
        guard !c.commands.isEmpty else { return }
        line("    // MARK: Commands")
        for command in c.commands {
            line()
            lines(command.docLines, indentation: "    ")
            line(command.declaration)
            for output in command.outputs {
                line()
                value(output)
            }
        }
        line()
    }

    /// `// MARK: Resources`
    private mutating func resources(_ c: TemplateContext) {
        guard !c.resources.isEmpty else { return }
        line("    // MARK: Resources")
        for resource in c.resources {
            line()
            for (index, output) in resource.outputs.enumerated() {
                if index > 0 { line() }
                value(output)
            }
            line()
            line("    /// Loads `", resource.name, "` again; a load still running is cancelled.")
            line("    ", c.accessPrefix, "func ", resource.reloadName, "() {")
            for reloadLine in resource.reloadLines { line("        ", reloadLine) }
            line("    }")
            line()
            line(resource.declarationHead)
            line("        self?.", resource.loadName, "() ?? .empty")
            line("    }")
        }
        line()
    }

    /// `// MARK: Events`
    private mutating func events(_ c: TemplateContext) {
        guard !c.events.isEmpty else { return }
        line("    // MARK: Events")
        for member in c.events {
            line()
            lines(member.docLines, indentation: "    ")
            line("    ", c.accessPrefix, "let ", member.name, ": Reactive.Signal<", member.type, ", Swift.Never>")
            line("    private let ", member.observerName, ": Reactive.Signal<", member.type, ", Swift.Never>.Observer")
        }
        line()
    }

    /// `// MARK: Functions`
    private mutating func functions(_ c: TemplateContext) {
        guard !c.functions.isEmpty else { return }
        line("    // MARK: Functions")
        for each in c.functions {
            line()
            function(each)
        }
        line()
    }

    /// `// MARK: Runtime properties`
    private mutating func runtimeProperties(_ c: TemplateContext) {
        guard !c.runtimeProperties.isEmpty else { return }
        line("    // MARK: Runtime properties")
        for property in c.runtimeProperties {
            line()
            line("    /// `", property.name, "` as a runtime `Property`, for bindings and operators;")
            line("    /// it starts following `", property.name, "` when first asked for.")
            line("    ", c.accessPrefix, "var ", property.propertyName, ": ", property.propertyType, " {")
            line("        ", property.propertyGetter)
            line("    }")
        }
        line()
    }

    /// `// MARK: Grouped writes`
    private mutating func groupedWrites(_ c: TemplateContext) {
        guard !c.updateFunction.isEmpty else { return }
        line("    // MARK: Grouped writes")
        line()
        line("    /// Runs `changes` as one transaction: observers are told about what it wrote once, when it")
        line("    /// returns, and never see a state between two of its writes. Called by an observer while")
        line("    /// observers are being told about another transaction, it runs right after that one.")
        line("    ", c.accessPrefix, "func ", c.updateFunction, "(_ changes: @escaping (", c.name, ") -> Swift.Void) {")
        line("        _$transaction { changes(self) }")
        line("    }")
        line()
    }

    /// `// MARK: Storage`
    private mutating func storage(_ c: TemplateContext) {
        guard !c.storage.isEmpty || !c.runtimeObjects.isEmpty else { return }
        line("    // MARK: Storage")
        line()
        for member in c.storage { line("    private var ", member.name, ": ", member.type, member.initializer) }
        lines(c.runtimeObjects, indentation: "    ")
        line()
    }

    /// `// MARK: Life cycle`: the initializer.
    private mutating func lifeCycle(_ c: TemplateContext) {
        line("    // MARK: Life cycle")
        line()
        lines(c.initializer.docLines, indentation: "    ")
        line("    ", c.initializer.signature)
        line(c.initializer.body)
        line("    }")
    }

    /// `deinit`, when it has statements.
    private mutating func deinitializer(_ c: TemplateContext) {
        guard !c.deinitLines.isEmpty else { return }
        line()
        line("    deinit {")
        lines(c.deinitLines, indentation: "        ")
        line("    }")
    }

    /// `// MARK: Transactions`, `// MARK: Spec expressions`, `// MARK: Spec statements` and
    /// `// MARK: Testing`: the sections differ only in their title and functions.
    private mutating func functionGroup(_ title: String, _ group: [CodeFunction]) {
        guard !group.isEmpty else { return }
        line()
        line("    // MARK: ", title)
        for each in group {
            line()
            function(each)
        }
    }

    // MARK: Value.stencil

    private mutating func value(_ value: ValueMember) {
        lines(value.docLines, indentation: "    ")
        line(value.declaration)
    }

    // MARK: Function.stencil

    private mutating func function(_ function: CodeFunction) {
        lines(function.docLines, indentation: "    ")
        lines(function.leadingLines)
        line("    ", function.signature)
        line(function.body)
        line("    }")
    }
}
