/// Finds the names a Swift expression or statement list reads, well enough to build the
/// dependency graph without a Swift parser: identifiers outside comments and string literals
/// (but inside string interpolations), skipping `.member` accesses and argument labels.
public enum SwiftReads {
    /// A name the code reads, with its offset in the code (for locating diagnostics).
    public struct Read: Hashable, Sendable {
        public var name: String
        /// Line and column of the name inside the code, both 0-based.
        public var line: Int
        public var column: Int
    }

    /// Every identifier read, in order of appearance (duplicates kept).
    public static func reads(in code: String) -> [Read] {
        var scanner = Scanner(Array(code.unicodeScalars))
        scanner.scanCode(until: nil)
        return scanner.reads
    }

    /// The distinct names read, in order of first appearance.
    public static func names(in code: String) -> [String] {
        var seen = Set<String>()
        return reads(in: code).map(\.name).filter { seen.insert($0).inserted }
    }

    /// Whether the code contains a token that could close the generated scope or change
    /// how the rest of the file is compiled: an unbalanced `}`, `)` or `]`, or a `#` directive
    /// such as `#endif` or `#sourceLocation`. Returns a description of the first one found.
    public static func scopeEscape(in code: String) -> String? {
        var scanner = Scanner(Array(code.unicodeScalars))
        scanner.scanCode(until: nil)
        return scanner.escape
    }

    private struct Scanner {
        let scalars: [Unicode.Scalar]
        var index = 0
        var line = 0
        var column = 0
        var reads: [Read] = []
        var escape: String?
        /// How many string interpolations enclose the scanner; each level recurses.
        var interpolationDepth = 0
        /// Deeper interpolations are refused before they exhaust the stack.
        static let maximumInterpolationDepth = 64

        init(_ scalars: [Unicode.Scalar]) {
            self.scalars = scalars
        }

        var current: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

        func peek(_ offset: Int) -> Unicode.Scalar? {
            index + offset < scalars.count ? scalars[index + offset] : nil
        }

        mutating func advance() {
            guard index < scalars.count else { return }
            if scalars[index] == "\n" {
                line += 1
                column = 0
            } else {
                column += 1
            }
            index += 1
        }

        /// Scans code until the closing `terminator` at depth zero (for interpolations),
        /// or to the end.
        mutating func scanCode(until terminator: Unicode.Scalar?) {
            var depth = 0
            var previousSignificant: Unicode.Scalar?
            while let scalar = current {
                if scalar == "/" && peek(1) == "/" {
                    while let next = current, next != "\n" { advance() }
                    continue
                }
                if scalar == "/" && peek(1) == "*" {
                    skipBlockComment()
                    continue
                }
                if scalar == "\"" || (scalar == "#" && rawStringStarts()) {
                    scanString()
                    previousSignificant = "\""
                    continue
                }
                if scalar == "#" && terminator == nil && depth == 0, let next = peek(1), Self.isIdentifierStart(next) {
                    escape = escape ?? "a compiler directive (`#\(word(from: index + 1))`)"
                }
                if scalar == "`" {
                    advance()
                    let startLine = line, startColumn = column
                    var name = ""
                    while let next = current, next != "`", next != "\n" {
                        name.unicodeScalars.append(next)
                        advance()
                    }
                    if current == "`" { advance() }
                    if previousSignificant != "." {
                        reads.append(Read(name: name, line: startLine, column: startColumn - 1))
                    }
                    previousSignificant = "a"
                    continue
                }
                if Self.isIdentifierStart(scalar) {
                    let startLine = line, startColumn = column
                    var name = ""
                    while let next = current, Self.isIdentifierPart(next) {
                        name.unicodeScalars.append(next)
                        advance()
                    }
                    let isMember = previousSignificant == "."
                    let isLabel = current == ":" && peek(1) != ":"
                    if !isMember && !isLabel && !Self.keywords.contains(name) {
                        reads.append(Read(name: name, line: startLine, column: startColumn))
                    }
                    previousSignificant = "a"
                    continue
                }
                if scalar == "(" || scalar == "[" || scalar == "{" { depth += 1 }
                if scalar == ")" || scalar == "]" || scalar == "}" {
                    if depth == 0 {
                        if let terminator, scalar == terminator {
                            advance()
                            return
                        }
                        escape = escape ?? "an unbalanced `\(scalar)`"
                    } else {
                        depth -= 1
                    }
                }
                if scalar != " " && scalar != "\n" && scalar != "\t" {
                    previousSignificant = scalar
                }
                advance()
            }
            if depth > 0 && terminator == nil {
                escape = escape ?? "an unclosed bracket"
            }
        }

        func word(from start: Int) -> String {
            var result = ""
            var position = start
            while position < scalars.count, Self.isIdentifierPart(scalars[position]) {
                result.unicodeScalars.append(scalars[position])
                position += 1
            }
            return result
        }

        func rawStringStarts() -> Bool {
            var offset = 0
            while peek(offset) == "#" { offset += 1 }
            return peek(offset) == "\""
        }

        mutating func skipBlockComment() {
            var depth = 0
            while let scalar = current {
                if scalar == "/" && peek(1) == "*" {
                    depth += 1
                    advance()
                } else if scalar == "*" && peek(1) == "/" {
                    depth -= 1
                    advance()
                    advance()
                    if depth == 0 { return }
                    continue
                }
                advance()
            }
            escape = escape ?? "an unclosed comment"
        }

        /// Scans a string literal (plain, multi-line or raw), descending into interpolations.
        mutating func scanString() {
            var hashes = 0
            while current == "#" {
                hashes += 1
                advance()
            }
            var quotes = 0
            while current == "\"" && quotes < 3 {
                quotes += 1
                advance()
            }
            if quotes == 2 { return }  // the empty string ""
            let delimiter = String(repeating: "\"", count: quotes) + String(repeating: "#", count: hashes)
            let closer = Array(delimiter.unicodeScalars)
            while let scalar = current {
                if scalar == "\\" {
                    var offset = 1
                    var matchedHashes = 0
                    while matchedHashes < hashes, peek(offset) == "#" {
                        matchedHashes += 1
                        offset += 1
                    }
                    if matchedHashes == hashes {
                        if peek(offset) == "(" {
                            for _ in 0...offset { advance() }
                            guard interpolationDepth < Self.maximumInterpolationDepth else {
                                escape = escape ?? "string interpolations nested more than \(Self.maximumInterpolationDepth) deep"
                                index = scalars.count
                                return
                            }
                            interpolationDepth += 1
                            scanCode(until: ")")
                            interpolationDepth -= 1
                            continue
                        }
                        if hashes == 0 { advance() }  // skip the escaped character
                    }
                    advance()
                    continue
                }
                if scalar == "\n" && quotes == 1 {
                    escape = escape ?? "an unterminated string literal"
                    return
                }
                if scalar == "\"" && (0..<closer.count).allSatisfy({ peek($0) == closer[$0] }) {
                    for _ in closer { advance() }
                    return
                }
                advance()
            }
            escape = escape ?? "an unterminated string literal"
        }

        static func isIdentifierStart(_ scalar: Unicode.Scalar) -> Bool {
            scalar == "_" || scalar.properties.isXIDStart || scalar == "$"
        }

        static func isIdentifierPart(_ scalar: Unicode.Scalar) -> Bool {
            scalar == "_" || scalar.properties.isXIDContinue || scalar == "$"
        }

        /// Words that are never reads of a declared name.
        static let keywords: Set<String> = [
            "let", "var", "if", "else", "switch", "case", "default", "for", "in", "while", "repeat", "return", "guard",
            "true", "false", "nil", "self", "Self", "try", "await", "throw", "throws", "as", "is", "where", "do", "catch",
            "break", "continue", "fallthrough", "func", "some", "any", "inout", "defer", "async",
        ]
    }
}
