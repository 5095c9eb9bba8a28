import VMGenCore

extension Server {
    /// The names of a document's spec: from its checked model, else the last model that
    /// checked, else the spec as parsed; none when nothing of it was ever read.
    func names(of uri: String) -> NameTable? {
        let path = DocumentURI.path(of: uri)
        if let cached = nameCache, cached.path == path, cached.generation == workspace.generation { return cached.table }
        let table = makeNames(path: path, uri: uri)
        nameCache = table.map { (path, workspace.generation, $0) }
        return table
    }

    /// For completion and hover, which must not wait for a check after each keystroke: while the
    /// text is not checked yet, the names of the last good model, placed where the text as it now
    /// reads writes them, with the entries the text adds.
    func namesWithoutChecking(of uri: String) -> NameTable? {
        let path = DocumentURI.path(of: uri)
        guard !workspace.isChecked(path), let model = workspace.lastGoodModels[path],
              let checkedAt = workspace.lastGoodGenerations[path], let document = document(uri) else {
            return names(of: uri)
        }
        if let cached = uncheckedNameCache, cached.path == path, cached.generation == workspace.generation { return cached.table }
        let last: NameTable
        if let cached = lastGoodNameCache, cached.path == path, cached.generation == checkedAt {
            last = cached.table
        } else {
            last = NameTable(model: model)
            lastGoodNameCache = (path, checkedAt, last)
        }
        let current = workspace.readSpec(ofPath: path).map(NameTable.init(spec:))
            ?? NameTable(outline: YAMLOutline(document), document: document, file: path)
        let table = last.placed(by: current)
        uncheckedNameCache = (path, workspace.generation, table)
        return table
    }

    private func makeNames(path: String, uri: String) -> NameTable? {
        let analysis = workspace.analysis(ofPath: path)
        if let model = analysis?.model { return NameTable(model: model) }
        // What the text declares now: the spec as parsed, else (YAML that does not read) its lines.
        let current = analysis?.spec.map(NameTable.init(spec:))
            ?? document(uri).map { NameTable(outline: YAMLOutline($0), document: $0, file: path) }
        if let model = workspace.lastGoodModels[path] {
            return NameTable(model: model).placed(by: current)
        }
        if let spec = workspace.lastReadSpecs[path] { return NameTable(spec: spec).placed(by: current) }
        return current
    }
}

extension NameTable {
    /// The table, its names where `current` (the text as it is now) declares them: a table of an
    /// older version knows more (types, reads, docs) but not where lines have moved since. Entries
    /// added since come from `current`.
    func placed(by current: NameTable?) -> NameTable {
        guard let current else { return self }
        var table = self
        for name in table.order {
            if let now = current[name] { table.names[name]?.location = now.location }
        }
        for name in current.order where table[name] == nil {
            table.names[name] = current[name]
            table.order.append(name)
        }
        return table
    }
}
