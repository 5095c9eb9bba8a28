import Foundation
import Stencil

/// Lays out a `TemplateContext` through the Stencil templates: the embedded defaults, or a
/// folder of custom templates that may override any of them by file name.
public struct TemplateRenderer {
    /// The default templates, compiled into the generator from the top-level `Templates/`.
    static let defaultTemplates: [String: String] = [
        "ViewModel.swift.stencil": String(decoding: PackageResources.ViewModel_swift_stencil, as: UTF8.self),
        "Value.stencil": String(decoding: PackageResources.Value_stencil, as: UTF8.self),
        "Function.stencil": String(decoding: PackageResources.Function_stencil, as: UTF8.self),
    ]

    /// The main template's name.
    public static let mainTemplate = "ViewModel.swift.stencil"

    let templates: [String: String]
    /// One environment for every render; its loader lexes each template once.
    let environment: Environment
    /// The lexed templates, owned here (see `LexedOnceLoader`).
    let cache = TemplateCache()

    /// - Parameter customTemplates: a folder whose `*.stencil` files replace the defaults of the same name.
    public init(customTemplates: URL? = nil) throws {
        var templates = Self.defaultTemplates
        if let folder = customTemplates {
            let files = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            for file in files where file.pathExtension == "stencil" {
                templates[file.lastPathComponent] = try String(contentsOf: file, encoding: .utf8)
            }
        }
        self.templates = templates
        self.environment = Environment(loader: LexedOnceLoader(templates: templates, cache: cache), trimBehaviour: .smart)
    }

    /// The rendered Swift source, with runs of blank lines folded and one final newline.
    public func render(_ context: TemplateContext) throws -> String {
        let rendered = try environment.renderTemplate(name: Self.mainTemplate, context: Self.dictionary(context))
        return Self.tidy(rendered)
    }

    /// The context's top-level fields as a dictionary, so templates write `{{ name }}`.
    static func dictionary(_ context: TemplateContext) -> [String: Any] {
        var result: [String: Any] = [:]
        for child in Mirror(reflecting: context).children {
            if let label = child.label { result[label] = child.value }
        }
        return result
    }

    /// No trailing spaces, at most one blank line in a row, no blank line right after `{` or
    /// before `}`, one newline at the end.
    static func tidy(_ text: String) -> String {
        var output: [Substring] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = line
            while line.last == " " { line.removeLast() }
            let previous = output.last
            if line.isEmpty {
                if previous == nil || previous!.isEmpty || previous!.hasSuffix("{") { continue }
            }
            if line.trimmingCharacters(in: .whitespaces).hasPrefix("}"), previous?.isEmpty == true {
                output.removeLast()
            }
            output.append(line)
        }
        while output.last?.isEmpty == true { output.removeLast() }
        return output.joined(separator: "\n") + "\n"
    }
}
