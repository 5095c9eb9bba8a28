import Foundation
import Yams

/// Turns a spec file's bytes into a YAML node tree, or into diagnostics that say where the
/// YAML is broken. Guards the rest of the pipeline against input that is too large, too deep,
/// or not UTF-8.
struct YAMLLoader {
    /// Specs are small; anything larger is a mistake (or an attack) and is refused.
    static let maximumSize = 1 << 20
    /// Deeper flow nesting than this is refused before libyaml and Yams recurse into it.
    static let maximumNesting = 64

    let file: String

    /// The root node, or nil with errors added to `diagnostics`.
    func load(_ data: Data, diagnostics: inout Diagnostics) -> (node: Node, text: String)? {
        let start = SourceLocation(file: file, line: 1, column: 1)
        guard data.count <= Self.maximumSize else {
            diagnostics.error(
                "the spec is \(data.count) bytes; specs are limited to \(Self.maximumSize) bytes (1 MiB): split it into several view models",
                at: start)
            return nil
        }
        guard let decoded = String(validating: data, as: UTF8.self) else {
            diagnostics.error("the spec is not valid UTF-8; save it as UTF-8 text", at: Self.firstInvalidUTF8(in: data, file: file))
            return nil
        }
        // libyaml ends lines at `\r\n` and a lone `\r` too, and Swift reads `\r\n` as one
        // Character: with one kind of line end, every line count agrees with libyaml's.
        let text = decoded.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
        if let tooDeep = Self.firstExcessiveNesting(in: text, file: file) {
            diagnostics.error(
                "nesting is deeper than \(Self.maximumNesting) levels; a spec never needs that much: flatten it", at: tooDeep)
            return nil
        }
        let node: Node?
        do {
            node = try Yams.compose(yaml: text)
        } catch let error as YamlError {
            diagnostics.append(contentsOf: Self.diagnostics(for: error, file: file))
            return nil
        } catch {
            diagnostics.error("could not read the YAML: \(error)", at: start)
            return nil
        }
        guard let node else {
            diagnostics.error("the spec is empty; start it with `viewModel: <Name>` (see `vmgen init`)", at: start)
            return nil
        }
        return (node, text)
    }

    /// libyaml's errors carry the place it noticed the problem and, often nearer the cause,
    /// a context mark; the first becomes the error, the second a note.
    static func diagnostics(for error: YamlError, file: String) -> Diagnostics {
        var diagnostics = Diagnostics()
        func location(_ mark: Mark) -> SourceLocation {
            SourceLocation(file: file, line: max(mark.line, 1), column: max(mark.column, 1))
        }
        func report(_ problem: String, _ mark: Mark, _ context: YamlError.Context?, _ yaml: String) {
            var notes: [Diagnostic.Note] = []
            if let context {
                notes.append(.init("\(context.text) here", at: location(context.mark)))
            }
            let isTab = Self.character(at: mark, in: yaml) == "\t"
            let hint = isTab ? "; YAML indents with spaces only: replace the tab with spaces" : hint(for: problem)
            diagnostics.error("invalid YAML: \(problem)\(hint)", at: location(mark), notes: notes)
        }
        switch error {
        case let .scanner(context, problem, mark, yaml):
            report(problem, mark, context, yaml)
        case let .parser(context, problem, mark, yaml):
            report(problem, mark, context, yaml)
        case let .composer(context, problem, mark, yaml):
            report(problem, mark, context, yaml)
        case let .duplicatedKeysInMapping(duplicates, context):
            let names = duplicates.map { "`\($0)`" }.joined(separator: ", ")
            diagnostics.error("duplicate key \(names) in the same mapping; each key may appear once: remove or rename one",
                              at: location(context.mark))
        case let .reader(problem, offset, _, yaml):
            let prefix = offset.map { String(yaml.prefix($0)) } ?? ""
            let line = prefix.reduce(1) { $1 == "\n" ? $0 + 1 : $0 }
            let column = prefix.split(separator: "\n", omittingEmptySubsequences: false).last.map { $0.unicodeScalars.count + 1 } ?? 1
            diagnostics.error("unreadable character: \(problem); remove it or save the file as plain UTF-8 text",
                              at: SourceLocation(file: file, line: line, column: column))
        default:
            diagnostics.error("could not read the YAML: \(error)", at: SourceLocation(file: file, line: 1, column: 1))
        }
        return diagnostics
    }

    /// The character libyaml points at (its columns count Unicode scalars).
    static func character(at mark: Mark, in text: String) -> Unicode.Scalar? {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard mark.line >= 1, mark.line <= lines.count else { return nil }
        let scalars = Array(lines[mark.line - 1].unicodeScalars)
        return mark.column >= 1 && mark.column <= scalars.count ? scalars[mark.column - 1] : nil
    }

    /// A sentence on how to fix the most common libyaml complaints.
    private static func hint(for problem: String) -> String {
        if problem.contains("tab") {
            return "; YAML indents with spaces only: replace the tab with spaces"
        }
        if problem.contains("did not find expected ',' or '}'") {
            return "; inside `{ }`, quote values that contain `: `, `,`, `{`, `}` or `#`"
        }
        if problem.contains("mapping values are not allowed") {
            return "; a value that contains `: ` must be quoted"
        }
        if problem.contains("did not find expected key") || problem.contains("did not find expected '-'") {
            return "; check the indentation of this line against the lines above"
        }
        if problem.contains("found character that cannot start any token") {
            return "; quote the value (expressions starting with `@`, `` ` ``, `%` or `|` need quotes)"
        }
        if problem.contains("found another document") {
            return "; a spec is one YAML document: remove the `---` and what follows, or move it to its own file"
        }
        if problem.contains("found undefined alias") {
            return "; specs do not use anchors and aliases: write the value out"
        }
        return ""
    }

    /// Where the first byte that is not UTF-8 stands.
    static func firstInvalidUTF8(in data: Data, file: String) -> SourceLocation {
        let lines = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        for (index, line) in lines.enumerated() {
            var bytes = line.makeIterator()
            var decoder = UTF8()
            var column = 1
            decoding: while true {
                switch decoder.decode(&bytes) {
                case .scalarValue: column += 1
                case .emptyInput: break decoding
                case .error: return SourceLocation(file: file, line: index + 1, column: column)
                }
            }
        }
        return SourceLocation(file: file, line: 1, column: 1)
    }

    /// The first `[` or `{` nested deeper than `maximumNesting`, outside quoted scalars and comments.
    /// Columns count Unicode scalars, as libyaml's do. A quote opens a quoted scalar only where a
    /// scalar can start (so the `'` of `it's` does not), and `#` opens a comment only after a space.
    static func firstExcessiveNesting(in text: String, file: String) -> SourceLocation? {
        var depth = 0
        var line = 1
        var column = 0
        var quote: Unicode.Scalar?
        var escaped = false
        var inComment = false
        var previous: Unicode.Scalar = "\n"
        var lastSignificant: Unicode.Scalar?
        for scalar in text.unicodeScalars {
            defer { previous = scalar }
            column += 1
            if scalar == "\n" {
                line += 1
                column = 0
                inComment = false
                lastSignificant = nil
                continue
            }
            if inComment { continue }
            if let open = quote {
                if escaped {
                    escaped = false
                } else if open == "\"" && scalar == "\\" {
                    escaped = true
                } else if scalar == open {
                    quote = nil
                }
                continue
            }
            switch scalar {
            case "#" where previous == " " || previous == "\t" || previous == "\n":
                inComment = true
            case "\"", "'":
                if lastSignificant.map({ ":-[{,?".unicodeScalars.contains($0) }) ?? true { quote = scalar }
            case "[", "{":
                depth += 1
                if depth > maximumNesting { return SourceLocation(file: file, line: line, column: column) }
            case "]", "}":
                depth = max(0, depth - 1)
            default:
                break
            }
            if scalar != " " && scalar != "\t" { lastSignificant = scalar }
        }
        return nil
    }
}
