/// What counts as a usable Swift name.
enum SwiftNames {
    /// Keywords that cannot be used as plain identifiers in declarations.
    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
        "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows",
        "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default", "defer",
        "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where",
        "while", "Any", "as", "await", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try",
        "async", "some", "any", "consume", "borrowing", "consuming", "actor", "nonisolated", "isolated", "Type",
        // `X.Protocol` and `X.Type` name metatypes: a member called so cannot be reached.
        "Protocol",
    ]

    /// Why `name` cannot be a Swift identifier, or nil when it can.
    static func problem(with name: String) -> String? {
        guard let first = name.unicodeScalars.first else { return "it is empty" }
        if !(first == "_" || first.properties.isXIDStart) {
            return "a Swift name starts with a letter or `_`"
        }
        if let bad = name.unicodeScalars.first(where: { !($0 == "_" || $0.properties.isXIDContinue) }) {
            return "`\(bad)` cannot appear in a Swift name"
        }
        if name == "Type" || name == "Protocol" { return "`X.\(name)` names a metatype in Swift, so a member called `\(name)` cannot be reached" }
        if keywords.contains(name) { return "`\(name)` is a Swift keyword" }
        if name.hasPrefix("_") { return "names starting with `_` are reserved for the generated code" }
        return nil
    }

    /// The optional of `type`: `Int?`, `[Photo]?`, but `(any Error)?` and `(() -> Void)?` where
    /// a bare `?` would bind to the wrong part (`SpecTypeFacts.needsParenthesesForOptional`).
    static func optional(_ type: String, needsParentheses: Bool) -> String {
        needsParentheses ? "(\(type))?" : type + "?"
    }
}
