import VMGenCore

extension Server {
    /// On a key: its doc line. On a name: its kind, type and doc, what it reads, what reads it,
    /// and its place in the update order.
    func hover(_ params: TextDocumentPositionParams) -> Hover? {
        guard let document = document(params.textDocument.uri),
              let (word, range) = document.word(at: document.clamp(params.position)) else { return nil }
        let outline = YAMLOutline(document)
        guard !Self.isProse(range, in: document, outline) else { return nil }
        if let site = machineSite(at: range, in: document, uri: params.textDocument.uri),
           let text = machineHover(site, uri: params.textDocument.uri) {
            return Hover(contents: MarkupContent(value: text), range: range)
        }
        let line = range.start.line
        if outline.lines.indices.contains(line), outline.lines[line].key == word,
           outline.lines[line].blockOwner == nil, range.end.character < outline.lines[line].valueStart {
            let path = outline.path(toKeyOf: line)
            if let key = SpecKeyTableLookup.key(at: path) {
                return Hover(contents: MarkupContent(value: "**`\(key.name)`** (\(key.valueKind)\(key.isRequired ? ", required" : ""))\n\n\(key.doc)"), range: range)
            }
        }
        // A key inside a one-line flow mapping (`{ type: Int, value: a }`), a key's value or a
        // list's item (`- { rule: ..., message: ... }`).
        if outline.lines.indices.contains(line), outline.lines[line].key != nil || outline.lines[line].isListItem,
           outline.flowEntries(onLine: line, in: document).entries.contains(where: { $0.key == word && $0.keyStart == range.start.character }),
           case .key(let path) = outline.place(at: range.start, in: document),
           let key = SpecKeyTableLookup.key(word, inMappingAt: path) {
            return Hover(contents: MarkupContent(value: "**`\(key.name)`** (\(key.valueKind)\(key.isRequired ? ", required" : ""))\n\n\(key.doc)"), range: range)
        }
        // A field of a state's data (`data: { m: String }`): the state's, not a value of the spec.
        if let path = Self.flowKeyPath(of: word, at: range, in: outline, document), Occurrences.keyRole(path) == nil {
            guard path.count == 5, path[0] == "machine", path[1] == "states", path[3] == "data" else { return nil }
            return Hover(contents: MarkupContent(value: "**data** `\(word)` of state `\(path[2])`"), range: range)
        }
        // An event key under a keyed list's `on:`: the child's event.
        if case .childEvent(let event, let child)? = target(at: params, checking: false)?.target {
            let type = event.type.map { ": `\($0)`" } ?? ""
            return Hover(contents: MarkupContent(value: "**event** `\(event.name)`\(type) of `\(child.spec?.viewModel.value ?? "")`" + (event.doc.map { "\n\n\($0)" } ?? "")), range: range)
        }
        // A name the code is given (`input`, `value`, `child`, `element`...).
        if case .value(let path, _) = outline.place(at: range.start, in: document), !document.isMember(range),
           let given = given(path: path, uri: params.textDocument.uri).first(where: { $0.0 == word }) {
            return Hover(contents: MarkupContent(value: "**given** `\(word)`" + (given.1.map { ": `\($0)`" } ?? "") + "\n\n\(given.2)"), range: range)
        }
        guard !document.isMember(range), let names = namesWithoutChecking(of: params.textDocument.uri), let name = names[word],
              isSpecName(word, at: range, in: document, uri: params.textDocument.uri) else {
            if let child = workspace.spec(declaring: word, near: DocumentURI.path(of: params.textDocument.uri)),
               let spec = child.spec {
                return Hover(contents: MarkupContent(value: "**view model** `\(word)`\n\n\(spec.doc ?? "")\n\nDeclared in `\(child.path)`."), range: range)
            }
            return nil
        }
        return Hover(contents: MarkupContent(value: describe(name, in: names)), range: range)
    }

    func describe(_ name: NameTable.Name, in names: NameTable) -> String {
        var parts = ["**\(name.kind)** `\(name.name)`" + (name.type.map { ": `\($0)`" } ?? "")]
        if let doc = name.doc, !doc.isEmpty { parts.append(doc) }
        if !name.reads.isEmpty { parts.append("Reads: " + name.reads.map { "`\($0)`" }.joined(separator: ", ")) }
        // What reads it: the graph's readers (values, reloads, reactions), then the entries whose
        // code reads it without being in the graph (constants, functions, invariants...).
        var readers: [String] = []
        let node = GraphNode.value(name.name)
        if let model = names.model {
            let sources = Dictionary(model.reactiveValues.map { ($0.name, $0.source) }, uniquingKeysWith: { first, _ in first })
            readers = model.graph.nodes.filter { model.graph.inputs[$0]?.contains(node) ?? false }.map { reader in
                // The private values the generator adds are named by what they are for.
                if case .value(let value) = reader, let source = sources[value] {
                    switch source {
                    case .rule(let field): return "a rule of \(field)"
                    case .condition(let command): return "the enabled condition of \(command)"
                    default: break
                    }
                }
                return Self.title(reader)
            }
            readers = readers.enumerated().filter { readers.firstIndex(of: $0.element) == $0.offset }.map(\.element)
        }
        for other in names.order where names[other]?.reads.contains(name.name) ?? false && !readers.contains(other) {
            readers.append(other)
        }
        if !readers.isEmpty { parts.append("Read by: " + readers.map { "`\($0)`" }.joined(separator: ", ")) }
        if let model = names.model, let index = model.updateOrder.firstIndex(of: node) {
            // Its place among the values and effects the commit goes through, private ones included.
            parts.append("Update order: \(index + 1) of \(model.updateOrder.count) steps of the commit")
        }
        return parts.joined(separator: "\n\n")
    }

    static func title(_ node: GraphNode) -> String {
        switch node {
        case .value(let name): name
        case .reload(let resource): "reload of \(resource)"
        case .pace(let value): "pacing of \(value)"
        case .reaction(let name): "reaction \(name)"
        }
    }
}
