/// Turns a validated `ViewModelModel` into the `TemplateContext` the templates lay out.
/// All decisions about the generated code live here (and in its extensions), none in templates.
public struct ContextBuilder {
    let model: ViewModelModel
    let version: String
    /// The index of `model.reactiveValues` by name: looked up for every read of every value,
    /// so a linear search would make large specs quadratic.
    let valueIndex: [String: Int]
    /// The typealias of each type the spec writes.
    let types: SpecTypes

    public init(model: ViewModelModel, generatorVersion: String = VMGen.version) {
        self.model = model
        self.version = generatorVersion
        types = SpecTypes(model: model)
        var index: [String: Int] = [:]
        for (position, value) in model.reactiveValues.enumerated() where index[value.name] == nil {
            index[value.name] = position
        }
        valueIndex = index
    }

    /// The modules every generated file imports.
    static let generatorImports = ["Observation", "Reactive"]

    /// The spec's `imports`, each once, without the generator's own modules: the one list both
    /// `imports` and `importLines` of the context are made from.
    var specImports: [SpecImport] {
        var result: [SpecImport] = []
        for entry in model.imports where !(entry.path.value == entry.module && Self.generatorImports.contains(entry.module)) {
            // One import per path, with the widest access any of its entries gives.
            if let index = result.firstIndex(where: { $0.path.value == entry.path.value }) {
                if Self.accessRank(entry.access) > Self.accessRank(result[index].access) { result[index].access = entry.access }
            } else {
                result.append(entry)
            }
        }
        return result
    }

    /// How wide an import's access is: none written (the file's default), `internal`, `package`, `public`.
    static func accessRank(_ access: String?) -> Int {
        ["internal", "package", "public"].firstIndex(of: access ?? "").map { $0 + 1 } ?? 0
    }

    /// Whether the spec imports one of the generator's own modules `public` itself (a public
    /// member of a type from `Reactive`, such as a parameter, that the generator cannot see).
    func specImportsPublicly(_ module: String) -> Bool {
        model.imports.contains { $0.path.value == module && $0.access == "public" }
    }

    /// The generator's own imports: `public` where the class's public declarations use the module
    /// (so that they compile with the upcoming feature `InternalImportsByDefault`, and without it
    /// no `public import` goes unused): `Observation` for a public class, `Reactive` when it also
    /// has values or events. `Reactive` with its SPI `VMGen`, the generated-code contract
    /// (docs/generated-code-contract.md).
    var generatorImportLines: [String] {
        let isPublic = model.access == "public"
        let reactiveIsPublic = isPublic && (hasTransactions || !model.events.isEmpty) || specImportsPublicly("Reactive")
        return [
            (isPublic || specImportsPublicly("Observation") ? "public " : "") + "import Observation",
            "@_spi(VMGen) " + (reactiveIsPublic ? "public " : "") + "import Reactive",
        ]
    }

    /// The generator's imports, then each of `specImports` at its spec line and column, so that
    /// the compiler reports a misspelled one in the spec.
    var importLines: [String] {
        // Each on one line when `import` fits left of the module's column.
        let located = specImports.flatMap { entry in
            let lead = (entry.access.map { $0 + " " } ?? "") + "import "
            return SwiftText.locatedDeclaration([.code(lead), .spec(entry.path, alias: entry.path.value)], indent: "")
                ?? [lead + entry.path.value]
        }
        guard !located.isEmpty else { return generatorImportLines }
        return generatorImportLines
            + ["// The spec's imports, at their places in the spec, where the compiler reports a misspelled one."]
            + located + ["#sourceLocation()"]
    }

    /// Spec code under `#sourceLocation` (`SwiftText.embedded`), its last statement ended where
    /// the checker found that it must be.
    func embedded(_ code: Code) -> [String] {
        SwiftText.embedded(code, endsStatement: model.codesEndingInModifierWord.contains(code.location))
    }

    var className: String { model.name.value }
    var access: String { model.access == "public" ? "public " : "" }

    public func build() -> TemplateContext {
        let values = model.reactiveValues
        func members(_ filter: (ReactiveValue) -> Bool) -> [ValueMember] { values.filter(filter).map(valueMember) }
        let specImports = specImports
        let machineCode = machineCodeFunctions()
        return TemplateContext(
            specPath: SwiftText.commentSafe(model.file),
            generatorVersion: version,
            headerLines: GeneratedHeader.lines(specPath: model.file, version: version, writer: .command),
            name: className,
            accessPrefix: access,
            conformances: conformances(),
            docLines: SwiftText.docLines(model.doc),
            imports: Self.generatorImports + specImports.map(\.path.value),
            importLines: importLines,
            dependencies: model.dependencies.map(storedMember),
            parameters: model.parameters.map(publicParameter),
            constants: model.constants.map(publicLet),
            sections: [
                ValueSection(title: "State", values: members { if case .state = $0.source { true } else { false } }),
                ValueSection(title: "Derived values", values: members { if case .derived = $0.source { true } else { false } }),
                ValueSection(title: "Validation", values: members(\.isValidationOutput)),
                ValueSection(title: "Children", values: members { if case .child = $0.source { true } else { false } }),
                ValueSection(title: "Activation", values: members { if case .activation = $0.source { true } else { false } }),
            ],
            runtimeProperties: model.runtimeProperties ? values.filter(\.isPublic).map(valueMember) : [],
            commands: model.commands.map(commandMember),
            resources: model.resources.map(resourceMember),
            events: model.events.map(eventMember),
            enums: machineEnums(),
            storage: storage(),
            runtimeObjects: runtimeObjects(),
            functions: model.functions.map(function) + sendFunction(),
            initializer: initializer(),
            deinitLines: deinitLines(),
            updates: updates() + transitionFunction(),
            computations: computations() + machineConditions() + machineCode.computations + childListComputations() + reactionFunctions(),
            actions: actions() + machineCode.actions + stateWorkFunctions() + childListHandlers(),
            typeAliases: types.declarations(access: access).map { TypeAliasMember(lines: $0) },
            testing: testing(),
            machineInspection: machineInspection(),
            conformanceExtensions: conformanceExtensions())
    }

    /// An event: its declaration shows the type the spec wrote, at its place in the spec.
    func eventMember(_ event: CheckedEntry<Member>) -> EventMember {
        let name = event.name.value
        let declaration = located([
            .code("\(access)let \(name): Reactive.Signal<"), types.piece(for: event.type, or: "Swift.Void"), .code(", Swift.Never>"),
        ])
        return EventMember(name: name, type: types.name(for: event.type, or: "Swift.Void"), declaration: declaration.text,
                           typeLocation: declaration.typeLocation, observerName: GeneratedNames.helper(name, "observer"),
                           docLines: SwiftText.docLines(event.doc))
    }

    /// Whether the view model has values, and with them transactions: the bookkeeping, the
    /// commit and `update` (`Reactive.TransactionalViewModel`'s). A view model of constants,
    /// parameters and dependencies has none.
    var hasTransactions: Bool { !model.reactiveValues.isEmpty }

    /// Whether the view model has disposables: to follow runtime objects (its commands and
    /// resource loaders) and to complete its events when it is released.
    var hasObservations: Bool {
        model.commands.contains(where: isFollowed) || !model.resources.isEmpty || !model.events.isEmpty
    }

    /// The private `let`s of the runtime objects the generated code uses, each only when used.
    func runtimeObjects() -> [String] {
        var result: [String] = []
        if hasTransactions {
            result.append("\(contractAccess)let \(GeneratedNames.fixed("observationRegistrar")) = Observation.ObservationRegistrar()")
        }
        if hasObservations {
            result.append("private let \(GeneratedNames.fixed("disposables")) = Reactive.CompositeDisposable()")
        }
        result += childListObjects()
        if hasTransactions {
            result.append("\(contractAccess)let \(transactions) = Reactive.Transactions()")
        }
        return result + pacerDeclarations() + stateWorkDeclarations
    }

    /// What `deinit` does: stop following runtime objects and complete the events (their
    /// completions are among the disposables).
    func deinitLines() -> [String] {
        hasObservations ? ["\(GeneratedNames.fixed("disposables")).dispose()"] : []
    }

    func storedMember(_ member: CheckedEntry<Member>) -> StoredMember {
        StoredMember(name: member.name.value, type: member.type.map(types.name(for:)) ?? "", docLines: SwiftText.docLines(member.doc))
    }

    /// A parameter's public `let`, named by its alias: the initializer already writes the type
    /// at its place in the spec, and a third declaration there would report a misspelled type a
    /// third time.
    func publicParameter(_ member: CheckedEntry<Member>) -> StoredMember {
        var stored = storedMember(member)
        stored.declaration = "\(access)let \(stored.name): \(stored.type)"
        return stored
    }

    /// A constant, with its public `let` showing the type the spec wrote, at its place in the
    /// spec (as a value's `var` does), so that an error about the type in the declaration (an
    /// internal type in a public view model) is reported at the spec.
    func publicLet(_ member: CheckedEntry<Member>) -> StoredMember {
        var stored = storedMember(member)
        let type = types.writtenMemberTypes[member.name.value].map { [types.piece(for: $0)] } ?? [.code(stored.type)]
        let declaration = located([.code("\(access)let "), .lead("\(member.name.value): ", hugging: true)] + type)
        stored.declaration = declaration.text
        stored.typeLocation = declaration.typeLocation
        return stored
    }

    /// The aliased type of a parameter, dependency or constant, as a computation takes it.
    func memberType(named name: String) -> String? {
        types.memberTypes[name]
    }

    func valueMember(_ value: ReactiveValue) -> ValueMember {
        let prefix: String
        switch value.source {
        case .state(isInput: true), .activation: prefix = access
        case .state(isInput: false), .validationFlag: prefix = access + "private(set) "
        default: prefix = access
        }
        let name = value.name
        let storage = GeneratedNames.storage(of: name)
        let type = typeName(of: value)
        // The setter: its writes as one action of the runtime's (`_$write`), in a closure that
        // takes the view model and the value, so that it captures nothing.
        var setter: [String] = []
        var setterFits = false
        if value.hasSetter {
            let writes = ([write(name, "$1")] + editWrites(of: name)).map { "$0." + $0.flat }
            setter = LineLayout.block("\(GeneratedNames.fixed("write"))(newValue)", body: writes, margin: 12)
            setterFits = setter.count == 1 && LineLayout.fits("set { \(setter[0]) }", margin: 8)
        }
        // The value is taken (and marked read) before the registrar's call, so that no access of
        // the storage spans it (Swift would then check every access of it at run time).
        // A value computed when read is computed first when it is out of date.
        let current = model.computedWhenRead.contains(name) ? "\(freshName(name))(reading: true)" : "\(storage).read(by: self)"
        let getter = "\(GeneratedNames.fixed("read"))(\\.\(name), \(current))"
        let propertyType = "Reactive.Property<\(type)>"
        let propertyGetter = runtimeProperty(of: name)
        // The declaration shows the type the spec wrote, at its place in the spec; its name stands
        // on the type's line when it fits there, where the compiler reports a public property of
        // an internal type.
        let declaration = located([.code("\(prefix)var "), .lead("\(name): ", hugging: true)] + typePieces(of: value))
        return ValueMember(
            name: name, type: type, docLines: SwiftText.docLines(value.doc),
            declaration: declaration.text,
            typeLocation: declaration.typeLocation,
            getter: getter,
            getterFits: LineLayout.fits(declaration.lastLine + " { \(getter) }", margin: 0),
            setterLines: setter,
            setterFits: setterFits,
            propertyName: GeneratedNames.property(of: name),
            propertyType: propertyType,
            propertyGetter: propertyGetter,
            propertyGetterFits: LineLayout.fits(
                "\(access)var \(GeneratedNames.property(of: name)): \(propertyType) { \(propertyGetter) }", margin: 4))
    }

    /// What the class conforms to; when its declaration would be too long (a long class name),
    /// the conformances after the first go on the next line.
    func conformances() -> String {
        let list = hasTransactions ? Self.valueConformances : "Observation.Observable"
        let parts = list.split(separator: ", ").map(String.init)
        guard !LineLayout.fits("\(access)final class \(className): \(list) {", margin: 0), parts.count > 1 else { return list }
        return parts[0] + ",\n    " + parts.dropFirst().joined(separator: ", ")
    }

    /// The runtime object that keeps the transactions' books.
    var transactions: String { GeneratedNames.fixed("transactions") }

    /// `_x.write(newValue)`: a write of a transaction, which keeps the value from before it.
    func write(_ name: String, _ newValue: String) -> LineLayout.Piece {
        .call(GeneratedNames.storage(of: name) + ".write", [(nil, .text(newValue))])
    }

    /// `_x.value`: a value as stored, for the computations that read it; `_x$fresh()` for a
    /// value computed when read, which computes it first when it is out of date.
    func storedValue(_ name: String) -> String {
        model.computedWhenRead.contains(name) ? freshName(name) + "()" : initialRead(name)
    }

    /// `_x.value`, for the initializer, which computes every value in update order before the
    /// view model may call its own methods.
    func initialRead(_ name: String) -> String { GeneratedNames.storage(of: name) + ".value" }

    /// `_x$fresh`: the function that gives a value computed when read, computing it first when
    /// it is out of date.
    func freshName(_ name: String) -> String { GeneratedNames.helper(name, "fresh") }

    /// `_$property(&_x)`: the runtime property of a value, made from its storage the first
    /// time; for a value computed when read, from its value computed first if it is out of date
    /// (`_$property(_x$fresh(), of: &_x)`), so that it never starts from a stale one.
    func runtimeProperty(of name: String) -> String {
        let storage = "&" + GeneratedNames.storage(of: name)
        let source = model.computedWhenRead.contains(name) ? "\(freshName(name))(), of: \(storage)" : storage
        return "\(GeneratedNames.fixed("property"))(\(source))"
    }

    /// A public declaration of the class body that shows the types the spec wrote, each at its
    /// place in the spec (`SwiftText.locatedDeclaration`): its text for a template (lines after
    /// the first carry their indentation), the directive to stand before it (empty when no type
    /// is placed, and the declaration is one line, `plain` or the aliases), and its last line
    /// with its indentation, to tell what fits after it.
    func located(_ pieces: [SwiftText.DeclarationPiece], plain: String? = nil) -> (text: String, typeLocation: String, lastLine: String) {
        guard let lines = SwiftText.locatedDeclaration(pieces, indent: "    ") else {
            let text = plain ?? SwiftText.plainDeclaration(pieces)
            return (text, "", "    " + (text.split(separator: "\n").last.map(String.init) ?? text))
        }
        return (([String(lines[1].dropFirst(4))] + lines.dropFirst(2)).joined(separator: "\n"), lines[0], lines[lines.count - 1])
    }

    /// The type of a value as its public declaration writes it: the type the spec wrote, at its
    /// place in the spec (`SpecTypes.piece(for:)`); the generator's own types qualified with their
    /// module, so that no spec name can shadow them.
    func typePieces(of value: ReactiveValue) -> [SwiftText.DeclarationPiece] {
        switch value.source {
        case .condition, .commandIsExecuting, .commandIsEnabled, .resourceIsLoading, .activation, .validationFlag, .rule,
             .fieldValidity, .formValidity:
            return [.code("Swift.Bool")]
        case .message:
            return [.code("Swift.String?")]
        case .resourceError(let resource):
            return types.writtenResourceFailures[resource].map(types.optionalPieces) ?? [.code("(any Swift.Error)?")]
        case .resourceValue(let resource):
            return types.writtenMemberTypes[resource].map(types.optionalPieces) ?? [.code(value.type)]
        case .state, .derived, .child:
            return types.writtenMemberTypes[value.name].map { [types.piece(for: $0)] } ?? [.code(value.type)]
        }
    }

    /// The type of a value as the rest of the generated code writes it: `typePieces` with each
    /// spec type named by its alias.
    func typeName(of value: ReactiveValue) -> String {
        SwiftText.plainDeclaration(typePieces(of: value))
    }

    /// Every private stored property of the values: one `Reactive.Stored` per value (the value,
    /// the value from before the transaction, the runtime property once made, whether a getter
    /// read it), then what keyed lists and children need.
    func storage() -> [StoredMember] {
        var result: [StoredMember] = []
        // A reaction's statements take what it writes `inout`, so an access of that storage spans
        // spec code, which Swift checks at run time; no access of any other value's storage spans
        // a call, so Swift need not check them, also when a client inlines the class's code from
        // another module (cross-module optimization would otherwise bring the checks back).
        let writtenInout = Set(model.reactions.flatMap(\.writes))
        for value in model.reactiveValues {
            result.append(StoredMember(
                name: GeneratedNames.storage(of: value.name), type: "Reactive.Stored<\(typeName(of: value))>", docLines: [],
                attributes: writtenInout.contains(value.name) ? "" : "@exclusivity(unchecked) "))
        }
        for command in model.commands where command.onCompleted != nil && submits(command.name.value) {
            result.append(StoredMember(name: refusedName(command.name.value), type: "Swift.Bool", docLines: [], initializer: " = false"))
        }
        for child in childValues {
            result.append(StoredMember(name: followerName(child.name), type: "Reactive.Follower", docLines: []))
        }
        return result
    }

    func value(named name: String) -> ReactiveValue? {
        valueIndex[name].map { model.reactiveValues[$0] }
    }

    /// A spec function. Its signature goes on the line after `func name`, padded to its spec
    /// column, under a `#sourceLocation` that starts one line earlier, so that a compiler error
    /// in it points at the spec's line and column; the body is embedded like all spec code.
    func function(_ function: CheckedEntry<Function>) -> CodeFunction {
        let location = function.signature.location
        let padding = String(repeating: " ", count: max(0, location.column - 1))
        let lines = function.signature.text.split(separator: "\n", omittingEmptySubsequences: false).map { padding + $0 }
        let header = "\(access)func \(function.name.value)"
        // On the spec's first line there is no line before it to start from.
        let startsEarlier = location.line > 1
        return CodeFunction(
            docLines: SwiftText.docLines(function.doc),
            leadingLines: ["#sourceLocation(file: \(SwiftText.literal(location.file)), line: \(location.line - (startsEarlier ? 1 : 0)))"],
            signature: (startsEarlier ? [header] + lines : [header + function.signature.text]).joined(separator: "\n") + " {",
            bodyLines: embedded(function.body))
    }
}

extension Array where Element: Hashable {
    func uniqued() -> [Element] {
        var seen = Set<Element>()
        return filter { seen.insert($0).inserted }
    }
}

/// The generator's identity, printed in headers and `--version`.
public enum VMGen {
    public static let version = "0.1.0"
}
