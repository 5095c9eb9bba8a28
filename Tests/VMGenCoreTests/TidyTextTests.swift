import Foundation
import RandomSpecs
import Testing
@testable import VMGenCore

/// `TidyText` reads bytes; these tests hold it to the rules as stated on `Character`s and
/// Foundation's `.whitespaces`, written out plainly below, on texts made of the pieces where
/// bytes and `Character`s disagree.
@Suite("Tidying rendered text")
struct TidyTextTests {
    /// The rules on `Character`s: lines split at `Character` `\n`, trailing `Character` spaces
    /// dropped, blank lines dropped at the start, after a blank line and after a line ending
    /// in `{`, a blank line dropped before a line whose first non-whitespace is `}`, blank lines
    /// dropped at the end, one final newline.
    static func reference(_ text: String) -> String {
        var output: [Substring] = []
        for piece in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = piece
            while line.last == " " { line.removeLast() }
            if line.isEmpty, output.last.map({ $0.isEmpty || $0.last == "{" }) ?? true { continue }
            if line.trimmingCharacters(in: .whitespaces).first == "}", output.last?.isEmpty == true { output.removeLast() }
            output.append(line)
        }
        while output.last?.isEmpty == true { output.removeLast() }
        return output.joined(separator: "\n") + "\n"
    }

    /// Pieces that make lines: code, braces, spaces, tabs, Unicode spaces, a prepended mark
    /// (`\u{600}` joins the space after it into one `Character`), combining marks after
    /// braces, `\r\n`, and newlines.
    static let pieces = [
        "let x = 1", "{", "}", " ", "  ", "\t", "\u{A0}", "\u{3000}", "\u{600}", "\u{301}", "é", "\r\n", "\r",
        "\n", "\n", "\n", "\n\n", "    }", "func f() {", "// ü",
    ]

    @Test("tidying follows the rules on Characters for texts of tricky pieces")
    func matchesTheCharacterRules() {
        var random = SeededRandom(seed: 15)
        for _ in 0..<3_000 {
            let count = Int(random.next() % 24)
            let text = (0..<count).map { _ in Self.pieces[Int(random.next() % UInt64(Self.pieces.count))] }.joined()
            let tidied = TidyText.tidy(text)
            #expect(tidied == Self.reference(text), "\(text.debugDescription)")
            if tidied != Self.reference(text) { return }
        }
    }

    @Test("blank lines fold to one, and none stays after an opening or before a closing brace")
    func foldsBlankLines() {
        #expect(TidyText.tidy("\n\na {  \n\n\n  b\n\n\n\n  }\n\n") == "a {\n  b\n  }\n")
        #expect(TidyText.tidy("") == "\n")
        #expect(TidyText.tidy("x\r\n\ny") == "x\r\n\ny\n")
    }
}
