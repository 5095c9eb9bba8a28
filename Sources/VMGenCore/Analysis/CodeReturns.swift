import SwiftSyntax

extension SpecCode {
    /// A body that must give a value (a derived value, an initial value, a task with an output,
    /// a function with a result) but does not: several statements, or one that is not an
    /// expression, and no `return` of its own. `swiftc -typecheck` lets such code through; a
    /// build stops at "missing return". Where the last statement stands, and its text when it is
    /// an expression (the value meant to be returned); nil when the body gives its value.
    public static func missingReturn(in body: Body) -> (offset: Int, lastExpression: String?)? {
        let statements = body.statements
        guard let last = statements.last else { return nil }
        let lastItem = Syntax(last.item)
        let lastExpression = lastItem.as(ExprSyntax.self) ?? lastItem.as(ExpressionStmtSyntax.self)?.expression
        if statements.count == 1, lastExpression != nil { return nil }
        // A body that ends by throwing, or by stopping the program, gives no value and needs none.
        if lastItem.is(ThrowStmtSyntax.self) { return nil }
        if let call = lastExpression?.as(FunctionCallExprSyntax.self)?.calledExpression.as(DeclReferenceExprSyntax.self),
           ["fatalError", "preconditionFailure"].contains(call.baseName.text) {
            return nil
        }
        guard let block = body.function.body, !ReturnFinder.hasReturn(in: block) else { return nil }
        return (body.offset(of: last.positionAfterSkippingLeadingTrivia), lastExpression?.trimmedDescription)
    }

}

/// Finds a `return` of the code itself, not of the closures and functions it declares.
private final class ReturnFinder: SyntaxVisitor {
    private var found = false

    static func hasReturn(in block: CodeBlockSyntax) -> Bool {
        let finder = ReturnFinder(viewMode: .sourceAccurate)
        finder.walk(block)
        return finder.found
    }

    override func visit(_ node: ReturnStmtSyntax) -> SyntaxVisitorContinueKind {
        found = true
        return .skipChildren
    }

    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: AccessorBlockSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
}
