/// The checker's first phase, run by its initializer: every name the spec declares or the
/// generator adds, each a Swift name that is no module's name and declared once, with the
/// header's checks. `Checker` is made from its `symbols`, which the later phases read and cannot change.
struct Declarer {
    let spec: Spec
    let childSpecs: ChildSpecs
    /// The modules the spec's `imports` name.
    let importedModules: [String]
    var symbols: [String: Symbol] = [:]
    var diagnostics = Diagnostics()
    var types = SpecTypeTable()

    init(spec: Spec, childSpecs: ChildSpecs) {
        (self.spec, self.childSpecs) = (spec, childSpecs)
        importedModules = spec.imports.compactMap { SpecCode.importPath($0.value)?.module }
        checkHeader()
        checkViewModelNameIsUnique()
        declareEverything()
    }

    mutating func checkHeader() {
        let attributeProblem = spec.viewModel.value == "MainActor" ? "the generated class is marked `@MainActor`, which the class would hide" : nil
        if let problem = SwiftNames.problem(with: spec.viewModel.value, isType: true) ?? moduleNameProblem(spec.viewModel.value) ?? attributeProblem {
            diagnostics.error("`\(spec.viewModel.value)` cannot be the view model's name: \(problem)", at: spec.viewModel.location)
        }
        if let access = spec.access, !["public", "internal"].contains(access.value) {
            diagnostics.error(
                "`access` must be `public` or `internal`, not `\(access.value)`\(Suggestion.didYouMean(access.value, in: ["public", "internal"]))",
                at: access.location, fixes: Suggestion.fixes(access, in: ["public", "internal"]))
        }
        for module in spec.imports {
            let path = SpecCode.importPath(module.value)
            if path?.components.contains(where: { SwiftNames.problem(with: $0) != nil }) ?? true {
                diagnostics.error(
                    "`\(module.value)` is not a module name; list modules as plain names or dotted paths, or one type of a module, each with the import's access level if it needs one (`public`, `package` or `internal`): `imports: [Foundation, Core.Models, struct MyModule.Event, public MyModels]`",
                    at: module.location)
            }
        }
        if let lifecycle = spec.lifecycle, lifecycle.value != "active" {
            diagnostics.error(
                "unknown lifecycle `\(lifecycle.value)`\(Suggestion.closest(to: lifecycle.value, in: ["active"]) == nil ? "; the only lifecycle is `active`" : "; did you mean `active`?")",
                at: lifecycle.location, fixes: Suggestion.fixes(lifecycle, in: ["active"]))
        }
    }

    mutating func declare(_ name: String, _ kind: Symbol.Kind, type: String?, at location: SourceLocation) {
        let symbol = Symbol(name: name, kind: kind, type: type, location: location)
        guard let existing = symbols[name] else {
            symbols[name] = symbol
            return
        }
        if symbol.isGenerated && existing.isGenerated {
            // Two declarations need the same helper name; one owner twice is the echo of a clash
            // reported already.
            guard let owner = symbol.kind.owner, let other = existing.kind.owner, owner != other else { return }
            diagnostics.error(
                "`\(owner)` and `\(other)` both need the generated name `\(name)`; rename one of them", at: location,
                notes: [.init("`\(other)` is declared here", at: existing.location)])
            return
        }
        if symbol.isGenerated {
            // Only the spec's own name can change: say so where it stands.
            diagnostics.error(
                "\(existing.messageName) clashes with \(symbol.messageName); rename `\(name)`", at: existing.location,
                notes: [.init("`\(symbol.kind.owner ?? name)` is declared here", at: location)])
            return
        }
        diagnostics.error(
            "`\(name)` is declared twice: \(symbol.messageName) clashes with \(existing.messageName); rename one of them", at: location,
            notes: [.init("\(existing.messageName) is declared here", at: existing.location)])
    }

    mutating func declareChecked(_ name: Located<String>, _ kind: Symbol.Kind, type: String?, as place: KeyPlace) {
        if let problem = SwiftNames.problem(with: name.value) ?? moduleNameProblem(name.value) {
            // Declared anyway: each use of the name is then not an error of its own.
            diagnostics.error("`\(name.value)` cannot be the name of \(place.name): \(problem)", at: name.location)
        }
        declare(name.value, kind, type: type, at: name.location)
    }

    /// The generated code names the runtime's and the imports' types through their modules
    /// (`Reactive.Property`), so no member may take a module's name.
    func moduleNameProblem(_ name: String) -> String? {
        let modules = ["Swift", "Reactive", "Observation"] + importedModules
        return modules.contains(name) ? "`\(name)` is the name of a module the generated code uses" : nil
    }

    mutating func declareEverything() {
        for member in spec.parameters { declareChecked(member.name, .parameter, type: member.type?.value, as: .parameter) }
        for member in spec.dependencies { declareChecked(member.name, .dependency, type: member.type?.value, as: .dependency) }
        for member in spec.constants { declareChecked(member.name, .constant, type: member.type?.value, as: .constant) }
        for member in spec.state { declareChecked(member.name, .state, type: member.type?.value, as: .state) }
        for member in spec.derived { declareChecked(member.name, .derived, type: member.type?.value, as: .derived) }
        for member in spec.children { declareChecked(member.name, .child, type: member.type?.value, as: .child) }
        for function in spec.functions { declareChecked(function.name, .function, type: nil, as: .function) }
        for command in spec.commands {
            declareChecked(command.name, .command, type: nil, as: .command)
            for output in [GeneratedNames.isExecuting(of: command.name.value), GeneratedNames.isEnabled(of: command.name.value)] {
                declare(output, .commandOutput(command: command.name.value), type: "Bool", at: command.name.location)
            }
        }
        for resource in spec.resources {
            let name = resource.name.value
            declareChecked(resource.name, .resource, type: types.optional(resource.type.value), as: .resource)
            declare(GeneratedNames.isLoading(of: name), .resourceOutput(resource: name), type: "Bool", at: resource.name.location)
            if CheckedResource(entry: resource).canFail {
                declare(GeneratedNames.error(of: name), .resourceOutput(resource: name), type: types.optional(resource.failure?.value ?? "any Error"), at: resource.name.location)
            }
            declare(GeneratedNames.reload(of: name), .resourceOutput(resource: name), type: nil, at: resource.name.location)
        }
        for member in spec.events { declareChecked(member.name, .event, type: member.type?.value, as: .event) }
        for reaction in spec.reactions { declareChecked(reaction.name, .reaction, type: nil, as: .reaction) }
        if spec.hasActivation, let lifecycle = spec.lifecycle {
            declare("isActive", .activation, type: "Bool", at: lifecycle.location)
        }
        for added in spec.validationNames { declare(added.name, added.kind, type: added.type, at: added.location) }
        if let machine = spec.machine {
            declare(CheckedMachine.stateName, .machineState, type: "State", at: machine.location)
            declare(CheckedMachine.sendName, .generated(for: "machine"), type: nil, at: machine.location)
        }
        // Each readable value is also exposed as a runtime Property named `<name>Property`.
        let readable = symbols.values.filter(\.isReactive).sorted { ($0.location, $0.name) < ($1.location, $1.name) }
        for symbol in readable {
            declare(GeneratedNames.property(of: symbol.name), .generated(for: symbol.name), type: nil, at: symbol.location)
        }
        // The class's public `update(_:)` is reserved too; its private names cannot clash (see `GeneratedNames`).
        declare(GeneratedNames.update, .generated(for: spec.viewModel.value), type: nil, at: spec.viewModel.location)
    }
}

extension Symbol {
    /// How a message names the declaration: "state value `count`", "the generated `xProperty` of `x`".
    var messageName: String {
        switch kind {
        case .generated(let owner): "the generated `\(name)` of `\(owner)`"
        case .commandOutput(let command): "the generated `\(name)` of command `\(command)`"
        case .resourceOutput(let resource): "the generated `\(name)` of resource `\(resource)`"
        case .activation: "`isActive` of `lifecycle: active`"
        case .machineState: "the generated `state` of `machine`"
        case .parameter: "parameter `\(name)`"
        case .dependency: "dependency `\(name)`"
        case .constant: "constant `\(name)`"
        case .state: "state value `\(name)`"
        case .derived: "derived value `\(name)`"
        case .child: "child view model `\(name)`"
        case .function: "function `\(name)`"
        case .command: "command `\(name)`"
        case .event: "event `\(name)`"
        case .resource: "resource `\(name)`"
        case .reaction: "reaction `\(name)`"
        case .validationOutput(let owner, _) where owner == "validation": "the generated `\(name)` of `validation`"
        case .validationOutput(let owner, _): "the generated `\(name)` of the rules of `\(owner)`"
        }
    }
}

extension Spec {
    /// Whether `lifecycle: active` is on.
    var hasActivation: Bool { lifecycle?.value == "active" }
    /// Whether a field's message waits for its edit (and so the field has `<field>WasEdited`).
    var tracksEdits: Bool { validation?.showsAfter == .afterEdit }
}
