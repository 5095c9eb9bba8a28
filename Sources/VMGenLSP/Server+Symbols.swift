import VMGenCore

extension Server {
    /// The outline: the view model, then each section with its entries, from the YAML's lines
    /// (so it is there in half-written text), each entry spanning its lines.
    func documentSymbols(_ params: DocumentSymbolParams) -> [DocumentSymbol] {
        guard let document = document(params.textDocument.uri) else { return [] }
        let outline = YAMLOutline(document)
        let names = names(of: params.textDocument.uri)
        var symbols: [DocumentSymbol] = []
        for (index, line) in outline.lines.enumerated() where line.blockOwner == nil && line.indent == 0 && !line.isListItem {
            guard let key = line.key else { continue }
            let range = span(of: index, in: outline, document: document)
            let selection = Range(start: Position(line: index, character: 0), end: Position(line: index, character: key.utf16.count))
            if key == "viewModel" {
                symbols.append(DocumentSymbol(name: line.value, detail: "view model", kind: .class, range: range, selectionRange: selection, children: nil))
                continue
            }
            guard SpecKeyTable.sections.contains(key) || key == "validation" || key == "machine" else { continue }
            var children: [DocumentSymbol] = []
            for child in (index + 1)..<max(index + 1, range.end.line + 1) where outline.lines.indices.contains(child) {
                let entry = outline.lines[child]
                guard entry.blockOwner == nil, let name = entry.key else { continue }
                // A section's entries; `validation`'s fields; a machine's states and events.
                let path = outline.path(toKeyOf: child)
                let machinePart = key == "machine" && path.count == 3 ? ["states": "state", "events": "event"][path[1]] : nil
                switch key {
                case "validation": guard path.count == 3 && path[1] == "fields" else { continue }
                case "machine": guard machinePart != nil else { continue }
                default: guard path.count == 2 else { continue }
                }
                let declared = machinePart == nil ? names?[name] : nil
                let entrySelection = Range(start: Position(line: child, character: entry.keyIndent),
                                           end: Position(line: child, character: entry.keyIndent + name.utf16.count))
                children.append(DocumentSymbol(
                    name: name, detail: machinePart ?? declared.map { [$0.kind, $0.type].compactMap { $0 }.joined(separator: ": ") },
                    kind: machinePart == "event" ? .event : machinePart == "state" ? .enumMember : Self.symbolKind(section: key),
                    range: span(of: child, in: outline, document: document), selectionRange: entrySelection, children: nil))
            }
            symbols.append(DocumentSymbol(name: key, detail: nil, kind: .namespace, range: range, selectionRange: selection, children: children))
        }
        return symbols
    }

    /// From a key's line to the last line indented under it.
    private func span(of line: Int, in outline: YAMLOutline, document: TextDocument) -> Range {
        let indent = outline.lines[line].keyIndent
        var last = line
        var index = line + 1
        while index < outline.lines.count {
            let next = outline.lines[index]
            if !next.isBlank && next.blockOwner == nil && (next.isListItem ? next.indent : next.keyIndent) <= indent { break }
            if !next.isBlank { last = index }
            index += 1
        }
        return Range(start: Position(line: line, character: 0), end: Position(line: last, character: document.line(last).utf16.count))
    }

    static func symbolKind(section: String) -> DocumentSymbol.Kind {
        switch section {
        case "parameters", "constants": .constant
        case "dependencies", "state": .variable
        case "functions", "commands": .method
        case "events": .event
        case "validation": .field
        default: .property
        }
    }
}
