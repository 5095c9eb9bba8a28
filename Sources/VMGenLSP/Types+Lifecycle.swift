/// `initialize`, document synchronisation and diagnostics.

/// What the server reads of `initialize`: the workspace's root. The client's capabilities and
/// process are not read (the server asks for nothing they decide), so a client that sends them
/// in any shape is answered.
public struct InitializeParams: Codable, Sendable {
    public var rootUri: String?
}

public struct InitializeResult: Codable, Sendable {
    public struct ServerInfo: Codable, Sendable {
        public var name: String
        public var version: String
    }

    public var capabilities: ServerCapabilities
    public var serverInfo: ServerInfo
}

/// What this server does; absent members are features it does not have.
public struct ServerCapabilities: Codable, Sendable {
    public struct CompletionOptions: Codable, Sendable {
        public var triggerCharacters: [String]
    }

    public struct RenameOptions: Codable, Sendable {
        public var prepareProvider: Bool
    }

    public struct ExecuteCommandOptions: Codable, Sendable {
        public var commands: [String]
    }

    public struct CodeActionOptions: Codable, Sendable {
        public var codeActionKinds: [String]
    }

    /// Positions count UTF-16 code units.
    public var positionEncoding = "utf-16"
    /// 1: the whole text on every change.
    public var textDocumentSync = 1
    public var completionProvider = CompletionOptions(triggerCharacters: [".", " ", "(", "!"])
    public var hoverProvider = true
    public var definitionProvider = true
    public var referencesProvider = true
    public var documentSymbolProvider = true
    public var renameProvider = RenameOptions(prepareProvider: true)
    public var codeActionProvider = CodeActionOptions(codeActionKinds: ["quickfix"])
    public var executeCommandProvider = ExecuteCommandOptions(commands: [ShowGeneratedSwift.command])
}

public struct DidOpenTextDocumentParams: Codable, Sendable {
    public var textDocument: TextDocumentItem
}

public struct DidChangeTextDocumentParams: Codable, Sendable {
    /// Full sync: each change is the whole text (a change with a `range` is applied to the text).
    public struct Change: Codable, Sendable {
        public var range: Range?
        public var text: String
    }

    public var textDocument: VersionedTextDocumentIdentifier
    public var contentChanges: [Change]
}

public struct DidCloseTextDocumentParams: Codable, Sendable {
    public var textDocument: TextDocumentIdentifier
}

public struct LSPDiagnostic: Codable, Hashable, Sendable {
    public struct RelatedInformation: Codable, Hashable, Sendable {
        public var location: Location
        public var message: String
    }

    public var range: Range
    /// 1 error, 2 warning.
    public var severity: Int
    public var source = "vmgen"
    public var message: String
    public var relatedInformation: [RelatedInformation]?
    /// The fixes the checker carries with it, for code actions.
    public var data: [DiagnosticFix]?
}

/// A replacement the linter advises (`did you mean`, `quote it`): the text at `range`,
/// `oldText` when the diagnostic was published, becomes `newText`.
public struct DiagnosticFix: Codable, Hashable, Sendable {
    public var title: String
    public var range: Range
    public var oldText: String
    public var newText: String
}

public struct PublishDiagnosticsParams: Codable, Sendable {
    public var uri: String
    public var version: Int?
    public var diagnostics: [LSPDiagnostic]
}

/// `$/cancelRequest`'s params: the id of the request the client no longer needs answered.
public struct CancelParams: Codable, Sendable {
    public var id: RequestID
}
