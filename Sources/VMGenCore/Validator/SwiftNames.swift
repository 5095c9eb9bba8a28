/// What counts as a usable Swift name, and what makes a type string safe to paste into code.
enum SwiftNames {
    /// Keywords that cannot be used as plain identifiers in declarations.
    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
        "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows",
        "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default", "defer",
        "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where",
        "while", "Any", "as", "await", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try",
        "async", "some", "any", "consume", "borrowing", "consuming", "actor", "nonisolated", "isolated", "Type",
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
        if keywords.contains(name) { return "`\(name)` is a Swift keyword" }
        if name.hasPrefix("_") { return "names starting with `_` are reserved for the generated code" }
        return nil
    }

    /// Why `type` cannot be pasted into generated code as a type, or nil when it looks fine.
    /// (The compiler checks the rest, at the spec's line.)
    static func problem(withType type: String) -> String? {
        if type.contains(where: \.isNewline) { return "a type is written on one line" }
        if type.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            return "control characters cannot appear in a type"
        }
        for forbidden in ["{", "}", ";", "#", "//", "/*", "*/", "\"", "\\", "="] where type.contains(forbidden) {
            return "`\(forbidden)` cannot appear in a type"
        }
        var stack: [Character] = []
        let pairs: [Character: Character] = [")": "(", "]": "[", ">": "<"]
        for character in type {
            if "([<".contains(character) { stack.append(character) }
            if let open = pairs[character] {
                // `->` is an arrow, not a closing angle bracket.
                if character == ">", stack.last != "<" { continue }
                guard stack.popLast() == open else { return "its brackets do not match" }
            }
        }
        return stack.isEmpty ? nil : "its brackets do not match"
    }

    /// The optional of `type`: `Int?`, `[Photo]?`, but `(any Error)?` and `(() -> Void)?` where
    /// a bare `?` would bind to the wrong part.
    static func optional(_ type: String) -> String {
        let needsParentheses = type.contains(" ") || type.contains("->") || type.contains("&") || type.hasPrefix("@")
        return needsParentheses ? "(\(type))?" : type + "?"
    }
}
