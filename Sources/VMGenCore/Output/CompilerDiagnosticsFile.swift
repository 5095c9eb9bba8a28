/// The Swift file the build plugin gets for a spec with errors: each diagnostic becomes an
/// `#error` (or `#warning`) placed with `#sourceLocation` at the spec's line and column, so the
/// compiler prints it there and fails the build. Since vmgen itself succeeds, SwiftPM goes on
/// running the other specs' commands, and one build reports the errors of every spec.
public enum CompilerDiagnosticsFile {
    public static func render(_ diagnostics: [Diagnostic], header: [String]) -> String {
        var lines = header + [
            "// The spec has errors; each one below is reported by the compiler at the spec's line and column.",
            "",
        ]
        for diagnostic in diagnostics {
            var message = diagnostic.message
            for note in diagnostic.notes {
                // A note in another spec (the other declaration of a view model) names its file.
                let place = note.location.file == diagnostic.location.file
                    ? "\(note.location.line):\(note.location.column)" : note.location.description
                message += " (note: \(note.message), at \(place))"
            }
            lines += directive(diagnostic.severity == .error ? "#error" : "#warning", message, at: diagnostic.location)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The compiler reports `#error("...")` at its string literal, so the literal goes on a line
    /// of its own, indented to the column. On the spec's first line there is no line before it
    /// for `#error(`, so the literal follows `#error(` there (from column 8 on).
    static func directive(_ keyword: String, _ message: String, at location: SourceLocation) -> [String] {
        let file = "#sourceLocation(file: \(SwiftText.literal(location.file)), line: "
        let column = max(location.column, 1)
        if location.line > 1 {
            return [file + "\(location.line - 1))", keyword + "(", String(repeating: " ", count: column - 1) + SwiftText.literal(message) + ")",
                    "#sourceLocation()"]
        }
        let prefix = keyword + "("
        let indent = String(repeating: " ", count: max(column - 1 - prefix.count, 0))
        return [file + "1)", indent + prefix + SwiftText.literal(message) + ")", "#sourceLocation()"]
    }
}
