import Foundation
import Testing
@testable import VMGenLSP

@Suite("The server's lifecycle and its answers to a client's mistakes")
struct ServerLifecycleTests {
    @Test("a request before initialize is rejected with -32002; a notification is dropped")
    func beforeInitialize() throws {
        var sent: [JSONValue] = []
        let server = Server(generator: try .init()) { sent.append(JSONValue(encoding: $0)) }
        server.handle(body: Data(#"{"jsonrpc":"2.0","id":1,"method":"textDocument/hover","params":{}}"#.utf8))
        server.handle(body: Data(#"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{}}"#.utf8))
        #expect(sent.count == 1)
        #expect(sent.first?["error"]?["code"] == .int(-32002))
    }

    @Test("malformed JSON gets -32700 with a null id, and the server goes on")
    func malformed() throws {
        let session = try Session()
        session.sent.removeAll()
        session.server.handle(body: Data("{\"id\": 1, oops".utf8))
        #expect(session.sent.first?["error"]?["code"] == .int(-32700))
        #expect(session.sent.first?["id"] == .null)
        #expect(session.request("shutdown", [:])["result"] == .null)
    }

    @Test("a request with a null id is answered with a null id; an id alone is an invalid request, a response is ignored")
    func nullAndLoneIDs() throws {
        let session = try Session()
        session.sent.removeAll()
        session.server.handle(body: Data(#"{"jsonrpc":"2.0","id":null,"method":"vmgen/x","params":{}}"#.utf8))
        #expect(session.sent == [.object(["jsonrpc": "2.0", "id": .null, "error": .object(["code": .int(-32601), "message": "vmgen lsp does not handle `vmgen/x`"])])])
        session.sent.removeAll()
        session.server.handle(body: Data(#"{"jsonrpc":"2.0","id":80}"#.utf8))
        #expect(session.sent.first?["error"]?["code"] == .int(-32600))
        #expect(session.sent.first?["id"] == .int(80))
        session.sent.removeAll()
        session.server.handle(body: Data(#"{"jsonrpc":"2.0","id":81,"result":null}"#.utf8))
        #expect(session.sent.isEmpty)
    }

    @Test("an unknown request gets -32601, an unknown notification nothing")
    func unknown() throws {
        let session = try Session()
        #expect(session.request("vmgen/nothing", [:])["error"]?["code"] == .int(-32601))
        session.sent.removeAll()
        session.notify("vmgen/nothing", [:])
        #expect(session.sent.isEmpty)
    }

    @Test("params of the wrong shape get -32602")
    func badParams() throws {
        let session = try Session()
        let response = session.request("textDocument/completion", ["textDocument": .int(3)])
        #expect(response["error"]?["code"] == .int(-32602))
    }

    @Test("after shutdown only exit is accepted, and exit then ends with 0")
    func shutdown() throws {
        let session = try Session()
        session.request("shutdown", [:])
        #expect(session.request("textDocument/hover", session.at("a.vm.yaml", 0, 0))["error"]?["code"] == .int(-32600))
        session.notify("exit", [:])
        guard case .exited(let code) = session.server.phase else {
            Issue.record("not exited")
            return
        }
        #expect(code == 0)
    }

    @Test("a request about a position far outside the text answers empty, not an error")
    func outOfRange() throws {
        let session = try Session()
        session.open("A.vm.yaml", "viewModel: AViewModel\n")
        let hover = session.request("textDocument/hover", session.at("A.vm.yaml", 9999, 9999))
        #expect(hover["error"] == nil)
        let completion = session.request("textDocument/completion", session.at("A.vm.yaml", -5, 70000))
        #expect(completion["error"] == nil)
        let unopened = session.request("textDocument/definition", session.at("Missing.vm.yaml", 0, 0))
        #expect(unopened["result"] == .array([]))
    }
}

@Suite("Documents that are not specs")
struct NotSpecsTests {
    @Test("a YAML file that is not a spec gets no diagnostics and empty answers")
    func otherYAML() throws {
        let session = try Session()
        session.open("config.yaml", "key: [unclosed\n")
        #expect(session.diagnostics("config.yaml").isEmpty)
        #expect(!session.sent.contains { $0["method"] == "textDocument/publishDiagnostics" })
        #expect(session.completionLabels("config.yaml", 0, 0).isEmpty)
        #expect(session.request("textDocument/hover", session.at("config.yaml", 0, 1))["result"] == .null)
    }

    @Test("JSON nested thousands deep is rejected, not a stack overflow")
    func deepJSON() throws {
        let session = try Session()
        session.sent.removeAll()
        let depth = 100_000
        session.server.handle(body: Data((String(repeating: "[", count: depth) + String(repeating: "]", count: depth)).utf8))
        #expect(session.sent.first?["error"]?["code"] != nil)
        #expect(session.request("shutdown", [:])["result"] == .null)
    }
}

@Suite("Cancellation")
struct CancellationTests {
    static func body(_ message: JSONValue) -> Data { try! JSONEncoder().encode(message) }

    @Test("a request the client cancels before it is handled is answered RequestCancelled and not worked on; one not cancelled is answered")
    func cancelledBeforeHandled() throws {
        let session = try Session()
        session.open("A.vm.yaml", "viewModel: AViewModel\nstate:\n  a: { type: Int, initial: \"0\", input: true }\n")
        let queue = MessageQueue()
        session.server.isCancelled = queue.takeCancelled
        func hover(_ id: JSONValue) -> JSONValue {
            .object(["jsonrpc": "2.0", "id": id, "method": "textDocument/hover", "params": .object(session.at("A.vm.yaml", 2, 2))])
        }
        // As the reader thread queues them: two hovers, then the cancellation of the first.
        queue.push(.body(Self.body(hover(.int(7)))))
        queue.push(.body(Self.body(hover(.string("eight")))))
        queue.push(.body(Self.body(.object(["jsonrpc": "2.0", "method": "$/cancelRequest", "params": .object(["id": .int(7)])]))))
        session.sent.removeAll()
        for _ in 0..<3 {
            guard case .body(let body)? = queue.pop(until: Date()) else { Issue.record("a body was not queued"); return }
            session.server.handle(body: body)
        }
        #expect(session.sent.count == 2)
        #expect(session.sent.first { $0["id"] == .int(7) }?["error"]?["code"] == .int(-32800))
        #expect(session.sent.first { $0["id"] == .string("eight") }?["result"]?["contents"] != nil)
        // Taken once: a later request that reuses the id is answered.
        #expect(!queue.takeCancelled(.int(7)))
    }
}

@Suite("The folder beside a spec")
struct FolderTests {
    @Test("a document opened under a URI that encodes more than Foundation would (`%28` for `(`) is checked as its open text, and answered under that URI")
    func percentEncodedURI() throws {
        let session = try Session()
        let folder = session.folder.appendingPathComponent("My App (2)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // Saved: clean. Open in the editor: an error not saved yet.
        try Data("viewModel: AViewModel\nstate:\n  a: { type: Int, initial: \"0\", input: true }\n".utf8)
            .write(to: folder.appendingPathComponent("A.vm.yaml"))
        let root = session.folder.absoluteString.hasSuffix("/") ? session.folder.absoluteString : session.folder.absoluteString + "/"
        let encoded = root + "My%20App%20%282%29/A.vm.yaml"
        #expect(encoded != DocumentURI.uri(of: folder.appendingPathComponent("A.vm.yaml").path), "the test needs a spelling Foundation does not make")
        session.notify("textDocument/didOpen", ["textDocument": .object([
            "uri": .string(encoded), "languageId": "yaml", "version": .int(1),
            "text": "viewModel: AViewModel\nstate:\n  a: { type: Int, initial: \"0\", input: true }\nderived:\n  b: { type: Int, value: c + 1 }\n"])])
        session.sent.removeAll()
        session.server.publishPending()
        let published = session.sent.filter { $0["method"] == "textDocument/publishDiagnostics" }
        #expect(published.map { $0["params"]?["uri"] } == [.string(encoded)])
        #expect(published.first?["params"]?["diagnostics"]?.description.contains("reads `c`") == true)
        let definition = session.request("textDocument/definition", [
            "textDocument": .object(["uri": .string(encoded)]), "position": .object(["line": .int(2), "character": .int(2)])])
        guard case .array(let locations)? = definition["result"] else { Issue.record("no locations: \(definition)"); return }
        #expect(locations.map { $0["uri"] } == [.string(encoded)])
    }

    @Test("a FIFO named like a spec beside the edited one is refused, not waited on")
    func fifo() throws {
        let session = try Session()
        let fifo = session.folder.appendingPathComponent("Pipe.vm.yaml").path
        #expect(mkfifo(fifo, 0o600) == 0)
        session.open("A.vm.yaml", "viewModel: AViewModel\n")
        // Checking A reads the folder's specs: the FIFO is skipped, and A's diagnostics come.
        #expect(session.diagnostics("A.vm.yaml").isEmpty)
        #expect(session.sent.contains { $0["method"] == "textDocument/publishDiagnostics" })
    }
}
