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
    static func isSend(_ callee: ExprSyntax) -> Bool {
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

extension SpecCode {
    /// A case written without its type (`.loggingIn`, `.failed(message)`), which in a machine's
    /// view model may name a state or an event: `inSend` when it is the argument of `send(...)`
    /// (an `Event`), else most likely a `State` (in `if case .failed = state`). At the UTF-8 offset
    /// of its name.
    public struct ImplicitMember: Equatable, Sendable {
        public var name: String
        public var offset: Int
        public var inSend: Bool
    }

    /// Every implicit member in `body` whose name is one of `names`.
    public static func implicitMembers(in body: Body, named names: Set<String>) -> [ImplicitMember] {
        final class Finder: SyntaxVisitor {
            let names: Set<String>
            let body: Body
            var found: [ImplicitMember] = []
            init(_ names: Set<String>, _ body: Body) {
                self.names = names
                self.body = body
                super.init(viewMode: .sourceAccurate)
            }
            override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
                let name = node.declName.baseName
                guard node.base == nil, names.contains(name.text) else { return .visitChildren }
                found.append(ImplicitMember(name: name.text, offset: body.offset(of: name.positionAfterSkippingLeadingTrivia),
                                            inSend: isArgumentOfSend(node)))
                return .visitChildren
            }
            /// `send(.x)` or `send(.x(payload))`, also as `self.send`.
            private func isArgumentOfSend(_ node: MemberAccessExprSyntax) -> Bool {
                var argument = Syntax(node)
                if let call = node.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == node.id { argument = Syntax(call) }
                guard let list = argument.parent?.parent?.as(LabeledExprListSyntax.self),
                    let call = list.parent?.as(FunctionCallExprSyntax.self) else { return false }
                return SpecCode.isSend(call.calledExpression)
            }
        }
        let finder = Finder(names, body)
        finder.walk(body.function)
        return finder.found
    }
}
