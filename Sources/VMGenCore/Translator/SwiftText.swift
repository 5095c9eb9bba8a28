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

    /// A piece of a public declaration: generated text, or a type as the spec wrote it, with the
    /// alias that names it everywhere else in the class (`SpecTypes`).
    enum DeclarationPiece {
        case code(String)
        case spec(Located<String>, alias: String)
        /// Text that belongs to the piece after it (a parameter's label): on that piece's line
        /// when it fits there, one level deeper than the declaration, left of the type's column.
        case lead(String)
    }

    /// How many lines a declaration may skip to put a spec text at its line: a few, so that a
    /// declaration stays readable (an initializer whose parameters the spec writes far apart
    /// names the later ones by their aliases).
    static let declarationGap = 3

    /// A public declaration laid out so that each type the spec wrote in it stands at its spec
    /// line and column, under one `#sourceLocation` (the first line): Quick Help and completion
    /// show the type as written, and the compiler reports a mistake in it at the spec, as it does
    /// at the type's alias (twice at most). The declaration's head goes on the spec line before
    /// the first type, or on the type's line when it fits left of the type's column. A type that
    /// cannot stand at its place (before the line placed last, too far after it, left of what
    /// precedes it on its line, or on more than one line) is written as its alias. Nil when no
    /// type is placed: the caller writes `plainDeclaration`. The lines after the directive start
    /// with `indent` or the padding to a type's column; the caller closes the directive with
    /// `#sourceLocation()` after the declaration's opening brace.
    static func locatedDeclaration(_ pieces: [DeclarationPiece], indent: String) -> [String]? {
        guard let first = pieces.lazy.compactMap({ if case .spec(let type, _) = $0 { type } else { nil } }).first,
              !first.value.contains("\n") else { return nil }
        let head = pieces.prefix { if case .spec = $0 { false } else { true } }.map(plainText).joined()
        let column = first.location.column - 1
        let start = (indent + head).utf8.count <= column ? first.location.line : first.location.line - 1
        guard start >= 1 else { return nil }
        var lines: [String] = []
        var current = indent
        var line = start
        var lead = ""
        for piece in pieces {
            guard case .spec(let type, let alias) = piece else {
                if case .lead(let text) = piece { lead += text } else { current += lead + plainText(piece); lead = "" }
                continue
            }
            defer { lead = "" }
            let column = type.location.column - 1
            let fitsHere = type.location.line == line && (current + lead).utf8.count <= column
            let below = type.location.line > line && type.location.line - line - 1 <= declarationGap
            guard !type.value.contains("\n"), fitsHere || below else {
                current += lead + alias
                continue
            }
            if below {
                let continuation = indent + "    " + lead
                if continuation.utf8.count > column { current += lead }
                lines.append(String(current.reversed().drop(while: { $0 == " " }).reversed()))
                lines += Array(repeating: "", count: type.location.line - line - 1)
                (current, line) = (continuation.utf8.count > column ? "" : continuation, type.location.line)
            } else {
                current += lead
            }
            current += String(repeating: " ", count: column - current.utf8.count) + type.value
        }
        lines.append(current + lead)
        return ["#sourceLocation(file: \(literal(first.location.file)), line: \(start))"] + lines
    }

    /// The declaration on one line, each spec type named by its alias.
    static func plainDeclaration(_ pieces: [DeclarationPiece]) -> String {
        pieces.map(plainText).joined()
    }

    private static func plainText(_ piece: DeclarationPiece) -> String {
        switch piece {
        case .code(let text): text
        case .spec(_, let alias): alias
        case .lead(let text): text
        }
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
