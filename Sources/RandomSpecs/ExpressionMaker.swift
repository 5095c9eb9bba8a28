/// Makes well-typed Swift expressions and statements over the names in scope, preferring the
/// forms that a hand-written reader of Swift gets wrong: ranges, ternaries without a space
/// before `:`, dictionary literals, `switch` patterns that read values, radix and underscored
/// literals, closures and `let`s whose names shadow spec names, and string interpolation.
struct ExpressionMaker {
    var random: SeededRandom
    /// What expressions may read.
    var scope: [Binding]
    /// Every name the spec declares: closure parameters and `let`s borrow them to shadow them.
    var specNames: [String]
    /// How many levels of nesting are left.
    var budget = 2

    // MARK: Names

    func reads(of type: ValueType) -> [String] {
        scope.filter { $0.type == type }.map(\.name)
    }

    mutating func read(of type: ValueType) -> String? {
        let names = reads(of: type)
        return names.isEmpty ? nil : random.pick(names)
    }

    /// A name for a closure parameter or a local: usually one that shadows a spec name.
    mutating func localName() -> String {
        if !specNames.isEmpty, random.chance(70) { return random.pick(specNames) }
        return random.pick(["v", "element", "x"])
    }

    /// Runs `body` with `name` no longer readable as the spec's value (it is shadowed).
    mutating func shadowing<Result>(_ name: String, _ body: (inout ExpressionMaker) -> Result) -> Result {
        let saved = scope
        scope.removeAll { $0.name == name }
        defer { scope = saved }
        return body(&self)
    }

    mutating func nested<Result>(_ body: (inout ExpressionMaker) -> Result) -> Result {
        budget -= 1
        defer { budget += 1 }
        return body(&self)
    }

    // MARK: Expressions

    /// A single-line expression of `type`.
    mutating func expression(_ type: ValueType) -> String {
        if case .closure(.transform) = type, random.chance(40) { return closureLiteral() }
        if budget <= 0 || random.chance(30) {
            if let name = read(of: type), random.chance(70) { return name }
            return literal(type)
        }
        return nested { $0.composite(type) }
    }

    /// An expression of `type` that may span several lines (`switch` and `if` expressions),
    /// for derived values, which the generator wraps as a function body.
    mutating func topExpression(_ type: ValueType) -> String {
        if random.chance(25), let multiLine = multiLine(type) { return multiLine }
        return expression(type)
    }

    mutating func literal(_ type: ValueType) -> String {
        switch type {
        case .int: random.pick(["7", "0x1F", "0b101", "1_000", "0o17", "42", "0"])
        case .bool: random.pick(["true", "false"])
        case .string: random.pick(["\"text\"", "\"a: b\"", "\"x # y\"", "\"größe\"", "\"\"", "\"quote \\\" and \\\\ slash\"", "\"€ … 😀\""])
        case .double: random.pick(["1.5", "2e3", "0.25", "1_000.5"])
        case .optional(let wrapped): random.chance(50) ? "nil" : literal(wrapped)
        // `[]` and `[:]` need their type from the context: only as the whole expression.
        case .array(let element) where random.chance(40): budget >= 2 ? "[]" : "[\(element.spelling)]()"
        case .array(let element): "[\(literal(element)), \(literal(element))]"
        case .dictionary where random.chance(40): budget >= 2 ? "[:]" : "[String: Int]()"
        case .dictionary: "[\"a\": 1, \"b\": 0x2]"
        case .pair: "(\(literal(.int)), \(literal(.string)))"
        case .void: "()"
        case .errorOutput: "nil"
        case .closure(.transform): closureLiteral()
        case .app(let name): "\(name)()"
        case .viewModel, .closure: fatalError("no literal for \(type)")
        }
    }

    /// A closure of `((Int) -> Int)`, perhaps with a parameter that shadows a spec name.
    mutating func closureLiteral() -> String {
        let parameter = localName()
        let body = shadowing(parameter) { maker in "\(parameter) * 2 + \(maker.literal(.int))" }
        return random.chance(50) ? "{ $0 + \(literal(.int)) }" : "{ \(parameter) in \(body) }"
    }

    mutating func composite(_ type: ValueType) -> String {
        for _ in 0..<6 {
            // Forms 1, 3 and 4 of an `Int` are the ones issue #10 saw misread (`0...n`,
            // `flag ? a: 0`, `[key: 1]`): more of them.
            let choice = random.chance(35) ? random.pick([1, 3, 4]) : random.below(16)
            if let made = form(of: type, choice) { return made }
        }
        return literal(type)
    }

    /// The `choice`th way to make a `type`, or nil when there is none (it needs a name of a
    /// type that is not in scope, or `type` has fewer ways).
    mutating func form(of type: ValueType, _ choice: Int) -> String? {
        switch type {
        case .int: intForm(choice)
        case .bool: boolForm(choice)
        case .string: stringForm(choice)
        case .double: choice % 2 == 0 ? "Double(\(expression(.int))) * 0.5" : "(\(expression(.double)) + 1.0)"
        case .optional(let wrapped): optionalForm(wrapped, choice % 4)
        case .array(.int): intArrayForm(choice % 6)
        case .array: stringArrayForm(choice % 4)
        case .dictionary:
            choice % 2 == 0 ? "[\(expression(.string)): 1]" : "[\"first\": \(expression(.int)), \(expression(.string)): 2]"
        case .pair: "(\(expression(.int)), \(expression(.string)))"
        default: nil
        }
    }

    mutating func intForm(_ choice: Int) -> String? {
        switch choice {
        case 0: "(\(expression(.int)) + \(expression(.int)))"
        case 1: "Array(0...\(read(of: .int) ?? "3")).count"
        case 2: "(\(expression(.int))..<\(expression(.int))).count"
        case 3: "(\(expression(.bool)) ? \(read(of: .int) ?? "1"): 0)"
        case 4: "([\(expression(.string)): 1][\(read(of: .string) ?? "\"k\"")] ?? 0)"
        case 5: read(of: .dictionary).map { "(\($0)[\(expression(.string))] ?? 0)" }
        case 6: closureMap(over: .int, body: { "\($0) + 1" }).map { "\($0).reduce(0, +)" }
        case 7: "\(expression(.array(.int))).reduce(0) { $0 + $1 }"
        case 8: read(of: .optional(.int)).map { "(\($0) ?? 0x10)" }
        case 9: read(of: .pair).map { "\($0).0" }
        case 10: read(of: .closure(.transform)).map { "\($0)(\(expression(.int)))" }
        case 11: "max(\(expression(.int)), 1_000)"
        case 12: "\(expression(.string)).count"
        case 13: "Int(\(expression(.double)))"
        case 14: immediateClosure(.int)
        case 15 where random.chance(60): scope.first { if case .app = $0.type { true } else { false } }.map { "\($0.name).count" }
        default: scope.first { if case .array(.viewModel) = $0.type { true } else { false } }.map { "\($0.name).count" }
        }
    }

    mutating func boolForm(_ choice: Int) -> String? {
        switch choice {
        case 0: "\(expression(.int)) > \(expression(.int))"
        case 1: "\(read(of: .int) ?? "5") < 0x1F"
        case 2: "\(expression(.string)).isEmpty"
        case 3: "!\(read(of: .bool) ?? "true")"
        case 4: "(\(expression(.bool)) && \(expression(.bool)))"
        case 5: closureMap(over: .int, body: { "\($0) > 2" }, method: "contains(where:)")
        case 6: "\(expression(.array(.int))).contains(where: { $0 > 1 })"
        case 7: read(of: .optional(.string)).map { "\($0) == nil" }
        case 8: read(of: .errorOutput).map { "\($0) != nil" }
        case 9: "Array(0...\(read(of: .int) ?? "2")).contains(\(expression(.int)))"
        case 10: scope.first { if case .viewModel = $0.type { true } else { false } }.map { "\($0.name) === \($0.name)" }
        default: read(of: .bool)
        }
    }

    mutating func stringForm(_ choice: Int) -> String? {
        switch choice % 8 {
        case 0: "\"\\(\(interpolated())) and \\(\(interpolated()))\""
        case 1: "String(\(expression(.int)))"
        case 2: "\(expression(.string)).uppercased()"
        case 3: "\(expression(.array(.string))).joined(separator: \", \")"
        case 4: "(\(expression(.bool)) ? \"yes\": \"no\")"
        case 5: read(of: .optional(.string)).map { "(\($0) ?? \"none\")" }
        case 6: read(of: .pair).map { "\($0).1" }
        default: immediateClosure(.string)
        }
    }

    mutating func optionalForm(_ wrapped: ValueType, _ choice: Int) -> String? {
        switch choice {
        case 0: "(\(expression(.bool)) ? \(expression(wrapped)) : nil)"
        case 1 where wrapped == .int: "[\(expression(.string)): \(expression(.int))][\(expression(.string))]"
        case 1: "[\(expression(.string)): \(expression(.string))][\(expression(.string))]"
        case 2: "\(expression(.array(wrapped))).first"
        default: read(of: .optional(wrapped))
        }
    }

    mutating func intArrayForm(_ choice: Int) -> String? {
        switch choice {
        case 0: "Array(0...\(read(of: .int) ?? "4"))"
        case 1: "Array(\(expression(.int))..<\(expression(.int)))"
        case 2: "\(expression(.array(.int))).map { $0 * 2 }"
        case 3: closureMap(over: .int, body: { "\($0) > 0" }, method: "filter")
        case 4: read(of: .dictionary).map { "\($0).values.sorted()" }
        default: "[\(expression(.int)), 0b11, 1_0]"
        }
    }

    mutating func stringArrayForm(_ choice: Int) -> String? {
        switch choice {
        case 0: "[\(expression(.string)), \"b\"]"
        case 1: "\(expression(.array(.int))).map { String($0) }"
        case 2: closureMap(over: .int, body: { "\"\\(\($0))\"" })
        default: read(of: .dictionary).map { "\($0).keys.sorted()" }
        }
    }

    /// A short expression inside `\( )`: a read or a literal number.
    mutating func interpolated() -> String {
        let candidates = scope.filter { [.int, .string, .bool, .double].contains($0.type) }.map(\.name)
        return candidates.isEmpty || random.chance(20) ? "0x2A" : random.pick(candidates)
    }

    /// `array.map { name in body }` over an array of `element`, where `name` usually shadows a
    /// spec name: the closure's parameter is not a read of the spec value.
    mutating func closureMap(over element: ValueType, body: (String) -> String, method: String = "map") -> String? {
        let array = nested { $0.expression(.array(element)) }
        let parameter = localName()
        let bodyText = body(parameter)
        if method == "contains(where:)" {
            return "\(array).contains { \(parameter) in \(bodyText) }"
        }
        return "\(array).\(method) { \(parameter) in \(bodyText) }"
    }

    /// `{ let name = literal; return ... }()`: a local that shadows a spec name.
    mutating func immediateClosure(_ type: ValueType) -> String? {
        let local = localName()
        return shadowing(local) { maker in
            let other = maker.nested { $0.expression(type) }
            switch type {
            case .int: return "{ let \(local) = 3; return \(local) * \(other) }()"
            default: return "{ let \(local) = \"s\"; return \(local) + \(other) }()"
            }
        }
    }

    mutating func multiLine(_ type: ValueType) -> String? {
        switch random.below(3) {
        case 0:
            // Parenthesized: a closure in an `if` condition would be read as the `if`'s body.
            let condition = expression(.bool)
            return "if (\(condition)) {\n    \(expression(type))\n} else {\n    \(expression(type))\n}"
        case 1:
            guard let subject = read(of: .int) else { return nil }
            let pattern = reads(of: .int).filter { $0 != subject }.first ?? "0x1F"
            return "switch \(subject) {\ncase 0: \(expression(type))\ncase \(pattern): \(expression(type))\ndefault: \(expression(type))\n}"
        default:
            guard let subject = read(of: .optional(.int)) else { return nil }
            let bound = localName()
            let some = shadowing(bound) { maker -> String in
                maker.scope.append(Binding(name: bound, type: .int))
                return maker.expression(type)
            }
            return "switch \(subject) {\ncase let \(bound)?: \(some)\ncase nil: \(expression(type))\n}"
        }
    }

    // MARK: Statements

    /// One to three statements that write the given state values.
    mutating func statements(writing writable: [Binding], extra: [String] = []) -> String {
        var lines = extra
        guard !writable.isEmpty else { return lines.isEmpty ? "_ = 0" : lines.joined(separator: "\n") }
        let saved = scope
        defer { scope = saved }
        var writable = writable
        // Names declared by `let` in this block: Swift forbids declaring one twice.
        var declared: Set<String> = []
        for _ in 0..<random.count(1...3) where !writable.isEmpty {
            let target = random.pick(writable)
            switch random.below(5) {
            case 0 where target.type == .int:
                lines.append("\(target.name) += \(expression(.int))")
            case 1:
                let local = localName()
                guard declared.insert(local).inserted else {
                    lines.append("\(target.name) = \(expression(target.type))")
                    continue
                }
                // `let n = n + 1` would read the local in its own initial value.
                let value = shadowing(local) { $0.expression(target.type) }
                lines.append("let \(local): \(target.type.spelling) = \(value)")
                // From here on the local hides the spec value of that name.
                scope.removeAll { $0.name == local }
                writable.removeAll { $0.name == local }
                if local != target.name {
                    lines.append("\(target.name) = \(local)")
                }
            case 2:
                lines.append("if (\(expression(.bool))) {\n    \(target.name) = \(expression(target.type))\n}")
            case 3 where target.type == .int:
                var local = localName()
                if local == target.name { local = "element" }
                let array = nested { $0.expression(.array(.int)) }
                let body = shadowing(local) { maker -> String in
                    maker.scope.append(Binding(name: local, type: .int))
                    return "\(target.name) += \(local)"
                }
                lines.append("for \(local) in (\(array)) {\n    \(body)\n}")
            default:
                lines.append("\(target.name) = \(expression(target.type))")
            }
        }
        return lines.joined(separator: "\n")
    }
}
