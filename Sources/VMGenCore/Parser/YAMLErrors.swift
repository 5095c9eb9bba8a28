import Yams

/// What a spec's broken YAML is told: libyaml's complaint at its line and column, with a
/// sentence on how to fix the common cases and, where the fix is quoting, the text to write
/// (also as a fix an editor applies).
extension YAMLLoader {
    /// libyaml's errors carry the place it noticed the problem and, often nearer the cause,
    /// a context mark; the first becomes the error, the second a note.
    static func diagnostics(for error: YamlError, file: String) -> Diagnostics {
        var diagnostics = Diagnostics()
        var lines: [Substring] = []
        func location(_ mark: Mark) -> SourceLocation {
            Self.location(line: mark.line, scalarColumn: mark.column, in: lines, file: file)
        }
        func report(_ problem: String, _ mark: Mark, _ context: YamlError.Context?, _ yaml: String) {
            lines = Blank.lines(yaml)
            // libyaml's own limit (block nesting, which the flow scan before it does not count).
            if problem.hasPrefix("Maximum nesting level reached") {
                diagnostics.error("nesting is deeper than libyaml reads; a spec never needs that much: flatten it", at: location(mark))
                return
            }
            let notes = context.map { [Diagnostic.Note("\($0.text) here", at: location($0.mark))] } ?? []
            let isTab = Self.character(at: mark, in: yaml) == "\t"
            var hint = hint(for: problem, atTab: isTab)
            // "Quote it", as data for editors: the spec's text at a place, and what to write instead.
            var quoting: (original: String, quoted: String, scalarColumn: Int)?
            let stopsAfterNode = problem.contains("did not find expected key") || problem.contains("did not find expected ',' or '}'")
            if problem.contains("mapping values are not allowed") {
                (hint, quoting) = unquotedColonHint(at: mark, in: yaml)
            } else if stopsAfterNode, let value = valueAfterItsFirstNode(at: mark, in: yaml) {
                let opener = value.original.unicodeScalars.first.map { String($0) } ?? ""
                let reads = opener == "[" || opener == "{" ? "as a YAML collection" : "as the whole value"
                hint = "; the value of `\(value.key)` starts with `\(opener)`, so YAML reads `\(value.node)` \(reads) and cannot read the rest: quote all of the code, `\(value.key): \(value.quoted)`, or write it as a block (`|`) on the lines below"
                quoting = (value.original, value.quoted, value.scalarColumn)
            } else if problem.contains("did not find expected ',' or '}'"), let entry = flowEntryQuoted(at: mark, in: yaml) {
                hint += ": write `\(entry.quoted)`"
                quoting = entry
            } else if problem.contains("found character that cannot start any token"), !isTab {
                quoting = restQuoted(at: mark, in: yaml)
            }
            let fixes: [Diagnostic.Fix] = quoting.map { quoting in
                let at = Self.location(line: mark.line, scalarColumn: quoting.scalarColumn, in: lines, file: file)
                return [Diagnostic.Fix("Quote the value: `\(quoting.quoted)`", at: at, replacing: quoting.original, with: quoting.quoted)]
            } ?? []
            diagnostics.error("invalid YAML: \(problem)\(hint)", at: location(mark), notes: notes, fixes: fixes)
        }
        switch error {
        case let .scanner(context, problem, mark, yaml), let .parser(context, problem, mark, yaml), let .composer(context, problem, mark, yaml):
            report(problem, mark, context, yaml)
        case let .duplicatedKeysInMapping(duplicates, context):
            lines = context.text.split(separator: "\n", omittingEmptySubsequences: false)
            let keys = Self.siblingKeys(at: context.mark, in: lines)
            for name in duplicates {
                var places = keys.filter { $0.name == name }.map(\.location)
                if keys.isEmpty, name == duplicates.first, let next = Self.nextFlowKey(name, after: context.mark, in: lines) {
                    places = [(context.mark.line, context.mark.column), next]
                }
                guard places.count > 1 else {
                    diagnostics.error("duplicate key `\(name)` in the same mapping; each key may appear once: remove or rename one",
                                      at: location(context.mark))
                    continue
                }
                let first = Self.location(line: places[0].line, scalarColumn: places[0].column, in: lines, file: file)
                for place in places.dropFirst() {
                    diagnostics.error(
                        "duplicate key `\(name)`: it is already in this mapping on line \(first.line); each key may appear once: remove or rename one",
                        at: Self.location(line: place.line, scalarColumn: place.column, in: lines, file: file),
                        notes: [.init("`\(name)` first appears here", at: first)])
                }
            }
        case let .reader(problem, offset, _, yaml):
            diagnostics.error("unreadable character: \(problem); remove it or save the file as plain UTF-8 text",
                              at: .after(offset.map { yaml.prefix($0) } ?? "", file: file))
        default:
            diagnostics.error("could not read the YAML: \(error)", at: SourceLocation(file: file, line: 1, column: 1))
        }
        return diagnostics
    }

    /// The keys of the block mapping that has a key at `mark`, with their places: the lines
    /// indented exactly as the key's line, around it, up to a line indented less. Yams names
    /// duplicate keys but gives only the first one's place; this finds the others. Empty for a
    /// flow mapping (`{ }`), whose keys do not start lines.
    static func siblingKeys(at mark: Mark, in lines: [Substring]) -> [(name: String, location: (line: Int, column: Int))] {
        guard mark.line >= 1, mark.line <= lines.count else { return [] }
        let indent = mark.column - 1
        guard indentation(lines[mark.line - 1]) == indent else { return [] }
        var first = mark.line - 1
        while first > 0, indentation(lines[first - 1]).map({ $0 >= indent }) ?? true { first -= 1 }
        var keys: [(name: String, location: (line: Int, column: Int))] = []
        var index = first
        while index < lines.count {
            defer { index += 1 }
            guard let depth = indentation(lines[index]) else { continue }
            if depth < indent && index >= mark.line - 1 { break }
            guard depth == indent else { continue }
            let content = lines[index].dropFirst(indent)
            guard let colon = content.firstRange(of: ":") else { continue }
            var name = content[..<colon.lowerBound].trimmingCharacters(in: .whitespaces)
            if name.count >= 2, let quote = name.first, quote == "\"" || quote == "'", name.last == quote {
                name = String(name.dropFirst().dropLast())
            }
            keys.append((name, (index + 1, indent + 1)))
        }
        return keys
    }

    /// How many spaces `line` is indented by; nil for a blank line or a comment.
    static func indentation(_ line: Substring) -> Int? {
        let content = line.drop { $0 == " " }
        return content.isEmpty || content.hasPrefix("#") ? nil : line.count - content.count
    }

    /// In a flow mapping (`{ a: 1, a: 2 }`), where `name` next stands as a key after the key at
    /// `mark`: preceded by `{`, `,` or a space, and followed by `:`.
    static func nextFlowKey(_ name: String, after mark: Mark, in lines: [Substring]) -> (line: Int, column: Int)? {
        guard mark.line >= 1, mark.line <= lines.count else { return nil }
        for index in (mark.line - 1)..<lines.count {
            let scalars = Array(lines[index].unicodeScalars)
            let key = Array(name.unicodeScalars)
            var column = index == mark.line - 1 ? mark.column - 1 + key.count : 0
            while column + key.count <= scalars.count {
                defer { column += 1 }
                guard Array(scalars[column..<(column + key.count)]) == key else { continue }
                let before = column == 0 ? " " : scalars[column - 1]
                let after = scalars[(column + key.count)...].first { $0 != " " }
                if " ,{".unicodeScalars.contains(before), after == ":" { return (index + 1, column + 1) }
            }
        }
        return nil
    }

    /// The hint for libyaml's "mapping values are not allowed": either the line is indented
    /// deeper than a line above that already has its value, or a value holds an unquoted `: `.
    /// For the second, the hint shows the line with its value quoted.
    static func unquotedColonHint(at mark: Mark, in yaml: String) -> (String, (original: String, quoted: String, scalarColumn: Int)?) {
        let lines = yaml.split(separator: "\n", omittingEmptySubsequences: false)
        guard mark.line >= 1, mark.line <= lines.count else { return ("; a value that contains `: ` must be quoted", nil) }
        let line = lines[mark.line - 1]
        let indent = line.prefix { $0 == " " }.count
        // The last line above with content, and its indentation.
        let previousIndex = lines[..<(mark.line - 1)].lastIndex { indentation($0) != nil }
        let above = previousIndex.flatMap { indentation(lines[$0]) }
        // `key:` is the first thing on the line, and the error is at that colon: the key itself
        // is in the wrong place, which only indentation explains.
        let content = line.dropFirst(indent)
        if let previousIndex, let above, indent > above, let keyEnd = content.firstRange(of: ":")?.lowerBound,
           content.distance(from: content.startIndex, to: keyEnd) + indent + 1 == mark.column,
           !content[..<keyEnd].contains(" ") {
            let key = content[..<keyEnd]
            return ("; this is an indentation error: `\(key)` on line \(mark.line) is indented deeper than line \(previousIndex + 1), which already has a value: indent `\(key)` by \(above) spaces, like line \(previousIndex + 1)", nil)
        }
        guard let separator = content.firstRange(of: ": ") else { return ("; a value that contains `: ` must be quoted", nil) }
        // Deeper than the line above and not `key:`: the line continues the value above it,
        // and quoting this line alone would not help.
        if let previousIndex, let above, indent > above, content[..<separator.lowerBound].contains(" ") {
            let valueAbove = lines[previousIndex].drop { $0 == " " }
            let key = valueAbove.firstRange(of: ":").map { valueAbove[..<$0.lowerBound] } ?? valueAbove
            return ("; line \(mark.line) continues the value of `\(key)` on line \(previousIndex + 1), and its `: ` ends that value: write the value as a block scalar (`\(key): |`, then its lines indented below)", nil)
        }
        let lead = String(line[..<separator.upperBound])
        var value = String(line[separator.upperBound...])
        if let comment = value.firstRange(of: " #") { value = String(value[..<comment.lowerBound]) }
        let original = value.trimmingCharacters(in: .whitespaces)
        let start = value.prefix { $0 == " " }.unicodeScalars.count
        return ("; a value that contains `: ` must be quoted: write `\(lead.drop { $0 == " " })\(quoted(value))`, or write the value as a block scalar (`|`) on the lines below",
                (original, quoted(value), lead.unicodeScalars.count + start + 1))
    }

    /// For a character that cannot start a plain value (`@`, `` ` ``): the rest of the line from
    /// it (up to a comment), and that text quoted.
    static func restQuoted(at mark: Mark, in yaml: String) -> (original: String, quoted: String, scalarColumn: Int)? {
        guard let scalars = scalars(ofLineAt: mark, in: yaml), mark.column >= 1, mark.column <= scalars.count else { return nil }
        var rest = String(String.UnicodeScalarView(scalars[(mark.column - 1)...]))
        if let comment = rest.firstRange(of: " #") { rest = String(rest[..<comment.lowerBound]) }
        let original = rest.trimmingCharacters(in: .whitespaces)
        guard !original.isEmpty else { return nil }
        return (original, quoted(original), mark.column)
    }

    /// For libyaml stopping right after a value's first node, when that value starts with a
    /// quote or a bracket and goes on (`value: "Count: " + String(n)`, `value: [a, b].max()!`,
    /// the same inside `{ }`): the key, the node YAML read (`"Count: "`), the whole value as
    /// written and quoted, and where the value starts. Nil when the stop is anywhere else.
    static func valueAfterItsFirstNode(at mark: Mark, in yaml: String) -> (key: String, node: String, original: String, quoted: String, scalarColumn: Int)? {
        guard let line = scalars(ofLineAt: mark, in: yaml), mark.column >= 2, mark.column <= line.count else { return nil }
        let stop = mark.column - 1
        // Back over spaces to the node's last character, then to its opening one.
        var end = stop - 1
        while end >= 0, line[end] == " " { end -= 1 }
        guard end > 0 else { return nil }
        let closers: [Unicode.Scalar: Unicode.Scalar] = ["\"": "\"", "'": "'", "]": "[", "}": "{"]
        guard let opener = closers[line[end]] else { return nil }
        var start = end - 1
        var depth = 0
        while start >= 0 {
            if line[start] == opener {
                if depth == 0 { break }
                depth -= 1
            } else if opener != line[end], line[start] == line[end] {
                depth += 1
            }
            start -= 1
        }
        // The node is the value of `key: `, the first thing on the line or after `{` or `,`.
        guard start >= 2, line[start - 1] == " ", line[start - 2] == ":" else { return nil }
        var keyStart = start - 2
        while keyStart > 0, ![" ", "{", ","].contains(line[keyStart - 1]) { keyStart -= 1 }
        let key = String(String.UnicodeScalarView(line[keyStart..<(start - 2)]))
        guard !key.isEmpty else { return nil }
        let before = line[..<keyStart].filter { $0 != " " }
        let inFlow = before.last == "{" || before.last == ","
        guard inFlow || before.isEmpty || before == ["-"] else { return nil }
        // Forward to the end of the value: the line's end (before a comment), or in `{ }` the
        // `,` or `}` outside quotes and brackets.
        var valueEnd = start
        var quote: Unicode.Scalar?
        depth = 0
        while valueEnd < line.count {
            let scalar = line[valueEnd]
            if let open = quote {
                if scalar == open { quote = nil }
            } else if scalar == "\"" || scalar == "'" {
                quote = scalar
            } else if "([{".unicodeScalars.contains(scalar) {
                depth += 1
            } else if ")]}".unicodeScalars.contains(scalar) {
                if depth == 0 { break }
                depth -= 1
            } else if scalar == "," && depth == 0 && inFlow {
                break
            } else if scalar == "#", line[valueEnd - 1] == " " {
                break
            }
            valueEnd += 1
        }
        let original = String(String.UnicodeScalarView(line[start..<valueEnd])).trimmingCharacters(in: .whitespaces)
        guard valueEnd > stop else { return nil }
        let node = String(String.UnicodeScalarView(line[start...end]))
        // YAML's single quotes around a Swift string (`'"Hello, "' + name`) meant the string:
        // the code is what they hold, and what follows them.
        var code = original
        if line[end] == "'" {
            let held = String(String.UnicodeScalarView(line[(start + 1)..<end])).replacingOccurrences(of: "''", with: "'")
            code = held + String(String.UnicodeScalarView(line[(end + 1)..<valueEnd]))
        }
        return (key, node, original, quoted(code), start + 1)
    }

    /// `value` (trimmed) as a YAML quoted scalar: double quotes, or single quotes when it holds a
    /// `"` or a backslash (which double quotes would make escapes of).
    static func quoted(_ value: String) -> String {
        let value = value.trimmingCharacters(in: .whitespaces)
        return value.contains("\"") || value.contains("\\")
            ? "'" + value.replacingOccurrences(of: "'", with: "''") + "'"
            : "\"" + value + "\""
    }

    /// For a `: ` inside a value in `{ }` (libyaml stops at that colon): the entry `key: value`
    /// with its value quoted, the value running to the next `,` or `}` outside brackets.
    static func flowEntryQuoted(at mark: Mark, in yaml: String) -> (original: String, quoted: String, scalarColumn: Int)? {
        guard let line = scalars(ofLineAt: mark, in: yaml) else { return nil }
        let colon = mark.column - 1
        guard colon > 0, colon < line.count, line[colon] == ":" else { return nil }
        // Back to the `{` or `,` that opens this entry, skipping bracketed text.
        var depth = 0
        var start = colon - 1
        while start >= 0 {
            let scalar = line[start]
            if scalar == ")" || scalar == "]" { depth += 1 }
            if scalar == "(" || scalar == "[" { depth -= 1 }
            if depth <= 0 && (scalar == "{" || scalar == ",") { break }
            start -= 1
        }
        guard start >= 0 else { return nil }
        let entry = String(String.UnicodeScalarView(line[(start + 1)...]))
        guard let separator = entry.firstRange(of: ": ") else { return nil }
        let key = entry[..<separator.lowerBound].trimmingCharacters(in: .whitespaces)
        // Forward to the `,` or `}` that ends the value, outside brackets.
        var value = ""
        depth = 0
        for scalar in entry[separator.upperBound...].unicodeScalars {
            if scalar == "(" || scalar == "[" { depth += 1 }
            if scalar == ")" || scalar == "]" { depth -= 1 }
            if depth <= 0 && (scalar == "," || scalar == "}") { break }
            value.unicodeScalars.append(scalar)
        }
        guard !key.isEmpty, !key.contains(" ") else { return nil }
        // The entry as written, from its key to the end of its value: the quoted entry replaces it.
        let scalars = Array(entry.unicodeScalars)
        let leading = scalars.prefix { $0 == " " }.count
        let valueEnd = entry.unicodeScalars.distance(from: entry.unicodeScalars.startIndex, to: separator.upperBound) + value.unicodeScalars.count
        var original = String(String.UnicodeScalarView(scalars[leading..<valueEnd]))
        while original.hasSuffix(" ") { original.removeLast() }
        // `start` is the 0-based place of the `{` or `,`; the entry's key is `leading` spaces after it.
        return (original, "\(key): \(quoted(value))", start + 2 + leading)
    }

    /// A sentence on how to fix the most common libyaml complaints: the first whose words the
    /// complaint contains; at a tab, the tab's, whatever libyaml complains of.
    private static func hint(for problem: String, atTab: Bool) -> String {
        let hints: [(words: [String], hint: String)] = [
            (["tab"], "YAML indents with spaces only: replace the tab with spaces"),
            (["did not find expected ',' or '}'"], "inside `{ }`, quote values that contain `: `, `,`, `{`, `}`, `[`, `]` or `#`"),
            (["mapping values are not allowed"], "a value that contains `: ` must be quoted"),
            (["did not find expected key", "did not find expected '-'"], "check the indentation of this line against the lines above"),
            (["found character that cannot start any token"], "quote the value (expressions starting with `@`, `` ` ``, `%` or `|` need quotes)"),
            (["found another document"], "a spec is one YAML document: remove the `---` and what follows, or move it to its own file"),
            (["found unknown escape character"], "inside YAML double quotes `\\` starts a YAML escape: write Swift code with `\\(...)` or a Swift string in single quotes (`'\"Hello, \\(name)!\"'`) or as a block (`|`)"),
            (["found undefined alias"], "specs do not use anchors and aliases: write the value out"),
        ]
        let complaint = atTab ? "tab" : problem
        return hints.first { $0.words.contains(where: complaint.contains) }.map { "; " + $0.hint } ?? ""
    }
}
