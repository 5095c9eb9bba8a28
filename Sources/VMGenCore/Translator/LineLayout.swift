/// Lays out generated statements so that a reader can follow them: a statement stays on one
/// line when it fits in `LineLayout.limit` columns, and otherwise wraps one argument (or one
/// block statement) per line. Every function takes `margin`, the indentation the caller adds
/// to the lines afterwards, so that the limit counts the columns of the finished file.
enum LineLayout {
    /// The longest line the generator writes by itself; spec code and spec doc comments keep
    /// their own lines.
    static let limit = 120

    /// A piece of an expression: plain text, or a call whose arguments may go on lines of
    /// their own.
    indirect enum Piece {
        case text(String)
        case call(String, [(label: String?, value: Piece)])

        /// The piece on one line.
        var flat: String {
            switch self {
            case .text(let text):
                return text
            case .call(let callee, let arguments):
                let list = arguments.map { argument in
                    (argument.label.map { $0 + ": " } ?? "") + argument.value.flat
                }
                return callee + "(" + list.joined(separator: ", ") + ")"
            }
        }
    }

    /// Whether `line`, indented by `margin` more columns, fits.
    static func fits(_ line: String, margin: Int) -> Bool {
        margin + line.count <= limit
    }

    /// `prefix`, the piece and `suffix` on one line when they fit; otherwise each argument of
    /// the call on its own line, laid out the same way, one level deeper than `indent`.
    static func lines(_ piece: Piece, prefix: String = "", suffix: String = "", indent: String = "", margin: Int) -> [String] {
        let line = indent + prefix + piece.flat + suffix
        guard case .call(let callee, let arguments) = piece, !arguments.isEmpty, !fits(line, margin: margin) else {
            return [line]
        }
        let inner = indent + "    "
        var result = [indent + prefix + callee + "("]
        for (position, argument) in arguments.enumerated() {
            let label = argument.label.map { $0 + ": " } ?? ""
            let comma = position == arguments.count - 1 ? "" : ","
            result += lines(argument.value, prefix: label, suffix: comma, indent: inner, margin: margin)
        }
        result.append(indent + ")" + suffix)
        return result
    }

    /// `head { opening body }` on one line when it fits and `body` is one statement;
    /// otherwise the body's statements one per line, between `head {` and `}`.
    static func block(_ head: String, opening: String = "", body: [String], indent: String = "", margin: Int) -> [String] {
        let open = head + " {" + (opening.isEmpty ? "" : " " + opening)
        if body.count == 1 {
            let line = indent + open + " " + body[0] + " }"
            if fits(line, margin: margin) { return [line] }
        }
        return [indent + open] + body.map { indent + "    " + $0 } + [indent + "}"]
    }

    /// `terms` joined with `separator`: on one line after `prefix` when they fit, otherwise
    /// filled into lines one level deeper than `indent`, each continuation line starting with
    /// the separator.
    static func joined(_ terms: [String], separator: String, prefix: String, indent: String, margin: Int) -> [String] {
        let line = indent + prefix + terms.joined(separator: " \(separator) ")
        if fits(line, margin: margin) || terms.count < 2 { return [line] }
        var result = [indent + prefix + terms[0]]
        for term in terms.dropFirst() {
            let extended = result[result.count - 1] + " \(separator) " + term
            if fits(extended, margin: margin) {
                result[result.count - 1] = extended
            } else {
                result.append(indent + "    \(separator) " + term)
            }
        }
        return result
    }
}
