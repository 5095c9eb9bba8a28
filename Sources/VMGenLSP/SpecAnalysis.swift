import Foundation
import VMGenCore

/// What the checker says of one spec as it stands: its diagnostics, the spec as parsed (nil when
/// the YAML could not be read) and the checked model (nil when parsing found an error).
public struct SpecAnalysis: Sendable {
    public var path: String
    public var spec: Spec?
    public var diagnostics: [Diagnostic]
    public var model: ViewModelModel?
}

/// The open documents and the specs beside them: each edit re-checks the edited spec knowing
/// the others of its folder (`ChildSpecs`, as `vmgen lint <folder>` does), and the specs of the
/// folder that use it as a child.
public final class Workspace {
    let generator: Generator
    public private(set) var documents: [String: TextDocument] = [:]
    /// The URI each open document's path was opened under, as the client spells it: answers about
    /// a path name the document by that URI (a client may encode `(`, `@` or `+` in a path, or
    /// not), and a path finds its open text, never the file on disk.
    private var openURIs: [String: String] = [:]
    /// Parsed specs by path, with the bytes they were parsed from.
    private var parsed: [String: (data: Data, parsed: Generator.Parsed)] = [:]
    /// Checked specs by path, valid while `generation` has not moved.
    private var checked: [String: (generation: Int, analysis: SpecAnalysis)] = [:]
    /// The view model name a spec had before its last edit renamed it: its parents name the old one.
    private var formerNames: [String: String] = [:]
    /// Moves on every change of any document: a change in one spec can change another's checks.
    public private(set) var generation = 0
    /// The last model of each path that checked without a parse error, for completion in
    /// half-written code.
    public private(set) var lastGoodModels: [String: ViewModelModel] = [:]
    /// The generation each of `lastGoodModels` was checked at: what is built from one is kept while it stays.
    public private(set) var lastGoodGenerations: [String: Int] = [:]
    /// The last spec of each path that could be read, for the same reason.
    public private(set) var lastReadSpecs: [String: Spec] = [:]

    public init(generator: Generator) {
        self.generator = generator
    }

    // MARK: Documents

    public func open(_ item: TextDocumentItem) {
        documents[item.uri] = TextDocument(uri: item.uri, version: item.version, text: item.text)
        openURIs[DocumentURI.path(of: item.uri)] = item.uri
        generation += 1
    }

    public func change(_ params: DidChangeTextDocumentParams) {
        guard var document = documents[params.textDocument.uri] else { return }
        for change in params.contentChanges { document.apply(change.text, in: change.range) }
        document.version = params.textDocument.version
        documents[params.textDocument.uri] = document
        generation += 1
    }

    public func close(_ uri: String) {
        let path = DocumentURI.path(of: uri)
        documents[uri] = nil
        if openURIs[path] == uri { openURIs[path] = nil }
        generation += 1
        // What was kept for the document goes with it (the file on disk is read again if needed).
        parsed[path] = nil
        checked[path] = nil
        lastGoodModels[path] = nil
        lastGoodGenerations[path] = nil
        lastReadSpecs[path] = nil
    }

    /// The text of a path: its open document, else the file on disk.
    public func document(forPath path: String) -> TextDocument? {
        if let uri = openURIs[path], let open = documents[uri] { return open }
        let uri = DocumentURI.uri(of: path)
        // `SpecFiles.read` refuses FIFOs and devices rather than wait on them.
        guard path.hasPrefix("/"), let data = try? SpecFiles.read(path) else { return nil }
        return TextDocument(uri: uri, version: nil, text: String(decoding: data, as: UTF8.self))
    }

    // MARK: Checking

    /// The specs of `path`'s folder (the files on disk and the open documents there), by path.
    func folderSpecs(of path: String) -> [String] {
        var paths = Set([path])
        guard path.hasPrefix("/") else { return [path] }
        let folder = (path as NSString).deletingLastPathComponent
        if let names = try? FileManager.default.contentsOfDirectory(atPath: folder) {
            for name in names where DocumentURI.isSpec(name) { paths.insert((folder as NSString).appendingPathComponent(name)) }
        }
        for uri in documents.keys {
            let other = DocumentURI.path(of: uri)
            if (other as NSString).deletingLastPathComponent == folder, DocumentURI.isSpec(other) { paths.insert(other) }
        }
        return paths.sorted()
    }

    private func parse(_ path: String) -> Generator.Parsed? {
        guard let document = document(forPath: path) else { return nil }
        let data = Data(document.text.utf8)
        if let cached = parsed[path], cached.data == data { return cached.parsed }
        let result = generator.parse(data, file: path)
        if let former = parsed[path]?.parsed.spec?.viewModel.value, former != result.spec?.viewModel.value {
            formerNames[path] = former
        }
        parsed[path] = (data, result)
        return result
    }

    /// The spec at `path` checked as it now stands, knowing the other specs of its folder.
    public func analysis(ofPath path: String) -> SpecAnalysis? {
        if let cached = checked[path], cached.generation == generation { return cached.analysis }
        guard let own = parse(path) else { return nil }
        let output = check(own, at: path)
        let analysis = SpecAnalysis(path: path, spec: own.spec, diagnostics: output.diagnostics, model: output.model)
        checked[path] = (generation, analysis)
        if let model = output.model { (lastGoodModels[path], lastGoodGenerations[path]) = (model, generation) }
        if let spec = own.spec { lastReadSpecs[path] = spec }
        return analysis
    }

    /// The spec at `path` as its text now reads, without checking it: nil when the YAML does not
    /// read. (Parsing is a small part of a check, and kept while the text does not change.)
    public func readSpec(ofPath path: String) -> Spec? {
        parse(path)?.spec
    }

    /// What the checker would say of the spec at `path` if its text were `text` (nothing is kept).
    public func diagnostics(ofPath path: String, text: String) -> [Diagnostic] {
        check(generator.parse(Data(text.utf8), file: path), at: path).diagnostics
    }

    /// The diagnostics of the spec at `path` as it stands, were the spec at `other` (a child of
    /// it) to read `text`: what an edit of the child would break in its parent.
    public func diagnostics(ofPath path: String, were other: String, reading text: String) -> [Diagnostic] {
        guard let own = parse(path) else { return [] }
        return check(own, at: path, replacing: (other, generator.parse(Data(text.utf8), file: other).spec)).diagnostics
    }

    /// `own` checked as the spec at `path`, knowing the other specs of its folder (one of them,
    /// `replacing`, as it would read).
    private func check(_ own: Generator.Parsed, at path: String, replacing: (path: String, spec: Spec?)? = nil) -> Generator.Output {
        let others = folderSpecs(of: path).filter { $0 != path }.compactMap { other in
            other == replacing?.path ? replacing?.spec : parse(other)?.spec
        }
        return generator.check(own, childSpecs: ChildSpecs(specs: [own.spec].compactMap { $0 } + others))
    }

    public func analysis(ofURI uri: String) -> SpecAnalysis? {
        analysis(ofPath: DocumentURI.path(of: uri))
    }

    /// The spec of `uri` as it now reads, else as it last could be read. With `checking: false`,
    /// the last spec read when the current text is not checked yet (completion does not wait for a
    /// check: the names a keystroke adds come from the text).
    public func spec(ofURI uri: String, checking: Bool = true) -> Spec? {
        let path = DocumentURI.path(of: uri)
        if !checking, !isChecked(path), let last = lastReadSpecs[path] { return last }
        return analysis(ofPath: path)?.spec ?? lastReadSpecs[path]
    }

    /// Whether `path`'s check is current (no document changed since).
    public func isChecked(_ path: String) -> Bool {
        checked[path]?.generation == generation
    }

    /// The specs of the folder whose checks depend on `path`: those with a child list of its view
    /// model, and those that declare the same view model name.
    public func dependents(of path: String) -> [String] {
        let names = Set([parse(path)?.spec?.viewModel.value, formerNames[path]].compactMap { $0 })
        guard !names.isEmpty else { return [] }
        return folderSpecs(of: path).filter { other in
            guard other != path, let otherSpec = parse(other)?.spec else { return false }
            if names.contains(otherSpec.viewModel.value) { return true }
            return otherSpec.children.contains { child in
                child.type.map { !names.isDisjoint(with: TypeNames.identifiers(in: $0.value)) } ?? false
            }
        }
    }

    /// The spec of the folder that declares view model `name`, with its analysis.
    public func spec(declaring name: String, near path: String) -> SpecAnalysis? {
        for other in folderSpecs(of: path) where parse(other)?.spec?.viewModel.value == name {
            return analysis(ofPath: other)
        }
        return nil
    }

    /// Forgets nothing but cached checks: for a test or a benchmark that wants a fresh check.
    public func invalidate() {
        generation += 1
    }
}

/// The identifiers a type's text names (`[TodoRowViewModel]` -> `TodoRowViewModel`).
enum TypeNames {
    static func identifiers(in type: String) -> [String] {
        var names: [String] = []
        var current = ""
        for character in type {
            if character.isLetter || character.isNumber || character == "_" {
                current.append(character)
            } else {
                if !current.isEmpty { names.append(current) }
                current = ""
            }
        }
        if !current.isEmpty { names.append(current) }
        return names
    }
}
