/// Small text helpers for writing Swift source.
enum SwiftText {
    /// `/// line` comments for a doc string, one per line.
    static func docLines(_ doc: String?) -> [String] {
        guard let doc, !Blank.isWhitespaceOrNewline(doc) else { return [] }
        var lines = Blank.lines(doc)
        while let last = lines.last, Blank.isWhitespace(last) { lines.removeLast() }
        return lines.map { line in
            // Control characters (a CR, a NUL) would break the comment or the file.
            func isControl(_ scalar: Unicode.Scalar) -> Bool { scalar.value < 0x20 || scalar.value == 0x7F }
            let clean = line.unicodeScalars.contains(where: isControl)
                ? String(String.UnicodeScalarView(line.unicodeScalars.filter { !isControl($0) }))
                : String(line)
            return clean.isEmpty ? "///" : "/// " + clean
        }
    }

    /// A Swift string literal holding `text`.
    static func literal(_ text: String) -> String {
        "\"" + Escaping.controlCharacters(in: text, also: ["\"": "\\\"", "\\": "\\\\"]) + "\""
    }

    /// Text safe inside a `//` comment: one line, no control characters.
    static func commentSafe(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? "?" : $0 }))
    }

    /// A declaration whose last part is spec text (a type, a module name): `head`, then `text` on
    /// the next line at its spec column, under a `#sourceLocation` that starts one line earlier, so
    /// that the compiler's errors about `text` point at the spec's line and column. Text on the
    /// spec's first line stays on the line of `head`. `lead` (a member access's `.`) goes just
    /// before `text`, left of its column. The caller closes with `#sourceLocation()`.
    static func located(_ head: String, _ text: String, at location: SourceLocation, lead: String = "") -> [String] {
        let file = literal(location.file)
        guard location.line > 1 else {
            return ["#sourceLocation(file: \(file), line: \(location.line))", head + (lead.isEmpty ? " " : lead) + text]
        }
        return ["#sourceLocation(file: \(file), line: \(location.line - 1))", head,
                String(repeating: " ", count: max(0, location.column - 1 - lead.count)) + lead + text]
    }

    /// Spec code under `#sourceLocation`, each line padded to its column in the spec (and, after
    /// YAML escapes, aligned again: `Code.compiledText`), so that the compiler's errors point at
    /// the spec's line and column. With `endsStatement`, a line
    /// `;` ends the code's last statement (see `ViewModelModel.codesEndingInModifierWord`).
    static func embedded(_ code: Code, endsStatement: Bool = false) -> [String] {
        let padding = String(repeating: " ", count: max(0, code.location.column - 1))
        var lines = code.compiledText.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.isEmpty ? "" : padding + line
        }
        if endsStatement { lines.append(padding + "; // the code's last word is a name here, not a modifier of what follows") }
        return ["#sourceLocation(file: \(literal(code.location.file)), line: \(code.location.line))"] + lines + ["#sourceLocation()"]
    }
}
