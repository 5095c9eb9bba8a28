import Foundation
import Stencil

/// A template loader that lexes each template once and hands out the same `Template`
/// afterwards. Stencil's own dictionary loader lexes a template on every load, and an
/// `{% include %}` inside a `{% for %}` loads it once per item: measured in the benchmarks, that
/// lexing was most of the generator's time. A `Template` keeps only its tokens, so sharing it
/// between renders is safe.
final class LexedOnceLoader: Loader, @unchecked Sendable {
    let templates: [String: String]
    /// Guards `lexed` (Stencil calls loaders synchronously from `render`).
    private let lock = NSLock()
    private var lexed: [String: Template] = [:]

    init(templates: [String: String]) {
        self.templates = templates
    }

    func loadTemplate(name: String, environment: Environment) throws -> Template {
        lock.lock()
        defer { lock.unlock() }
        if let template = lexed[name] { return template }
        guard let content = templates[name] else { throw TemplateDoesNotExist(templateNames: [name], loader: self) }
        let template = environment.templateClass.init(templateString: content, environment: environment, name: name)
        lexed[name] = template
        return template
    }
}
