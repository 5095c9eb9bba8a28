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
        // A byte-order mark (editors on Windows write one) is not part of the text: drop it.
        let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]
        let data = data.starts(with: byteOrderMark) ? data.dropFirst(byteOrderMark.count) : data
        guard let decoded = String(validating: data, as: UTF8.self) else {
            diagnostics.error("the spec is not valid UTF-8; save it as UTF-8 text", at: Self.firstInvalidUTF8(in: data, file: file))
            return nil
        }
        // libyaml ends lines at `\r\n` and a lone `\r` too, and Swift reads `\r\n` as one
        // Character: with one kind of line end, every line count agrees with libyaml's.
        let text = decoded.utf8.contains(UInt8(ascii: "\r"))
            ? decoded.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
            : decoded
        let breaks = Self.lineBreaksOnlyYAMLCounts(in: text, file: file)
        for (location, name) in breaks {
            diagnostics.error(
                "a \(name) here: YAML counts it as a line break, but Swift and editors do not, so every position after it would be a line off; delete it (in Swift code, write it as an escape inside a string, `\\u{...}`)",
                at: location)
        }
        guard breaks.isEmpty else { return nil }
        if let tooDeep = Self.firstExcessiveNesting(in: text, file: file) {
            diagnostics.error(
                "nesting is deeper than \(Self.maximumNesting) levels; a spec never needs that much: flatten it", at: tooDeep)
            return nil
        }
        let node: Node?
        let firstAnchor: (name: String, mark: Mark?)?
        do {
            // UTF-8 named, so that Yams does not read the environment on every spec to choose.
            let parser = try Parser(yaml: text, resolver: .default, constructor: .default, encoding: .utf8)
            node = try parser.singleRoot()
            // Nodes hold their anchors weakly, the parser strongly: read them while it lives.
            firstAnchor = withExtendedLifetime(parser) { node.flatMap(Self.firstAnchor(in:)) }
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
        // Without anchors there are no aliases (an alias of no anchor is a YAML error), so a
        // spec never stands for a value written elsewhere, and alias bombs are harmless.
        if let anchor = firstAnchor {
            diagnostics.error(
                "specs do not use YAML anchors (`&\(anchor.name)`) and aliases (`*\(anchor.name)`): write the value out at each place that uses it",
                at: Self.location(line: max(anchor.mark?.line ?? 1, 1), scalarColumn: anchor.mark?.column ?? 1, in: Blank.lines(text), file: file))
            return nil
        }
        return (node, text)
    }

    /// The name and place of the first anchor (`&name`) in `node`'s tree. The walk follows the
    /// document's order and stops at the first anchor, which comes before every alias of it, so
    /// it never walks into an alias (an alias bomb's nodes are shared many times over).
    static func firstAnchor(in node: Node) -> (name: String, mark: Mark?)? {
        var pending = [node]
        while let next = pending.popLast() {
            switch next {
            case .scalar(let scalar):
                if let anchor = scalar.anchor { return (anchor.rawValue, scalar.mark) }
            case .mapping(let mapping):
                if let anchor = mapping.anchor { return (anchor.rawValue, mapping.mark) }
                pending += mapping.reversed().flatMap { [$0.value, $0.key] }
            case .sequence(let sequence):
                if let anchor = sequence.anchor { return (anchor.rawValue, sequence.mark) }
                pending += sequence.reversed()
            case .alias:
                continue
            }
        }
        return nil
    }

    /// The characters YAML 1.1 (libyaml) ends a line at besides `\n`: NEXT LINE (U+0085), LINE
    /// SEPARATOR (U+2028) and PARAGRAPH SEPARATOR (U+2029). Swift's compiler and the Language Server
    /// Protocol do not, so with one in a spec libyaml's line numbers would not be the compiler's;
    /// each is found at its line and column (at most 20).
    static func lineBreaksOnlyYAMLCounts(in text: String, file: String) -> [(SourceLocation, String)] {
        let names: [UInt32: String] = [0x85: "NEXT LINE (U+0085)", 0x2028: "LINE SEPARATOR (U+2028)", 0x2029: "PARAGRAPH SEPARATOR (U+2029)"]
        // Their UTF-8 forms start with 0xC2 or 0xE2: a text without either has none.
        guard text.utf8.contains(where: { $0 == 0xC2 || $0 == 0xE2 }) else { return [] }
        var found: [(SourceLocation, String)] = []
        for (index, line) in Blank.lines(text).enumerated() {
            var column = 1
            for scalar in line.unicodeScalars {
                if let name = names[scalar.value] {
                    found.append((SourceLocation(file: file, line: index + 1, column: column), name))
                    if found.count == 20 { return found }
                }
                column += scalar.utf8.count
            }
        }
        return found
    }

    /// Where libyaml's place (its columns count Unicode scalars) stands, as vmgen reports it
    /// (columns in UTF-8 bytes, as the compiler's).
    static func location(line: Int, scalarColumn: Int, in lines: [Substring], file: String) -> SourceLocation {
        let line = max(line, 1)
        let text = line <= lines.count ? lines[line - 1] : ""
        return SourceLocation(file: file, line: line, column: SourceLocation.utf8Column(ofScalarColumn: max(scalarColumn, 1), in: text))
    }

    /// The Unicode scalars of the line libyaml points at (its columns count them), or nil past the text.
    static func scalars(ofLineAt mark: Mark, in text: String) -> [Unicode.Scalar]? {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        return mark.line >= 1 && mark.line <= lines.count ? Array(lines[mark.line - 1].unicodeScalars) : nil
    }

    /// The character libyaml points at.
    static func character(at mark: Mark, in text: String) -> Unicode.Scalar? {
        guard let scalars = scalars(ofLineAt: mark, in: text), mark.column >= 1, mark.column <= scalars.count else { return nil }
        return scalars[mark.column - 1]
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
                case .scalarValue(let scalar): column += UTF8.width(scalar)
                case .emptyInput: break decoding
                case .error: return SourceLocation(file: file, line: index + 1, column: column)
                }
            }
        }
        return SourceLocation(file: file, line: 1, column: 1)
    }

    /// The first `[` or `{` nested deeper than `maximumNesting`: one that opens a flow collection,
    /// not one of the text of a scalar. Columns count UTF-8 bytes, as every column vmgen reports.
    /// Outside flow collections, a bracket opens one only where a value starts (a line's first
    /// word, or after `: `, `- ` or `? `); the lines of a block scalar (`|`, `>`) are text; a quote
    /// opens a quoted scalar only where a scalar can start (so the `'` of `it's` does not); `#`
    /// opens a comment only after a space.
    static func firstExcessiveNesting(in text: String, file: String) -> SourceLocation? {
        var depth = 0
        var quote: Unicode.Scalar?
        var escaped = false
        /// The indentation of the line that opened a block scalar, while its lines go on, or of a
        /// line whose plain value may go on below it (more indented lines are more of its text).
        var blockScalarParent: Int?
        var plainTextParent: Int?
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let indentation = line.prefix { $0 == " " }.count
            if let parent = blockScalarParent ?? plainTextParent {
                if indentation > parent || line.allSatisfy({ $0 == " " || $0 == "\t" }) { continue }
                (blockScalarParent, plainTextParent) = (nil, nil)
            }
            var column = 0
            var previous: Unicode.Scalar = " "
            var lastSignificant: Unicode.Scalar?
            var significant = ""
            /// Whether a plain value's text runs, outside flow collections: until `: ` or the line's end.
            var inPlainText = false
            let scalars = Array(line.unicodeScalars)
            scanning: for (position, scalar) in scalars.enumerated() {
                defer { previous = scalar }
                column += UTF8.width(scalar)
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
                if scalar == "#" && (previous == " " || previous == "\t") { break scanning }
                let valueStarts = lastSignificant.map { ":-[{,?".unicodeScalars.contains($0) } ?? true
                if inPlainText {
                    // `: ` ends a key, and a value starts after it.
                    let next = position + 1 < scalars.count ? scalars[position + 1] : " "
                    if scalar == ":" && (next == " " || next == "\t") { inPlainText = false }
                } else {
                    switch scalar {
                    case "\"", "'":
                        if valueStarts { quote = scalar } else { inPlainText = depth == 0 }
                    case "[", "{":
                        guard depth > 0 || valueStarts else {
                            inPlainText = true
                            break
                        }
                        depth += 1
                        if depth > maximumNesting { return SourceLocation(file: file, line: index + 1, column: column) }
                    case "]", "}":
                        depth = max(0, depth - 1)
                    case " ", "\t", ":", "-", "?", ",", "|", ">":
                        break
                    default:
                        inPlainText = depth == 0
                    }
                }
                if scalar != " " && scalar != "\t" {
                    lastSignificant = scalar
                    significant.unicodeScalars.append(scalar)
                } else if !significant.isEmpty {
                    significant.unicodeScalars.append(" ")
                }
            }
            if depth == 0, quote == nil, Self.opensBlockScalar(significant) { blockScalarParent = indentation }
            if depth == 0, quote == nil, inPlainText { plainTextParent = indentation }
        }
        return nil
    }

    /// Whether a line (its significant text, spaces folded, without its comment) ends with a
    /// block scalar's indicator (`|`, `>`, with `-`, `+` or an indentation digit) where a value starts.
    static func opensBlockScalar(_ line: String) -> Bool {
        var words = line.split(separator: " ")
        guard let last = words.popLast(), let indicator = last.first, indicator == "|" || indicator == ">",
              last.dropFirst().allSatisfy({ "+-123456789".contains($0) }) else { return false }
        // A tag may stand before the indicator (`doc: !!str |`).
        if words.last?.hasPrefix("!") == true { words.removeLast() }
        guard let before = words.last else { return true }
        return before == "-" || before == "?" || before.hasSuffix(":")
    }
}
