import VMGenCore

extension Server {
    /// What the word at a position names: a name of this spec, a view model of the folder, or an
    /// event of a child (a keyed list's `on:` key).
    enum Target {
        case name(NameTable.Name)
        case viewModel(SpecAnalysis)
        case childEvent(NameTable.Name, child: SpecAnalysis)
        /// A state or an event of the spec's machine (a namespace of its own).
        case machine(NameSites.MachineSite)
    }

    /// With `checking: false` (hover), the names come from the last analysis placed by the text
    /// as it is now (`namesWithoutChecking`): the pending edit is not checked first.
    func target(at params: TextDocumentPositionParams, checking: Bool = true) -> (target: Target, word: String, range: Range)? {
        guard let document = document(params.textDocument.uri),
              let (word, range) = document.word(at: document.clamp(params.position)) else { return nil }
        let uri = params.textDocument.uri
        let outline = YAMLOutline(document)
        guard !Self.isProse(range, in: document, outline) else { return nil }
        // A state or an event, also as `.name` in code.
        if let site = machineSite(at: range, in: document, uri: uri) { return (.machine(site), word, range) }
        guard !document.isMember(range) else { return nil }
        let line = range.start.line
        if outline.lines.indices.contains(line), outline.lines[line].key == word, outline.lines[line].blockOwner == nil {
            let path = outline.path(toKeyOf: line)
            if SpecKeyTableLookup.isHandler(path), let child = childSpec(ofList: path[1], uri: uri),
               let event = childEvents(ofList: path[1], uri: uri).first(where: { $0.name == word }) {
                return (.childEvent(event, child: child), word, range)
            }
            if Occurrences.keyRole(path) == nil, !isValueOfScannedKey(outline, line: line, range: range) { return nil }
        }
        // A key inside a one-line `{ ... }` (a state's `data: { username: String }`) names the
        // spec's value only where its place declares one.
        if let path = Self.flowKeyPath(of: word, at: range, in: outline, document), Occurrences.keyRole(path) == nil {
            return nil
        }
        if let names = checking ? names(of: uri) : namesWithoutChecking(of: uri), let name = names[word] {
            return isSpecName(word, at: range, in: document, uri: uri) ? (.name(name), word, range) : nil
        }
        if let spec = workspace.spec(declaring: word, near: DocumentURI.path(of: uri)) { return (.viewModel(spec), word, range) }
        return nil
    }

    /// Whether the word at `range` stands for the spec's name: false for a word in code that the
    /// checker's reads do not count (a local of the same name, a closure's parameter). Without a
    /// spec that reads, the text decides (true).
    func isSpecName(_ word: String, at range: Range, in document: TextDocument, uri: String) -> Bool {
        let path = DocumentURI.path(of: uri)
        guard let sites = nameSites(of: uri) else { return true }
        let location = document.location(of: range.start, file: path)
        guard sites.codeLines.contains(location.line) else { return true }
        return sites.of(word).contains { site in
            let start = document.position(of: site.location)
            return start == range.start || (start.line == range.start.line && start.character + 1 == range.start.character)
        }
    }

    /// Where the spec at `uri` writes its names, while it reads (nil otherwise).
    func nameSites(of uri: String) -> NameSites? {
        let path = DocumentURI.path(of: uri)
        // The text as it reads now: a check is not needed to know where it writes its names.
        guard let spec = workspace.readSpec(ofPath: path) else { return nil }
        if let cached = sitesCache, cached.path == path, cached.generation == workspace.generation { return cached.sites }
        let sites = NameSites(spec: spec)
        sitesCache = (path, workspace.generation, sites)
        return sites
    }

    /// Whether `range` stands in prose, which names nothing: a YAML comment, or the value of a
    /// key that holds text (a `doc:`, a `message:`), not code, names or types.
    static func isProse(_ range: Range, in document: TextDocument, _ outline: YAMLOutline) -> Bool {
        let line = range.start.line
        guard outline.lines.indices.contains(line) else { return false }
        if outline.lines[line].blockOwner == nil {
            // A `#` at the line's start or after a space, outside quotes, starts a comment.
            let units = Array(document.line(line).utf16)
            var quote: UTF16.CodeUnit?
            for (index, unit) in units.enumerated().prefix(range.start.character) {
                if let open = quote {
                    if unit == open { quote = nil }
                } else if unit == 0x22 || unit == 0x27 {
                    quote = unit
                } else if unit == 0x23, index == 0 || units[index - 1] == 0x20 {
                    return true
                }
            }
        }
        guard case .value(let path, _) = outline.place(at: range.start, in: document) else { return false }
        return SpecKeyTableLookup.key(at: path)?.valueKind == "text"
    }

    /// The path of the key `word` at `range` when it is a key of a one-line `{ ... }` written as
    /// a key's value (`[machine, states, failed, data, m]` for `data: { m: String }`), else nil.
    static func flowKeyPath(of word: String, at range: Range, in outline: YAMLOutline, _ document: TextDocument) -> [String]? {
        let line = range.start.line
        guard outline.lines.indices.contains(line), outline.lines[line].key != nil,
              outline.flowEntries(onLine: line, in: document).entries.contains(where: { $0.key == word && $0.keyStart == range.start.character })
        else { return nil }
        return outline.path(toKeyOf: line) + [word]
    }

    private func isValueOfScannedKey(_ outline: YAMLOutline, line: Int, range: Range) -> Bool {
        range.start.character >= outline.lines[line].valueStart
    }

    func definition(_ params: TextDocumentPositionParams) -> [Location] {
        guard let (target, _, _) = target(at: params) else { return [] }
        let conversion = DiagnosticConversion(workspace: workspace)
        switch target {
        case .name(let name):
            var location = name.location
            if let owner = name.owner, let names = names(of: params.textDocument.uri), let declaration = names[owner] {
                location = declaration.location
            }
            return conversion.location(of: location).map { [$0] } ?? []
        case .viewModel(let spec):
            return spec.spec.flatMap { conversion.location(of: $0.viewModel.location) }.map { [$0] } ?? []
        case .childEvent(let event, _):
            return conversion.location(of: event.location).map { [$0] } ?? []
        case .machine(let site):
            let declaration = nameSites(of: params.textDocument.uri)?.machineSites(of: site.kind, site.name).first(where: \.isDeclaration)
            return declaration.flatMap { conversion.location(of: $0.location) }.map { [$0] } ?? []
        }
    }

    func references(_ params: ReferenceParams) -> [Location] {
        guard let (target, word, _) = target(at: TextDocumentPositionParams(textDocument: params.textDocument, position: params.position)) else { return [] }
        let includeDeclaration = params.context?.includeDeclaration ?? true
        var result: [Location] = []
        /// Where `word` is written in the spec at `path`: its spec's sites while it reads, else its text.
        func collect(in path: String, handlersOnly: Bool = false) {
            guard let document = workspace.document(forPath: path) else { return }
            let spec = workspace.analysis(ofPath: path)?.spec
            for occurrence in Occurrences.find(word, in: document, spec: spec, handlersOnly: handlersOnly) {
                if occurrence.role == .declaration, !includeDeclaration { continue }
                result.append(Location(uri: document.uri, range: occurrence.range))
            }
        }
        let path = DocumentURI.path(of: params.textDocument.uri)
        switch target {
        case .name(let name):
            collect(in: path)
            // An event of this spec is also handled by its parents' `on:` keys.
            if name.kind == "event" { for parent in parents(of: path) { collect(in: parent, handlersOnly: true) } }
        case .viewModel:
            // A view model's name is written in types, which are not code: found in the text.
            for other in workspace.folderSpecs(of: path) {
                guard let document = workspace.document(forPath: other) else { continue }
                for occurrence in Occurrences.find(word, in: document, inTypes: true)
                where includeDeclaration || occurrence.role != .declaration {
                    result.append(Location(uri: document.uri, range: occurrence.range))
                }
                if let spec = workspace.analysis(ofPath: other)?.spec, spec.viewModel.value == word, includeDeclaration,
                   let declaration = DiagnosticConversion(workspace: workspace).location(of: spec.viewModel.location) {
                    result.append(declaration)
                }
            }
        case .childEvent(_, let child):
            collect(in: child.path)
            for parent in parents(of: child.path) { collect(in: parent, handlersOnly: true) }
        case .machine(let site):
            guard let document = document(params.textDocument.uri) else { break }
            for other in nameSites(of: params.textDocument.uri)?.machineSites(of: site.kind, site.name) ?? []
            where includeDeclaration || !other.isDeclaration {
                result.append(Location(uri: document.uri, range: Self.range(of: other, in: document)))
            }
        }
        // A place found twice (a view model's name in its own `viewModel:` line, as a type and as
        // the declaration) is listed once.
        var seen = Set<Location>()
        return result.filter { seen.insert($0).inserted }
    }

    /// The specs of the folder that keep children of `path`'s view model.
    func parents(of path: String) -> [String] {
        guard let name = workspace.analysis(ofPath: path)?.spec?.viewModel.value else { return [] }
        return workspace.dependents(of: path).filter { workspace.analysis(ofPath: $0)?.spec?.viewModel.value != name }
    }
}
