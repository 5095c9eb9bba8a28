import Foundation

/// The generator's pipeline for one spec: bytes -> `Spec` -> `ViewModelModel` ->
/// `TemplateContext` -> Swift text. Problems found on the way are returned as diagnostics;
/// nothing is written here (see `OutputWriter`).
public struct Generator {
    let renderer: TemplateRenderer

    public init(customTemplates: URL? = nil) throws {
        renderer = try TemplateRenderer(customTemplates: customTemplates)
    }

    /// The result of one spec: the Swift source when there was no error, and every diagnostic.
    public struct Output {
        public var source: String?
        public var diagnostics: [Diagnostic]
        /// The validated model, for tools such as `vmgen graph`.
        public var model: ViewModelModel?
    }

    /// A spec as read, before it is checked: what `check` and `generate` take, so that the specs
    /// of one run are read once and each is checked knowing the others (see `ChildSpecs`).
    public struct Parsed: Sendable {
        public var file: String
        /// Nil when the file could not be read as a spec at all (its errors say why).
        public var spec: Spec?
        var diagnostics: Diagnostics
    }

    /// Reads the spec, reporting what is wrong with its YAML and its keys.
    public func parse(_ data: Data, file: String) -> Parsed {
        var diagnostics = Diagnostics()
        let spec = SpecParser().parse(data, file: file, diagnostics: &diagnostics)
        return Parsed(file: file, spec: spec, diagnostics: diagnostics)
    }

    /// Validates the spec only. The validator runs even when parsing found errors, so one run
    /// reports everything it can. `childSpecs` are the other specs of the run (see `ChildSpecs`).
    public func check(_ data: Data, file: String, childSpecs: ChildSpecs = .none) -> Output {
        check(parse(data, file: file), childSpecs: childSpecs)
    }

    public func check(_ parsed: Parsed, childSpecs: ChildSpecs = .none) -> Output {
        var diagnostics = parsed.diagnostics
        guard let spec = parsed.spec else {
            return Output(source: nil, diagnostics: diagnostics.sorted, model: nil)
        }
        let parsedCleanly = !diagnostics.hasErrors
        let model = SpecValidator().validate(spec, diagnostics: &diagnostics, childSpecs: childSpecs)
        return Output(source: nil, diagnostics: diagnostics.sorted, model: parsedCleanly ? model : nil)
    }

    /// Validates and renders the spec; `writer` decides the header's second line.
    public func generate(
        _ data: Data, file: String, writer: GeneratedHeader.Writer = .command, childSpecs: ChildSpecs = .none
    ) -> Output {
        generate(parse(data, file: file), writer: writer, childSpecs: childSpecs)
    }

    public func generate(_ parsed: Parsed, writer: GeneratedHeader.Writer = .command, childSpecs: ChildSpecs = .none) -> Output {
        let file = parsed.file
        var output = check(parsed, childSpecs: childSpecs)
        guard let model = output.model else { return output }
        var context = ContextBuilder(model: model).build()
        if writer != .command { context.headerLines = GeneratedHeader.lines(specPath: file, writer: writer) }
        let source = renderer.render(context)
        // vmgen overwrites only the files that start with their header: a custom main template
        // that leaves it out would write files that no later run could update.
        if let header = context.headerLines.first, !source.hasPrefix(header) {
            output.diagnostics.append(Diagnostic(
                .error,
                "the generated file for `\(file)` does not start with its header lines; begin the main template with `{{#headerLines}}`, `{{.}}`, `{{/headerLines}}` (vmgen overwrites only files that start with them)",
                at: SourceLocation(file: renderer.mainTemplateFile, line: 1, column: 1)))
            return output
        }
        output.source = source
        return output
    }
}
