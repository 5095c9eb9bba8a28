import VMGenCore

/// Where a spec writes each of its names, from the spec as parsed and the reads the checker's
/// analysis finds in its code (`SpecCode.reads`: Swift's scoping, so a local of the same name,
/// a member `.count` or a string's text is not the spec's name): declarations, name-valued keys
/// (`emits`, `then`, `onChange`, `submit`, `validation`'s fields) and reads in code. A keyed
/// list's `on:` keys name the child's events, so they are kept apart.
struct NameSites {
    struct Site {
        var name: String
        var location: SourceLocation
        var isDeclaration: Bool
        /// For an `on:` key: the keyed list whose child declares the event.
        var childList: String?
    }

    private(set) var sites: [Site] = []
    /// The spec's lines (1-based) whose code was read here: a word on them that is no site is
    /// something of the code's own (a local, a closure's parameter).
    private(set) var codeLines: Set<Int> = []

    init(spec: Spec) {
        let members = spec.parameters + spec.dependencies + spec.constants + spec.state + spec.derived + spec.children + spec.events
        for member in members {
            declare(member.name)
            code(member.value)
            if let keyed = member.keyed {
                for piece in [keyed.each, keyed.id, keyed.make] + [keyed.update].compactMap({ $0 }) { code(piece) }
                for handler in keyed.handlers {
                    sites.append(Site(name: handler.event.value, location: handler.event.location, isDeclaration: false, childList: member.name.value))
                    code(handler.body)
                }
            }
        }
        for function in spec.functions {
            declare(function.name)
            code(function.body)
        }
        for command in spec.commands {
            declare(command.name)
            code(command.enabled)
            switch command.work {
            case .perform(let work), .producer(let work), .task(let work): code(work)
            case .send: break
            }
            for handler in [command.onValue, command.onFailure, command.onCompleted] { code(handler) }
            for name in [command.emits, command.then].compactMap({ $0 }) { refer(name) }
        }
        for resource in spec.resources {
            declare(resource.name)
            code(resource.load)
        }
        for reaction in spec.reactions {
            declare(reaction.name)
            for trigger in reaction.triggers { refer(trigger) }
            code(reaction.perform)
        }
        for invariant in spec.invariants {
            declare(invariant.name)
            code(invariant.holds)
        }
        if let machine = spec.machine {
            for state in machine.states {
                // Code of a state is given its data by name (and a transition's `data`, the
                // event's payload): those hide the values of the same names.
                let data = state.data.map(\.name.value)
                code(state.entry, given: data)
                code(state.exit, given: data)
                for transition in state.handlers.flatMap(\.transitions) {
                    code(transition.guardCode)
                    for (_, value) in transition.data { code(value, given: data + ["payload"]) }
                }
            }
        }
        if let validation = spec.validation {
            if let submit = validation.submit { refer(submit) }
            for field in validation.fields {
                refer(field.name)
                for rule in field.rules { code(rule.holds) }
            }
        }
    }

    private mutating func declare(_ name: Located<String>) {
        sites.append(Site(name: name.value, location: name.location, isDeclaration: true))
    }

    private mutating func refer(_ name: Located<String>) {
        sites.append(Site(name: name.value, location: name.location, isDeclaration: false))
    }

    /// The reads of a piece of code, where YAML kept their places exact; not of the names the
    /// code is `given`, which are its own.
    private mutating func code(_ code: Code?, given: [String] = []) {
        guard let code, code.positionsAreExact || code.columns != nil else { return }
        let lineCount = code.text.reduce(1) { $0 + ($1 == "\n" ? 1 : 0) }
        codeLines.formUnion(code.location.line..<(code.location.line + lineCount))
        for read in SpecCode.reads(in: SpecCode.body(code.text, form: .body)) where read.name != "self" && !given.contains(read.name) {
            sites.append(Site(name: read.name, location: code.location(ofUTF8Offset: read.offset), isDeclaration: false))
        }
    }

    /// The sites of `name` (not the `on:` keys, which name a child's event).
    func of(_ name: String) -> [Site] {
        sites.filter { $0.name == name && $0.childList == nil }
    }

    /// The `on:` keys that handle a child's event `name`.
    func handlers(of name: String) -> [Site] {
        sites.filter { $0.name == name && $0.childList != nil }
    }
}
