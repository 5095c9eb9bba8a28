import Foundation

/// Lays out a `TemplateContext` as Swift source. With the default templates this is
/// `NativeRenderer`, the templates written out in Swift (no Stencil environment is made);
/// a folder of custom templates that replaces any default template by file name goes through
/// Stencil (`StencilRenderer`), the defaults filling in the templates it does not replace.
public struct TemplateRenderer {
    /// How this renderer lays out a context.
    enum Engine {
        /// The default templates, in Swift.
        case native
        /// Stencil, with at least one custom template.
        case stencil(StencilRenderer)
    }

    let engine: Engine

    /// The main template's name.
    public static let mainTemplate = StencilRenderer.mainTemplate

    /// - Parameter customTemplates: a folder whose `*.stencil` files replace the defaults of the
    ///   same name. Files with other names are read too (a custom template may include them);
    ///   when no default is replaced, the output is the default one and the native renderer
    ///   makes it.
    public init(customTemplates: URL? = nil) throws {
        guard let folder = customTemplates else {
            engine = .native
            return
        }
        var custom: [String: String] = [:]
        let files = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
        for file in files where file.pathExtension == "stencil" {
            custom[file.lastPathComponent] = try String(contentsOf: file, encoding: .utf8)
        }
        let replacesADefault = custom.keys.contains { StencilRenderer.defaultTemplateNames.contains($0) }
        engine = replacesADefault ? .stencil(StencilRenderer(custom: custom)) : .native
    }

    /// The rendered Swift source, with runs of blank lines folded and one final newline.
    public func render(_ context: TemplateContext) throws -> String {
        switch engine {
        case .native: NativeRenderer.render(context)
        case .stencil(let stencil): try stencil.render(context)
        }
    }

    /// Whether custom templates are in use (Stencil renders).
    var usesStencil: Bool {
        if case .stencil = engine { return true }
        return false
    }
}
