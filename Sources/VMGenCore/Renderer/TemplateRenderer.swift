import Foundation

/// Lays out a `TemplateContext` as Swift source through the Mustache templates of `Templates/`
/// (compiled into the generator), or through a folder of custom templates that replace any of
/// them by file name, the defaults filling in the rest. The templates are compiled once, when the
/// renderer is made (`TemplateCompiler`): a template that names an unknown field is an error at
/// its line, never empty output, and rendering reads each field by position.
public struct TemplateRenderer {
    /// The default templates by name (the file name without `.mustache`).
    static let defaultTemplates: [String: String] = [
        "ViewModel.swift": String(decoding: PackageResources.ViewModel_swift_mustache, as: UTF8.self),
        "Value": String(decoding: PackageResources.Value_mustache, as: UTF8.self),
        "Function": String(decoding: PackageResources.Function_mustache, as: UTF8.self),
    ]

    /// The main template's name.
    public static let mainTemplate = "ViewModel.swift"
    /// The extension of template files.
    public static let fileExtension = "mustache"

    /// What is wrong with the templates, each problem at its template's line and column.
    public struct Invalid: Error, CustomStringConvertible {
        public var diagnostics: [Diagnostic]
        public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
    }

    let program: [TemplateNode]

    /// - Parameter customTemplates: a folder whose `*.mustache` files replace the defaults of the
    ///   same name (other names are partials the templates may include).
    /// - Throws: `Invalid` with every problem of the templates.
    public init(customTemplates: URL? = nil) throws {
        var templates: [String: (text: String, file: String)] = [:]
        for (name, text) in Self.defaultTemplates { templates[name] = (text, "Templates/\(name).\(Self.fileExtension)") }
        if let folder = customTemplates {
            let files = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            for file in files where file.pathExtension == Self.fileExtension {
                templates[file.deletingPathExtension().lastPathComponent] = (try String(contentsOf: file, encoding: .utf8), file.path)
            }
        }
        var compiler = TemplateCompiler(templates: templates)
        program = compiler.compile(Self.mainTemplate)
        guard compiler.problems.isEmpty else { throw Invalid(diagnostics: compiler.problems) }
    }

    /// The rendered Swift source.
    public func render(_ context: TemplateContext) -> String {
        var run = TemplateRun(context)
        run.render(program)
        return run.output
    }
}
