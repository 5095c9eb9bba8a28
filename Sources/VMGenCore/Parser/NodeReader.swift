import Yams

/// Reads YAML nodes into located values, reporting wrong shapes, unknown keys and missing
/// keys as diagnostics instead of failing, so one run reports every problem of a file.
struct NodeReader {
    let file: String
    /// The spec's lines, to find where a block scalar's content starts.
    let lines: [Substring]
    var diagnostics = Diagnostics()

    init(file: String, text: String) {
        self.file = file
        self.lines = Blank.lines(text)
    }

    func location(of node: Node) -> SourceLocation {
        guard let mark = node.mark else { return SourceLocation(file: file, line: 1, column: 1) }
        return YAMLLoader.location(line: mark.line, scalarColumn: mark.column, in: lines, file: file)
    }

    /// The shape of a node, in words, for error messages.
    static func shape(of node: Node) -> String {
        switch node {
        case .mapping: "a mapping"
        case .sequence: "a list"
        case .scalar: "a single value"
        case .alias: "an alias"
        }
    }

    /// The entries of a mapping, in order, keyed by their string keys.
    mutating func entries(of node: Node, in context: String) -> [(key: Located<String>, value: Node)]? {
        guard case .mapping(let mapping) = node else {
            diagnostics.error("\(context) must be a mapping of `key: value` lines, not \(Self.shape(of: node))", at: location(of: node))
            return nil
        }
        var result: [(key: Located<String>, value: Node)] = []
        for (key, value) in mapping {
            guard case .scalar(let scalar) = key else {
                diagnostics.error("keys in \(context) must be plain names, not \(Self.shape(of: key))", at: location(of: key))
                continue
            }
            result.append((Located(scalar.string, at: location(of: key)), value))
        }
        return result
    }

    /// The fields of a mapping of `place`, which allows the keys of `place.keys`: unknown keys
    /// are reported with a suggestion, or where they belong; missing required ones (the table's)
    /// at the mapping's first key.
    mutating func fields(of node: Node, in context: String, place: KeyPlace) -> [String: (key: Located<String>, value: Node)]? {
        guard let entries = entries(of: node, in: context) else { return nil }
        let allowed = place.keys
        var fields: [String: (key: Located<String>, value: Node)] = [:]
        for (index, entry) in entries.enumerated() {
            if allowed.contains(entry.key.value) {
                fields[entry.key.value] = entry
            } else {
                let known = allowed.map { "`\($0)`" }.joined(separator: ", ")
                // A key that is no name (`reduce(0`, `+)`, `b + c`) is usually the rest of a value
                // that a `,` cut off inside `{ }`.
                let split = !entry.key.value.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
                    ? "; if it is the end of the value before it, a `,` inside `{ }` cut that value: quote it" : ""
                let synonym = place.synonyms[entry.key.value]
                let suggestion = synonym.map { "; did you mean `\($0)`?" } ?? Suggestion.didYouMean(entry.key.value, in: allowed)
                let belonging = suggestion.isEmpty ? KeyPlace.belonging(of: entry.key.value, notIn: place) : ""
                let rejoined = split.isEmpty || index == 0 ? nil : rejoinedValue(entries[index - 1].value, cutAt: entry)
                let fixes = synonym.map { [Diagnostic.Fix("Change `\(entry.key.value)` to `\($0)`", at: entry.key.location, replacing: entry.key.value, with: $0)] }
                    ?? Suggestion.fixes(entry.key, in: allowed)
                diagnostics.error(
                    "unknown key `\(entry.key.value)` in \(context)\(suggestion)\(belonging)\(split) (known keys: \(known))",
                    at: entry.key.location, fixes: fixes + (rejoined.map { [$0] } ?? []))
            }
        }
        // A misspelled required key was reported as unknown, with the key it meant: once is enough.
        let meant = misspelledKeys(of: node, place: place)
        for key in place.requiredKeys where fields[key] == nil && !meant.contains(key) {
            diagnostics.error("\(context) is missing `\(key)`", at: location(of: node))
        }
        return fields
    }

    /// The fix for a plain value that a `,` cut inside `{ }` (`doc: The error, if any.` read as
    /// `doc: The error` and a key `if any.`): the value and the rest, quoted as one. Only when
    /// both stand on one line and the rest has no value of its own, so that where the value ends
    /// is clear.
    func rejoinedValue(_ value: Node, cutAt rest: (key: Located<String>, value: Node)) -> Diagnostic.Fix? {
        guard case .scalar(let scalar) = value, scalar.style == .plain,
              case .scalar(let restValue) = rest.value, restValue.string.isEmpty || restValue.string == "~" else { return nil }
        let start = location(of: value), end = rest.key.location
        guard start.line == end.line, start.line <= lines.count else { return nil }
        let line = lines[start.line - 1].utf8
        let from = start.column - 1, to = end.column - 1 + rest.key.value.utf8.count
        guard from >= 0, from < to, to <= line.count else { return nil }
        let original = String(Substring(line.dropFirst(from).prefix(to - from)))
        let quoted = YAMLLoader.quoted(original)
        return Diagnostic.Fix("Quote the value: `\(quoted)`", at: start, replacing: original, with: quoted)
    }

    /// The keys of `place` that a mapping's unknown keys are misspellings of (`intial` for
    /// `initial`): reported once, as unknown keys with a did-you-mean, so what checks that a key is
    /// present leaves these out instead of reporting the same mistake again.
    func misspelledKeys(of node: Node, place: KeyPlace) -> Set<String> {
        guard case .mapping(let mapping) = node else { return [] }
        let allowed = place.keys
        return Set(mapping.compactMap { key, _ -> String? in
            guard case .scalar(let scalar) = key, !allowed.contains(scalar.string) else { return nil }
            return place.synonyms[scalar.string] ?? Suggestion.closest(to: scalar.string, in: allowed)
        })
    }

    /// A scalar's text.
    /// With `isSwift`, a list written where Swift text belongs gets a hint to quote it.
    mutating func string(_ node: Node, _ what: String, isSwift: Bool = false) -> Located<String>? {
        guard case .scalar(let scalar) = node else {
            // `type: [String]` is a YAML list; the Swift text needs quotes.
            let quoting = isSwift ? Self.swiftText(of: node) : nil
            let hint = quoting?.hint ?? ""
            let fixes = quoting.map { [Diagnostic.Fix($0.fix, at: location(of: node), replacing: $0.written, with: $0.swift)] } ?? []
            diagnostics.error("\(what) must be a single value, not \(Self.shape(of: node))\(hint)", at: location(of: node), fixes: fixes)
            return nil
        }
        return Located(scalar.string, at: location(of: node))
    }

    /// For Swift text that YAML read as a collection: what to write instead, said as a hint and
    /// as a fix (the text as written, and its replacement). A list of plain values is the Swift
    /// text it spells (`[String]`), quoted; `{}` is Swift's empty dictionary, `[:]`.
    static func swiftText(of node: Node) -> (hint: String, fix: String, written: String, swift: String)? {
        if case .mapping(let mapping) = node, mapping.isEmpty {
            return ("; `{}` is an empty YAML mapping: for Swift's empty dictionary, write `\"[:]\"`",
                    "Write Swift's empty dictionary: `\"[:]\"`", "{}", "\"[:]\"")
        }
        guard let text = flowText(of: node) else { return nil }
        return ("; for the Swift text `\(text)`, quote it: `\"\(text)\"`", "Quote the Swift text: `\"\(text)\"`", text, "\"\(text)\"")
    }

    /// The Swift text a YAML list of plain values stands for (`[String]`, `[String: Int]`,
    /// `[Int, Int]`, also written as a block list); nil for anything nested deeper.
    static func flowText(of node: Node) -> String? {
        func plain(_ node: Node) -> String? {
            if case .scalar(let scalar) = node, scalar.style == .plain { scalar.string } else { nil }
        }
        guard case .sequence(let sequence) = node else { return nil }
        var parts: [String] = []
        for element in sequence {
            if let text = plain(element) {
                parts.append(text)
            } else if case .mapping(let mapping) = element, mapping.count == 1, let pair = mapping.first,
                      let key = plain(pair.key), let value = plain(pair.value) {
                parts.append("\(key): \(value)")
            } else {
                return nil
            }
        }
        return "[" + parts.joined(separator: ", ") + "]"
    }

    /// A Swift type, located at its first character (after the quote of a quoted scalar, on the
    /// line below a block's indicator), so that the generated code can map it to the spec's column.
    mutating func type(_ node: Node, _ what: String) -> Located<String>? {
        guard var type = nonEmptyString(node, what, isSwiftType: true) else { return nil }
        if case .scalar(let scalar) = node, scalar.style == .singleQuoted || scalar.style == .doubleQuoted {
            type.location.column += 1
        }
        // A block (`type: |` and the type below) ends with the line break YAML keeps: no part of
        // the type, which is written on one line.
        if case .scalar(let scalar) = node, scalar.style == .literal || scalar.style == .folded {
            type.location = blockStart(of: type)
            // Blank lines above the type are no part of it either (its spaces, `|2`'s, are).
            while type.value.first == "\n" { type.value.removeFirst() }
            while let last = type.value.last, last == "\n" || last == "\r" { type.value.removeLast() }
        }
        return type
    }

    /// A non-empty scalar's text, with a hint when YAML read the value as a tag (`!x`); for Swift
    /// code (`isSwiftText`) or a type, when it is a YAML list (`[String]`); for Swift code, when
    /// YAML's quotes hold nothing (`initial: ""`).
    mutating func nonEmptyString(_ node: Node, _ what: String, isSwiftText: Bool = false, isSwiftType: Bool = false) -> Located<String>? {
        guard let text = string(node, what, isSwift: isSwiftText || isSwiftType) else { return nil }
        if case .scalar(let scalar) = node, scalar.tag.rawValue.hasPrefix("!"), scalar.tag.rawValue != "!" {
            diagnostics.error(
                "YAML read `\(scalar.tag.rawValue)` as a tag; quote \(what): \"\([scalar.tag.rawValue, text.value].filter { !$0.isEmpty }.joined(separator: " "))\"",
                at: text.location)
            return nil
        }
        guard !Blank.isWhitespace(text.value) else {
            // Nothing after `key:` is often a mapping whose lines are not indented under the key.
            let isBare = if case .scalar(let scalar) = node { scalar.style == .plain } else { false }
            let isQuoted = if case .scalar(let scalar) = node { scalar.style == .singleQuoted || scalar.style == .doubleQuoted } else { false }
            let hint = isBare ? "; if the lines below belong to it, indent them deeper than its key"
                : isQuoted && isSwiftText ? "; YAML's quotes are not Swift's: for Swift's empty string, write `'\"\"'`" : ""
            diagnostics.error("\(what) is empty\(hint)", at: text.location)
            return nil
        }
        return text
    }

    /// `true`/`false`, as YAML 1.2 and JSON write them: not `yes`, `on` or a quoted `"true"`.
    mutating func bool(_ node: Node, _ what: String) -> Bool? {
        guard let text = string(node, what) else { return nil }
        let isPlain = if case .scalar(let scalar) = node { scalar.style == .plain } else { false }
        switch text.value {
        case "true" where isPlain: return true
        case "false" where isPlain: return false
        default:
            let unquoted = isPlain ? "" : " (without quotes)"
            diagnostics.error("\(what) must be `true` or `false`\(unquoted), not `\(text.value)`", at: text.location)
            return nil
        }
    }

    /// A single value or a list of values.
    mutating func stringList(_ node: Node, _ what: String) -> [Located<String>] {
        if case .sequence(let sequence) = node {
            return sequence.compactMap { nonEmptyString($0, "each of \(what)") }
        }
        return nonEmptyString(node, what).map { [$0] } ?? []
    }

    /// Where the text of a block scalar (`|`, `>`) starts: on the first line after its
    /// indicator that is not blank, at the block's indentation.
    func blockStart(of text: Located<String>) -> SourceLocation {
        var location = text.location
        location.line += 1
        while location.line <= lines.count, lines[location.line - 1].allSatisfy({ $0 == " " }) {
            location.line += 1
        }
        let line = location.line <= lines.count ? lines[location.line - 1] : ""
        // The block's indentation: the line's, less the spaces the block keeps as text
        // (with an indentation indicator, `|2`, the first line may start with some).
        let firstLine = text.value.split(separator: "\n", omittingEmptySubsequences: false).first { !$0.allSatisfy { $0 == " " } }
        let kept = firstLine?.prefix { $0 == " " }.count ?? 0
        location.column = max(1, line.prefix { $0 == " " }.count - kept + 1)
        return location
    }

    /// The blank lines a block's text starts with (YAML keeps them): its text starts that many
    /// lines above its first line that is not blank.
    static func leadingBlankLines(of text: String) -> Int {
        text.prefix { $0 == "\n" || $0 == " " }.filter { $0 == "\n" }.count
    }

    /// Swift code from a scalar, located at its first character: after the quote of a quoted
    /// scalar, on the line after the indicator of a block scalar (`|`, `>`).
    mutating func code(_ node: Node, _ what: String) -> Code? {
        guard let text = nonEmptyString(node, what, isSwiftText: true), case .scalar(let scalar) = node else { return nil }
        var location = text.location
        switch scalar.style {
        case .singleQuoted, .doubleQuoted:
            location.column += 1
        case .literal, .folded:
            location = blockStart(of: text)
            let line = location.line <= lines.count ? lines[location.line - 1] : ""
            // The code's text starts with the block's blank first lines, if it has any.
            location.line -= Self.leadingBlankLines(of: text.value)
            var folded = Substring(text.value)
            while folded.hasSuffix("\n") { folded = folded.dropLast() }
            if scalar.style == .folded, !line.hasSuffix(folded) {
                diagnostics.warning(
                    "\(what) is a folded block (`>`), which joins its lines: the compiler's positions of errors after its first line are off; write it as a literal block (`|`)",
                    at: text.location)
            }
        default:
            break
        }
        var body = text.value
        while body.hasSuffix("\n") { body.removeLast() }
        var code = Code(body, at: location)
        if scalar.style != .literal {
            // Only text that stands verbatim on its line keeps its positions.
            let line = location.line <= lines.count ? lines[location.line - 1] : ""
            code.positionsAreExact = !body.contains("\n")
                && line.utf8.dropFirst(location.column - 1).starts(with: body.utf8)
            if !code.positionsAreExact, !body.contains("\n"), scalar.style == .doubleQuoted || scalar.style == .singleQuoted {
                code.columns = Self.columns(of: body, in: String(line), from: location.column, doubleQuoted: scalar.style == .doubleQuoted)
            }
            let goesOn = switch scalar.style {
            // A plain value differs from its line's text only where YAML joined further lines to it.
            case .plain: !code.positionsAreExact
            case .singleQuoted, .doubleQuoted: !Self.closesOnItsLine(line, afterColumn: location.column, doubleQuoted: scalar.style == .doubleQuoted)
            default: false
            }
            if goesOn {
                diagnostics.warning(
                    "\(what) goes on over several lines, which YAML joins into one: the compiler's positions of errors after its first line are off; write it as a literal block (`|`, the code on the lines below)",
                    at: text.location)
            }
        }
        return code
    }

    /// Whether a quoted scalar whose text starts at UTF-8 `column` of `line` (after its quote)
    /// ends on that line: its closing quote is there (not `\"` in double quotes, nor `''` in
    /// single ones).
    static func closesOnItsLine(_ line: Substring, afterColumn column: Int, doubleQuoted: Bool) -> Bool {
        var scalars = String(decoding: line.utf8.dropFirst(column - 1), as: UTF8.self).unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            if doubleQuoted {
                if scalar == "\\" { _ = scalars.next() } else if scalar == "\"" { return true }
            } else if scalar == "'" {
                guard scalars.next() == "'" else { return true }
            }
        }
        return false
    }

    /// The spec column (UTF-8) of each scalar of `text`, a one-line quoted scalar starting at
    /// UTF-8 `column` of `line`, found by reading the line's escapes again; nil when that does
    /// not give `text`.
    static func columns(of text: String, in line: String, from column: Int, doubleQuoted: Bool) -> [Int]? {
        let raw = Array(String(decoding: line.utf8.dropFirst(column - 1), as: UTF8.self).unicodeScalars)
        let expected = Array(text.unicodeScalars)
        // The UTF-8 column of each scalar of `raw`.
        var rawColumns: [Int] = []
        var next = column
        for scalar in raw {
            rawColumns.append(next)
            next += UTF8.width(scalar)
        }
        var columns: [Int] = []
        var index = 0
        while columns.count < expected.count, index < raw.count {
            columns.append(rawColumns[index])
            if doubleQuoted, raw[index] == "\\", index + 1 < raw.count {
                let lengths: [Unicode.Scalar: Int] = ["x": 4, "u": 6, "U": 10]
                index += lengths[raw[index + 1]] ?? 2
            } else if !doubleQuoted, raw[index] == "'", index + 1 < raw.count, raw[index + 1] == "'" {
                index += 2
            } else {
                guard raw[index] == expected[columns.count - 1] else { return nil }
                index += 1
            }
        }
        return columns.count == expected.count ? columns : nil
    }
}
