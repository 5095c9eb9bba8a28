import SwiftSyntax

extension SpecCode {
    /// A name the code takes from outside itself, at a UTF-8 offset into the code.
    public struct Read: Equatable, Sendable {
        public var name: String
        public var offset: Int
        /// Whether the name is called (`name(...)`, `name { ... }`): a function, perhaps a
        /// global one from an imported module.
        public var isCalled = false
        /// Whether the name is written `self.name`, which no name of the code can hide.
        public var isMemberOfSelf = false
        /// Whether a shorthand reads the name and binds a local of the same name (`if let x`,
        /// `guard let x`, `[x]` in a capture list): renaming what it reads keeps the local's
        /// name, `if let x = newName`.
        public var bindsItsName = false
    }

    /// The names `body` reads from outside itself, in order of appearance (repeats kept):
    /// every name referenced as a value that Swift's scoping does not resolve to a declaration
    /// inside the code (the signature's parameters, closure parameters and captures,
    /// `let`/`var`, `if let`/`guard let`, `for`, `switch` and `catch` bindings, local
    /// functions). Members (`.x`, `a.x`), labels and key-path components are not reads;
    /// `self.x` reads `x`. A use of `self` itself is reported as the name `self`.
    ///
    /// One walk over the tree with a stack of scopes, so the time grows with the code's size.
    public static func reads(in body: Body) -> [Read] {
        let finder = ReadFinder(viewMode: .sourceAccurate)
        finder.walk(body.function)
        return finder.reads(in: body)
    }

    /// The names of `body`'s signature (`error` of `onFailure`, `input` of `perform`) that its
    /// code assigns to or passes `inout` as a whole, where the code declares no name of that
    /// spelling itself: each is a constant there, which the compiler would refuse to change.
    /// `self.name` is not such a write: it names the view model's own value. (A write through a
    /// member, `child.label = x`, is fine for a class instance: the compiler judges it.)
    public static func writesOfGivenNames(in body: Body) -> [Read] {
        // An `inout` parameter (a function's) is the caller's variable: the code may change it.
        let given = Set(body.function.signature.parameterClause.parameters
            .filter { !isInout($0.type) }
            .compactMap { ($0.secondName ?? $0.firstName).identifier?.name })
        guard !given.isEmpty else { return [] }
        let finder = ReadFinder(viewMode: .sourceAccurate)
        finder.hidesSignature = false
        finder.walk(body.function)
        let candidates = finder.reads(in: body).filter { given.contains($0.name) && !$0.isMemberOfSelf }
        return writes(in: body, among: candidates).whole
    }

    /// Whether a parameter's type is marked `inout`.
    static func isInout(_ type: TypeSyntax) -> Bool {
        type.as(AttributedTypeSyntax.self)?.specifiers.contains { $0.as(SimpleTypeSpecifierSyntax.self)?.specifier.tokenKind == .keyword(.inout) } ?? false
    }

    /// The distinct names of `reads`, in order of first appearance.
    public static func names(_ reads: [Read]) -> [String] {
        var seen = Set<String>()
        return reads.map(\.name).filter { seen.insert($0).inserted }
    }
}

/// Walks a tree, keeping the names declared so far in each enclosing scope, and collects the
/// references that leave the code.
private final class ReadFinder: SyntaxVisitor {
    var found: [(name: String, position: AbsolutePosition, isCalled: Bool, isMemberOfSelf: Bool, bindsItsName: Bool)] = []
    /// Whether the names of the outermost function's signature (the wrapper spec code is parsed
    /// in) hide spec names; off to find the uses of those names themselves.
    var hidesSignature = true
    /// The names each enclosing scope declares, innermost last.
    var scopes: [Set<String>] = []

    func isDeclared(_ name: String) -> Bool {
        scopes.contains { $0.contains(name) }
    }

    func declare(_ names: some Sequence<String>) {
        if scopes.isEmpty { scopes.append([]) }
        scopes[scopes.count - 1].formUnion(names)
    }

    /// Walks `nodes` in a new scope that starts with `names`.
    func inScope(declaring names: some Sequence<String>, _ body: () -> Void) {
        scopes.append(Set(names))
        body()
        scopes.removeLast()
    }

    /// Records `token` as a read unless the code declares its name where it stands.
    func record(_ token: TokenSyntax, isCalled: Bool = false, bindsItsName: Bool = false) {
        guard let name = token.identifier?.name, !isDeclared(name) else { return }
        found.append((name, token.positionAfterSkippingLeadingTrivia, isCalled, false, bindsItsName))
    }

    func reads(in body: SpecCode.Body) -> [SpecCode.Read] {
        found.map { SpecCode.Read(name: $0.name, offset: body.offset(of: $0.position), isCalled: $0.isCalled, isMemberOfSelf: $0.isMemberOfSelf, bindsItsName: $0.bindsItsName) }
    }

    /// Whether `node` is what a call calls: `f(x)`, `f { }`, `f<T>(x)`.
    static func isCalled(_ node: some SyntaxProtocol) -> Bool {
        var callee = Syntax(node)
        if let specialization = callee.parent?.as(GenericSpecializationExprSyntax.self) { callee = Syntax(specialization) }
        return callee.parent?.as(FunctionCallExprSyntax.self)?.calledExpression.id == callee.id
    }

    /// The names a pattern binds (`let (a, b)`, `case .some(let v)`, `case let x?`).
    static func boundNames(in pattern: some SyntaxProtocol) -> [String] {
        if let identifier = pattern.as(IdentifierPatternSyntax.self) {
            return identifier.identifier.identifier.map { [$0.name] } ?? []
        }
        return pattern.children(viewMode: .sourceAccurate).flatMap { boundNames(in: $0) }
    }

    // MARK: References

    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        if let member = node.parent?.as(MemberAccessExprSyntax.self), member.declName.id == node.id {
            // `self.x` reads `x`, whatever the code declares; any other `.x` is a member of
            // something else.
            if let base = member.base?.as(DeclReferenceExprSyntax.self), base.baseName.tokenKind == .keyword(.self),
               let name = node.baseName.identifier?.name {
                found.append((name, node.baseName.positionAfterSkippingLeadingTrivia, false, true, false))
            }
            return .skipChildren
        }
        if node.parent?.is(KeyPathPropertyComponentSyntax.self) == true { return .skipChildren }
        switch node.baseName.tokenKind {
        case .keyword(.self):
            found.append(("self", node.baseName.positionAfterSkippingLeadingTrivia, false, false, false))
        case .identifier:
            record(node.baseName, isCalled: Self.isCalled(node))
        default:
            break
        }
        return .skipChildren
    }

    // MARK: Sequential scopes

    /// Statements in order: each `let`, `var`, `guard let` and local declaration is visible
    /// from the statement after it to the end of the block.
    override func visit(_ node: CodeBlockItemListSyntax) -> SyntaxVisitorContinueKind {
        // Local functions and types may be used before their declaration.
        let localDeclarations = node.compactMap { $0.item.as(FunctionDeclSyntax.self)?.name.identifier?.name }
        inScope(declaring: localDeclarations) {
            for item in node {
                if let variable = item.item.as(VariableDeclSyntax.self) {
                    for binding in variable.bindings {
                        if let initializer = binding.initializer { walk(initializer) }
                        if let accessors = binding.accessorBlock { walk(accessors) }
                        declare(Self.boundNames(in: binding.pattern))
                    }
                } else if let guardStatement = item.item.as(GuardStmtSyntax.self) {
                    var bound: [String] = []
                    inScope(declaring: []) {
                        walk(conditions: guardStatement.conditions)
                        bound = Array(scopes[scopes.count - 1])
                    }
                    walk(guardStatement.body)
                    declare(bound)
                } else {
                    // A local type (functions are declared ahead).
                    if let name = item.item.as(DeclSyntax.self)?.asProtocol(NamedDeclSyntax.self)?.name.identifier?.name {
                        declare([name])
                    }
                    walk(item)
                }
            }
        }
        return .skipChildren
    }

    /// Conditions in order; each binding is visible to the conditions after it and to the
    /// body, so they go into the current scope.
    func walk(conditions: ConditionElementListSyntax) {
        for element in conditions {
            switch element.condition {
            case .optionalBinding(let binding):
                if let initializer = binding.initializer {
                    walk(initializer)
                } else if let shorthand = binding.pattern.as(IdentifierPatternSyntax.self) {
                    // `if let x` reads `x` from outside.
                    record(shorthand.identifier, bindsItsName: true)
                }
                declare(Self.boundNames(in: binding.pattern))
            case .matchingPattern(let matching):
                walk(matching.initializer)
                walk(matching.pattern)
                declare(Self.boundNames(in: matching.pattern))
            default:
                walk(element)
            }
        }
    }

    override func visit(_ node: IfExprSyntax) -> SyntaxVisitorContinueKind {
        inScope(declaring: []) {
            walk(conditions: node.conditions)
            walk(node.body)
        }
        if let elseBody = node.elseBody { walk(elseBody) }
        return .skipChildren
    }

    override func visit(_ node: WhileStmtSyntax) -> SyntaxVisitorContinueKind {
        inScope(declaring: []) {
            walk(conditions: node.conditions)
            walk(node.body)
        }
        return .skipChildren
    }

    override func visit(_ node: ForStmtSyntax) -> SyntaxVisitorContinueKind {
        walk(node.sequence)
        inScope(declaring: Self.boundNames(in: node.pattern)) {
            walk(node.pattern)
            if let whereClause = node.whereClause { walk(whereClause) }
            walk(node.body)
        }
        return .skipChildren
    }

    override func visit(_ node: SwitchCaseSyntax) -> SyntaxVisitorContinueKind {
        var bound: [String] = []
        if case .case(let label) = node.label {
            for item in label.caseItems { bound += Self.boundNames(in: item.pattern) }
        }
        inScope(declaring: bound) {
            // Expression patterns (`case limit:`) read; where clauses see the bindings.
            walk(node.label)
            walk(node.statements)
        }
        return .skipChildren
    }

    override func visit(_ node: CatchClauseSyntax) -> SyntaxVisitorContinueKind {
        let bound = node.catchItems.isEmpty ? ["error"] : node.catchItems.flatMap { $0.pattern.map { Self.boundNames(in: $0) } ?? [] }
        inScope(declaring: bound) {
            walk(node.catchItems)
            walk(node.body)
        }
        return .skipChildren
    }

    // MARK: Functions and closures

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        let parameters = node.signature.parameterClause.parameters
        for parameter in parameters {
            if let defaultValue = parameter.defaultValue { walk(defaultValue) }
        }
        // The wrapper is the outermost function: the first one met, with no scope open yet.
        let isWrapper = scopes.isEmpty
        let names = isWrapper && !hidesSignature ? [] : parameters.compactMap { ($0.secondName ?? $0.firstName).identifier?.name }
        inScope(declaring: names) {
            if let body = node.body { walk(body) }
        }
        return .skipChildren
    }

    override func visit(_ node: AccessorDeclSyntax) -> SyntaxVisitorContinueKind {
        let parameter = node.parameters.flatMap { $0.name.identifier?.name }
        inScope(declaring: ["newValue", "oldValue"] + (parameter.map { [$0] } ?? [])) {
            if let body = node.body { walk(body) }
        }
        return .skipChildren
    }

    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind {
        var names: [String] = []
        if let signature = node.signature {
            for capture in signature.capture?.items ?? [] {
                if let initializer = capture.initializer {
                    // `[y = x]` reads `x` and declares `y`.
                    walk(initializer)
                } else if capture.name.tokenKind == .keyword(.self) {
                    found.append(("self", capture.name.positionAfterSkippingLeadingTrivia, false, false, false))
                } else {
                    // `[x]`, `[weak x]` capture (read) `x`.
                    record(capture.name, bindsItsName: true)
                }
                if let name = capture.name.identifier?.name { names.append(name) }
            }
            switch signature.parameterClause {
            case .simpleInput(let shorthand):
                names += shorthand.compactMap { $0.name.identifier?.name }
            case .parameterClause(let clause):
                names += clause.parameters.compactMap { ($0.secondName ?? $0.firstName).identifier?.name }
            case nil:
                break
            }
        }
        inScope(declaring: names) {
            walk(node.statements)
        }
        return .skipChildren
    }
}
