import Foundation
import Testing
import VMGenCore

/// What makes a generated file untidy, found by looking at its text: a `// MARK:` with nothing
/// under it, a private member that nothing uses, a line longer than `lineLimit` columns that the
/// generator wrote by itself (spec code under `#sourceLocation` and doc comments taken from the
/// spec keep their own lines), and blank lines out of place (the templates lay the file out
/// whole: nothing mends it afterwards).
enum GeneratedTidiness {
    static let lineLimit = 120

    /// Each problem as `line N: what`, in order of lines.
    static func problems(in source: String, spec: String) -> [String] {
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        return emptySections(lines) + unusedPrivateMembers(lines) + longLines(lines, spec: spec) + blankLines(lines)
    }

    /// Trailing spaces, two blank lines in a row, a blank line after `{` or before `}`, a file
    /// that does not end in exactly one newline.
    static func blankLines(_ lines: [String]) -> [String] {
        var result: [String] = []
        // Lines under `#sourceLocation(file:...)` stand at the spec's lines: a declaration whose
        // types stand at their places may skip lines the spec skips (its section headings).
        var atSpecLines = false
        for (index, line) in lines.enumerated() {
            let number = index + 1
            if line.hasPrefix("#sourceLocation(") { atSpecLines = line != "#sourceLocation()" }
            if line.hasSuffix(" ") { result.append("line \(number): trailing spaces") }
            guard line.isEmpty, index > 0, index < lines.count - 1 else { continue }
            let before = lines[index - 1], after = lines[index + 1]
            if before.isEmpty && !atSpecLines { result.append("line \(number): a second blank line") }
            if before.hasSuffix("{") { result.append("line \(number): a blank line after `{`") }
            if trimmed(after).hasPrefix("}") { result.append("line \(number): a blank line before `}`") }
        }
        if lines.last != "" || lines.dropLast().last == "" { result.append("the file does not end in one newline") }
        return result
    }

    /// `// MARK:` lines followed, after blank lines, by another `// MARK:`, a closing brace or
    /// the end of the file.
    static func emptySections(_ lines: [String]) -> [String] {
        var result: [String] = []
        for (index, line) in lines.enumerated() where trimmed(line).hasPrefix("// MARK:") {
            let next = lines[(index + 1)...].map(trimmed).first { !$0.isEmpty }
            if next == nil || next!.hasPrefix("// MARK:") || next!.hasPrefix("}") {
                result.append("line \(index + 1): `\(trimmed(line))` has nothing under it")
            }
        }
        return result
    }

    /// Private `let`s, `var`s and `func`s whose name occurs nowhere but in their declaration,
    /// or only inside private functions that are unused themselves (found again until nothing
    /// new is). Comments do not count as a use, and neither does disposing of the member
    /// (`x.dispose()` in `deinit` keeps nothing alive that something uses).
    static func unusedPrivateMembers(_ lines: [String]) -> [String] {
        let declaration = /^\s*private\s+(?:static\s+)?(?:lazy\s+)?(let|var|func)\s+([A-Za-z_$][A-Za-z0-9_$]*)/
        let code = lines.map(withoutComment)
        var unused: [Int: String] = [:]
        var ignored = Set<Int>()
        while true {
            var uses: [String: Int] = [:]
            for (index, line) in code.enumerated() where !ignored.contains(index) {
                let disposals = Set(line.matches(of: /([A-Za-z_$][A-Za-z0-9_$]*)\.dispose\(\)/).map { String($0.output.1) })
                for token in line.matches(of: /[A-Za-z_$][A-Za-z0-9_$]*/) where !disposals.contains(String(token.output)) {
                    uses[String(token.output), default: 0] += 1
                }
            }
            var found = false
            for (index, line) in code.enumerated() where unused[index] == nil {
                guard let match = line.firstMatch(of: declaration) else { continue }
                let name = String(match.output.2)
                guard uses[name, default: 0] <= 1 else { continue }
                unused[index] = name
                found = true
                // An unused function's body uses nothing: drop it, up to the brace that closes it.
                if match.output.1 == "func" {
                    let indentation = String(line.prefix { $0 == " " })
                    if let end = code[index...].firstIndex(where: { $0 == indentation + "}" }), end > index + 1 {
                        ignored.formUnion((index + 1)..<end)
                    }
                }
            }
            if !found { break }
        }
        return unused.keys.sorted().map { "line \($0 + 1): private `\(unused[$0]!)` is declared but never used" }
    }

    /// Lines over the limit, and lines with two statements (a `;`), except spec code (from
    /// `#sourceLocation(file:` to `#sourceLocation()`) and doc comments whose text the spec holds.
    static func longLines(_ lines: [String], spec: String) -> [String] {
        var result: [String] = []
        var inSpecCode = false
        for (index, line) in lines.enumerated() {
            if line.hasPrefix("#sourceLocation(file:") { inSpecCode = true }
            defer { if line.hasPrefix("#sourceLocation()") { inSpecCode = false } }
            if inSpecCode { continue }
            let text = trimmed(line)
            if withoutComment(line).contains(";") {
                result.append("line \(index + 1): two statements: \(text.prefix(60))")
            }
            guard line.count > lineLimit else { continue }
            if text.hasPrefix("///"), spec.contains(text.dropFirst(3).trimmingCharacters(in: .whitespaces)) { continue }
            result.append("line \(index + 1): \(line.count) columns: \(text.prefix(60))...")
        }
        return result
    }

    static func trimmed(_ line: String) -> String {
        line.trimmingCharacters(in: .whitespaces)
    }

    /// The line without a `//` comment (the generator writes no `//` inside string literals
    /// outside spec code; spec code is cut the same way, which only hides uses, never adds one).
    static func withoutComment(_ line: String) -> String {
        guard let range = line.range(of: "//") else { return line }
        return String(line[..<range.lowerBound])
    }
}

/// Every generated file a reader can follow: no empty sections, no unused private members, no
/// line over the limit that the generator wrote. Checked on the output of every spec that ships
/// (examples, golden specs, the benchmark) and on a view model of constants only.
@Suite("Generated code is tidy")
struct GeneratedTidinessTests {
    /// The spec folders and the folders their checked-in output lives in.
    static let outputs = [
        ("Specs", "Generated"),
        ("Tests/Golden/Specs", "Tests/Golden/Expected"),
        ("Benchmarks/Specs", "Benchmarks/Sources/DiamondViewModel"),
        ("Tests/Tidiness", nil),
    ]

    /// Every spec with its path relative to the package root, and the checked-in output of it.
    static var specs: [(spec: String, output: String?)] {
        outputs.flatMap { specFolder, outputFolder in
            let names = (try? FileManager.default.contentsOfDirectory(atPath: packageRoot.appendingPathComponent(specFolder).path)) ?? []
            return names.filter { $0.hasSuffix(".vm.yaml") }.sorted().map { name in
                let base = String(name.dropLast(".vm.yaml".count))
                return (spec: "\(specFolder)/\(name)", output: outputFolder.map { "\($0)/\(base).swift" })
            }
        }
    }

    static var specPaths: [String] { specs.map(\.spec) }

    /// The specs whose output is checked in, with the path of that output.
    static var checkedInOutputs: [(spec: String, output: String)] {
        specs.compactMap { spec, output in output.map { (spec, $0) } }
    }

    func read(_ path: String) throws -> String {
        try String(contentsOf: packageRoot.appendingPathComponent(path), encoding: .utf8)
    }

    @Test("the specs that ship are all checked: 27 examples, 25 golden, 3 benchmark, 1 constants-only")
    func everySpecIsChecked() {
        #expect(Self.specs.count == 56, "\(Self.specs.map(\.spec))")
        #expect(Self.specs.contains { $0.spec == "Tests/Tidiness/Constants.vm.yaml" })
    }

    @Test("each spec generates a file without empty sections, unused members or long lines", arguments: specPaths)
    func generatedFileIsTidy(specPath: String) throws {
        let spec = try read(specPath)
        let output = try Generator().generate(Data(spec.utf8), file: specPath)
        let source = try #require(output.source, "\(output.diagnostics)")
        #expect(GeneratedTidiness.problems(in: source, spec: spec) == [])
    }

    @Test("each checked-in generated file is tidy", arguments: checkedInOutputs)
    func checkedInFileIsTidy(specPath: String, outputPath: String) throws {
        #expect(GeneratedTidiness.problems(in: try read(outputPath), spec: try read(specPath)) == [])
    }

    /// Issue 24, item 4: the storage Swift does not check at run time (`@exclusivity(unchecked)`)
    /// is never passed `inout` (but to `_$property`, which calls nothing of the view model's) and
    /// never given a closure to run (either would open an access of it across a call that may
    /// reach the view model again), and the storage that is passed `inout` to spec code (a
    /// reaction's writes) keeps its checks.
    @Test("each checked-in generated file holds no unchecked storage across a call", arguments: checkedInOutputs)
    func uncheckedStorageIsNeverHeldAcrossACall(specPath: String, outputPath: String) throws {
        let source = try read(outputPath)
        let declaration = try Regex(#"@exclusivity\(unchecked\) private var (_\w+): Reactive\.Stored<"#)
        let unchecked = source.matches(of: declaration).map { String($0.output[1].substring ?? "") }
        #expect(!unchecked.isEmpty || !source.contains("Reactive.Stored<"), "no storage is unchecked")
        for name in unchecked {
            let escaped = NSRegularExpression.escapedPattern(for: name)
            // Inout only to `_$property`, which reads and sets the mirror and calls nothing of the
            // view model's (docs/runtime.md); to anything else, the access would span a call.
            let passedInout = try Regex("&\(escaped)\\b")
            let toProperty = try Regex("_\\$property\\((?:[^()]*\\(\\), of: )?&\(escaped)\\)")
            #expect(source.matches(of: passedInout).count == source.matches(of: toProperty).count, "\(name) is passed inout")
            // A closure argument (`_x.f({ ... })`, `_x.f(by: { ... })`) or a trailing one (`_x.f { $0 }`).
            let closureArgument = try Regex("\\b\(escaped)\\.\\w+\\([^()]*\\{")
            let trailingClosure = try Regex("\\b\(escaped)\\.\\w+(\\([^()]*\\))? *\\{ *(\\$\\d|\\[|\\w+( *, *\\w+)* +in\\b)")
            #expect(source.firstMatch(of: closureArgument) == nil, "\(name) is given a closure")
            #expect(source.firstMatch(of: trailingClosure) == nil, "\(name) is given a closure")
        }
        for match in source.matches(of: try Regex(#"&(_\w+)\.value"#)) {
            let name = String(match.output[1].substring ?? "")
            #expect(!unchecked.contains(name), "\(name) is passed inout but unchecked")
        }
    }

    /// Issue 23: what only generated code and tests use is SPI (`@_spi(VMGen)`, `@_spi(Testing)`),
    /// not API. The spec's type aliases (`_x$Type`) stay public while public signatures name them.
    @Test("each checked-in generated file has no public member named with `_` outside its SPI", arguments: checkedInOutputs)
    func underscoredMembersAreSPI(specPath: String, outputPath: String) throws {
        let publicUnderscored = /^\s*(?:@[A-Za-z]+\s+)*public\s+(?:[a-z()]+\s+)*(?:var|let|func)\s+_/
        let lines = try read(outputPath).split(separator: "\n").map(String.init)
        let exposed = lines.filter { $0.contains(publicUnderscored) && !$0.contains("@_spi(") }
        #expect(exposed == [])
        // A public view model's (an internal one's members are internal: tests use `@testable import`).
        if lines.contains(where: { $0.contains("_$outputs") }) && lines.contains(where: { $0.hasPrefix("public final class") }) {
            #expect(lines.contains { $0.hasPrefix("@_spi(VMGen) public import Reactive") })
            #expect(lines.contains { $0.contains("@_spi(Testing) public var _$outputs") })
            #expect(lines.contains { $0.contains("@_spi(VMGen) public let _$transactions") })
        }
    }

    @Test("a view model of constants and parameters has no transactions, observation or disposables")
    func constantsOnlyHasNoScaffolding() throws {
        let spec = try read("Tests/Tidiness/Constants.vm.yaml")
        let source = try #require(generate(spec, file: "Tests/Tidiness/Constants.vm.yaml"))
        for scaffolding in ["_$transactions", "_$observationRegistrar", "_$disposables", "_$recompute", "_$notify", "_$access",
                            "_$changed", "func update", "deinit", "// MARK: Runtime properties", "// MARK: Storage"] {
            #expect(!source.contains(scaffolding), "\(scaffolding)")
        }
        #expect(source.contains("public let heading: String"))
        #expect(source.contains("let heading = Self._heading$make(title: title, version: version)"))
    }

    /// The constants-only view model as the generator wrote it before this check existed: the
    /// check must find its dead parts, or it proves nothing about the files above.
    @Test("the check finds the empty sections and unused helpers of the output before it")
    func findsTheProblemsOfTheOldOutput() throws {
        let old = try read("Tests/Tidiness/Constants-before-tidy.swift.txt")
        let problems = GeneratedTidiness.problems(in: old, spec: try read("Tests/Tidiness/Constants.vm.yaml"))
        #expect(problems == [
            "line 21: `// MARK: Runtime properties` has nothing under it",
            "line 34: private `_$observationRegistrar` is declared but never used",
            "line 35: private `_$disposables` is declared but never used",
            "line 77: private `_$access` is declared but never used",
            "line 82: private `_$didChange` is declared but never used",
            "line 82: 130 columns: private func _$didChange<Value>(_ keyPath: Swift.KeyPath<Abo...",
        ])
    }

    @Test("the check finds blank lines out of place and trailing spaces")
    func findsBlankLines() {
        let lines = "a {\n\n    b \n\n\n}\n".split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(GeneratedTidiness.blankLines(lines) == [
            "line 2: a blank line after `{`", "line 3: trailing spaces", "line 5: a second blank line", "line 5: a blank line before `}`",
        ])
        #expect(GeneratedTidiness.blankLines(["a {", "}", ""]) == [])
        #expect(GeneratedTidiness.blankLines(["a", "", ""]) == ["the file does not end in one newline"])
    }

    @Test("the check finds a line the generator wrote too long, but not spec code or spec docs")
    func findsLongLines() {
        let long = String(repeating: "x", count: 130)
        let source = """
            /// \(long)
                let a = \(long)
            #sourceLocation(file: "A.vm.yaml", line: 3)
            \(long)
            #sourceLocation()
            """
        #expect(GeneratedTidiness.longLines(source.components(separatedBy: "\n"), spec: "doc: \(long)") == [
            "line 2: 142 columns: let a = \(long.prefix(52))...",
        ])
    }
}
