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
    /// The main template's file, for problems with what it renders.
    public let mainTemplateFile: String

    /// - Parameter customTemplates: a folder whose `*.mustache` files replace the defaults of the
    ///   same name (other names are partials the templates include).
    /// - Throws: `InputError` when the folder or a file in it cannot be read; `Invalid` with every
    ///   problem of the templates, at their lines and columns.
    public init(customTemplates: URL? = nil) throws {
        var templates: [String: (text: String, file: String)] = [:]
        for (name, text) in Self.defaultTemplates {
            // Each default is also a partial under `Default.<name>`, so that a custom template can
            // add to the default layout without copying it (`{{>Default.Value}}`).
            templates[name] = (text, "Templates/\(name).\(Self.fileExtension)")
            templates["Default." + name] = templates[name]
        }
        var problems: [Diagnostic] = []
        var custom: [String] = []
        if let folder = customTemplates {
            for file in try Self.files(in: folder) {
                let name = URL(fileURLWithPath: file).lastPathComponent
                if name.hasSuffix(".stencil") {
                    problems.append(Diagnostic(.error, "a Stencil template: vmgen's templates are Mustache (`*.mustache`) now; rewrite it (docs/templates.md, \"From Stencil\")", at: SourceLocation(file: file, line: 1, column: 1)))
                }
                guard name.hasSuffix("." + Self.fileExtension) else { continue }
                let template = String(name.dropLast(Self.fileExtension.count + 1))
                let text = try Self.read(file)
                let start = SourceLocation(file: file, line: 1, column: 1)
                if template.hasPrefix("Default.") {
                    problems.append(Diagnostic(.error, "`Default.` names the built-in templates as partials (`{{>Default.Value}}`), which a file cannot replace: give it another name", at: start))
                }
                if let stencil = text.range(of: "{%") {
                    problems.append(Diagnostic(.error, "a Stencil tag (`{% ... %}`): vmgen's templates are Mustache; write it as a section (docs/templates.md, \"From Stencil\")",
                                               at: .after(text[..<stencil.lowerBound], file: file)))
                }
                if text.allSatisfy(\.isWhitespace) {
                    let keep = Self.defaultTemplates[template] != nil ? "remove the file to use the default, or include it: `{{>Default.\(template)}}`" : "write what it renders, or remove it"
                    problems.append(Diagnostic(.error, "the template is empty: it would render nothing, silently; \(keep)", at: start))
                }
                templates[template] = (text, file)
                custom.append(template)
            }
        }
        var compiler = TemplateCompiler(templates: templates)
        program = compiler.compile(Self.mainTemplate)
        mainTemplateFile = templates[Self.mainTemplate]?.file ?? Self.mainTemplate
        for name in custom.sorted() where !compiler.used.contains(name) {
            let file = templates[name]?.file ?? name
            let advice = Suggestion.closest(to: name, in: Array(Self.defaultTemplates.keys)).map { "; to replace the default `\($0)`, name the file `\($0).\(Self.fileExtension)`" }
                ?? "; include it with `{{>\(name)}}`, or remove it"
            problems.append(Diagnostic(.error, "no template includes `\(name)`, so it is never used" + advice, at: SourceLocation(file: file, line: 1, column: 1)))
        }
        problems += compiler.problems
        guard problems.isEmpty else { throw Invalid(diagnostics: problems) }
    }

    /// The paths of the files in `folder`, each as the folder was given plus its name.
    static func files(in folder: URL) throws -> [String] {
        let shown = folder.relativePath
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder) else {
            throw InputError(path: shown, reason: "no such folder of templates")
        }
        guard isFolder.boolValue else {
            throw InputError(path: shown, reason: "is a file: --templates takes the folder that holds the `*.\(fileExtension)` files")
        }
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else {
            throw InputError(path: shown, reason: "the folder of templates cannot be read")
        }
        return names.sorted().map { (shown.hasSuffix("/") ? shown : shown + "/") + $0 }
    }

    /// A template file's text, its lines ended by `\n`, without a byte-order mark.
    static func read(_ file: String) throws -> String {
        // A link to a template is read as the template (a link to nothing is not a file).
        let target = URL(fileURLWithPath: file).resolvingSymlinksInPath().path
        let attributes = try? FileManager.default.attributesOfItem(atPath: target)
        guard attributes?[.type] as? FileAttributeType == .typeRegular else {
            throw InputError(path: file, reason: "is not a regular file: a template is a text file")
        }
        guard let data = FileManager.default.contents(atPath: target) else {
            throw InputError(path: file, reason: "cannot be read")
        }
        guard let text = String(validating: data, as: UTF8.self) else {
            throw InputError(path: file, reason: "is not UTF-8 text")
        }
        // Windows line ends and a lone `\r` end a line as `\n` does; a byte-order mark is no text.
        let lines = text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
        return lines.hasPrefix("\u{FEFF}") ? String(lines.dropFirst()) : lines
    }

    /// The rendered Swift source.
    public func render(_ context: TemplateContext) -> String {
        var run = TemplateRun(context)
        run.render(program)
        return run.output
    }
}
