import SwiftParser
import SwiftSyntax

extension SpecCode {
    /// Every place the generated code writes a spec name, with `NAME` where the name goes: a
    /// stored, lazy and computed property, a method, an initializer's and a static function's
    /// parameter and argument, a local constant, a tuple, `self.`, an optional chain and a key path.
    static let memberUses = """
        final class _VMGenNames {
            var NAME: Int = 0
            lazy var NAME: Int = 0
            var NAME: Int { return NAME }
            func NAME() {}
            init(NAME: Int) {
                self.NAME = NAME
                let NAME: Int = NAME
                (NAME, NAME) = (NAME, NAME)
                _ = Self.f(NAME: NAME)
                _ = self?.NAME.NAME
                _ = \\_VMGenNames.NAME
            }
            static func f(NAME: Int) -> Int { NAME }
        }
        """

    /// Every place the generated code writes the view model's name: the class, a key path's
    /// root, a closure's parameter type, a generic argument and `Name.self`.
    static let typeUses = """
        final class NAME {
            func f(_ keyPath: Swift.KeyPath<NAME, Int>, _ changes: @escaping (NAME) -> Swift.Void) -> [Reactive.InspectedInput<NAME>] {
                _ = NAME.self
                return []
            }
        }
        """

    /// Every word that swift-syntax's parser reads as a keyword somewhere (`Keyword`'s texts).
    static let keywordTexts: Set<String> = Set((0...UInt8.max).compactMap { Keyword(rawValue: $0).map { TokenSyntax.keyword($0).text } })

    /// Whether the code ends with a statement, or a `return`, that is one name that is also a
    /// keyword (`open`, `async`, `prefix`): the compiler reads such a word where a statement
    /// starts, before a directive (`#sourceLocation()`), as a declaration modifier, so the
    /// generated code ends the statement first. (`x = open` and `a.open` are read right.)
    public static func endsInModifierWord(_ body: Body) -> Bool {
        guard let last = body.statements.lastToken(viewMode: .sourceAccurate), case .identifier(let name) = last.tokenKind,
              keywordTexts.contains(name), var node = last.parent?.as(DeclReferenceExprSyntax.self).map(Syntax.init)
        else { return false }
        if let statement = node.parent, statement.is(ExpressionStmtSyntax.self) { node = statement }
        return node.parent?.is(CodeBlockItemSyntax.self) == true || node.parent?.is(ReturnStmtSyntax.self) == true
    }

    /// Whether Swift's parser takes `name` (already a Unicode identifier) as a plain name in
    /// every place the generated code writes a member's name (`memberUses`), or, for a type
    /// (`isType`), the view model's (`typeUses`): a keyword (`class`, `self`, `Any`) is
    /// refused, a contextual keyword that is a name there (`open`, `async`, `consume`; `some`
    /// and `any` for members) is accepted. Decided by the parser, not by a list.
    public static func isUsableAsName(_ name: String, isType: Bool = false) -> Bool {
        // A word the parser never reads as a keyword is a name everywhere; only the others
        // need the parse (specs have thousands of names).
        guard keywordTexts.contains(name) else { return true }
        let pieces = (isType ? typeUses : memberUses).components(separatedBy: "NAME")
        // The source, and where the name stands in it each time.
        var source = pieces[0]
        var offsets: [Int] = []
        for piece in pieces.dropFirst() {
            offsets.append(source.utf8.count)
            source += name + piece
        }
        let file = Parser.parse(source: source)
        guard !file.hasError else { return false }
        return offsets.allSatisfy { offset in
            file.token(at: AbsolutePosition(utf8Offset: offset))?.tokenKind == .identifier(name)
        }
    }
}
