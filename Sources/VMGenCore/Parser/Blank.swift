/// Whether text is blank, tested on its Unicode scalars: the same answers as Foundation's
/// `trimmingCharacters(in:).isEmpty`, without bridging every doc comment and key through
/// `NSString` (a fifth of the generator's instructions went there in W5, issue 15).
enum Blank {
    /// Only spaces and tabs: `CharacterSet.whitespaces` (Unicode's space separators, U+0009, and
    /// the zero-width space U+200B, which Foundation counts too).
    static func isWhitespace<Text: StringProtocol>(_ text: Text) -> Bool {
        text.unicodeScalars.allSatisfy { scalar in
            scalar == " " || scalar == "\t" || (scalar.value > 0x7F && isWideSpace(scalar))
        }
    }

    private static func isWideSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value == 0x200B || scalar.properties.generalCategory == .spaceSeparator
    }

    /// Spaces, tabs and line ends: `CharacterSet.whitespacesAndNewlines` (Unicode's White_Space, and U+200B).
    static func isWhitespaceOrNewline<Text: StringProtocol>(_ text: Text) -> Bool {
        text.unicodeScalars.allSatisfy { scalar in
            scalar == " " || scalar == "\n" || ((scalar.value < 0x20 || scalar.value > 0x7F)
                && (scalar.properties.isWhitespace || scalar.value == 0x200B))
        }
    }

    /// `text` split at each `\n` (empty pieces kept), found on its UTF-8 bytes rather than
    /// Characters: the same pieces for text whose line ends are `\n` alone, as a spec's are
    /// once loaded.
    static func lines(_ text: String) -> [Substring] {
        text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { Substring($0) }
    }
}
