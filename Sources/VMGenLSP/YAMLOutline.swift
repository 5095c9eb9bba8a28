/// The shape of a spec's YAML read from its lines alone, so that it is known in half-written
/// text that does not parse: each line's indentation and key, and which lines belong to a block
/// scalar (`|`, `>`: code, never keys). Positions are UTF-16 characters, as LSP counts.
struct YAMLOutline {
    struct Line {
        /// Spaces before the line's content (before its `- `, on a list item).
        var indent: Int
        /// Where a key on this line starts (after `- `), when there is one.
        var keyIndent: Int
        var isListItem: Bool
        var key: String?
        /// The character just after the key's `:`.
        var valueStart: Int
        /// The value written after the key (trimmed), empty for none.
        var value: String
        /// The line that opened the block scalar this line is part of.
        var blockOwner: Int?
        var isBlank: Bool
    }

    let lines: [Line]

    init(_ document: TextDocument) {
        var lines: [Line] = []
        var block: (owner: Int, indent: Int)?
        for (index, text) in document.lines.enumerated() {
            let units = Array(text.utf16)
            var indent = 0
            while indent < units.count, units[indent] == 0x20 { indent += 1 }
            let isBlank = indent == units.count || units[indent] == 0x23  // empty, or a comment
            if let open = block {
                if isBlank || indent > open.indent {
                    lines.append(Line(indent: indent, keyIndent: indent, isListItem: false, key: nil, valueStart: 0, value: "", blockOwner: open.owner, isBlank: isBlank))
                    continue
                }
                block = nil
            }
            var line = Line(indent: indent, keyIndent: indent, isListItem: false, key: nil, valueStart: 0, value: "", blockOwner: nil, isBlank: isBlank)
            if !isBlank {
                var start = indent
                if start + 1 < units.count, units[start] == 0x2D, units[start + 1] == 0x20 {  // "- "
                    line.isListItem = true
                    start += 2
                    while start < units.count, units[start] == 0x20 { start += 1 }
                    line.keyIndent = start
                } else if start + 1 == units.count, units[start] == 0x2D {
                    line.isListItem = true
                    line.keyIndent = start + 2
                }
                if let (key, valueStart) = Self.key(in: units, from: start) {
                    line.key = key
                    line.valueStart = valueStart
                    line.value = String(decoding: units[min(valueStart, units.count)...], as: UTF16.self).trimmingCharacters(in: .whitespaces)
                    if line.value.hasPrefix("|") || line.value.hasPrefix(">") {
                        block = (index, line.keyIndent)
                    }
                } else if line.isListItem {
                    let rest = String(decoding: units[min(start, units.count)...], as: UTF16.self)
                    if rest.hasPrefix("|") || rest.hasPrefix(">") { block = (index, line.indent) }
                }
            }
            lines.append(line)
        }
        self.lines = lines
    }

    /// A plain or quoted key followed by `:` and a space or the end of line, from `start`.
    static func key(in units: [UTF16.CodeUnit], from start: Int) -> (String, Int)? {
        var end = start
        if start < units.count, units[start] == 0x22 || units[start] == 0x27 {  // quoted key
            let quote = units[start]
            end = start + 1
            while end < units.count, units[end] != quote { end += 1 }
            guard end + 1 < units.count, units[end + 1] == 0x3A else { return nil }
            let key = String(decoding: units[(start + 1)..<end], as: UTF16.self)
            return (key, end + 2)
        }
        while end < units.count, TextDocument.isWordUnit(units[end]) { end += 1 }
        guard end > start, end < units.count, units[end] == 0x3A else { return nil }
        guard end + 1 == units.count || units[end + 1] == 0x20 else { return nil }
        return (String(decoding: units[start..<end], as: UTF16.self), end + 1)
    }

    /// The keys of the mappings that hold a line indented `indent` at `line`, from the top down.
    func parents(ofLine line: Int, indent: Int) -> [(key: String, line: Int)] {
        var threshold = indent
        var path: [(String, Int)] = []
        var index = min(line, lines.count) - 1
        while index >= 0, threshold > 0 {
            let candidate = lines[index]
            defer { index -= 1 }
            if candidate.isBlank || candidate.blockOwner != nil { continue }
            if let key = candidate.key, candidate.keyIndent < threshold {
                path.append((key, index))
                threshold = candidate.keyIndent
            }
            if candidate.isListItem, candidate.indent < threshold {
                threshold = candidate.indent
            }
        }
        return path.reversed()
    }

    /// The keys from the top down to (and with) the key of `line`.
    func path(toKeyOf line: Int) -> [String] {
        guard lines.indices.contains(line), let key = lines[line].key else { return [] }
        return parents(ofLine: line, indent: lines[line].keyIndent).map(\.key) + [key]
    }

    /// Where the cursor stands.
    enum Place: Equatable {
        /// Where a key of the mapping at `path` is written.
        case key(path: [String])
        /// In the value of the key at the end of `path`, written on line `keyLine`.
        case value(path: [String], keyLine: Int)
    }

    func place(at position: Position, in document: TextDocument) -> Place {
        guard lines.indices.contains(position.line) else { return .key(path: []) }
        let line = lines[position.line]
        if let owner = line.blockOwner {
            // A blank line after a block, with the cursor no deeper than the block's key: a new
            // key of the mapping there, not more of the block.
            if line.isBlank, position.character <= lines[owner].keyIndent {
                return .key(path: parents(ofLine: position.line, indent: position.character).map(\.key))
            }
            return .value(path: path(toKeyOf: owner), keyLine: owner)
        }
        if line.key != nil, position.character >= line.valueStart {
            let path = path(toKeyOf: position.line)
            let entries = flowEntries(onLine: position.line, in: document)
            if let open = entries.open, position.character > open {
                if let entry = entries.entries.first(where: { $0.value.lowerBound <= position.character && position.character <= $0.value.upperBound }) {
                    return .value(path: path + [entry.key], keyLine: position.line)
                }
                return .key(path: path)
            }
            return .value(path: path, keyLine: position.line)
        }
        if line.isListItem, line.key == nil {
            // A list item that is a flow mapping: its entries are keys of the list's items.
            let entries = flowEntries(onLine: position.line, in: document)
            if let open = entries.open, position.character > open {
                let path = parents(ofLine: position.line, indent: line.keyIndent).map(\.key)
                if let entry = entries.entries.first(where: { $0.value.lowerBound <= position.character && position.character <= $0.value.upperBound }) {
                    return .value(path: path + [entry.key], keyLine: position.line)
                }
                return .key(path: path)
            }
        }
        // Typing a key (or a blank line): the mapping is the one its indentation puts it in.
        let text = Array(document.line(position.line).utf16)
        let before = text[..<min(position.character, text.count)]
        let typed = String(decoding: before, as: UTF16.self)
        let trimmed = typed.trimmingCharacters(in: .whitespaces)
        let indent = line.isBlank ? min(position.character, line.indent) : line.keyIndent
        if trimmed.isEmpty || trimmed.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" || $0 == " " }) {
            // A blank line right below a key that opens a block: in that block's value.
            if line.isBlank, let above = previousContentLine(before: position.line), lines[above].key != nil,
               lines[above].value.isEmpty || lines[above].value.hasPrefix("|") || lines[above].value.hasPrefix(">"),
               indent > lines[above].keyIndent, isCodeKey(path(toKeyOf: above)) {
                return .value(path: path(toKeyOf: above), keyLine: above)
            }
            return .key(path: parents(ofLine: position.line, indent: indent).map(\.key))
        }
        // Text that is not a key, on a line without one: a continuation of the value above.
        if let above = previousContentLine(before: position.line), lines[above].key != nil {
            return .value(path: path(toKeyOf: above), keyLine: above)
        }
        return .key(path: parents(ofLine: position.line, indent: indent).map(\.key))
    }

    /// The entries of a one-line flow mapping written as a key's value (`{ type: Int, value: a }`):
    /// each key with the UTF-16 range of its value (up to its `,` or `}`), and where the `{` is.
    func flowEntries(onLine line: Int, in document: TextDocument) -> (open: Int?, entries: [(key: String, keyStart: Int, value: Swift.Range<Int>)]) {
        guard lines.indices.contains(line), lines[line].key != nil || lines[line].isListItem else { return (nil, []) }
        let units = Array(document.line(line).utf16)
        // A key's value, or a list item that is a flow mapping (`- { rule: ..., message: ... }`).
        var index = lines[line].key != nil ? lines[line].valueStart : lines[line].keyIndent
        while index < units.count, units[index] == 0x20 { index += 1 }
        // A key's value may be a one-line list of one flow mapping (`unlock: [{ to: open, when: ... }]`),
        // whose entries are those of the list's item.
        if lines[line].key != nil, index < units.count, units[index] == 0x5B {  // [
            index += 1
            while index < units.count, units[index] == 0x20 { index += 1 }
        }
        guard index < units.count, units[index] == 0x7B else { return (nil, []) }  // {
        let open = index
        var entries: [(String, Int, Swift.Range<Int>)] = []
        index += 1
        while index < units.count {
            while index < units.count, units[index] == 0x20 { index += 1 }
            let keyStart = index
            guard let (key, valueStart) = Self.key(in: units, from: keyStart) else { break }
            // To the `,` or `}` that ends the value, outside brackets and quotes.
            var end = valueStart
            var depth = 0
            var quote: UTF16.CodeUnit?
            while end < units.count {
                let unit = units[end]
                if let open = quote {
                    if unit == open { quote = nil }
                } else if unit == 0x22 || unit == 0x27 {
                    quote = unit
                } else if unit == 0x28 || unit == 0x5B || unit == 0x7B {
                    depth += 1
                } else if unit == 0x29 || unit == 0x5D || (unit == 0x7D && depth > 0) {
                    depth -= 1
                } else if depth == 0 && (unit == 0x2C || unit == 0x7D) {
                    break
                }
                end += 1
            }
            entries.append((key, keyStart, valueStart..<end))
            index = end + 1
        }
        return (open, entries)
    }

    /// The keys already written in the mapping that holds `line` at `indent` (for completion to
    /// leave out): its lines above and below at that indentation, up to the lines that end it.
    func siblingKeys(ofLine line: Int, indent: Int) -> Set<String> {
        var keys = Set<String>()
        for step in [-1, 1] {
            var index = line + step
            while lines.indices.contains(index) {
                let other = lines[index]
                defer { index += step }
                if other.isBlank || other.blockOwner != nil { continue }
                if other.keyIndent < indent || (other.isListItem && other.indent < indent) { break }
                if other.isListItem, step == 1, other.keyIndent == indent { break }  // The next list item.
                if other.keyIndent == indent, let key = other.key { keys.insert(key) }
                if other.isListItem, step == -1, other.keyIndent == indent { break }  // This item's first line.
            }
        }
        return keys
    }

    func previousContentLine(before line: Int) -> Int? {
        var index = line - 1
        while index >= 0 {
            if !lines[index].isBlank, lines[index].blockOwner == nil { return index }
            index -= 1
        }
        return nil
    }

    /// Whether the key at the end of `path` takes Swift code.
    func isCodeKey(_ path: [String]) -> Bool {
        SpecKeyTableLookup.isCode(path)
    }
}
