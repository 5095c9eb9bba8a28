import SwiftSyntax

extension SpecCode {
    /// Whether a type made of the standard library's names is certainly one the compiler takes,
    /// so that the generated code may write it as it is, without an alias at the spec
    /// (`SpecTypes`): a standard scalar (`Int`, `String`, `Void`...), and the optionals, arrays,
    /// dictionaries (of a scalar key), tuples and functions made of such types with their sugar,
    /// and `any Error`. Anything else written with standard names only may be wrong in ways only
    /// the compiler tells (`Result<Int>`, `Set<[String: Any]>`, `some Equatable`, `inout Int`),
    /// so it gets its alias, where the compiler reports it at the spec's line and column.
    public static func isCertainlyWellFormed(_ type: TypeSyntax) -> Bool {
        if let identifier = type.as(IdentifierTypeSyntax.self) {
            return identifier.genericArgumentClause == nil && wellFormedScalars.contains(identifier.name.text)
        }
        if let member = type.as(MemberTypeSyntax.self), member.baseType.as(IdentifierTypeSyntax.self)?.name.text == "Swift" {
            return member.genericArgumentClause == nil && wellFormedScalars.contains(member.name.text)
        }
        if let optional = type.as(OptionalTypeSyntax.self) { return isCertainlyWellFormed(optional.wrappedType) }
        if let array = type.as(ArrayTypeSyntax.self) { return isCertainlyWellFormed(array.element) }
        if let dictionary = type.as(DictionaryTypeSyntax.self) {
            // A key must be `Hashable`: the scalars that are.
            return isKnownEquatable(dictionary.key) && dictionary.key.is(IdentifierTypeSyntax.self) && isCertainlyWellFormed(dictionary.value)
        }
        if let tuple = type.as(TupleTypeSyntax.self) {
            return tuple.elements.allSatisfy { $0.ellipsis == nil && $0.inoutKeyword == nil && isCertainlyWellFormed($0.type) }
        }
        if let function = type.as(FunctionTypeSyntax.self) {
            // `throws` alone: a typed `throws(E)` needs `E` to be an `Error`, which only the compiler knows.
            return function.effectSpecifiers?.throwsClause?.type == nil
                && function.parameters.allSatisfy { $0.ellipsis == nil && $0.inoutKeyword == nil && isCertainlyWellFormed($0.type) }
                && isCertainlyWellFormed(function.returnClause.type)
        }
        if let attributed = type.as(AttributedTypeSyntax.self) {
            // `@Sendable` or `@MainActor` (each once) before a function type; no specifier (`inout`, `borrowing`...).
            let attributes = attributed.attributes.compactMap { $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription }
            return attributed.specifiers.isEmpty && attributes.count == attributed.attributes.count
                && Set(attributes).count == attributes.count && attributes.allSatisfy { $0 == "Sendable" || $0 == "MainActor" }
                && attributed.baseType.is(FunctionTypeSyntax.self) && isCertainlyWellFormed(attributed.baseType)
        }
        if let existential = type.as(SomeOrAnyTypeSyntax.self), existential.someOrAnySpecifier.tokenKind == .keyword(.any) {
            return ["Error", "Swift.Error"].contains(existential.constraint.trimmedDescription)
        }
        return false
    }

    /// The standard library's types that take no generic arguments and are types (not protocols).
    static let wellFormedScalars: Set<String> = equatableScalars.union(["Void", "Never"])
}
