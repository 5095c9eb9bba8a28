/// The last step of every render, native or Stencil: no trailing spaces, at most one blank line
/// in a row, no blank line right after a line ending in `{` or right before a line starting
/// with `}`, no blank line at the end, one final newline.
///
/// It works on UTF-8 bytes without Foundation, with the meaning of the `Character`-based rules
/// it replaced: lines end at each `\n` that is a `Character` of its own (not the `\n` of a
/// `\r\n`), a trailing space or a final `{` counts only when it is a `Character` of its own, and
/// a line starts with `}` when its first `Character` after Unicode horizontal whitespace (tab and
/// the space separators) is `}`. The byte tests decide ASCII lines at once; only a line with
/// non-ASCII bytes next to one of those characters is looked at as `Character`s.
enum TidyText {
    static func tidy(_ text: String) -> String {
        var text = text
        return text.withUTF8 { tidy(bytes: $0) }
    }

    static func tidy(bytes: UnsafeBufferPointer<UInt8>) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        /// The state of the last line written to `output`.
        var hasLine = false, lastIsBlank = false, lastOpensBlock = false
        var start = 0
        var index = 0
        while index <= bytes.count {
            // A line ends at the end of the text or at a `\n` that does not follow a `\r`.
            guard index == bytes.count || (bytes[index] == newline && (index == 0 || bytes[index - 1] != carriageReturn)) else {
                index += 1
                continue
            }
            var end = index
            while end > start, endsWithOwnCharacter(bytes, start, end, space) { end -= 1 }
            if end == start {
                if hasLine, !lastIsBlank, !lastOpensBlock {
                    output.append(newline)
                    lastIsBlank = true
                }
            } else {
                if lastIsBlank, startsWithClosingBrace(bytes, start, end) {
                    output.removeLast()
                    lastIsBlank = false
                }
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<end]))
                output.append(newline)
                hasLine = true
                lastIsBlank = false
                lastOpensBlock = endsWithOwnCharacter(bytes, start, end, openingBrace)
            }
            index += 1
            start = index
        }
        if lastIsBlank { output.removeLast() }
        if output.isEmpty { output.append(newline) }
        return String(decoding: output, as: UTF8.self)
    }

    static let newline = UInt8(ascii: "\n"), carriageReturn = UInt8(ascii: "\r"), space = UInt8(ascii: " ")
    static let tab = UInt8(ascii: "\t"), openingBrace = UInt8(ascii: "{"), closingBrace = UInt8(ascii: "}")

    /// Whether the line `bytes[start..<end]` ends with the ASCII character `byte` as a
    /// `Character` of its own (after a non-ASCII scalar it may belong to that scalar's cluster).
    static func endsWithOwnCharacter(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, _ byte: UInt8) -> Bool {
        guard bytes[end - 1] == byte else { return false }
        if end - 1 == start || bytes[end - 2] < 0x80 { return true }
        return line(bytes, start, end).last == Character(Unicode.Scalar(byte))
    }

    /// Whether the line's first `Character` after horizontal whitespace is `}`.
    static func startsWithClosingBrace(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
        var first = start
        while first < end, bytes[first] == space || bytes[first] == tab { first += 1 }
        if first < end, bytes[first] < 0x80 {
            // `}` followed by ASCII (or nothing) is a `Character` of its own.
            guard bytes[first] == closingBrace else { return false }
            if first + 1 == end || bytes[first + 1] < 0x80 { return true }
        }
        let scalars = line(bytes, start, end).unicodeScalars
        let rest = scalars.drop { $0 == "\t" || $0.properties.generalCategory == .spaceSeparator }
        return String(String.UnicodeScalarView(rest)).first == "}"
    }

    static func line(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
    }
}
