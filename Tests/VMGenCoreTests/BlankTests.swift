import Foundation
import Testing
@testable import VMGenCore

/// The generator's own blank tests replace Foundation's trimming on its hot paths; they must give
/// the same answers, for every scalar of the planes specs are written in.
@Suite("Blank text, as Foundation's trimming sees it")
struct BlankTests {
    /// Every scalar up to U+FFFF (surrogates have none) and a few beyond.
    static let scalars: [Unicode.Scalar] = (0...0xFFFF).compactMap(Unicode.Scalar.init) + [
        Unicode.Scalar(0x1F600)!, Unicode.Scalar(0xE0020)!,
    ]

    @Test("one scalar is whitespace exactly when trimming whitespaces empties it")
    func eachScalarAgreesWithWhitespaces() {
        let disagreements = Self.scalars.filter { scalar in
            let text = String(Character(scalar))
            return Blank.isWhitespace(text) != text.trimmingCharacters(in: .whitespaces).isEmpty
        }
        #expect(disagreements.isEmpty, "\(disagreements.map { String($0.value, radix: 16) })")
    }

    @Test("one scalar is whitespace or a line end exactly when trimming whitespacesAndNewlines empties it")
    func eachScalarAgreesWithWhitespacesAndNewlines() {
        let disagreements = Self.scalars.filter { scalar in
            let text = String(Character(scalar))
            return Blank.isWhitespaceOrNewline(text) != text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
        }
        #expect(disagreements.isEmpty, "\(disagreements.map { String($0.value, radix: 16) })")
    }

    @Test("texts: empty, mixed, and blank but for one letter")
    func texts() {
        for text in ["", " \t ", " \u{3000}\u{A0}", "  a  ", "\n", " \n\t", "x"] {
            #expect(Blank.isWhitespace(text) == text.trimmingCharacters(in: .whitespaces).isEmpty, "\(text.debugDescription)")
            #expect(Blank.isWhitespaceOrNewline(text) == text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty,
                    "\(text.debugDescription)")
        }
    }

    @Test("lines are split at each line end, empty lines kept, as Character splitting does")
    func lines() {
        for text in ["", "a", "a\n", "\n\nb", "é\nx\u{301}\n\n", "a\tb\nc"] {
            #expect(Blank.lines(text) == text.split(separator: "\n", omittingEmptySubsequences: false), "\(text.debugDescription)")
        }
    }
}
