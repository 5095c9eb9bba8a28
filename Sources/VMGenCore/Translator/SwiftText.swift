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

    /// A piece of a public declaration: generated text, or a type as the spec wrote it, with the
    /// alias that names it everywhere else in the class (`SpecTypes`).
    enum DeclarationPiece {
        case code(String)
        case spec(Located<String>, alias: String)
        /// Text that belongs to the piece after it (a parameter's label): on that piece's line
        /// when it fits there, one level deeper than the declaration, left of the type's column;
        /// `hugging`, also just left of the text (an alias's name, an event's `.`).
        case lead(String, hugging: Bool = false)
    }

    /// How many lines a declaration may skip to put a spec text at its line: a few, so that a
    /// declaration stays readable (an initializer whose parameters the spec writes far apart
    /// names the later ones by their aliases).
    static let declarationGap = 3

    /// A declaration laid out so that each text the spec wrote in it (a type, a module, an
    /// event's name) stands at its spec line and column, under one `#sourceLocation` (the first
    /// line): the compiler reports a mistake in it at the spec, and Quick Help shows the type as
    /// written. The head goes on the spec line before the first text, or on the text's line when
    /// it fits left of the text's column (on the spec's first line, where there is no line
    /// before, the text follows it, off its column). A `lead` goes on its text's line, one level
    /// deeper than the declaration or else just left of the text, when it fits there. A text
    /// that cannot stand at its place (before the line placed last, more than `declarationGap`
    /// lines after it, left of what precedes it on its line, or on more than one line) is written
    /// as its alias. Nil when no text is placed: the caller writes `plainDeclaration`. The lines
    /// after the directive carry their indentation; the caller closes the directive with
    /// `#sourceLocation()` where a directive may stand.
    static func locatedDeclaration(_ pieces: [DeclarationPiece], indent: String) -> [String]? {
        guard let first = pieces.lazy.compactMap({ if case .spec(let text, _) = $0 { text } else { nil } }).first,
              !first.value.contains("\n") else { return nil }
        let head = pieces.prefix { if case .spec = $0 { false } else { true } }.map(plainText).joined()
        let fitsOnItsLine = (indent + head).utf8.count <= first.location.column - 1
        let start = fitsOnItsLine || first.location.line == 1 ? first.location.line : first.location.line - 1
        var lines: [String] = []
        var current = indent
        var line = start
        var lead = ""
        var hugging = false
        for piece in pieces {
            guard case .spec(let text, let alias) = piece else {
                if case .lead(let text, let hugs) = piece {
                    (lead, hugging) = (lead + text, hugs)
                } else {
                    current += lead + plainText(piece)
                    lead = ""
                }
                continue
            }
            defer { lead = "" }
            let column = text.location.column - 1
            let onThisLine = text.location.line == line && ((current + lead).utf8.count <= column || (line == 1 && lines.isEmpty))
            let below = text.location.line > line && text.location.line - line - 1 <= declarationGap
            guard !text.value.contains("\n"), onThisLine || below else {
                current += lead + alias
                continue
            }
            if below {
                let deeper = indent + "    " + lead
                let opening = deeper.utf8.count <= column ? deeper
                    : hugging && lead.utf8.count <= column ? String(repeating: " ", count: column - lead.utf8.count) + lead : nil
                if opening == nil { current += lead }
                lines.append(String(current.reversed().drop(while: { $0 == " " }).reversed()))
                lines += Array(repeating: "", count: text.location.line - line - 1)
                (current, line) = (opening ?? "", text.location.line)
            } else {
                // A hugging lead stands just left of the text (no space may follow an event's `.`).
                if hugging { current += String(repeating: " ", count: max(0, column - lead.utf8.count - current.utf8.count)) }
                current += lead
            }
            current += String(repeating: " ", count: max(0, column - current.utf8.count)) + text.value
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
        case .lead(let text, _): text
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
