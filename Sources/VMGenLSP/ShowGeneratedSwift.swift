import Foundation
import VMGenCore

/// `workspace/executeCommand` `vmgen.showGeneratedSwift` with the spec's URI: the Swift the spec
/// generates as it stands, checked with the specs of its folder; an error while it has errors.
enum ShowGeneratedSwift {
    static let command = "vmgen.showGeneratedSwift"
}

extension Server {
    func executeCommand(_ params: ExecuteCommandParams) throws -> Payload {
        guard params.command == ShowGeneratedSwift.command else {
            throw MessageError(.invalidParams, "unknown command `\(params.command)`; the server has `\(ShowGeneratedSwift.command)`")
        }
        guard case .string(let uri)? = params.arguments?.first ?? nil else {
            throw MessageError(.invalidParams, "`\(ShowGeneratedSwift.command)` takes the spec's URI as its argument")
        }
        let path = DocumentURI.path(of: uri)
        guard DocumentURI.isSpec(path) else {
            throw MessageError(.invalidParams, "`\(uri)` is not a spec: `\(ShowGeneratedSwift.command)` takes a `*.vm.yaml` or `*.vm.yml` file")
        }
        guard let document = workspace.document(forPath: path) else {
            throw MessageError(.invalidParams, "no document `\(uri)`")
        }
        let source = try workspace.generatedSwift(ofPath: path, text: document.text)
        return Payload(source)
    }
}

extension Workspace {
    /// The Swift of the spec at `path` with `text`, or an error naming its first problem.
    func generatedSwift(ofPath path: String, text: String) throws(MessageError) -> String {
        let others = folderSpecs(of: path).filter { $0 != path }.compactMap { other -> Spec? in
            guard let document = document(forPath: other) else { return nil }
            return generator.parse(Data(document.text.utf8), file: other).spec
        }
        let parsed = generator.parse(Data(text.utf8), file: path)
        let output = generator.generate(parsed, childSpecs: ChildSpecs(specs: [parsed.spec].compactMap { $0 } + others))
        guard let source = output.source else {
            let first = output.diagnostics.first { $0.severity == .error }.map { ": \($0)" } ?? ""
            throw MessageError(.requestFailed, "the spec has errors, so it generates no Swift\(first)")
        }
        return source
    }
}
