import Foundation

/// The generator's pipeline for one spec: bytes -> `Spec` -> `ViewModelModel` ->
/// `TemplateContext` -> Swift text. Problems found on the way are returned as diagnostics;
/// nothing is written here (see `OutputWriter`).
public struct Generator {
    let renderer: TemplateRenderer

    public init(customTemplates: URL? = nil) throws {
        renderer = try TemplateRenderer(customTemplates: customTemplates)
    }

    /// The renderer's cache of lexed templates when custom templates are in use (exposed for
    /// the test that it is freed).
    var templateCache: AnyObject? {
        if case .stencil(let stencil) = renderer.engine { return stencil.cache }
        return nil
    }

    /// The result of one spec: the Swift source when there was no error, and every diagnostic.
    public struct Output {
        public var source: String?
        public var diagnostics: [Diagnostic]
        /// The validated model, for tools such as `vmgen graph`.
        public var model: ViewModelModel?
    }

    /// Validates the spec only. The validator runs even when parsing found errors, so one run
    /// reports everything it can. `childSpecs` are the other specs of the run (see `ChildSpecs`).
    public func check(_ data: Data, file: String, childSpecs: ChildSpecs = .none) -> Output {
        var diagnostics = Diagnostics()
        guard let spec = SpecParser().parse(data, file: file, diagnostics: &diagnostics) else {
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
        var output = check(data, file: file, childSpecs: childSpecs)
        guard let model = output.model else { return output }
        do {
            var context = ContextBuilder(model: model).build()
            if writer != .command { context.headerLines = GeneratedHeader.lines(specPath: file, writer: writer) }
            output.source = try renderer.render(context)
        } catch {
            let location = SourceLocation(file: file, line: 1, column: 1)
            output.diagnostics.append(Diagnostic(.error, "the template could not be rendered: \(error)", at: location))
        }
        return output
    }
}
