import SwiftLexicalLookup
import SwiftSyntax

extension SpecCode {
    /// A name the code takes from outside itself, at a UTF-8 offset into the code.
    public struct Read: Equatable, Sendable {
        public var name: String
        public var offset: Int
        /// Whether the name is called (`name(...)`, `name { ... }`): a function, perhaps a
        /// global one from an imported module.
        public var isCalled = false
    }

    /// The names `body` reads from outside itself, in order of appearance (repeats kept):
    /// every name referenced as a value that Swift's lexical scoping does not resolve to a
    /// declaration inside the code (closure parameters and captures, `let`/`var`,
    /// `if let`/`guard let`, `for` and `switch` pattern bindings, local functions, `catch`'s
    /// `error`). Members (`.x`, `a.x`), labels and key-path components are not reads;
    /// `self.x` reads `x`. A use of `self` itself is reported as the name `self`.
    public static func reads(in body: Body) -> [Read] {
        let finder = ReadFinder(viewMode: .sourceAccurate)
        finder.walk(body.statements)
        return finder.found.map { Read(name: $0.name, offset: body.offset(of: $0.position), isCalled: $0.isCalled) }
    }

    /// The distinct names of `reads`, in order of first appearance.
    public static func names(_ reads: [Read]) -> [String] {
        var seen = Set<String>()
        return reads.map(\.name).filter { seen.insert($0).inserted }
    }
}

/// Walks a tree and collects the references that leave it.
private final class ReadFinder: SyntaxVisitor {
    var found: [(name: String, position: AbsolutePosition, isCalled: Bool)] = []

    /// Records `token` as a read unless a declaration in the code, visible from `scopeNode`,
    /// has its name.
    func record(_ token: TokenSyntax, lookingUpFrom scopeNode: some SyntaxProtocol, isCalled: Bool = false) {
        guard let identifier = token.identifier else { return }
        let declaredInside = scopeNode.lookup(identifier).contains { result in
            result.names.contains { $0.identifier == identifier }
        }
        if !declaredInside { found.append((identifier.name, token.positionAfterSkippingLeadingTrivia, isCalled)) }
    }

    /// Whether `node` is what a call calls: `f(x)`, `f { }`, `f<T>(x)`.
    static func isCalled(_ node: some SyntaxProtocol) -> Bool {
        var callee = Syntax(node)
        if let specialization = callee.parent?.as(GenericSpecializationExprSyntax.self) { callee = Syntax(specialization) }
        return callee.parent?.as(FunctionCallExprSyntax.self)?.calledExpression.id == callee.id
    }

    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        if let member = node.parent?.as(MemberAccessExprSyntax.self), member.declName.id == node.id {
            // `self.x` reads `x`; any other `.x` is a member of something else.
            if let base = member.base?.as(DeclReferenceExprSyntax.self), base.baseName.tokenKind == .keyword(.self) {
                record(node.baseName, lookingUpFrom: node)
            }
            return .skipChildren
        }
        if node.parent?.is(KeyPathPropertyComponentSyntax.self) == true { return .skipChildren }
        switch node.baseName.tokenKind {
        case .keyword(.self):
            found.append(("self", node.baseName.positionAfterSkippingLeadingTrivia, false))
        case .identifier:
            record(node.baseName, lookingUpFrom: node, isCalled: Self.isCalled(node))
        default:
            break
        }
        return .skipChildren
    }

    /// `[x]` and `[weak x]` capture (read) `x` from outside the closure.
    override func visit(_ node: ClosureCaptureSyntax) -> SyntaxVisitorContinueKind {
        if node.initializer == nil, let closure = node.ancestor(ClosureExprSyntax.self) {
            if node.name.tokenKind == .keyword(.self) {
                found.append(("self", node.name.positionAfterSkippingLeadingTrivia, false))
            } else {
                // Looked up from outside the closure, which declares the captured name itself.
                record(node.name, lookingUpFrom: closure.parent ?? Syntax(closure))
            }
        }
        return .visitChildren
    }

    /// `if let x` (without `= value`) reads `x` from outside the condition.
    override func visit(_ node: OptionalBindingConditionSyntax) -> SyntaxVisitorContinueKind {
        if node.initializer == nil, let pattern = node.pattern.as(IdentifierPatternSyntax.self),
           let statement = node.ancestor(ConditionElementListSyntax.self)?.parent {
            record(pattern.identifier, lookingUpFrom: statement)
        }
        return .visitChildren
    }
}

extension SyntaxProtocol {
    /// The nearest enclosing node of type `T`.
    func ancestor<T: SyntaxProtocol>(_: T.Type) -> T? {
        var current = parent
        while let node = current {
            if let found = node.as(T.self) { return found }
            current = node.parent
        }
        return nil
    }
}
