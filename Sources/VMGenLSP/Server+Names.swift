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

    /// For completion, which must not wait for a check after each keystroke: while the text is not
    /// checked yet, the names of the last good model, with the entries the text adds.
    func namesWithoutChecking(of uri: String) -> NameTable? {
        let path = DocumentURI.path(of: uri)
        guard !workspace.isChecked(path), let model = workspace.lastGoodModels[path], let document = document(uri) else {
            return names(of: uri)
        }
        var table = NameTable(model: model)
        let written = NameTable(outline: YAMLOutline(document), document: document, file: path)
        for name in written.order where table[name] == nil {
            table.names[name] = written[name]
            table.order.append(name)
        }
        return table
    }

    private func makeNames(path: String, uri: String) -> NameTable? {
        let analysis = workspace.analysis(ofPath: path)
        if let model = analysis?.model { return NameTable(model: model) }
        if let model = workspace.lastGoodModels[path] {
            var table = NameTable(model: model)
            // Entries added since the last good model still complete, from the spec as parsed.
            if let spec = analysis?.spec {
                for name in NameTable(spec: spec).order where table[name] == nil {
                    table.names[name] = NameTable(spec: spec)[name]
                    table.order.append(name)
                }
            }
            return table
        }
        if let spec = analysis?.spec ?? workspace.lastReadSpecs[path] { return NameTable(spec: spec) }
        guard let document = document(uri) else { return nil }
        return NameTable(outline: YAMLOutline(document), document: document, file: path)
    }
}
