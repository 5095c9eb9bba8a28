import SwiftSyntax

extension SpecCode {
    /// The standard library's scalar types that are `Equatable`.
    static let equatableScalars: Set<String> = [
        "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64",
        "Double", "Float", "Bool", "String", "Character", "Substring",
    ]

    /// Whether a type is certainly `Equatable` without knowing any declaration: a standard scalar
    /// (`Int`, `String`...), or an optional, array or dictionary of such types written with
    /// their sugar (`[String: Int]?`). Anything else (a type of the spec's modules, a tuple, a
    /// function, `Any`, a generic spelled out) is not known to be, so this says no.
    public static func isKnownEquatable(_ type: TypeSyntax) -> Bool {
        if let optional = type.as(OptionalTypeSyntax.self) { return isKnownEquatable(optional.wrappedType) }
        if let array = type.as(ArrayTypeSyntax.self) { return isKnownEquatable(array.element) }
        if let dictionary = type.as(DictionaryTypeSyntax.self) {
            return isKnownEquatable(dictionary.key) && isKnownEquatable(dictionary.value)
        }
        if let identifier = type.as(IdentifierTypeSyntax.self), identifier.genericArgumentClause == nil {
            return equatableScalars.contains(identifier.name.text)
        }
        return false
    }
}
