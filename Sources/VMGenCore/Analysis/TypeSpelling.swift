import SwiftSyntax

extension SpecCode {
    /// One spelling for the ways Swift writes one type, to compare the types a spec writes:
    /// `[Int]` and `Array<Int>`, `Int?` and `Optional<Int>`, `[K: V]` and `Dictionary<K, V>`,
    /// `Swift.String` and `String`, `()` and `Void`; spaces do not count. Type aliases
    /// (`TimeInterval` for `Double`) are not known here and stay different. Text that is not one
    /// type is compared as written, without its spaces.
    public static func canonicalSpelling(ofType text: String) -> String {
        guard let syntax = type(text).syntax, !syntax.hasError else { return text.filter { !$0.isWhitespace } }
        return canonicalSpelling(syntax)
    }

    /// What vmgen can tell of two types the spec writes.
    public enum TypeMatch: Sendable {
        /// Spelled the same (`canonicalSpelling`).
        case same
        /// Spelled differently, but one of them is a named type that is not the standard
        /// library's, which an app's alias (`typealias Books = [Book]`) or a module (`Models.Book`
        /// for `Book`) could make the other: only the compiler knows, at the spec's line.
        case undecided
        /// Certainly different.
        case different
    }

    /// Whether two types the spec writes are one type, as far as vmgen can tell.
    public static func typeMatch(_ first: String, _ second: String) -> TypeMatch {
        if canonicalSpelling(ofType: first) == canonicalSpelling(ofType: second) { return .same }
        let mayBeAlias = [first, second].contains { text in
            guard let syntax = type(text).syntax, !syntax.hasError else { return true }
            let named = syntax.as(AttributedTypeSyntax.self)?.baseType ?? syntax
            guard named.is(IdentifierTypeSyntax.self) || named.is(MemberTypeSyntax.self) else { return false }
            return !SpecTypeFacts(type(text)).namesOnlyStandardTypes
        }
        return mayBeAlias ? .undecided : .different
    }

    /// Whether a type the spec writes is `Void` (`()`, `Swift.Void` too): a body of that result
    /// needs no `return`, and a command of that input takes none.
    public static func isVoid(_ text: String) -> Bool { canonicalSpelling(ofType: text) == "Void" }

    /// Whether a type the spec writes is `Never` (`Swift.Never` too): what cannot fail.
    public static func isNever(_ text: String) -> Bool { canonicalSpelling(ofType: text) == "Never" }

    /// Whether a type the spec writes is `any Error` (`Error`, `Swift.Error`...): what a `task` fails with.
    public static func isError(_ text: String) -> Bool { ["Error", "anyError", "anySwift.Error"].contains(canonicalSpelling(ofType: text)) }

    static func canonicalSpelling(_ type: TypeSyntax) -> String {
        if let array = type.as(ArrayTypeSyntax.self) { return "Array<\(canonicalSpelling(array.element))>" }
        if let dictionary = type.as(DictionaryTypeSyntax.self) {
            return "Dictionary<\(canonicalSpelling(dictionary.key)),\(canonicalSpelling(dictionary.value))>"
        }
        if let optional = type.as(OptionalTypeSyntax.self) { return "Optional<\(canonicalSpelling(optional.wrappedType))>" }
        if let tuple = type.as(TupleTypeSyntax.self) {
            if tuple.elements.isEmpty { return "Void" }
            // A type in parentheses is that type.
            if tuple.elements.count == 1, let only = tuple.elements.first, only.firstName == nil, only.ellipsis == nil {
                return canonicalSpelling(only.type)
            }
        }
        if let member = type.as(MemberTypeSyntax.self), let base = member.baseType.as(IdentifierTypeSyntax.self),
           base.name.text == "Swift", base.genericArgumentClause == nil {
            return named(member.name.text, member.genericArgumentClause)
        }
        if let identifier = type.as(IdentifierTypeSyntax.self) { return named(identifier.name.text, identifier.genericArgumentClause) }
        return type.trimmedDescription.filter { !$0.isWhitespace }
    }

    private static func named(_ name: String, _ arguments: GenericArgumentClauseSyntax?) -> String {
        guard let arguments else { return name }
        let spelled = arguments.arguments.map { argument -> String in
            if case .type(let type) = argument.argument { return canonicalSpelling(type) }
            return argument.argument.trimmedDescription.filter { !$0.isWhitespace }
        }
        return "\(name)<\(spelled.joined(separator: ","))>"
    }
}
