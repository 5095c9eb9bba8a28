/// Completion, hover, references, symbols, rename, code actions and commands.

public struct CompletionItem: Codable, Hashable, Sendable {
    /// LSP's `CompletionItemKind`: the ones this server uses.
    public enum Kind: Int, Codable, Sendable {
        case function = 3, field = 5, variable = 6, property = 10, value = 12, keyword = 14, constant = 21, event = 23
    }

    public var label: String
    public var kind: Kind
    public var detail: String?
    public var documentation: String?
}

public struct CompletionList: Codable, Sendable {
    public var isIncomplete = false
    public var items: [CompletionItem]
}

public struct Hover: Codable, Sendable {
    public var contents: MarkupContent
    public var range: Range?
}

/// LSP's `ReferenceContext`: whether the declaration is one of the references asked for.
public struct ReferenceContext: Codable, Sendable {
    public var includeDeclaration: Bool
}

public struct ReferenceParams: Codable, Sendable {
    public var textDocument: TextDocumentIdentifier
    public var position: Position
    public var context: ReferenceContext?
}

public struct DocumentSymbolParams: Codable, Sendable {
    public var textDocument: TextDocumentIdentifier
}

public struct DocumentSymbol: Codable, Sendable {
    /// LSP's `SymbolKind`: the ones this server uses.
    public enum Kind: Int, Codable, Sendable {
        case `class` = 5, method = 6, property = 7, field = 8, function = 12, variable = 13, constant = 14, event = 24, namespace = 3
        case enumMember = 22
    }

    public var name: String
    public var detail: String?
    public var kind: Kind
    public var range: Range
    public var selectionRange: Range
    public var children: [DocumentSymbol]?
}

public struct RenameParams: Codable, Sendable {
    public var textDocument: TextDocumentIdentifier
    public var position: Position
    public var newName: String
}

public struct PrepareRenameResult: Codable, Sendable {
    public var range: Range
    public var placeholder: String
}

public struct CodeActionParams: Codable, Sendable {
    public struct Context: Codable, Sendable {
        /// vmgen's diagnostics among the client's: another server's (or any this server would
        /// not send: without `source` or `severity`, with `data` of another shape) are left out.
        public var diagnostics: [LSPDiagnostic]

        private enum CodingKeys: String, CodingKey { case diagnostics }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            diagnostics = try container.decode([Lenient<LSPDiagnostic>].self, forKey: .diagnostics)
                .compactMap(\.value).filter { $0.source == "vmgen" }
        }
    }

    public var textDocument: TextDocumentIdentifier
    public var range: Range
    public var context: Context
}

public struct CodeAction: Codable, Sendable {
    public var title: String
    public var kind = "quickfix"
    public var diagnostics: [LSPDiagnostic]?
    public var isPreferred: Bool?
    public var edit: WorkspaceEdit
}

public struct ExecuteCommandParams: Codable, Sendable {
    public var command: String
    public var arguments: [JSONValue]?
}

/// `window/showMessage`: 1 error, 2 warning, 3 info.
public struct ShowMessageParams: Codable, Sendable {
    public var type: Int
    public var message: String
}
