import Testing
import VMGenCore
@testable import VMGenLSP

@Suite("One position model: the checker's UTF-8 columns and LSP's UTF-16 characters")
struct PositionTests {
    // "€" is 3 UTF-8 bytes and 1 UTF-16 unit; "😀" is 4 bytes and 2 units.
    let document = TextDocument(uri: "file:///a.vm.yaml", version: 1, text: "a: 1\ndoc: \"€😀 x\"\r\nlast")

    @Test("lines split on \\n, \\r\\n and \\r")
    func lines() {
        #expect(document.lines == ["a: 1", "doc: \"€😀 x\"", "last"])
        #expect(TextDocument(uri: "u", version: nil, text: "a\rb\n").lines == ["a", "b", ""])
    }

    @Test("a UTF-8 column after non-ASCII text converts to its UTF-16 character and back")
    func roundTrip() {
        // `x` is after `doc: "` (6 bytes), € (3), 😀 (4), space (1): byte column 15.
        let location = SourceLocation(file: "a", line: 2, column: 15)
        let position = document.position(of: location)
        #expect(position == Position(line: 1, character: 6 + 1 + 2 + 1))
        #expect(document.location(of: position, file: "a") == location)
    }

    @Test("positions past the end clamp into the text")
    func clamping() {
        #expect(document.clamp(Position(line: 99, character: 3)) == Position(line: 2, character: 4))
        #expect(document.clamp(Position(line: 0, character: 99)) == Position(line: 0, character: 4))
        #expect(document.clamp(Position(line: -1, character: -1)) == Position(line: 0, character: 0))
        // Inside the surrogate pair of 😀 (characters 7 and 8): back to its start.
        #expect(document.clamp(Position(line: 1, character: 8)) == Position(line: 1, character: 7))
        #expect(document.location(of: Position(line: 7, character: 0), file: "a").line == 3)
    }

    @Test("a column inside a multi-byte scalar or past the line moves to a real place")
    func oddColumns() {
        #expect(document.position(of: SourceLocation(file: "a", line: 2, column: 8)) == Position(line: 1, character: 6))
        #expect(document.position(of: SourceLocation(file: "a", line: 1, column: 40)) == Position(line: 0, character: 4))
        #expect(document.position(of: SourceLocation(file: "a", line: 0, column: 0)) == Position(line: 0, character: 0))
    }

    @Test("the word at a position, and the range a diagnostic shows")
    func words() {
        let text = TextDocument(uri: "u", version: nil, text: "  value: count + 1")
        #expect(text.word(at: Position(line: 0, character: 12))?.text == "count")
        #expect(text.word(at: Position(line: 0, character: 14))?.text == "count")
        #expect(text.word(at: Position(line: 0, character: 15)) == nil)
        #expect(text.wordRange(at: Position(line: 0, character: 9)) == Range(start: Position(line: 0, character: 9), end: Position(line: 0, character: 14)))
        #expect(text.wordRange(at: Position(line: 0, character: 15)).end.character == 16)
    }

    @Test("an incremental change applies at its UTF-16 range")
    func incremental() {
        var text = TextDocument(uri: "u", version: 1, text: "é😀ab\ncd")
        text.apply("X", in: Range(start: Position(line: 0, character: 1), end: Position(line: 0, character: 3)))
        #expect(text.text == "éXab\ncd")
    }
}
