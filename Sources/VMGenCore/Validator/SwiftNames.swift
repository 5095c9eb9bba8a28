/// What counts as a usable Swift name.
public enum SwiftNames {
    /// Why `name` cannot be a Swift identifier (of a type, with `isType`: the view model's
    /// name), or nil when it can.
    public static func problem(with name: String, isType: Bool = false) -> String? {
        guard let first = name.unicodeScalars.first else { return "it is empty" }
        if !(first == "_" || first.properties.isXIDStart) {
            return "a Swift name starts with a letter or `_`"
        }
        if let bad = name.unicodeScalars.first(where: { !($0 == "_" || $0.properties.isXIDContinue) }) {
            return "`\(bad)` cannot appear in a Swift name"
        }
        if name == "Type" || name == "Protocol" { return "`X.\(name)` names a metatype in Swift, so a member called `\(name)` cannot be reached" }
        if name.hasPrefix("_") { return "names starting with `_` are reserved for the generated code" }
        if !SpecCode.isUsableAsName(name, isType: isType) { return "`\(name)` is a Swift keyword" }
        return nil
    }

    /// The optional of `type`: `Int?`, `[Photo]?`, but `(any Error)?` and `(() -> Void)?` where
    /// a bare `?` would bind to the wrong part (`SpecTypeFacts.needsParenthesesForOptional`).
    static func optional(_ type: String, needsParentheses: Bool) -> String {
        needsParentheses ? "(\(type))?" : type + "?"
    }
}
