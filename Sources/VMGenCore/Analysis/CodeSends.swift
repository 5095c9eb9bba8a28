import SwiftSyntax

extension SpecCode {
    /// An event that code always sends: a statement of its own at the top of the code,
    /// `send(.name)` or `send(.name(payload))` (or `self.send(...)`), at a UTF-8 offset into the code.
    public struct Send: Equatable, Sendable {
        public var event: String
        public var offset: Int
    }

    /// The events `body` sends whenever it runs: its top-level `send(...)` statements, in order
    /// (a send inside an `if`, a loop or a closure may not run, so it is not one).
    static func unconditionalSends(in body: Body) -> [Send] {
        body.statements.compactMap { item in
            guard let call = item.item.as(FunctionCallExprSyntax.self), isSend(call.calledExpression),
                call.arguments.count == 1, let argument = call.arguments.first?.expression,
                let event = eventName(argument) else { return nil }
            return Send(event: event, offset: body.offset(of: call.positionAfterSkippingLeadingTrivia))
        }
    }

    /// `send` or `self.send`.
    private static func isSend(_ callee: ExprSyntax) -> Bool {
        if let name = callee.as(DeclReferenceExprSyntax.self) { return name.baseName.text == CheckedMachine.sendName }
        guard let member = callee.as(MemberAccessExprSyntax.self),
            member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "self" else { return false }
        return member.declName.baseName.text == CheckedMachine.sendName
    }

    /// `.name` or `.name(payload)`: the event's name.
    private static func eventName(_ argument: ExprSyntax) -> String? {
        let member = argument.as(MemberAccessExprSyntax.self)
            ?? argument.as(FunctionCallExprSyntax.self)?.calledExpression.as(MemberAccessExprSyntax.self)
        guard let member, member.base == nil else { return nil }
        return member.declName.baseName.text
    }
}
