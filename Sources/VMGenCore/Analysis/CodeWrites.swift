import SwiftSyntax

extension SpecCode {
    /// The reads of `reads` (found in `body` by `reads(in:)`) that the code writes: the name at
    /// the root of what an assignment assigns to (`x = 1`, `x += 1`, `x[i] = v`, `x.a = v`) or
    /// of an `inout` argument (`&x`). A mutating method (`x.append(v)`) is not seen as a write.
    public static func writes(in body: Body, among reads: [Read]) -> [Read] {
        let finder = WriteFinder(viewMode: .sourceAccurate)
        finder.walk(body.function)
        let offsets = Set(finder.targets.map(body.offset(of:)))
        return reads.filter { offsets.contains($0.offset) }
    }

    /// The reads of `reads` that the code assigns to or passes `inout` as a whole (`x = 1`,
    /// `x += 1`, `&x`), not through a member or subscript (`x.a = v`, which changes the value of
    /// a struct but only the object a class instance refers to).
    public static func wholeWrites(in body: Body, among reads: [Read]) -> [Read] {
        let finder = WriteFinder(viewMode: .sourceAccurate)
        finder.walk(body.function)
        let offsets = Set(finder.wholeTargets.map(body.offset(of:)))
        return reads.filter { offsets.contains($0.offset) }
    }
}

extension SpecCode {
    /// The methods of the standard library's values that change the value they are called on
    /// (`append`, `insert`, `sort`, `toggle`...): a call of one on a name is a write of it.
    static let mutatingMethods: Set<String> = [
        "append", "insert", "remove", "removeAll", "removeFirst", "removeLast", "removeSubrange", "removeValue",
        "updateValue", "merge", "popFirst", "popLast", "sort", "reverse", "shuffle", "toggle", "negate",
        "formUnion", "formIntersection", "formSymmetricDifference", "subtract", "replaceSubrange", "swapAt",
        "partition", "reserveCapacity", "update", "write", "trimPrefix", "removeSubranges", "formIndex",
    ]

    /// The reads of `reads` (found in `body` by `reads(in:)`) that a mutating method of the
    /// standard library is called on: `recent` of `recent.append(x)`, `item` of `item.tags.sort()`.
    /// Which method mutates is known by name only; the caller decides which names are values.
    public static func mutatingCalls(in body: Body, among reads: [Read]) -> [Read] {
        let finder = MutatingCallFinder(viewMode: .sourceAccurate)
        finder.walk(body.function)
        let offsets = Set(finder.targets.map(body.offset(of:)))
        return reads.filter { offsets.contains($0.offset) }
    }
}

/// Collects where the value each call of a known mutating method is called on starts.
private final class MutatingCallFinder: SyntaxVisitor {
    var targets: [AbsolutePosition] = []

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if let method = node.calledExpression.as(MemberAccessExprSyntax.self),
           SpecCode.mutatingMethods.contains(method.declName.baseName.text),
           let base = method.base, let root = WriteFinder.root(of: base) {
            targets.append(root.positionAfterSkippingLeadingTrivia)
        }
        return .visitChildren
    }
}

extension SpecCode {
    /// Whether an element of an unfolded sequence (`a, op, b`) is an assignment: `=` or a
    /// compound assignment operator (`+=`, `&=`, `<<=`...), not a comparison.
    static func isAssignment(_ element: ExprSyntax) -> Bool {
        if element.is(AssignmentExprSyntax.self) { return true }
        guard let binary = element.as(BinaryOperatorExprSyntax.self) else { return false }
        let text = binary.operator.text
        return text.hasSuffix("=") && !["==", "!=", "<=", ">=", "===", "!=="].contains(text)
    }
}

/// Collects where each assignment's target and each `&` argument starts.
private final class WriteFinder: SyntaxVisitor {
    var targets: [AbsolutePosition] = []
    /// The targets that are a name alone (`x`, not `x.a` or `x[i]`).
    var wholeTargets: [AbsolutePosition] = []

    func record(_ target: ExprSyntax) {
        // `(a, b) = (b, a)` assigns each element.
        if let tuple = target.as(TupleExprSyntax.self), tuple.elements.count > 1 {
            for element in tuple.elements { record(element.expression) }
            return
        }
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
}
