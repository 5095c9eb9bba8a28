import SwiftParser
import SwiftSyntax

extension SpecCode {
    /// An entry of `imports`, read by Swift's parser as what follows `import`: a module or
    /// dotted path (`Core.Models`), or one declaration of a module (`struct MyModule.Event`),
    /// which shadows a type of the same name in a module imported whole (`Reactive.Event`).
    /// An entry may start with the import's access level (`public ExampleModels`, which the
    /// generated file writes `public import ExampleModels`): with the upcoming feature
    /// `InternalImportsByDefault`, a module whose types the view model's public members use.
    public struct ImportPath: Equatable, Sendable {
        /// `public`, `package` or `internal`; nil when the entry writes none.
        public var access: String?
        /// `struct`, `class`, `enum`, `protocol`, `typealias`, `func`, `let` or `var`; nil for a module.
        public var kind: String?
        /// The path's names; the first is the module.
        public var components: [String]
        /// Where the path starts in the entry, in UTF-8 bytes (after the access level).
        public var pathOffset: Int

        public var module: String { components[0] }
    }

    /// The access levels an entry of `imports` may give its import.
    public static let importAccessLevels = ["public", "package", "internal"]

    /// `text` as an import path, or nil when it is not exactly one (`Foundation; func evil() {}`,
    /// an attribute, a missing name, an access level other than `importAccessLevels`).
    public static func importPath(_ text: String) -> ImportPath? {
        let words = text.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        let access = words.count == 2 && importAccessLevels.contains(String(words[0])) ? String(words[0]) : nil
        let path = access == nil ? Substring(text) : words[1].drop { $0 == " " }
        let pathOffset = text.utf8.count - path.utf8.count
        let prefix = "import "
        let file = Parser.parse(source: prefix + path)
        guard !file.hasError, file.statements.count == 1,
              let declaration = file.statements.first?.item.as(ImportDeclSyntax.self),
              declaration.attributes.isEmpty, declaration.modifiers.isEmpty,
              declaration.endPositionBeforeTrailingTrivia.utf8Offset == prefix.utf8.count + path.utf8.count - trailingSpaces(String(path))
        else { return nil }
        let components = declaration.path.map(\.name.text)
        let kind = declaration.importKindSpecifier?.text
        // A declaration is reached through its module: `struct Event` alone names none.
        guard !components.isEmpty, kind == nil || components.count > 1 else { return nil }
        return ImportPath(access: access, kind: kind, components: components, pathOffset: pathOffset)
    }
}
