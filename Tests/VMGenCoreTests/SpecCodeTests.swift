import Testing
@testable import VMGenCore

/// The names `code` reads from outside itself, in order of first appearance.
private func reads(_ code: String) -> [String] {
    SpecCode.names(SpecCode.reads(in: SpecCode.body(code, form: .body)))
}

private func problems(_ code: String, form: SpecCode.Form = .body) -> [String] {
    SpecCode.body(code, form: form).problems.map { "\($0.offset): \($0.message)" }
}

@Suite("Reading spec code with swift-syntax")
struct SpecCodeTests {
    @Test("members, argument labels and key-path components are not reads")
    func membersAndLabels() {
        #expect(reads("service.search(text: searchText, limit: count)") == ["service", "searchText", "count"])
        #expect(reads("isGameOver ? .green : .black") == ["isGameOver"])
        #expect(reads(#"items.map(\.name).sorted(by: \Item.rank)"#) == ["items"])
    }

    @Test("a thousand interpolations are read; one more is an error at it, before Swift's lexer sees the code")
    func interpolationLimit() {
        let thousand = Array(repeating: #""\(n)""#, count: 1_000).joined(separator: " + ")
        #expect(problems(thousand, form: .expression).isEmpty)
        #expect(reads(thousand) == ["n"])
        let tooMany = thousand + #" + "\(m)""#
        let offset = tooMany.utf8.count - #"\(m)""#.utf8.count
        #expect(problems(tooMany, form: .expression) == [
            "\(offset): more than 1000 string interpolations in one piece of code; build the text in a function or in several values",
        ])
        // An escaped backslash before a parenthesis is not an interpolation.
        #expect(SpecCode.interpolationLimitProblem(in: String(repeating: #"\\("#, count: 2_000)) == nil)
    }

    @Test("the forms the old tokenizer missed are reads")
    func formsTheTokenizerMissed() {
        #expect(reads("Array(0...n)") == ["Array", "n"])
        #expect(reads("flag ? a: 0") == ["flag", "a"])
        #expect(reads("[key: 1]") == ["key"])
        #expect(reads("switch x {\ncase y: 1\ndefault: 0\n}") == ["x", "y"])
        #expect(reads("n < 0x1F && m == 1_000") == ["n", "m"])
    }

    @Test("names the code declares shadow spec names")
    func shadowing() {
        #expect(reads("items.map { n in n + 1 }") == ["items"])
        #expect(reads("items.map { $0 + n }") == ["items", "n"])
        #expect(reads("let n = n + 1\nreturn n * m") == ["n", "m"])
        #expect(reads("guard let v = value else { return 0 }\nreturn v") == ["value"])
        #expect(reads("if let roll { roll } else { 0 }") == ["roll"])
        #expect(reads("switch roll {\ncase let value?: value\ncase nil: 0\n}") == ["roll"])
        #expect(reads("for item in items { total += item }") == ["items", "total"])
        #expect(reads("do { try f() } catch { print(error) }") == ["f", "print"])
        #expect(reads("func twice(_ x: Int) -> Int { x * 2 }\nreturn twice(n)") == ["n"])
        #expect(reads("items.map { [limit] in $0 < limit }") == ["items", "limit"])
    }

    @Test("self.x reads x, and self is reported")
    func selfReads() {
        #expect(reads("self.count + 1") == ["self", "count"])
    }

    @Test("interpolations are read, string text and comments are not")
    func strings() {
        #expect(reads(#""roll \(roll) of \(max(a, b))" // total"#) == ["roll", "max", "a", "b"])
        #expect(reads("/* roll */ x + \"y\"") == ["x"])
    }

    @Test("code that escapes its slot or is not Swift is a problem")
    func escapes() {
        #expect(problems("a + b").isEmpty)
        #expect(problems("{ $0 + 1 }(2)").isEmpty)
        #expect(!problems("1 }").isEmpty)
        #expect(!problems("f(").isEmpty)
        #expect(!problems("\"abc").isEmpty)
        #expect(!problems("x /* open").isEmpty)
        #expect(problems("if a {\n#sourceLocation(file: \"x\", line: 1)\n}").contains {
            $0.hasSuffix("compiler directives (`#sourceLocation`) cannot appear in spec code; they would change how the generated file is compiled")
        })
        #expect(problems("f {\n#if DEBUG\n1\n#endif\n}").count == 1)
        #expect(problems("a; b", form: .expression) == ["3: it must be one expression, not several statements"])
        #expect(problems("let a = 1", form: .expression) == ["0: it must be an expression, not a statement or declaration"])
        #expect(problems("if a { 1 } else { 2 }", form: .expression).isEmpty)
    }

    @Test("types parse as one type")
    func types() {
        #expect(SpecCode.type("[String: Int]?").problems.isEmpty)
        #expect(SpecCode.type("@Sendable (Int) -> SignalProducer<String, Never>").problems.isEmpty)
        #expect(!SpecCode.type("Int>").problems.isEmpty)
        #expect(!SpecCode.type("Int, evil: Int").problems.isEmpty)
        #expect(SpecCode.type("Int!").problems.map(\.message) == ["implicitly unwrapped optionals (`!`) cannot be used here; write `?`"])
        #expect(SpecCode.isFunctionType(SpecCode.type("((Int) -> Int)").syntax!))
        #expect(SpecCode.isFunctionType(SpecCode.type("@Sendable (Int) -> Int").syntax!))
        #expect(!SpecCode.isFunctionType(SpecCode.type("((Int) -> Int)?").syntax!))
        #expect(!SpecCode.isFunctionType(SpecCode.type("[(Int) -> Int]").syntax!))
    }

    @Test("signatures parse as what follows a function's name")
    func signatures() {
        #expect(SpecCode.signature("(at index: Int) -> Photo?").problems.isEmpty)
        #expect(SpecCode.signature("<T>(_ x: T) -> T").problems.isEmpty)
        #expect(SpecCode.signature("() async throws -> Int").problems.isEmpty)
        #expect(!SpecCode.signature("() {}; func other()").problems.isEmpty)
        #expect(!SpecCode.signature("()\nfunc other()").problems.isEmpty)
    }

    @Test("the parser decides which words name a member: contextual keywords do, keywords do not")
    func namesTheParserAccepts() {
        for name in ["open", "some", "any", "async", "actor", "consume", "borrowing", "consuming", "isolated",
                     "nonisolated", "each", "package", "macro", "get", "set", "willSet", "f", "Int", "count"] {
            #expect(SpecCode.isUsableAsName(name), "`\(name)` is a name where the generated code writes one")
        }
        for name in ["class", "self", "Self", "Any", "init", "deinit", "subscript", "in", "is", "as", "try", "await",
                     "default", "static", "inout", "true", "nil"] {
            #expect(!SpecCode.isUsableAsName(name), "`\(name)` is a keyword where the generated code writes a name")
        }
        // The view model's name stands where types do, where `some` and `any` are keywords.
        #expect(SpecCode.isUsableAsName("open", isType: true))
        #expect(!SpecCode.isUsableAsName("some", isType: true))
        #expect(!SpecCode.isUsableAsName("any", isType: true))
    }
}
