import Foundation
import Stencil

/// Renders a `TemplateContext` through Stencil templates: the path of runs with custom
/// templates (a `VMGenTemplates/` folder, `vmgen --templates`), which may replace any default
/// template by file name; the defaults fill in the rest.
final class StencilRenderer {
    /// The default templates, compiled into the generator from the top-level `Templates/`.
    static let defaultTemplates: [String: String] = [
        "ViewModel.swift.stencil": String(decoding: PackageResources.ViewModel_swift_stencil, as: UTF8.self),
        "Value.stencil": String(decoding: PackageResources.Value_stencil, as: UTF8.self),
        "Function.stencil": String(decoding: PackageResources.Function_stencil, as: UTF8.self),
    ]

    /// The main template's name.
    static let mainTemplate = "ViewModel.swift.stencil"
    /// The names of the default templates (known without decoding them).
    static let defaultTemplateNames: Set<String> = [mainTemplate, "Value.stencil", "Function.stencil"]

    /// Every template by name: the defaults, with the custom ones in their place.
    let templates: [String: String]
    /// One environment for every render; its loader lexes each template once.
    let environment: Environment
    /// The lexed templates, owned here (see `LexedOnceLoader`).
    let cache = TemplateCache()

    /// - Parameter custom: templates by file name that replace the defaults of the same name.
    init(custom: [String: String] = [:]) {
        let templates = Self.defaultTemplates.merging(custom) { $1 }
        self.templates = templates
        environment = Environment(loader: LexedOnceLoader(templates: templates, cache: cache), trimBehaviour: .smart)
    }

    /// The rendered Swift source, tidied (`TidyText`).
    func render(_ context: TemplateContext) throws -> String {
        let rendered = try environment.renderTemplate(name: Self.mainTemplate, context: Self.dictionary(context))
        return TidyText.tidy(rendered)
    }

    /// The context's top-level fields as a dictionary, so templates write `{{ name }}`.
    static func dictionary(_ context: TemplateContext) -> [String: Any] {
        var result: [String: Any] = [:]
        for child in Mirror(reflecting: context).children {
            if let label = child.label { result[label] = child.value }
        }
        return result
    }
}
