import Foundation
import SwiftParser
import SwiftParserDiagnostics
import SwiftSyntax

/// Spec code read by Swift's own parser, in the place the generator puts it: every expression
/// and statement list is parsed as the body of a function, a type as the right side of a
/// `typealias`, a signature as what follows `func name`. Whatever does not parse as exactly that
/// (a syntax error, a stray `}` that would close the generated function, a second declaration,
/// a `#if` or `#sourceLocation`) is a problem, reported at its offset in the code.
public enum SpecCode {
    /// A problem in a piece of spec code, at a UTF-8 offset into the code's text.
    public struct Problem: Equatable, Sendable {
        public var message: String
        public var offset: Int
    }

    /// The syntactic form a slot of the spec requires.
    public enum Form: Sendable {
        /// One expression: `enabled`, `work`, `load`.
        case expression
        /// Statements of a function body, or one expression that is its value: `value`,
        /// `initial`, `perform`, `task`, `onValue`, `onFailure`, a function's `body`.
        case body
    }

    /// A statement list or expression, parsed as the body of a function.
    public struct Body {
        /// The parsed wrapper function; `statements` are the spec code.
        let function: FunctionDeclSyntax
        /// UTF-8 length of the wrapper text before the code, subtracted from positions.
        let prefixLength: Int
        public var problems: [Problem]

        var statements: CodeBlockItemListSyntax { function.body?.statements ?? [] }

        /// The offset in the code of a position in the parsed wrapper.
        func offset(of position: AbsolutePosition) -> Int { max(0, position.utf8Offset - prefixLength) }
    }

    static let bodySuffix = "\n}\n"
    /// What stands for the wrapper function when there is none to parse.
    static let emptyWrapper = FunctionDeclSyntax(
        name: .identifier("_vmgenSpecCode"), signature: FunctionSignatureSyntax(parameterClause: FunctionParameterClauseSyntax(parameters: [])))

    /// Parses `text` as the body of a function and checks that it has the `form` the slot needs.
    /// `signature` declares the names the body is given (`(_ value: Photo)` for `onValue`), so that
    /// they are not taken for reads; a function's own, `parsed` once (`signature(_:)`), takes its place.
    public static func body(_ text: String, form: Form, signature: String = "()", parsed: ParsedSignature? = nil) -> Body {
        let bodyPrefix = "func _vmgenSpecCode\(signature) {\n"
        let prefixLength = bodyPrefix.utf8.count
        if let problem = interpolationLimitProblem(in: text) ?? bracketNestingProblem(in: text) {
            return Body(function: emptyWrapper, prefixLength: prefixLength, problems: [problem])
        }
        let source = bodyPrefix + text + bodySuffix
        let file = Parser.parse(source: source)
        let function = file.statements.first?.item.as(FunctionDeclSyntax.self) ?? emptyWrapper
        var body = Body(function: function, prefixLength: prefixLength, problems: [])
        let closing = function.body?.rightBrace
        if let problem = directiveProblem(in: file, of: text, prefixLength: prefixLength) {
            body.problems = [problem]
        } else if file.statements.count > 1, let closing, closing.presence == SourcePresence.present {
            // The code's own `}` ended the function: what follows would be outside it.
            body.problems = [Problem(
                message: "this `}` closes the function the generator puts the code in; spec code must be complete on its own",
                offset: body.offset(of: closing.positionAfterSkippingLeadingTrivia))]
        } else if let unclosed = unclosedBrace(in: file, closingAt: source.utf8.count - bodySuffix.utf8.count + 1, function: function) {
            body.problems = [Problem(message: "this `{` is not closed", offset: body.offset(of: unclosed.positionAfterSkippingLeadingTrivia))]
        } else {
            body.problems = syntaxProblems(in: file, prefixLength: prefixLength, textLength: text.utf8.count)
        }
        if body.problems.isEmpty, form == .expression {
            let items = Array(body.statements)
            if items.count > 1 {
                body.problems.append(Problem(
                    message: "it must be one expression, not several statements",
                    offset: body.offset(of: items[1].positionAfterSkippingLeadingTrivia)))
            } else if let item = items.first, !isExpression(item) {
                body.problems.append(Problem(
                    message: "it must be an expression, not a statement or declaration",
                    offset: body.offset(of: item.positionAfterSkippingLeadingTrivia)))
            }
        }
        guard let parsed = parsed?.syntax, body.problems.isEmpty else { return body }
        let shift = parsed.totalLength.utf8Length - function.signature.totalLength.utf8Length
        return Body(function: function.with(\.signature, parsed), prefixLength: prefixLength + shift, problems: [])
    }

    /// The code's own `{` that took the wrapper's closing `}` (at `offset`), leaving the
    /// function open.
    static func unclosedBrace(in file: SourceFileSyntax, closingAt offset: Int, function: FunctionDeclSyntax) -> TokenSyntax? {
        guard function.body?.rightBrace.presence == .missing,
              let closing = file.token(at: AbsolutePosition(utf8Offset: offset)), closing.tokenKind == .rightBrace,
              let opening = closing.parent?.firstToken(viewMode: .sourceAccurate), opening.tokenKind == .leftBrace
        else { return nil }
        return opening
    }

    static func isExpression(_ item: CodeBlockItemSyntax) -> Bool {
        switch item.item {
        case .expr: true
        case .stmt(let statement): statement.is(ExpressionStmtSyntax.self)
        case .decl: false
        }
    }

    /// A type, parsed as the right side of a `typealias`.
    public struct ParsedType {
        /// The type, or nil when it did not parse.
        public let syntax: TypeSyntax?
        public var problems: [Problem]
    }

    static let typePrefix = "typealias _VMGenType = "

    /// Parses `text` as one type.
    public static func type(_ text: String) -> ParsedType {
        if let newline = text.utf8.firstIndex(where: { $0 == 10 || $0 == 13 }) {
            return ParsedType(syntax: nil, problems: [Problem(
                message: "a type is written on one line", offset: text.utf8.distance(from: text.utf8.startIndex, to: newline))])
        }
        if let problem = interpolationLimitProblem(in: text) ?? bracketNestingProblem(in: text) { return ParsedType(syntax: nil, problems: [problem]) }
        let source = typePrefix + text
        let file = Parser.parse(source: source)
        let prefixLength = typePrefix.utf8.count
        let type = file.statements.first?.item.as(TypeAliasDeclSyntax.self)?.initializer.value
        let typeEnd = (type?.endPositionBeforeTrailingTrivia.utf8Offset ?? prefixLength) - prefixLength
        let textEnd = text.utf8.count - trailingSpaces(text)
        var problems: [Problem]
        if let problem = directiveProblem(in: file, of: text, prefixLength: prefixLength) {
            problems = [problem]
        } else if let type, !type.is(MissingTypeSyntax.self), typeEnd < textEnd, file.statements.count > 1 || type.hasError == false {
            let rest = String(decoding: text.utf8.dropFirst(typeEnd), as: UTF8.self).trimmingCharacters(in: .whitespaces)
            let message = rest.hasPrefix("//") || rest.hasPrefix("/*")
                ? "comments cannot appear in a type"
                : "`\(rest)` after the type `\(type.trimmedDescription)` is not part of it"
            problems = [Problem(message: message, offset: typeEnd + text.utf8.dropFirst(typeEnd).prefix { $0 == 32 }.count)]
        } else {
            problems = syntaxProblems(in: file, prefixLength: prefixLength, textLength: text.utf8.count)
            if problems.isEmpty, typeEnd < textEnd { problems = [Problem(message: "it is not one type", offset: max(0, typeEnd))] }
        }
        if problems.isEmpty, let type, let unwrapped = firstImplicitlyUnwrapped(in: Syntax(type)) {
            problems.append(Problem(
                message: "implicitly unwrapped optionals (`!`) cannot be used here; write `?`",
                offset: unwrapped.exclamationMark.positionAfterSkippingLeadingTrivia.utf8Offset - prefixLength))
        }
        return ParsedType(syntax: problems.isEmpty ? type : nil, problems: problems)
    }

    static func trailingSpaces(_ text: String) -> Int {
        text.utf8.reversed().prefix { $0 == 32 || $0 == 9 }.count
    }

    static func firstImplicitlyUnwrapped(in node: Syntax) -> ImplicitlyUnwrappedOptionalTypeSyntax? {
        node.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) ?? node.children(viewMode: .sourceAccurate).lazy.compactMap(firstImplicitlyUnwrapped(in:)).first
    }

    static let signaturePrefix = "func _vmgenFunction"
    static let signatureSuffix = " {}\n"

    /// A function's signature; `syntax` is nil when it has problems.
    public struct ParsedSignature {
        let syntax: FunctionSignatureSyntax?
        public var problems: [Problem]
    }

    /// Parses `text` as what follows a function's name: generic parameters, parameters,
    /// effects, result and `where` clause.
    public static func signature(_ text: String) -> ParsedSignature {
        if let problem = interpolationLimitProblem(in: text) ?? bracketNestingProblem(in: text) { return ParsedSignature(syntax: nil, problems: [problem]) }
        let source = signaturePrefix + text + signatureSuffix
        let file = Parser.parse(source: source)
        let prefixLength = signaturePrefix.utf8.count
        if let problem = directiveProblem(in: file, of: text, prefixLength: prefixLength) { return ParsedSignature(syntax: nil, problems: [problem]) }
        var problems = syntaxProblems(in: file, prefixLength: prefixLength, textLength: text.utf8.count)
        let function = file.statements.first?.item.as(FunctionDeclSyntax.self)
        let bodyStart = function?.body?.leftBrace.positionAfterSkippingLeadingTrivia.utf8Offset
        if problems.isEmpty, file.statements.count != 1 || bodyStart != source.utf8.count - signatureSuffix.utf8.count + 1 {
            problems.append(Problem(
                message: "it must be only a signature such as `(at index: Int) -> Photo?`, without a body or other declarations",
                offset: max(0, (bodyStart ?? prefixLength) - prefixLength)))
        }
        return ParsedSignature(syntax: problems.isEmpty ? function?.signature : nil, problems: problems)
    }

    /// The parser's first error (later ones are mostly its consequences), at an offset into
    /// the code (clamped to it), in words that fit spec code (the parser speaks of the wrapper
    /// it was given).
    static func syntaxProblems(in file: SourceFileSyntax, prefixLength: Int, textLength: Int) -> [Problem] {
        // The parser marks trees with errors; most spec code has none to describe.
        guard file.hasError else { return [] }
        // Too deep to parse: say so at once. The diagnostics generator would first walk every
        // token left unparsed once per level (minutes and gigabytes for 20,000 levels).
        if let overflow = nestingOverflow(in: file) {
            let offset = min(max(0, overflow.position.utf8Offset - prefixLength), textLength)
            return [Problem(message: StaticParserError.maximumNestingLevelOverflow.message, offset: offset)]
        }
        return ParseDiagnosticsGenerator.diagnostics(for: file)
            .filter { $0.diagMessage.severity == .error }
            .prefix(1)
            .map { diagnostic in
                var message = diagnostic.message
                for (wrapper, plain) in [("expected '}' to end function", "a `{` is not closed"), (" in source file", ""), (" in type alias", "")] {
                    message = message.replacingOccurrences(of: wrapper, with: plain)
                }
                return Problem(message: message, offset: min(max(0, diagnostic.position.utf8Offset - prefixLength), textLength))
            }
    }

    /// The most string interpolations (`\(` or `\#(`) one piece of spec code may hold. Swift's
    /// lexer copies its stack of open string literals at every token, so thousands of nested
    /// interpolations cost minutes and gigabytes before the parser's own nesting limit (far lower)
    /// could report them; no spec needs anything near this many.
    static let maximumInterpolations = 1_000

    /// An error at the first interpolation over ``maximumInterpolations``, or nil. A count of
    /// backslashes that start an interpolation, which bounds how deeply they can nest.
    static func interpolationLimitProblem(in text: String) -> Problem? {
        var count = 0
        var offset = 0
        var previousWasBackslash = false
        for byte in text.utf8 {
            if previousWasBackslash, byte == UInt8(ascii: "(") || byte == UInt8(ascii: "#") {
                count += 1
                if count > maximumInterpolations {
                    return Problem(
                        message: "more than \(maximumInterpolations) string interpolations in one piece of code; "
                            + "build the text in a function or in several values",
                        offset: offset - 1)
                }
            }
            previousWasBackslash = byte == UInt8(ascii: "\\") && !previousWasBackslash
            offset += 1
        }
        return nil
    }

    /// The deepest `[` may nest in one piece of spec code or one type. Swift's parser looks ahead
    /// through nested brackets to tell an array type from an array literal, in time that roughly
    /// doubles with each level (12: a tenth of a second; 24: minutes) and, some thousand levels
    /// deep, past the end of its stack; no spec needs anything near this deep.
    static let maximumBracketNesting = 8

    /// The lookahead one piece may cost: each `[` at depth `d` counts `2^d`, so that many nests
    /// within the limit cannot add up to minutes either (this is 64 nests 8 deep).
    static let bracketBudget = 64 << 9

    /// An error at the first `[` nested deeper than ``maximumBracketNesting``, or past
    /// ``bracketBudget``, or nil. Every `[` counts, in string literals and comments too: a scan
    /// that tried to skip them could be led past the brackets that matter.
    static func bracketNestingProblem(in text: String) -> Problem? {
        var depth = 0
        var cost = 0
        for (offset, byte) in text.utf8.enumerated() {
            if byte == UInt8(ascii: "[") {
                depth += 1
                cost += 1 << min(depth, 20)
                if depth > maximumBracketNesting {
                    return Problem(
                        message: "`[` nested more than \(maximumBracketNesting) deep; give an inner part a name of its own (a typealias in your app, or a function that builds the value)",
                        offset: offset)
                }
                if cost > bracketBudget {
                    return Problem(
                        message: "too many deeply nested `[` in one piece of code; build the values in a function of your app, or in several values",
                        offset: offset)
                }
            } else if byte == UInt8(ascii: "]") {
                depth = max(0, depth - 1)
            }
        }
        return nil
    }

    /// Where the parser gave up because the code is nested too deeply (the deepest node that
    /// carries the overflow mark), or nil when it did not.
    static func nestingOverflow(in file: SourceFileSyntax) -> Syntax? {
        guard file.hasMaximumNestingLevelOverflow else { return nil }
        var node = Syntax(file)
        while let deeper = node.children(viewMode: .sourceAccurate).first(where: \.hasMaximumNestingLevelOverflow) {
            node = deeper
        }
        return node
    }

    /// The first `#if`, `#else`, `#endif`, `#sourceLocation` or `#line` anywhere in the code, even
    /// where the parser could not place it: each would change how the generated file is compiled.
    static func directiveProblem(in file: SourceFileSyntax, of text: String, prefixLength: Int) -> Problem? {
        let textLength = text.utf8.count
        let directives: [TokenKind: String] = [
            .poundIf: "#if", .poundElse: "#else", .poundElseif: "#elseif", .poundEndif: "#endif",
            .poundSourceLocation: "#sourceLocation",
        ]
        // Every directive starts with `#`: code without one needs no walk.
        guard text.utf8.contains(UInt8(ascii: "#")) else { return nil }
        func offset(of token: TokenSyntax) -> Int {
            min(max(0, token.positionAfterSkippingLeadingTrivia.utf8Offset - prefixLength), textLength)
        }
        for token in file.tokens(viewMode: .sourceAccurate) {
            if let name = directives[token.tokenKind] {
                return Problem(
                    message: "compiler directives (`\(name)`) cannot appear in spec code; they would change how the generated file is compiled",
                    offset: offset(of: token))
            }
            // `#line` first on a line is the old name of `#sourceLocation` to the compiler.
            if token.tokenKind == .pound, let next = token.nextToken(viewMode: .sourceAccurate),
               next.tokenKind == .identifier("line"), token.trailingTrivia.isEmpty, next.leadingTrivia.isEmpty {
                return Problem(
                    message: "`#line` cannot appear in spec code: where it starts a line, the compiler reads it as the old name of the `#sourceLocation` directive",
                    offset: offset(of: token))
            }
        }
        return nil
    }

    /// Whether a type is a function type, which a stored initializer parameter must mark
    /// `@escaping` (attributes and parentheses around it included).
    public static func isFunctionType(_ type: TypeSyntax) -> Bool {
        var current = type
        while true {
            if current.is(FunctionTypeSyntax.self) { return true }
            if let attributed = current.as(AttributedTypeSyntax.self) {
                current = attributed.baseType
            } else if let tuple = current.as(TupleTypeSyntax.self), tuple.elements.count == 1,
                      let element = tuple.elements.first, element.firstName == nil {
                current = element.type
            } else {
                return false
            }
        }
    }

    /// Whether `Type?` would bind `?` to the wrong part (`any P`, `A & B`, a function type),
    /// so the optional must be written `(Type)?`.
    public static func needsParenthesesForOptional(_ type: TypeSyntax) -> Bool {
        type.is(FunctionTypeSyntax.self) || type.is(AttributedTypeSyntax.self)
            || type.is(SomeOrAnyTypeSyntax.self) || type.is(CompositionTypeSyntax.self)
    }
}

