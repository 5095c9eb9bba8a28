import Foundation
import Testing
@testable import VMGenLSP

@Suite("JSON-RPC framing over a byte stream")
struct FramingTests {
    static func framed(_ text: String) -> Data { MessageFramer.frame(Data(text.utf8)) }

    @Test("a message split across reads comes out whole once its last byte arrives")
    func splitMessage() {
        let bytes = Self.framed(#"{"jsonrpc":"2.0","method":"initialized"}"#)
        var framer = MessageFramer()
        framer.append(bytes.prefix(10))
        #expect(framer.next() == nil)
        framer.append(bytes.dropFirst(10).dropLast(1))
        #expect(framer.next() == nil)
        framer.append(bytes.suffix(1))
        #expect(framer.next() == .body(Data(#"{"jsonrpc":"2.0","method":"initialized"}"#.utf8)))
        #expect(framer.next() == nil)
    }

    @Test("two messages in one read come out in order, with other headers ignored")
    func twoMessages() {
        var bytes = Data("Content-Type: application/vscode-jsonrpc; charset=utf-8\r\ncontent-length: 2\r\n\r\n{}".utf8)
        bytes.append(Self.framed("[1]"))
        var framer = MessageFramer()
        framer.append(bytes)
        #expect(framer.next() == .body(Data("{}".utf8)))
        #expect(framer.next() == .body(Data("[1]".utf8)))
    }

    @Test("line breaks between messages are let go without an error")
    func lineBreaksBetween() {
        var framer = MessageFramer()
        framer.append(Self.framed("{}") + Data("\r\n".utf8) + Self.framed("[1]"))
        #expect(framer.next() == .body(Data("{}".utf8)))
        #expect(framer.next() == .body(Data("[1]".utf8)))
    }

    @Test("the length counts bytes, not characters")
    func lengthInBytes() {
        let text = #"{"text":"€😀"}"#
        var framer = MessageFramer()
        framer.append(Self.framed(text))
        #expect(framer.next() == .body(Data(text.utf8)))
    }

    @Test("a header block without Content-Length is reported and skipped; the next message is read")
    func badHeader() {
        var framer = MessageFramer()
        framer.append(Data("X-Nothing: 1\r\n\r\n".utf8) + Self.framed("{}"))
        guard case .unreadable? = framer.next() else {
            Issue.record("expected a bad header")
            return
        }
        #expect(framer.next() == .body(Data("{}".utf8)))
    }

    @Test("a negative or huge length is a bad header, not a wait forever")
    func absurdLength() {
        var framer = MessageFramer()
        framer.append(Data("Content-Length: -4\r\n\r\n".utf8))
        guard case .unreadable? = framer.next() else {
            Issue.record("expected a bad header")
            return
        }
        framer.append(Data("Content-Length: 999999999999\r\n\r\n".utf8))
        guard case .unreadable? = framer.next() else {
            Issue.record("expected a bad header")
            return
        }
    }

    /// A message framed wrongly in each of the ways clients (or their bugs) do.
    static let badFramings: [String: @Sendable (Data) -> Data] = [
        "length 3 too short": { Data("Content-Length: \($0.count - 3)\r\n\r\n".utf8) + $0 },
        "length 3 too long": { Data("Content-Length: \($0.count + 3)\r\n\r\n".utf8) + $0 },
        "no Content-Length": { Data("X-Foo: 1\r\n\r\n".utf8) + $0 },
        "\\n\\n after the headers": { Data("Content-Length: \($0.count)\n\n".utf8) + $0 },
        "huge length": { Data("Content-Length: 100000000\r\n\r\n".utf8) + $0 },
        "large length": { Data("Content-Length: 50000000\r\n\r\n".utf8) + $0 },
    ]

    @Test("after a badly framed message the next Content-Length line is found and reading goes on",
          arguments: badFramings.keys.sorted())
    func resynchronises(framing: String) {
        let probe = { (id: Int) in #"{"jsonrpc":"2.0","id":\#(id),"method":"vmgen/probe"}"# }
        var framer = MessageFramer()
        framer.append(Self.badFramings[framing]!(Data(probe(0).utf8)))
        var bodies: [String] = []
        for id in 1...3 {
            framer.append(Self.framed(probe(id)))
            while let frame = framer.next() {
                if case .body(let body) = frame { bodies.append(String(decoding: body, as: UTF8.self)) }
            }
        }
        // At most the message after the bad one is lost with it.
        #expect(bodies.suffix(2) == [probe(2), probe(3)])
    }

    @Test("a Content-Length inside a JSON string does not cut the body")
    func lengthInAString() {
        let text = #"{"text":"Content-Length: 5\r\n\r\nContent-Length: 5"}"#
        var framer = MessageFramer()
        framer.append(Self.framed(text) + Self.framed("{}"))
        #expect(framer.next() == .body(Data(text.utf8)))
        #expect(framer.next() == .body(Data("{}".utf8)))
    }

    @Test("a response is framed with the byte length of its body")
    func outgoing() throws {
        let body = try JSONEncoder().encode(OutgoingMessage.result(id: .int(1), Payload("é")))
        let framed = MessageFramer.frame(body)
        #expect(String(decoding: framed, as: UTF8.self).hasPrefix("Content-Length: \(body.count)\r\n\r\n"))
    }
}
