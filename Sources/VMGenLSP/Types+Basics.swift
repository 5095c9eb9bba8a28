/// The LSP 3.17 types shared by every feature: positions, ranges, locations, document ids.

/// A place in a document: 0-based line, and character counted in UTF-16 code units (the
/// encoding this server declares).
public struct Position: Codable, Hashable, Sendable, Comparable {
    public var line: Int
    public var character: Int

    public init(line: Int, character: Int) {
        self.line = line
        self.character = character
    }

    public static func < (lhs: Position, rhs: Position) -> Bool {
        (lhs.line, lhs.character) < (rhs.line, rhs.character)
    }
}

public struct Range: Codable, Hashable, Sendable {
    public var start: Position
    public var end: Position

    public init(start: Position, end: Position) {
        self.start = start
        self.end = end
    }

    public func contains(_ position: Position) -> Bool { start <= position && position <= end }
}

public struct Location: Codable, Hashable, Sendable {
    public var uri: String
    public var range: Range
}

public struct TextDocumentIdentifier: Codable, Hashable, Sendable {
    public var uri: String
}

public struct TextDocumentItem: Codable, Sendable {
    public var uri: String
    public var languageId: String?
    public var version: Int?
    public var text: String
}

public struct VersionedTextDocumentIdentifier: Codable, Sendable {
    public var uri: String
    public var version: Int?
}

/// `textDocument/*` requests at a position (completion, hover, definition...).
public struct TextDocumentPositionParams: Codable, Sendable {
    public var textDocument: TextDocumentIdentifier
    public var position: Position
}

public struct TextEdit: Codable, Hashable, Sendable {
    public var range: Range
    public var newText: String
}

public struct WorkspaceEdit: Codable, Sendable {
    public var changes: [String: [TextEdit]]
}

/// `markdown` text for hovers and documentation.
public struct MarkupContent: Codable, Sendable {
    public var kind = "markdown"
    public var value: String
}
