import Foundation

/// Reads a Mustache template into text and tags, each tag at its line and column (UTF-8 bytes, as
/// compilers count), with Mustache's standalone lines applied: a line that holds only one
/// section, inverted-section, closing, partial or comment tag (and spaces) leaves nothing behind,
/// and a standalone partial is indented by the spaces before it.
enum TemplateSyntax {
    enum Piece: Equatable {
        case text(String)
        case tag(Tag)
    }

    struct Tag: Equatable {
        enum Kind: Equatable { case variable, section, invertedSection, close, partial, comment, unsupported, unclosed }
        var kind: Kind
        /// The name without its sigil and spaces.
        var name: String
        /// The whole tag as written.
        var text: String
        var location: SourceLocation
        /// The spaces before a standalone partial, which indent each line it renders.
        var indentation = ""

        /// Whether the tag may stand alone on its line (and then leaves no line behind).
        var canStandAlone: Bool {
            switch kind {
            case .section, .invertedSection, .close, .partial, .comment: true
            default: false
            }
        }
    }

    /// The pieces of `text`; with `indentation` (a standalone partial's), every line of `text`
    /// that has anything on it is indented first, as Mustache does, so that only the template's
    /// own lines are indented, not the lines of a field's text shown in them (spec code keeps its
    /// columns); tags keep the columns they have in the file.
    static func pieces(of text: String, file: String, indentation: String = "") -> [Piece] {
        guard !indentation.isEmpty else { return standalone(tokens(of: text, file: file)) }
        let indented = text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.isEmpty ? $0 : indentation + $0 }.joined(separator: "\n")
        let shift = indentation.utf8.count
        return standalone(tokens(of: indented, file: file).map { piece in
            guard case .tag(var tag) = piece else { return piece }
            tag.location.column -= shift
            return .tag(tag)
        })
    }

    /// The text and tags of `text`, in order.
    static func tokens(of text: String, file: String) -> [Piece] {
        var pieces: [Piece] = []
        let bytes = Array(text.utf8)
        var line = 1, lineStart = 0, index = 0, textStart = 0
        func starts(_ pattern: StaticString, at position: Int) -> Bool {
            let count = pattern.utf8CodeUnitCount
            guard position + count <= bytes.count else { return false }
            return (0..<count).allSatisfy { bytes[position + $0] == pattern.utf8Start[$0] }
        }
        func string(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "\n") {
                line += 1
                lineStart = index + 1
            }
            guard starts("{{", at: index) else {
                index += 1
                continue
            }
            if textStart < index { pieces.append(.text(string(textStart..<index))) }
            let location = SourceLocation(file: file, line: line, column: index - lineStart + 1)
            let triple = starts("{{{", at: index)
            let contentStart = index + (triple ? 3 : 2)
            var contentEnd = contentStart
            while contentEnd < bytes.count, !starts("}}", at: contentEnd) {
                if bytes[contentEnd] == UInt8(ascii: "\n") {
                    line += 1
                    lineStart = contentEnd + 1
                }
                contentEnd += 1
            }
            let closedAsOpened = !triple || starts("}}}", at: contentEnd)
            let end = min(bytes.count, contentEnd + (triple && closedAsOpened ? 3 : 2))
            var content = string(contentStart..<contentEnd).trimmingCharacters(in: .whitespacesAndNewlines)
            var kind = Tag.Kind.variable
            if !triple, let sigil = content.first {
                switch sigil {
                case "#": kind = .section
                case "^": kind = .invertedSection
                case "/": kind = .close
                case ">": kind = .partial
                case "!": kind = .comment
                case "=", "%", "$", "<": kind = .unsupported
                default: break
                }
                if kind != .variable || sigil == "&" { content = String(content.dropFirst()).trimmingCharacters(in: .whitespaces) }
            }
            if contentEnd >= bytes.count || !closedAsOpened { kind = .unclosed }
            pieces.append(.tag(Tag(kind: kind, name: content, text: string(index..<end), location: location)))
            index = end
            textStart = end
        }
        if textStart < bytes.count { pieces.append(.text(string(textStart..<bytes.count))) }
        return pieces
    }

    /// `pieces` with each standalone tag's line taken out around it: decided on the pieces as
    /// read, then applied (a text between two standalone tags loses its first line to one and
    /// its last line's spaces to the other).
    static func standalone(_ pieces: [Piece]) -> [Piece] {
        var pieces = pieces
        var dropFirstLine = Set<Int>(), dropLastSpaces = Set<Int>()
        for index in pieces.indices {
            guard case .tag(var tag) = pieces[index], tag.canStandAlone else { continue }
            // Before: the template's start, or text whose last line holds only spaces.
            var spaces: Substring? = index == 0 ? "" : nil
            if index > 0, case .text(let text) = pieces[index - 1] {
                let lastLine = text.lastIndex(of: "\n").map { text[text.index(after: $0)...] } ?? (index == 1 ? text[...] : nil)
                spaces = lastLine.flatMap { $0.allSatisfy(\.isTemplateSpace) ? $0 : nil }
            }
            // After: the template's end, or text whose first line holds only spaces.
            var endsLine = index == pieces.count - 1
            if index < pieces.count - 1, case .text(let text) = pieces[index + 1] {
                let firstLine = text.firstIndex(of: "\n").map { text[..<$0] } ?? (index + 1 == pieces.count - 1 ? text[...] : nil)
                endsLine = firstLine?.allSatisfy(\.isTemplateSpace) ?? false
            }
            guard let spaces, endsLine else { continue }
            if index > 0 { dropLastSpaces.insert(index - 1) }
            if index < pieces.count - 1 { dropFirstLine.insert(index + 1) }
            if tag.kind == .partial { tag.indentation = String(spaces) }
            pieces[index] = .tag(tag)
        }
        for index in pieces.indices {
            guard case .text(var text) = pieces[index] else { continue }
            if dropLastSpaces.contains(index) {
                while let last = text.last, last.isTemplateSpace { text.removeLast() }
            }
            if dropFirstLine.contains(index) {
                text = text.firstIndex(of: "\n").map { String(text[text.index(after: $0)...]) } ?? ""
            }
            pieces[index] = .text(text)
        }
        return pieces.filter { $0 != .text("") }
    }
}

extension Character {
    /// A space or tab, what may stand beside a standalone tag.
    var isTemplateSpace: Bool { self == " " || self == "\t" }
}
