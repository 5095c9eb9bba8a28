import Testing
import VMGenCore

@Suite("Finding what an expression reads")
struct SwiftReadsTests {
    @Test("member accesses, argument labels and keywords are not reads")
    func membersAndLabels() {
        #expect(SwiftReads.names(in: "service.search(text: searchText, limit: count)") == ["service", "searchText", "count"])
        #expect(SwiftReads.names(in: "isGameOver ? .green : .black") == ["isGameOver"])
        #expect(SwiftReads.names(in: "try await self.load() as? Int ?? nil") == ["Int"])
    }

    @Test("strings and comments are skipped, interpolations are read")
    func stringsAndComments() {
        #expect(SwiftReads.names(in: #""roll \(roll) of \(max(a, b))" // total"#) == ["roll", "max", "a", "b"])
        #expect(SwiftReads.names(in: "/* roll */ x + \"y\"") == ["x"])
        #expect(SwiftReads.names(in: "\"\"\"\n  \\(count) items\n  \"\"\" + rest") == ["count", "rest"])
        #expect(SwiftReads.names(in: ##"#"raw \(notRead) \#(read)"#"##) == ["read"])
    }

    @Test("read positions are line and column inside the code")
    func positions() {
        let reads = SwiftReads.reads(in: "a +\n  bee")
        #expect(reads.map(\.name) == ["a", "bee"])
        #expect(reads.map(\.line) == [0, 1])
        #expect(reads.map(\.column) == [0, 2])
    }

    @Test("code that would close the generated scope is detected")
    func scopeEscapes() {
        #expect(SwiftReads.scopeEscape(in: "a + b") == nil)
        #expect(SwiftReads.scopeEscape(in: "{ $0 + 1 }(2)") == nil)
        #expect(SwiftReads.scopeEscape(in: "1 }") == "an unbalanced `}`")
        #expect(SwiftReads.scopeEscape(in: "f(") == "an unclosed bracket")
        #expect(SwiftReads.scopeEscape(in: "\"abc") == "an unterminated string literal")
        #expect(SwiftReads.scopeEscape(in: "x /* open") == "an unclosed comment")
        #expect(SwiftReads.scopeEscape(in: "#sourceLocation()") == "a compiler directive (`#sourceLocation`)")
        #expect(SwiftReads.scopeEscape(in: "\"}\" + \"#endif\"") == nil)
    }
}

@Suite("Dependency graph")
struct DependencyGraphTests {
    @Test("the order puts every value after what it reads, declaration order breaking ties")
    func topologicalOrder() {
        var graph = DependencyGraph()
        graph.add("d", reads: ["b", "c"])
        graph.add("a")
        graph.add("c", reads: ["a"])
        graph.add("b", reads: ["a"])
        #expect(graph.topologicalOrder() == ["a", "c", "b", "d"])
        #expect(graph.firstCycle() == nil)
        #expect(graph.downstream(of: "a", order: graph.topologicalOrder()) == ["c", "b", "d"])
    }

    @Test("cycles of length 1, 2 and 5 are found with their full path")
    func cycles() {
        var one = DependencyGraph()
        one.add("a", reads: ["a"])
        #expect(one.firstCycle() == ["a", "a"])
        var two = DependencyGraph()
        two.add("a", reads: ["b"])
        two.add("b", reads: ["a"])
        #expect(two.firstCycle() == ["a", "b", "a"])
        var five = DependencyGraph()
        for (node, input) in [("a", "b"), ("b", "c"), ("c", "d"), ("d", "e"), ("e", "a")] { five.add(node, reads: [input]) }
        #expect(five.firstCycle() == ["a", "b", "c", "d", "e", "a"])
    }
}
