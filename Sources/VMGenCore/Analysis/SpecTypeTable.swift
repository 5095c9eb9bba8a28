import SwiftSyntax

/// What the generator needs to know of one type text, read from one parse of it
/// (`SpecCode.type`): its problems and the few facts about its shape that the checker and the
/// context builder ask for.
public struct SpecTypeFacts: Sendable, Equatable {
    /// Why the text is not one valid type; empty when it is.
    public var problems: [SpecCode.Problem]
    /// The identifiers it names, in order (`[String: Photo]`: `String`, `Photo`); nil when it
    /// did not parse.
    public var identifiers: [String]?
    /// Whether it is a function type (parentheses and attributes around it included), which a
    /// stored initializer parameter must mark `@escaping`.
    public var isFunctionType: Bool
    /// Whether it is a named type (`Handler`, `Models.Handler<Int>`, attributes around it
    /// included): an alias the app declares could make it a function type.
    public var isNamedType: Bool
    /// Whether it is certainly a type the compiler takes (`SpecCode.isCertainlyWellFormed`).
    public var isCertainlyWellFormed: Bool
    /// Whether it is an array type (`[Row]`); nil when it did not parse.
    public var isArray: Bool?
    /// The element of an array of one plain type name (`Row` of `[Row]`): a keyed list's child.
    public var arrayElementName: String?
    /// Whether its optional must be written `(Type)?`: a bare `?` would bind to a part of it
    /// (`any P`, `A & B`, a function type), or it did not parse.
    public var needsParenthesesForOptional: Bool
    /// Whether it is certainly `Equatable`: standard scalars and their optionals, arrays and
    /// dictionaries (`SpecCode.isKnownEquatable`); false when it did not parse.
    public var isKnownEquatable: Bool

    /// Standard library names a type may use without an alias (`SpecTypes`): a type made only of
    /// them cannot be misspelled or miss an import; it goes without an alias only when it is also
    /// certainly well formed (`isCertainlyWellFormed`), since the compiler may refuse the rest.
    public static let standardLibraryNames: Set<String> = [
        "Swift", "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64",
        "Double", "Float", "Bool", "String", "Character", "Substring", "Void", "Never", "Error", "Array",
        "Dictionary", "Set", "Optional", "Result", "Any", "AnyObject", "Sendable", "Hashable", "Equatable",
        "Comparable", "Identifiable", "Codable", "Decodable", "Encodable", "CustomStringConvertible", "Range",
        "ClosedRange",
    ]

    /// Whether it names only standard library types (`[Int]`, `String?`); false when it did not parse.
    public var namesOnlyStandardTypes: Bool {
        identifiers.map { $0.allSatisfy(Self.standardLibraryNames.contains) } ?? false
    }

    init(_ parsed: SpecCode.ParsedType) {
        problems = parsed.problems
        let syntax = parsed.syntax
        identifiers = syntax.map { type in
            type.tokens(viewMode: .sourceAccurate).compactMap { token in
                if case .identifier(let name) = token.tokenKind { name } else { nil }
            }
        }
        isFunctionType = syntax.map(SpecCode.isFunctionType) ?? false
        let named = syntax.map { $0.as(AttributedTypeSyntax.self)?.baseType ?? $0 }
        isNamedType = named.map { $0.is(IdentifierTypeSyntax.self) || $0.is(MemberTypeSyntax.self) } ?? false
        isCertainlyWellFormed = syntax.map(SpecCode.isCertainlyWellFormed) ?? false
        isArray = syntax.map { $0.is(ArrayTypeSyntax.self) }
        let element = syntax?.as(ArrayTypeSyntax.self)?.element.as(IdentifierTypeSyntax.self)
        arrayElementName = element?.genericArgumentClause == nil ? element?.name.text : nil
        needsParenthesesForOptional = syntax.map(SpecCode.needsParenthesesForOptional) ?? true
        isKnownEquatable = syntax.map(SpecCode.isKnownEquatable) ?? false
    }
}

/// Every type text of one spec, each parsed once with swift-syntax. The checker fills it as it
/// meets the types (`facts(of:)`); the validated model keeps it (`ViewModelModel.types`), and
/// the context builder only reads it, so data still flows one way.
public struct SpecTypeTable: Sendable {
    private var facts: [String: SpecTypeFacts] = [:]

    public init() {}

    /// The facts of `text`, parsing it the first time it is asked for (specs repeat their types).
    mutating func facts(of text: String) -> SpecTypeFacts {
        if let known = facts[text] { return known }
        let parsed = SpecTypeFacts(SpecCode.type(text))
        facts[text] = parsed
        return parsed
    }

    /// The optional of a type text (`Int?`, `(any Error)?`), from its one parse.
    mutating func optional(_ text: String) -> String {
        SwiftNames.optional(text, needsParentheses: facts(of: text).needsParenthesesForOptional)
    }

    /// The facts of a text parsed before, or nil.
    public subscript(text: String) -> SpecTypeFacts? { facts[text] }

    /// How many texts were parsed.
    public var count: Int { facts.count }
}
