import Foundation
import VMGenCore
@testable import VMGenLSP

/// A server driven in process: messages in, what it sent collected.
final class Session {
    var sent: [JSONValue] = []
    var server: Server!
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("vmgen-lsp-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        server = Server(generator: try Generator()) { [unowned self] message in
            sent.append(JSONValue(encoding: message))
        }
        request("initialize", ["capabilities": .object([:]), "rootUri": .string(folder.absoluteString)])
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    func uri(_ name: String) -> String { DocumentURI.uri(of: folder.appendingPathComponent(name).path) }

    /// Sends a request and returns its response (result or error).
    @discardableResult
    func request(_ method: String, _ params: [String: JSONValue], id: Int = 1) -> JSONValue {
        sent.removeAll()
        let body = try! JSONEncoder().encode(JSONValue.object(["jsonrpc": "2.0", "id": .int(id), "method": .string(method), "params": .object(params)]))
        server.handle(body: body)
        return sent.first { $0["id"] == .int(id) } ?? .null
    }

    func notify(_ method: String, _ params: [String: JSONValue]) {
        let body = try! JSONEncoder().encode(JSONValue.object(["jsonrpc": "2.0", "method": .string(method), "params": .object(params)]))
        server.handle(body: body)
    }

    func open(_ name: String, _ text: String, version: Int = 1) {
        notify("textDocument/didOpen", ["textDocument": .object([
            "uri": .string(uri(name)), "languageId": "yaml", "version": .int(version), "text": .string(text)])])
    }

    func change(_ name: String, _ text: String, version: Int) {
        notify("textDocument/didChange", ["textDocument": .object(["uri": .string(uri(name)), "version": .int(version)]),
                                          "contentChanges": .array([.object(["text": .string(text)])])])
    }

    /// Publishes what is pending and returns the diagnostics sent for `name`.
    func diagnostics(_ name: String) -> [JSONValue] {
        sent.removeAll()
        server.publishPending()
        let published = sent.last { $0["method"] == "textDocument/publishDiagnostics" && $0["params"]?["uri"] == .string(uri(name)) }
        if case .array(let items)? = published?["params"]?["diagnostics"] { return items }
        return []
    }

    func at(_ name: String, _ line: Int, _ character: Int) -> [String: JSONValue] {
        ["textDocument": .object(["uri": .string(uri(name))]), "position": .object(["line": .int(line), "character": .int(character)])]
    }

    /// The labels of a completion's items.
    func completionLabels(_ name: String, _ line: Int, _ character: Int) -> [String] {
        guard case .array(let items)? = request("textDocument/completion", at(name, line, character))["result"]?["items"] else { return [] }
        return items.compactMap { if case .string(let label)? = $0["label"] { label } else { nil } }
    }

    func write(_ name: String, _ text: String) throws {
        try Data(text.utf8).write(to: folder.appendingPathComponent(name))
    }
}

extension JSONValue: ExpressibleByStringLiteral {
    public init(stringLiteral value: String) { self = .string(value) }
}
