import VMGenCore

/// Where a spec writes each of its names, from the spec as parsed and the reads the checker's
/// analysis finds in its code (`SpecCode.reads`: Swift's scoping, so a local of the same name,
/// a member `.count` or a string's text is not the spec's name): declarations, name-valued keys
/// (`emits`, `then`, `onChange`, `submit`, `validation`'s fields) and reads in code. A keyed
/// list's `on:` keys name the child's events, so they are kept apart.
struct NameSites {
    /// A place where the spec writes a state or an event of its machine.
    struct MachineSite {
        enum Kind { case state, event }
        var kind: Kind
        var name: String
        var location: SourceLocation
        var isDeclaration: Bool
    }

    struct Site {
        var name: String
        var location: SourceLocation
        var isDeclaration: Bool
        /// For an `on:` key: the keyed list whose child declares the event.
        var childList: String?
        /// A shorthand that binds a local of the name too (`if let x`, `[x]`): see `SpecCode.Read`.
        var bindsItsName = false
    }

    private(set) var sites: [Site] = []
    /// Where the spec writes the states and events of its machine: a namespace of their own.
    private(set) var machineSites: [MachineSite] = []
    /// The machine's state and event names, which code writes as `.name`.
    private let machineNames: Set<String>
    /// The spec's lines (1-based) whose code was read here: a word on them that is no site is
    /// something of the code's own (a local, a closure's parameter).
    private(set) var codeLines: Set<Int> = []

    init(spec: Spec) {
        machineNames = Set((spec.machine?.states.map(\.name.value) ?? []) + (spec.machine?.events.map(\.name.value) ?? []))
        if let machine = spec.machine { nameMachine(machine, commands: spec.commands) }
        let members = spec.parameters + spec.dependencies + spec.constants + spec.state + spec.derived + spec.children + spec.events
        for member in members {
            declare(member.name)
            code(member.value)
            if let keyed = member.keyed {
                // Each piece is given what the checker gives it: `element`, `child`, the event's `value`.
                code(keyed.each)
                code(keyed.id)
                code(keyed.make, given: ["element"])
                code(keyed.update, given: ["child", "element"])
                for handler in keyed.handlers {
                    sites.append(Site(name: handler.event.value, location: handler.event.location, isDeclaration: false, childList: member.name.value))
                    code(handler.body, given: ["child", "value"])
                }
            }
        }
        for function in spec.functions {
            declare(function.name)
            code(function.body, signature: function.signature.text)
        }
        for command in spec.commands {
            declare(command.name)
            code(command.enabled)
            switch command.work {
            case .perform(let work), .producer(let work), .task(let work): code(work, given: command.takesInput ? ["input"] : [])
            case .send: break
            }
            code(command.onValue, given: ["value"])
            code(command.onFailure, given: ["error"])
            code(command.onCompleted)
            for name in [command.emits, command.then].compactMap({ $0 }) { refer(name) }
        }
        for resource in spec.resources {
            declare(resource.name)
            code(resource.load)
        }
        for reaction in spec.reactions {
            declare(reaction.name)
            for trigger in reaction.triggers { refer(trigger) }
            code(reaction.perform, given: ["oldValue"])
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
                switch state.invoke?.work {
                case .perform(let work)?, .producer(let work)?, .task(let work)?: code(work, given: data)
                case .send?, nil: break
                }
                for transition in state.triggered.flatMap(\.transitions) {
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
    /// code is `given` (a handler's `error`, a function's parameters in its `signature`), which
    /// are its own, unless written `self.name`: renaming a value must not rename them.
    private mutating func code(_ code: Code?, given: [String] = [], signature: String = "()") {
        guard let code, code.positionsAreExact || code.columns != nil else { return }
        let lineCount = code.text.reduce(1) { $0 + ($1 == "\n" ? 1 : 0) }
        codeLines.formUnion(code.location.line..<(code.location.line + lineCount))
        let body = SpecCode.body(code.text, form: .body, signature: signature)
        for read in SpecCode.reads(in: body) where read.name != "self" && (read.isMemberOfSelf || !given.contains(read.name)) {
            sites.append(Site(name: read.name, location: code.location(ofUTF8Offset: read.offset), isDeclaration: false, bindsItsName: read.bindsItsName))
        }
        guard !machineNames.isEmpty else { return }
        for member in SpecCode.implicitMembers(in: body, named: machineNames) {
            machineSites.append(MachineSite(kind: member.inSend ? .event : .state, name: member.name,
                                            location: code.location(ofUTF8Offset: member.offset), isDeclaration: false))
        }
    }

    /// The machine's declarations of states and events, and the keys that name them.
    private mutating func nameMachine(_ machine: Machine, commands: [Command]) {
        func add(_ kind: MachineSite.Kind, _ name: Located<String>, declares: Bool = false) {
            machineSites.append(MachineSite(kind: kind, name: name.value, location: name.location, isDeclaration: declares))
        }
        for event in machine.events { add(.event, event.name, declares: true) }
        for state in machine.states { add(.state, state.name, declares: true) }
        add(.state, machine.initial)
        for state in machine.states {
            for handler in state.handlers { add(.event, handler.event) }
            // Targets on events, under `after:`, `onDone` and `onError`.
            for transition in state.triggered.flatMap(\.transitions) { add(.state, transition.target) }
        }
        for command in commands {
            if case .send(let event) = command.work { add(.event, event) }
        }
    }

    /// The places of the machine's state or event `name`.
    func machineSites(of kind: MachineSite.Kind, _ name: String) -> [MachineSite] {
        machineSites.filter { $0.kind == kind && $0.name == name }
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
