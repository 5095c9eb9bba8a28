import VMGenCore

/// An open document's text, with its lines found once: the one position model of the server.
/// The checker's `SourceLocation`s are 1-based with columns in UTF-8 bytes; LSP positions are
/// 0-based with characters in UTF-16 code units. Both convert through the line's text, exactly,
/// and a position outside the text clamps to the nearest place inside it.
public struct TextDocument: Sendable {
    public let uri: String
    public var version: Int?
    public private(set) var text: String
    /// Each line's text, without its line end (`\n`, `\r\n` or `\r`).
    public private(set) var lines: [Substring] = []

    public init(uri: String, version: Int?, text: String) {
        self.uri = uri
        self.version = version
        self.text = text
        lines = Self.split(text)
    }

    public mutating func replace(with text: String) {
        self.text = text
        lines = Self.split(text)
    }

    /// Applies an incremental change (`range` in this text's positions) or, without a range, replaces all.
    public mutating func apply(_ newText: String, in range: Range?) {
        guard let range else { return replace(with: newText) }
        let start = index(of: range.start), end = index(of: range.end)
        guard start <= end else { return }
        var updated = text
        updated.replaceSubrange(start..<end, with: newText)
        replace(with: updated)
    }

    static func split(_ text: String) -> [Substring] {
        var result: [Substring] = []
        var lineStart = text.startIndex
        var index = text.startIndex
        let scalars = text.unicodeScalars
        while index < text.endIndex {
            let scalar = scalars[index]
            if scalar == "\n" || scalar == "\r" {
                result.append(text[lineStart..<index])
                var next = scalars.index(after: index)
                if scalar == "\r", next < text.endIndex, scalars[next] == "\n" { next = scalars.index(after: next) }
                lineStart = next
                index = next
            } else {
                index = scalars.index(after: index)
            }
        }
        result.append(text[lineStart..<text.endIndex])
        return result
    }

    /// The text of 0-based `line`, empty past the end.
    public func line(_ line: Int) -> Substring {
        lines.indices.contains(line) ? lines[line] : ""
    }

    /// `position` moved inside the text: a line past the end goes to the end of the last line, a
    /// character past its line's end to that end, one inside a surrogate pair to the pair's start.
    public func clamp(_ position: Position) -> Position {
        if position.line < 0 { return Position(line: 0, character: 0) }
        if position.line >= lines.count {
            return Position(line: lines.count - 1, character: lines[lines.count - 1].utf16.count)
        }
        let text = lines[position.line]
        let utf16 = min(max(position.character, 0), text.utf16.count)
        // Back to the start of the scalar the unit is in.
        var units = 0
        for scalar in text.unicodeScalars {
            let width = UTF16.width(scalar)
            if units + width > utf16 { break }
            units += width
        }
        return Position(line: position.line, character: units)
    }

    /// The string index of `position` (clamped).
    public func index(of position: Position) -> String.Index {
        let position = clamp(position)
        let line = lines[position.line]
        return line.utf16.index(line.startIndex, offsetBy: position.character)
    }

    /// The text of `range` (empty when it ends before it starts).
    public func text(in range: Range) -> Substring {
        let start = index(of: range.start), end = index(of: range.end)
        return start <= end ? text[start..<end] : ""
    }

    /// The LSP position of a checker location in this document (clamped into the text).
    public func position(of location: SourceLocation) -> Position {
        let lineIndex = min(max(location.line - 1, 0), lines.count - 1)
        let text = lines[lineIndex]
        var clamped = location
        clamped.column = min(max(location.column, 1), text.utf8.count + 1)
        // A column inside a multi-byte scalar moves back to the scalar's start.
        while clamped.column > 1, clamped.column(in: text, counting: .utf16) == nil { clamped.column -= 1 }
        let character = (clamped.column(in: text, counting: .utf16) ?? 1) - 1
        return Position(line: lineIndex, character: character)
    }

    /// The checker location (1-based line, UTF-8 column) of an LSP position (clamped).
    public func location(of position: Position, file: String) -> SourceLocation {
        let position = clamp(position)
        let line = lines[position.line]
        let index = line.utf16.index(line.startIndex, offsetBy: position.character)
        let column = line.utf8.distance(from: line.startIndex, to: index) + 1
        return SourceLocation(file: file, line: position.line + 1, column: column)
    }

    /// The range of the word (a Swift identifier, or a `key` name) at `position`, or the one
    /// character there when it is not a word: what a diagnostic or a name points at.
    public func wordRange(at position: Position) -> Range {
        let position = clamp(position)
        let line = Array(lines[position.line].utf16)
        var start = position.character, end = position.character
        while end < line.count, Self.isWordUnit(line[end]) { end += 1 }
        if end == start {
            // Not a word: one scalar, or nothing at the line's end.
            if end < line.count { end += UTF16.isLeadSurrogate(line[end]) && end + 1 < line.count ? 2 : 1 }
            return Range(start: position, end: Position(line: position.line, character: end))
        }
        while start > 0, Self.isWordUnit(line[start - 1]) { start -= 1 }
        return Range(start: Position(line: position.line, character: start), end: Position(line: position.line, character: end))
    }

    /// The word at `position` (touching it from either side), or nil.
    public func word(at position: Position) -> (text: String, range: Range)? {
        let position = clamp(position)
        let line = Array(lines[position.line].utf16)
        var start = position.character, end = position.character
        while end < line.count, Self.isWordUnit(line[end]) { end += 1 }
        while start > 0, Self.isWordUnit(line[start - 1]) { start -= 1 }
        guard start < end else { return nil }
        let text = String(decoding: line[start..<end], as: UTF16.self)
        return (text, Range(start: Position(line: position.line, character: start), end: Position(line: position.line, character: end)))
    }

    /// Whether the word at `range` is a member of something else (`items.count`), which no spec
    /// name is; `self.count` is the view model's own.
    public func isMember(_ range: Range) -> Bool {
        let units = Array(line(range.start.line).utf16)
        let start = range.start.character
        guard start > 0, start <= units.count, units[start - 1] == 0x2E else { return false }
        let isSelf = start >= 5 && String(decoding: units[(start - 5)..<(start - 1)], as: UTF16.self) == "self"
            && (start == 5 || !Self.isWordUnit(units[start - 6]))
        return !isSelf
    }

    /// Letters, digits and `_` (ASCII and beyond: non-ASCII units count as word units, as Swift
    /// identifiers may hold them).
    static func isWordUnit(_ unit: UTF16.CodeUnit) -> Bool {
        switch unit {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x5F: true
        case 0x80...: !(0x2000...0x206F).contains(unit) && unit != 0xA0 && unit != 0xFEFF
        default: false
        }
    }
}
