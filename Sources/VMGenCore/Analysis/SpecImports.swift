import SwiftParser
import SwiftSyntax

extension SpecCode {
    /// An entry of `imports`, read by Swift's parser as what follows `import`: a module or
    /// dotted path (`Core.Models`), or one declaration of a module (`struct MyModule.Event`),
    /// which shadows a type of the same name in a module imported whole (`Reactive.Event`).
    public struct ImportPath: Equatable, Sendable {
        /// `struct`, `class`, `enum`, `protocol`, `typealias`, `func`, `let` or `var`; nil for a module.
        public var kind: String?
        /// The path's names; the first is the module.
        public var components: [String]

        public var module: String { components[0] }
    }

    /// `text` as an import path, or nil when it is not exactly one (`Foundation; func evil() {}`,
    /// an attribute, a missing name).
    public static func importPath(_ text: String) -> ImportPath? {
        let prefix = "import "
        let file = Parser.parse(source: prefix + text)
        guard !file.hasError, file.statements.count == 1,
              let declaration = file.statements.first?.item.as(ImportDeclSyntax.self),
              declaration.attributes.isEmpty, declaration.modifiers.isEmpty,
              declaration.endPositionBeforeTrailingTrivia.utf8Offset == prefix.utf8.count + text.utf8.count - trailingSpaces(text)
        else { return nil }
        let components = declaration.path.map(\.name.text)
        let kind = declaration.importKindSpecifier?.text
        // A declaration is reached through its module: `struct Event` alone names none.
        guard !components.isEmpty, kind == nil || components.count > 1 else { return nil }
        return ImportPath(kind: kind, components: components)
    }
}
