/// Every type the spec writes, declared once in the generated class as a typealias under
/// `#sourceLocation`, padded to its spec column; everything else in the generated code names
/// the alias. A misspelled type or a missing import is then reported once, at the spec's line
/// and column, instead of at each of the places the generated code uses the type.
struct SpecTypes {
    /// One typealias: `_roll$Type` for the type written at `type.location`.
    struct Alias {
        var name: String
        var type: Located<String>
    }

    private(set) var aliases: [Alias] = []
    /// The type each named member (parameter, dependency, constant, state, derived value,
    /// child, event) and resource is written with, as the generated code names it.
    private(set) var memberTypes: [String: String] = [:]
    /// The type each named member and resource is written with, as the spec writes it, and each
    /// resource's failure: for public declarations, which show it (`piece(for:)`).
    private(set) var writtenMemberTypes: [String: Located<String>] = [:]
    private(set) var writtenResourceFailures: [String: Located<String>] = [:]
    /// Alias names by where their type is written.
    private var names: [SourceLocation: String] = [:]
    /// The names the generated code uses for the spec's function types (an alias, or a text of
    /// standard names such as `(Int) -> Int`): a parameter of one of them is marked `@escaping`.
    private var functionTypeNames: Set<String> = []

    /// Whether each type text seen so far is made of standard names only.
    private var standardTexts: [String: Bool] = [:]
    /// The spec's own names: a type that mentions one could mean the member, not the type.
    private let specNames: Set<String>
    /// Every type text of the spec, parsed once by the checker.
    private let table: SpecTypeTable

    init(model: ViewModelModel) {
        table = model.types
        // The names the spec declares (not the generator, and not reactions, which are no types' names).
        specNames = Set(model.symbols.values.filter { !$0.isGenerated && $0.kind != .reaction }.map(\.name) + [model.name.value])
        for written in model.writtenTypes {
            let (name, type) = (written.owner, written.type)
            add(type, name: name, role: written.role.rawValue)
            switch written.role {
            case .type:
                memberTypes[name] = self.name(for: type)
                writtenMemberTypes[name] = type
            case .failure where written.kind == .resource:
                writtenResourceFailures[name] = type
            default: break
            }
            if written.role != .failure, written.kind != .resource, facts(of: type.value).isFunctionType {
                functionTypeNames.insert(self.name(for: type))
            }
        }
    }

    private mutating func add(_ type: Located<String>, name: String, role: String) {
        guard names[type.location] == nil else { return }
        // Specs repeat their types: each text is judged once.
        let standard = standardTexts[type.value] ?? isStandard(type.value)
        standardTexts[type.value] = standard
        guard !standard else { return }
        // `$` cannot appear in a spec name, so the alias never clashes with one.
        let alias = "_\(name)$\(role)"
        names[type.location] = alias
        aliases.append(Alias(name: alias, type: type))
    }

    /// Whether `type` is written with the standard library's names only (and none of the spec's
    /// own names), as a type the compiler certainly takes: it needs no alias at the spec.
    private func isStandard(_ type: String) -> Bool {
        let facts = facts(of: type)
        guard facts.isCertainlyWellFormed, let identifiers = facts.identifiers else { return false }
        return identifiers.allSatisfy { SpecTypeFacts.standardLibraryNames.contains($0) && !specNames.contains($0) }
    }

    /// The facts of a type text the spec writes, from the checker's parse.
    func facts(of type: String) -> SpecTypeFacts {
        // The checker parses every type the spec writes; a text it missed is parsed here rather
        // than guessed at.
        table[type] ?? SpecTypeFacts(SpecCode.type(type))
    }

    /// `name: Type` for a function's parameter, `name: @escaping Type` when `type` (as the
    /// generated code names it) is a function type: a stored value passed on may be kept.
    func parameter(_ name: String, _ type: String) -> String {
        "\(name): \(isFunction(type) ? "@escaping " : "")\(type)"
    }

    /// Whether `type` may be an alias of a function type the app declares (`typealias Clock =
    /// () -> Date`): a named type that is not the standard library's. vmgen cannot know, so an
    /// initializer stores such an argument where the compiler reports it at the spec, should it
    /// be a function (a parameter that is one is not `@escaping`).
    func mayBeFunctionAlias(_ type: Located<String>) -> Bool {
        let facts = facts(of: type.value)
        return facts.isNamedType && !facts.isFunctionType && !isStandard(type.value)
    }

    /// Whether `type` (as the generated code names it) is a function type the spec wrote.
    func isFunction(_ type: String) -> Bool {
        functionTypeNames.contains(type)
    }

    /// The name the generated code uses for a type the spec writes.
    func name(for type: Located<String>) -> String {
        names[type.location] ?? type.value
    }

    /// A type the spec wrote, as a piece of a public declaration (`SwiftText.locatedDeclaration`):
    /// at its place in the spec when it has an alias, else (standard names only) its text.
    func piece(for type: Located<String>) -> SwiftText.DeclarationPiece {
        names[type.location].map { .spec(type, alias: $0) } ?? .code(type.value)
    }

    /// The optional of a type the spec wrote, as pieces of a public declaration.
    func optionalPieces(for type: Located<String>) -> [SwiftText.DeclarationPiece] {
        facts(of: type.value).needsParenthesesForOptional
            ? [.code("("), piece(for: type), .code(")?")]
            : [piece(for: type), .code("?")]
    }

    /// `piece(for:)`, or `fallback` (a type of the generator's own) when the spec wrote none.
    func piece(for type: Located<String>?, or fallback: String) -> SwiftText.DeclarationPiece {
        type.map(piece(for:)) ?? .code(fallback)
    }

    /// The name of `type`, or `fallback` (a type of the generator's own) when the spec wrote none.
    func name(for type: Located<String>?, or fallback: String) -> String {
        type.map(name(for:)) ?? fallback
    }

    /// The lines of each alias, for the class body: the declaration with the type at its spec
    /// line and column (`SwiftText.locatedDeclaration`), the alias's name on the type's line when
    /// it fits left of the type (the compiler reports a public alias of an internal type at the
    /// name). The aliases stand together, each directive replacing the last; the template closes
    /// the run with one `#sourceLocation()`.
    func declarations(access: String) -> [[String]] {
        aliases.map { alias in
            SwiftText.locatedDeclaration(
                [.code("\(access)typealias "), .lead("\(alias.name) = ", hugging: true), .spec(alias.type, alias: alias.type.value)], indent: "    ") ?? []
        }
    }
}
