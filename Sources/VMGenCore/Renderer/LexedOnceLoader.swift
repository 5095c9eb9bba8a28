import Foundation
import Stencil

/// Lexed templates, kept by a `TemplateRenderer` for as long as it lives. Stencil's own
/// dictionary loader lexes a template on every load, and an `{% include %}` inside a
/// `{% for %}` loads it once per item: measured in the benchmarks, that lexing was most of the
/// generator's time. A `Template` keeps only its tokens, so sharing it between renders is safe.
final class TemplateCache: @unchecked Sendable {
    /// Guards `lexed` (Stencil calls loaders synchronously from `render`).
    private let lock = NSLock()
    private var lexed: [String: Template] = [:]

    func template(named name: String, orLex lex: () throws -> Template) rethrows -> Template {
        lock.lock()
        defer { lock.unlock() }
        if let template = lexed[name] { return template }
        let template = try lex()
        lexed[name] = template
        return template
    }
}

/// A loader that serves templates from memory, lexing each once through a `TemplateCache`.
/// Every lexed template holds its environment and so this loader: the loader holds the cache
/// weakly, or cache, templates and loader would keep each other alive forever.
final class LexedOnceLoader: Loader, @unchecked Sendable {
    let templates: [String: String]
    private weak var cache: TemplateCache?

    init(templates: [String: String], cache: TemplateCache) {
        self.templates = templates
        self.cache = cache
    }

    func loadTemplate(name: String, environment: Environment) throws -> Template {
        guard let content = templates[name] else { throw TemplateDoesNotExist(templateNames: [name], loader: self) }
        let lex = { environment.templateClass.init(templateString: content, environment: environment, name: name) }
        guard let cache else { return lex() }
        return cache.template(named: name, orLex: lex)
    }
}
