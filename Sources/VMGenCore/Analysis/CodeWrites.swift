import SwiftSyntax

extension SpecCode {
    /// What spec code writes, as reads (found by `reads(in:)`) at the root of each write.
    public struct Writes {
        /// The names assigned to (`x = 1`, `x += 1`, `x[i] = v`, `x.a = v`) or passed `inout` (`&x`).
        public var assigned: [Read]
        /// Those assigned to or passed `inout` as a whole (`x = 1`, `&x`), not through a member or
        /// subscript (`x.a = v` changes a struct's value but only the object a class instance refers to).
        public var whole: [Read]
        /// The names a mutating method of the standard library is called on: `recent` of
        /// `recent.append(x)`, `item` of `item.tags.sort()`. Which method mutates is known by name
        /// only; the caller decides which names are values.
        public var mutated: [Read]
        /// The members written through a name (`child` and `item` of `child.item = e`,
        /// `child.item.title = t`, `&child.item`), each at the member's offset.
        public var members: [(base: String, member: Read)]
    }

    /// The reads of `reads` (found in `body` by `reads(in:)`) that the code writes, in one walk.
    public static func writes(in body: Body, among reads: [Read]) -> Writes {
        let finder = WriteFinder(viewMode: .sourceAccurate)
        finder.walk(body.function)
        func among(_ targets: [AbsolutePosition]) -> [Read] {
            let offsets = Set(targets.map(body.offset(of:)))
            return reads.filter { offsets.contains($0.offset) }
        }
        let members = finder.memberTargets.map { ($0.base.text, Read(name: $0.member.text, offset: body.offset(of: $0.member.positionAfterSkippingLeadingTrivia))) }
        return Writes(assigned: among(finder.targets), whole: among(finder.wholeTargets), mutated: among(finder.mutatedTargets), members: members)
    }

    /// The methods of the standard library's values that change the value they are called on
    /// (`append`, `insert`, `sort`, `toggle`...): a call of one on a name is a write of it.
    static let mutatingMethods: Set<String> = [
        "append", "insert", "remove", "removeAll", "removeFirst", "removeLast", "removeSubrange", "removeValue",
        "updateValue", "merge", "popFirst", "popLast", "sort", "reverse", "shuffle", "toggle", "negate",
        "formUnion", "formIntersection", "formSymmetricDifference", "subtract", "replaceSubrange", "swapAt",
        "partition", "reserveCapacity", "update", "write", "trimPrefix", "removeSubranges", "formIndex",
    ]

    /// Whether an element of an unfolded sequence (`a, op, b`) is an assignment: `=` or a
    /// compound assignment operator (`+=`, `&=`, `<<=`...), not a comparison.
    static func isAssignment(_ element: ExprSyntax) -> Bool {
        if element.is(AssignmentExprSyntax.self) { return true }
        guard let binary = element.as(BinaryOperatorExprSyntax.self) else { return false }
        let text = binary.operator.text
        return text.hasSuffix("=") && !["==", "!=", "<=", ">=", "===", "!=="].contains(text)
    }
}

/// Collects where each assignment's target, each `&` argument and the value each call of a
/// known mutating method is called on starts.
private final class WriteFinder: SyntaxVisitor {
    var targets: [AbsolutePosition] = []
    /// The targets that are a name alone (`x`, not `x.a` or `x[i]`).
    var wholeTargets: [AbsolutePosition] = []
    var mutatedTargets: [AbsolutePosition] = []
    var memberTargets: [(base: TokenSyntax, member: TokenSyntax)] = []

    func record(_ target: ExprSyntax) {
        // `(a, b) = (b, a)` assigns each element.
        if let tuple = target.as(TupleExprSyntax.self), tuple.elements.count > 1 {
            for element in tuple.elements { record(element.expression) }
            return
        }
        if let member = Self.firstMember(of: target) { memberTargets.append(member) }
        guard let root = Self.root(of: target) else { return }
        targets.append(root.positionAfterSkippingLeadingTrivia)
        if target.is(DeclReferenceExprSyntax.self) { wholeTargets.append(root.positionAfterSkippingLeadingTrivia) }
    }

    /// The name a target is rooted at: `x` of `x`, `x.a.b`, `x[i]`, `x?.a`, `self.x`.
    static func root(of expression: ExprSyntax) -> TokenSyntax? {
        if let reference = expression.as(DeclReferenceExprSyntax.self) { return reference.baseName }
        if let member = expression.as(MemberAccessExprSyntax.self) {
            if let base = member.base?.as(DeclReferenceExprSyntax.self), base.baseName.tokenKind == .keyword(.self) {
                return member.declName.baseName
            }
            return member.base.flatMap(root(of:))
        }
        if let subscriptCall = expression.as(SubscriptCallExprSyntax.self) { return root(of: subscriptCall.calledExpression) }
        if let optional = expression.as(OptionalChainingExprSyntax.self) { return root(of: optional.expression) }
        if let forced = expression.as(ForceUnwrapExprSyntax.self) { return root(of: forced.expression) }
        if let tuple = expression.as(TupleExprSyntax.self), tuple.elements.count == 1 {
            return root(of: tuple.elements.first!.expression)
        }
        return nil
    }

    /// The name a target starts with and the member after it: `child` and `x` of `child.x`,
    /// `child.x.y`, `child.x[i]`, `child.x!`.
    static func firstMember(of expression: ExprSyntax) -> (base: TokenSyntax, member: TokenSyntax)? {
        if let member = expression.as(MemberAccessExprSyntax.self) {
            if let base = member.base?.as(DeclReferenceExprSyntax.self) { return (base.baseName, member.declName.baseName) }
            return member.base.flatMap(firstMember(of:))
        }
        if let subscriptCall = expression.as(SubscriptCallExprSyntax.self) { return firstMember(of: subscriptCall.calledExpression) }
        if let forced = expression.as(ForceUnwrapExprSyntax.self) { return firstMember(of: forced.expression) }
        if let optional = expression.as(OptionalChainingExprSyntax.self) { return firstMember(of: optional.expression) }
        return nil
    }

    override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
        let elements = Array(node.elements)
        // An operator's left side is the element before it (unfolded sequence: a, op, b, op, c).
        for (index, element) in elements.enumerated() where index > 0 && SpecCode.isAssignment(element) {
            record(elements[index - 1])
        }
        return .visitChildren
    }

    override func visit(_ node: InOutExprSyntax) -> SyntaxVisitorContinueKind {
        record(node.expression)
        return .visitChildren
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if let method = node.calledExpression.as(MemberAccessExprSyntax.self),
           SpecCode.mutatingMethods.contains(method.declName.baseName.text),
           let base = method.base, let root = Self.root(of: base) {
            mutatedTargets.append(root.positionAfterSkippingLeadingTrivia)
        }
        return .visitChildren
    }
}
