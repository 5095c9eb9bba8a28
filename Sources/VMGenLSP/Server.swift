import Foundation
import VMGenCore

/// The language server's state and its answer to each message, in the order they come. It never
/// stops on a client's mistake: a message it cannot read gets an error response (when it is a
/// request) and the next one is read. `ServerLoop` feeds it from stdin.
public final class Server {
    /// Where the lifecycle stands (`initialize`, then `shutdown`, then `exit`).
    public enum Phase: Sendable {
        case waiting, running, shutDown, exited(code: Int32)
    }

    public private(set) var phase = Phase.waiting
    public let workspace: Workspace
    /// Sends a message to the client.
    let send: (OutgoingMessage) -> Void
    /// The URIs whose diagnostics wait to be published, with when they were first asked for.
    public private(set) var pendingDiagnostics: [String: Date] = [:]
    /// The names of the last document asked about, while no document changes.
    var nameCache: (path: String, generation: Int, table: NameTable)?
    /// The names of the last document asked about while its text was not checked yet (see
    /// `namesWithoutChecking`), while no document changes.
    var uncheckedNameCache: (path: String, generation: Int, table: NameTable)?
    /// The names of the last good model of the last document asked about, while it stays its last.
    var lastGoodNameCache: (path: String, generation: Int, table: NameTable)?
    /// The sites of the names of the last document asked about, while no document changes.
    var sitesCache: (path: String, generation: Int, sites: NameSites)?
    /// The project's folder (`rootUri`), where a rename looks for Swift code that uses generated names.
    var root: String?
    /// The last diagnostics published per URI, for code actions and to skip repeats.
    private(set) var published: [String: [LSPDiagnostic]] = [:]
    /// Whether the client cancelled the request of an id (`$/cancelRequest`) before it was
    /// handled: answered then with `RequestCancelled`, not worked on (`ServerLoop` reads the
    /// cancellations ahead of the requests they cancel).
    public var isCancelled: (RequestID) -> Bool = { _ in false }

    public init(generator: Generator, send: @escaping (OutgoingMessage) -> Void) {
        workspace = Workspace(generator: generator)
        self.send = send
    }

    /// Handles one framed body.
    public func handle(body: Data) {
        let message: IncomingMessage
        do {
            message = try IncomingMessage.decode(body)
        } catch {
            send(.error(id: error.id, code: error.code, message: error.message))
            return
        }
        handle(message)
    }

    public func handle(_ message: IncomingMessage) {
        guard let method = message.method else { return }  // A response to us: nothing asked.
        if message.isRequest, let id = message.id, id != .null, isCancelled(id) {
            send(.error(id: id, code: .requestCancelled, message: "the client cancelled `\(method)` before it was handled"))
            return
        }
        do {
            let result = try dispatch(method, message)
            if let id = message.id { send(.result(id: id, result)) }
        } catch let error as MessageError {
            if message.isRequest { send(.error(id: message.id, code: error.code, message: error.message)) }
        } catch {
            if message.isRequest { send(.error(id: message.id, code: .internalError, message: "\(error)")) }
        }
    }

    private func dispatch(_ method: String, _ message: IncomingMessage) throws -> Payload {
        switch (phase, method) {
        case (_, "exit"):
            if case .shutDown = phase { phase = .exited(code: 0) } else { phase = .exited(code: 1) }
            return .null
        case (.waiting, "initialize"):
            let params = try message.params(as: InitializeParams.self)
            root = params.rootUri.map(DocumentURI.path(of:)).flatMap { $0.hasPrefix("/") ? $0 : nil }
            phase = .running
            return Payload(InitializeResult(
                capabilities: ServerCapabilities(), serverInfo: .init(name: "vmgen", version: VMGen.version)))
        case (.waiting, _):
            throw MessageError(.serverNotInitialized, "the server is not initialized: send `initialize` first")
        case (_, "initialize"):
            throw MessageError(.invalidRequest, "the server is already initialized")
        case (.shutDown, _):
            throw MessageError(.invalidRequest, "the server is shut down: only `exit` is accepted")
        case (_, "shutdown"):
            phase = .shutDown
            return .null
        case (_, "initialized"), (_, "$/cancelRequest"), (_, "$/setTrace"), (_, "workspace/didChangeConfiguration"):
            return .null
        default:
            return try feature(method, message)
        }
    }

    private func feature(_ method: String, _ message: IncomingMessage) throws -> Payload {
        switch method {
        case "textDocument/didOpen":
            let params = try message.params(as: DidOpenTextDocumentParams.self)
            workspace.open(params.textDocument)
            scheduleDiagnostics(params.textDocument.uri)
            return .null
        case "textDocument/didChange":
            let params = try message.params(as: DidChangeTextDocumentParams.self)
            workspace.change(params)
            scheduleDiagnostics(params.textDocument.uri)
            return .null
        case "textDocument/didClose":
            let params = try message.params(as: DidCloseTextDocumentParams.self)
            let path = DocumentURI.path(of: params.textDocument.uri)
            // The specs checked with the closed text are checked with the file on disk again.
            let dependents = workspace.dependents(of: path)
            workspace.close(params.textDocument.uri)
            pendingDiagnostics[params.textDocument.uri] = nil
            publish(uri: params.textDocument.uri, diagnostics: [], version: nil)
            for dependent in Set(dependents + workspace.dependents(of: path)).sorted() where dependent != path {
                publishDiagnostics(ofPath: dependent)
            }
            return .null
        case "textDocument/didSave", "workspace/didChangeWatchedFiles":
            // A spec saved or changed on disk can change the checks of the open specs beside it.
            workspace.invalidate()
            for uri in workspace.documents.keys { scheduleDiagnostics(uri) }
            return .null
        case "textDocument/completion": return try message.answer(completion)
        case "textDocument/hover": return try message.answer(hover)
        case "textDocument/definition": return try message.answer(definition)
        case "textDocument/references": return try message.answer(references)
        case "textDocument/documentSymbol": return try message.answer(documentSymbols)
        case "textDocument/prepareRename": return try message.answer(prepareRename)
        case "textDocument/rename": return try message.answer(rename)
        case "textDocument/codeAction": return try message.answer(codeActions)
        case "workspace/executeCommand":
            let params = try message.params(as: ExecuteCommandParams.self)
            return try executeCommand(params)
        default:
            throw MessageError(.methodNotFound, "vmgen lsp does not handle `\(method)`")
        }
    }

    // MARK: Diagnostics

    /// Asks for `uri`'s diagnostics; `publishDue` sends them once edits pause.
    func scheduleDiagnostics(_ uri: String) {
        // Other YAML files the editor opens with the same language are not specs: left alone.
        guard DocumentURI.isSpec(DocumentURI.path(of: uri)) else { return }
        if pendingDiagnostics[uri] == nil { pendingDiagnostics[uri] = Date() }
    }

    /// Publishes every pending document's diagnostics, and those of the specs that depend on it.
    public func publishPending() {
        let uris = pendingDiagnostics.keys.sorted()
        pendingDiagnostics.removeAll()
        var done = Set<String>()
        for uri in uris {
            let path = DocumentURI.path(of: uri)
            for target in [path] + workspace.dependents(of: path) where !done.contains(target) {
                done.insert(target)
                publishDiagnostics(ofPath: target)
            }
        }
    }

    func publishDiagnostics(ofPath path: String) {
        guard let document = workspace.document(forPath: path) else { return }
        guard let analysis = workspace.analysis(ofPath: path) else { return }
        let diagnostics = DiagnosticConversion(workspace: workspace).convert(analysis.diagnostics, of: document, path: path)
        publish(uri: document.uri, diagnostics: diagnostics, version: document.version)
    }

    private func publish(uri: String, diagnostics: [LSPDiagnostic], version: Int?) {
        published[uri] = diagnostics
        send(.notification(method: "textDocument/publishDiagnostics", params: Payload(
            PublishDiagnosticsParams(uri: uri, version: version, diagnostics: diagnostics))))
    }

    // MARK: Helpers for features

    /// The open document of `uri`; a request about a document never opened is answered empty.
    func document(_ uri: String) -> TextDocument? {
        let path = DocumentURI.path(of: uri)
        guard DocumentURI.isSpec(path) else { return nil }
        return workspace.documents[uri] ?? workspace.document(forPath: path)
    }
}
