import Foundation
import Testing
@testable import VMGenLSP

@Suite("Messages and their types")
struct MessageTests {
    @Test("a request with a number id, a string id, and a notification")
    func kinds() throws {
        let request = try IncomingMessage.decode(Data(#"{"jsonrpc":"2.0","id":7,"method":"shutdown"}"#.utf8))
        #expect(request.id == .int(7) && request.isRequest)
        let named = try IncomingMessage.decode(Data(#"{"jsonrpc":"2.0","id":"a","method":"x","params":{"k":[1,true,null,"s",1.5]}}"#.utf8))
        #expect(named.id == .string("a"))
        #expect(named.params?["k"] == .array([.int(1), .bool(true), .null, .string("s"), .double(1.5)]))
        let notification = try IncomingMessage.decode(Data(#"{"jsonrpc":"2.0","method":"initialized"}"#.utf8))
        #expect(notification.id == nil && !notification.isRequest)
    }

    @Test("text that is not JSON is a parse error; JSON that is not a message an invalid request")
    func invalid() {
        #expect(throws: MessageError.self) { try IncomingMessage.decode(Data("{bad".utf8)) }
        do {
            _ = try IncomingMessage.decode(Data("{bad".utf8))
        } catch {
            #expect(error.code == .parseError)
        }
        do {
            _ = try IncomingMessage.decode(Data("[1,2]".utf8))
        } catch {
            #expect(error.code == .invalidRequest)
        }
        do {
            _ = try IncomingMessage.decode(Data(#"{"id":1,"method":3}"#.utf8))
        } catch {
            #expect(error.code == .invalidRequest && error.id == .int(1))
        }
    }

    @Test("params of the wrong shape are invalid params, naming what is missing")
    func badParams() throws {
        let message = try IncomingMessage.decode(Data(#"{"jsonrpc":"2.0","id":1,"method":"textDocument/hover","params":{"textDocument":{}}}"#.utf8))
        do {
            _ = try message.params(as: TextDocumentPositionParams.self)
            Issue.record("expected invalid params")
        } catch {
            #expect(error.code == .invalidParams)
            #expect(error.message.contains("textDocument.uri"))
        }
    }

    @Test("an error response to an unreadable message carries a null id")
    func nullID() throws {
        let body = try JSONEncoder().encode(OutgoingMessage.error(id: nil, code: .parseError, message: "no"))
        let value = try JSONDecoder().decode(JSONValue.self, from: body)
        #expect(value["id"] == .null)
        #expect(value["error"]?["code"] == .int(-32700))
        #expect(value["jsonrpc"] == .string("2.0"))
    }

    @Test("capabilities declare UTF-16 positions and full sync")
    func capabilities() {
        let value = JSONValue(encoding: ServerCapabilities())
        #expect(value["positionEncoding"] == .string("utf-16"))
        #expect(value["textDocumentSync"] == .int(1))
        #expect(value["renameProvider"]?["prepareProvider"] == .bool(true))
    }
}
