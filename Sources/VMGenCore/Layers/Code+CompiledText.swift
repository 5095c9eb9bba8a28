extension Code {
    /// The text as the generated file writes it, so that the compiler's columns are the spec's.
    ///
    /// `#sourceLocation` sets only the line: the code keeps its spec column by being padded to
    /// it. A one-line quoted scalar whose YAML escapes (`\"`, `\\`, `''`) make the text shorter
    /// than the spec (`columns`) would fall behind after each escape; so each run of spaces
    /// outside a string literal is widened until what follows it stands at its spec column.
    /// Widening a run of spaces never changes what Swift reads; the text inside a literal, and
    /// code with no space after an escape, keeps the columns of the escaped text.
    public var compiledText: String {
        guard let columns, !isBlock, columns.count == text.unicodeScalars.count else { return text }
        var result = String.UnicodeScalarView()
        var literals = LiteralScanner()
        // UTF-8 bytes written so far: the compiler's column of the next scalar is the code's
        // column plus this.
        var written = 0
        var afterSpaceOutsideLiteral = false
        for (index, scalar) in text.unicodeScalars.enumerated() {
            let isOutside = literals.isInCode
            if afterSpaceOutsideLiteral && isOutside && scalar != " " {
                let behind = columns[index] - location.column - written
                if behind > 0 {
                    result.append(contentsOf: repeatElement(" ", count: behind))
                    written += behind
                }
            }
            result.append(scalar)
            written += UTF8.width(scalar)
            afterSpaceOutsideLiteral = scalar == " " && isOutside
            guard literals.read(scalar) else { return text }
        }
        return String(result)
    }
}

/// Whether a place in one line of Swift is inside a string literal: `"..."` with its escapes
/// and interpolations (`\(...)`, which may hold literals of their own). Raw literals are not
/// followed (``read(_:)`` answers false); one line holds no multi-line literal.
struct LiteralScanner {
    private enum Level {
        /// Code, with how many parentheses are open in it.
        case code(parentheses: Int)
        /// A string literal; `escaping` after its backslash.
        case literal(escaping: Bool)
    }

    /// The innermost level last; code at the bottom.
    private var levels: [Level] = [.code(parentheses: 0)]

    /// Whether the next scalar is code (not inside a literal).
    var isInCode: Bool {
        if case .code = levels[levels.count - 1] { true } else { false }
    }

    /// Reads one scalar; false for what this scanner does not follow (`#`, as in `#"`).
    mutating func read(_ scalar: Unicode.Scalar) -> Bool {
        switch levels[levels.count - 1] {
        case .code(let parentheses):
            switch scalar {
            case "#":
                return false
            case "\"":
                levels.append(.literal(escaping: false))
            case "(":
                levels[levels.count - 1] = .code(parentheses: parentheses + 1)
            case ")" where parentheses == 0 && levels.count > 1:
                // The end of an interpolation: back in its literal.
                levels.removeLast()
            case ")":
                levels[levels.count - 1] = .code(parentheses: max(0, parentheses - 1))
            default:
                break
            }
        case .literal(let escaping):
            if escaping {
                levels[levels.count - 1] = .literal(escaping: false)
                if scalar == "(" { levels.append(.code(parentheses: 0)) }
            } else if scalar == "\\" {
                levels[levels.count - 1] = .literal(escaping: true)
            } else if scalar == "\"" {
                levels.removeLast()
            }
        }
        return true
    }
}
