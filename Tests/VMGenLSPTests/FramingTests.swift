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
        guard case .badHeader? = framer.next() else {
            Issue.record("expected a bad header")
            return
        }
        #expect(framer.next() == .body(Data("{}".utf8)))
    }

    @Test("a negative or huge length is a bad header, not a wait forever")
    func absurdLength() {
        var framer = MessageFramer()
        framer.append(Data("Content-Length: -4\r\n\r\n".utf8))
        guard case .badHeader? = framer.next() else {
            Issue.record("expected a bad header")
            return
        }
        framer.append(Data("Content-Length: 999999999999\r\n\r\n".utf8))
        guard case .badHeader? = framer.next() else {
            Issue.record("expected a bad header")
            return
        }
    }

    @Test("a response is framed with the byte length of its body")
    func outgoing() throws {
        let body = try JSONEncoder().encode(OutgoingMessage.result(id: .int(1), Payload("é")))
        let framed = MessageFramer.frame(body)
        #expect(String(decoding: framed, as: UTF8.self).hasPrefix("Content-Length: \(body.count)\r\n\r\n"))
    }
}
