/// One problem found in a spec, printed in the compiler's format so that editors and
/// `swift build` show it on the spec's line.
public struct Diagnostic: Hashable, Sendable, CustomStringConvertible {
    public enum Severity: String, Sendable {
        case error
        case warning
    }

    /// A secondary location that explains the main message (`path:line:col: note: ...`).
    public struct Note: Hashable, Sendable {
        public var message: String
        public var location: SourceLocation

        public init(_ message: String, at location: SourceLocation) {
            self.message = Escaping.controlCharacters(in: message)
            self.location = location
        }
    }

    /// A replacement the message advises (a did-you-mean, "quote it"), as data for editors'
    /// quick fixes: the text `original`, written at `location`, becomes `newText`.
    public struct Fix: Hashable, Sendable {
        /// What the fix does, for a menu: "Change `emial` to `email`".
        public var title: String
        public var location: SourceLocation
        /// The spec's text it replaces (an editor checks it is still there).
        public var original: String
        public var newText: String

        public init(_ title: String, at location: SourceLocation, replacing original: String, with newText: String) {
            self.title = title
            self.location = location
            self.original = original
            self.newText = newText
        }
    }

    public var severity: Severity
    /// Messages quote spec text; newlines and other control characters in it are shown escaped
    /// (as in a note's message), so each diagnostic stays one line, as editors and build logs expect.
    public var message: String
    public var location: SourceLocation
    public var notes: [Note]
    /// The fixes the message advises, for editors (empty for most).
    public var fixes: [Fix]

    public init(_ severity: Severity, _ message: String, at location: SourceLocation, notes: [Note] = [], fixes: [Fix] = []) {
        self.severity = severity
        self.message = Escaping.controlCharacters(in: message)
        self.location = location
        self.notes = notes
        self.fixes = fixes
    }

    /// `path:line:col: error: message`, then one line per note.
    public var description: String {
        var lines = ["\(location): \(severity.rawValue): \(message)"]
        for note in notes {
            lines.append("\(note.location): note: \(note.message)")
        }
        return lines.joined(separator: "\n")
    }
}

/// Collects the problems of one run, so that every error of a file is reported at once
/// instead of stopping at the first.
public struct Diagnostics: Sendable {
    public private(set) var all: [Diagnostic] = []

    public init() {}

    public var hasErrors: Bool { all.contains { $0.severity == .error } }
    /// How many errors were reported so far.
    public var errorCount: Int { all.count { $0.severity == .error } }

    public mutating func error(_ message: String, at location: SourceLocation, notes: [Diagnostic.Note] = [], fixes: [Diagnostic.Fix] = []) {
        all.append(Diagnostic(.error, message, at: location, notes: notes, fixes: fixes))
    }

    public mutating func warning(_ message: String, at location: SourceLocation, notes: [Diagnostic.Note] = [], fixes: [Diagnostic.Fix] = []) {
        all.append(Diagnostic(.warning, message, at: location, notes: notes, fixes: fixes))
    }

    public mutating func append(contentsOf other: Diagnostics) {
        all.append(contentsOf: other.all)
    }

    /// Diagnostics in file order, so output reads top to bottom like the spec.
    public var sorted: [Diagnostic] {
        all.enumerated().sorted { lhs, rhs in
            lhs.element.location == rhs.element.location ? lhs.offset < rhs.offset : lhs.element.location < rhs.element.location
        }.map(\.element)
    }
}
