import Foundation
import Testing
import VMGenCore

/// A Swift error inside a spec expression must be reported by the compiler at the spec's
/// line and column, thanks to the padded `#sourceLocation` around every embedded expression.
@Suite("Compiler errors land on the spec")
struct SourceLocationTests {
    /// Where the `Reactive` module built for these tests lives: `Modules` beside the test bundle.
    static func modulesFolder() -> URL? {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = folder.appendingPathComponent("Modules")
            if FileManager.default.fileExists(atPath: candidate.appendingPathComponent("Reactive.swiftmodule").path) {
                return candidate
            }
            folder.deleteLastPathComponent()
        }
        return nil
    }

    /// The compiler's first error on the spec's `line`: its column, and everything it printed.
    /// The spec is generated to Swift and type-checked against the `Reactive` module, together
    /// with the specs of `others` (generated one by one, as the build plugin does).
    static func firstError(
        of spec: String, onLine line: Int, with others: [String] = [], swift: String = ""
    ) throws -> (column: Int?, output: String) {
        let modules = try #require(modulesFolder(), "the Reactive module was not found beside the test bundle")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vmgen-sourceloc-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let specPath = folder.appendingPathComponent("Broken.vm.yaml").path
        let source = try #require(generate(spec, file: specPath))
        let swiftFile = folder.appendingPathComponent("Broken.swift")
        try source.write(to: swiftFile, atomically: true, encoding: .utf8)
        var otherFiles: [String] = []
        for (index, other) in others.enumerated() {
            let otherFile = folder.appendingPathComponent("Other\(index).swift")
            try #require(generate(other, file: folder.appendingPathComponent("Other\(index).vm.yaml").path))
                .write(to: otherFile, atomically: true, encoding: .utf8)
            otherFiles.append(otherFile.path)
        }
        if !swift.isEmpty {
            let swiftSource = folder.appendingPathComponent("Model.swift")
            try swift.write(to: swiftSource, atomically: true, encoding: .utf8)
            otherFiles.append(swiftSource.path)
        }

        let (status, output) = try runSwiftc(["-typecheck", "-swift-version", "6", "-I", modules.path, swiftFile.path] + otherFiles)
        #expect(status != 0, "the generated code compiled:\n\(output)")

        let prefix = "\(specPath):\(line):"
        let errorLine = output.split(separator: "\n").first { $0.hasPrefix(prefix) && $0.contains("error:") }
        return (errorLine.flatMap { Int($0.dropFirst(prefix.count).prefix { $0.isNumber }) }, output)
    }

    @Test("a type error in a derived value is reported at the spec's line and column")
    func typeErrorLandsOnSpecLine() throws {
        let spec = """
            viewModel: Broken
            state:
              count: { type: Int, initial: "0", input: true }
            derived:
              label: { type: String, value: count + "items" }
            """
        let error = try Self.firstError(of: spec, onLine: 5)
        // `count` stands at line 5, column 33 of the spec; the compiler reports the operator there.
        #expect(error.column.map { (33...47).contains($0) } == true, "compiler output:\n\(error.output)")
    }

    @Test("an internal type in a public view model is reported on the type's spec line", arguments: [
        "  secret: { type: Secret, initial: Secret(), input: true }",
        "  s: { type: Secret, initial: Secret(), input: true }",
    ])
    func internalTypeLandsOnSpecLine(line: String) throws {
        let spec = """
            viewModel: Broken
            state:
            \(line)
            """
        let error = try Self.firstError(of: spec, onLine: 3, swift: "struct Secret: Equatable {}")
        #expect(error.column != nil, "compiler output:\n\(error.output)")
        #expect(error.output.contains("internal type"), "compiler output:\n\(error.output)")
    }

    @Test("an internal type of a parameter or a constant of a public view model is reported at the spec only; a constant's public let shows the type the spec wrote")
    func internalTypeOfParameterAndConstant() throws {
        let spec = """
            viewModel: Broken
            parameters:
              secret: { type: Secret }
            constants:
              other: { type: Secret, value: secret }
            """
        let error = try Self.firstError(of: spec, onLine: 3, swift: "struct Secret: Equatable {}")
        #expect(error.output.contains("internal type"), "compiler output:\n\(error.output)")
        let inGenerated = error.output.split(separator: "\n").filter { $0.contains("Broken.swift:") && $0.contains("error:") }
        #expect(inGenerated.isEmpty, "compiler output:\n\(error.output)")
        let source = try #require(generate(spec))
        // The constant's `Secret` at its spec column (the alias is for the rest of the file); the
        // parameter's type is written at the spec by the initializer.
        #expect(source.contains("    public let\n        other:   Secret\n#sourceLocation()\n"), "\(source)")
        #expect(source.contains("    public let secret: _secret$Type\n"), "\(source)")
    }

    @Test("in a literal block with an indentation indicator, the compiler's columns are the spec's")
    func columnsInABlockWithAnIndentationIndicator() throws {
        let spec = """
            viewModel: Broken
            state:
              count: { type: Int, initial: "0", input: true }
            derived:
              label:
                type: String
                value: |2
                    "a" + count
            """
        let error = try Self.firstError(of: spec, onLine: 8)
        // The block's indentation is 4 + 2 and its text starts with two spaces: the compiler
        // reports `count` (an `Int` where a `String` belongs) at its spec column, 15.
        #expect(error.column == 15, "compiler output:\n\(error.output)")
    }

    @Test("a literal block that starts with blank lines keeps its lines' places: YAML keeps the blanks in its text")
    func blockWithBlankFirstLines() throws {
        let spec = """
            viewModel: Broken
            state:
              count: { type: Int, initial: "0", input: true }
            derived:
              label:
                type: |

                  String
                value: |


                  count.nope
            """
        let error = try Self.firstError(of: spec, onLine: 12)
        #expect(error.column == 13, "compiler output:\n\(error.output)")
        let statement = """
            viewModel: Broken
            state:
              count: { type: Int, initial: "0", input: true }
            commands:
              go:
                perform: |

                  count += nope
            """
        #expect(errors(statement) == ["8:16: the `perform` of command `go` reads `nope`, which the spec does not declare; declare it, or call a function of an imported module as `nope(...)`"])
    }

    @Test("a misspelled module in imports is reported at its spec line and column")
    func misspelledImportLandsOnSpecLine() throws {
        let spec = """
            viewModel: Broken
            imports:
              - Foundation
              - Foundaton
            state:
              count: { type: Int, initial: "0", input: true }
            """
        let error = try Self.firstError(of: spec, onLine: 4)
        #expect(error.column == 5, "compiler output:\n\(error.output)")
        #expect(error.output.contains("Foundaton"))
    }

    @Test("a misspelled module imported public is reported at the module's line and column")
    func misspelledPublicImportLandsOnSpecLine() throws {
        let spec = """
            viewModel: Broken
            imports: [Foundation, public Foundaton]
            state:
              count: { type: Int, initial: "0", input: true }
            """
        let error = try Self.firstError(of: spec, onLine: 2)
        #expect(error.column == 30, "compiler output:\n\(error.output)")
        #expect(error.output.contains("Foundaton"))
    }

    @Test("a dependency typed with an app's alias of a function type is reported at its type, which vmgen cannot see through")
    func functionAliasDependencyLandsOnSpecLine() throws {
        let spec = """
            viewModel: Broken
            imports: [Foundation]
            dependencies:
              now: { type: Clock, doc: The time. }
            parameters:
              start:
                type: Clock
            state:
              stamp: { type: Date?, doc: When. }
            """
        let model = """
            import Foundation
            public typealias Clock = () -> Date
            """
        // `Clock` stands at column 16 of line 4, and at column 11 of line 7.
        let dependency = try Self.firstError(of: spec, onLine: 4, swift: model)
        #expect(dependency.column == 16, "compiler output:\n\(dependency.output)")
        #expect(dependency.output.contains("non-escaping parameter 'now'"))
        let parameter = try Self.firstError(of: spec, onLine: 7, swift: model)
        #expect(parameter.column == 11, "compiler output:\n\(parameter.output)")
        // Nothing else: the stores of the other members are checked where they always were.
        #expect(!parameter.output.contains("Broken.swift:"), "compiler output:\n\(parameter.output)")
    }

    /// A command's output and the event it emits, spelled differently: `Count`, the app's.
    static let emitsAlias = """
        viewModel: Broken
        state:
          count: { type: Int, initial: "0", input: true }
        events:
          counted: Count
        commands:
          bump:
            work: "SignalProducer(value: count)"
            output: Int
            emits: counted
        """

    /// A command that sends a machine's event, its input spelled unlike the payload: `Coins`, the app's.
    static let sendAlias = """
        viewModel: Broken
        machine:
          initial: idle
          events:
            coin: Int
          states:
            idle:
              on:
                coin: idle
        commands:
          insert: { input: Coins, send: coin }
        """

    @Test("types spelled differently that may be one (an app's alias) are the compiler's to judge, at the spec",
          arguments: [(emitsAlias, "Count", 10, 12), (sendAlias, "Coins", 11, 20)])
    func aliasesJudgedByTheCompiler(spec: String, alias: String, line: Int, column: Int) throws {
        let modules = try #require(Self.modulesFolder(), "the Reactive module was not found beside the test bundle")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vmgen-alias-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let swiftFile = folder.appendingPathComponent("Broken.swift")
        try #require(generate(spec, file: folder.appendingPathComponent("Broken.vm.yaml").path)).write(to: swiftFile, atomically: true, encoding: .utf8)
        let model = folder.appendingPathComponent("Model.swift")
        try "public typealias \(alias) = Int".write(to: model, atomically: true, encoding: .utf8)
        let (status, output) = try runSwiftc(["-typecheck", "-swift-version", "6", "-I", modules.path, swiftFile.path, model.path])
        #expect(status == 0, "the same type under another name does not compile:\n\(output)")
        // Another type under that name: the compiler says so where the spec passes the value.
        let error = try Self.firstError(of: spec, onLine: line, swift: "public typealias \(alias) = String")
        #expect(error.column == column, "compiler output:\n\(error.output)")
        #expect(!error.output.contains("Broken.swift:"), "compiler output:\n\(error.output)")
    }

    /// A keyed list of `RowViewModel`s over `each`, with the list's `type`.
    static func keyedList(each: String, type: String = "[RowViewModel]", state: String = "items: { type: \"[Int]\", initial: \"[]\", input: true }") -> String {
        """
        viewModel: Broken
        state:
          \(state)
        children:
          rows: { type: "\(type)", each: \(each), id: \\.self, make: "RowViewModel(n: element)" }
        """
    }

    static let row = """
        viewModel: RowViewModel
        parameters:
          n: Int
        state:
          hits: { type: Int, initial: "0", input: true }
        """

    @Test("a keyed list's each that is no collection, or a list of no objects, is reported at the spec",
          arguments: [
            // An optional array (`profile?.items`): at the code.
            (keyedList(each: "items", state: "items: { type: \"[Int]?\", input: true }"), 41, "must be unwrapped"),
            // A sequence that is not a collection: at the code.
            (keyedList(each: "\"stride(from: 0, to: 3, by: 1)\""), 42, "conform to 'Collection'"),
            // A list whose elements are not objects: at the list's type.
            (keyedList(each: "items", type: "[Int]").replacingOccurrences(of: "RowViewModel(n: element)", with: "element"), 18, "be a class type"),
          ])
    func keyedListRequirementsLandOnSpecLine(spec: String, column: Int, message: String) throws {
        let error = try Self.firstError(of: spec, onLine: 5, with: [Self.row])
        #expect(error.column == column, "compiler output:\n\(error.output)")
        #expect(error.output.contains(message), "compiler output:\n\(error.output)")
        #expect(!error.output.contains("Broken.swift:"), "compiler output:\n\(error.output)")
    }

    @Test("a validation rule that is not a Bool is reported at the rule's line and column")
    func ruleOfTheWrongTypeLandsOnSpecLine() throws {
        let spec = """
            viewModel: Broken
            state:
              name: { type: String, initial: '""', input: true }
            validation:
              fields:
                name:
                  - { rule: name.count, message: Enter a name. }
            """
        let error = try Self.firstError(of: spec, onLine: 7)
        // `name.count` stands at line 7, column 17 of the spec.
        #expect(error.column.map { (17...26).contains($0) } == true, "compiler output:\n\(error.output)")
    }

    /// A child view model with one event, `removeRequested`, for the keyed lists of tests.
    static let tagChild = """
        viewModel: TagViewModel
        parameters:
          number: Int
        events:
          removeRequested: Int
        commands:
          remove: { work: "SignalProducer(value: number)", output: Int, emits: removeRequested }
        """

    @Test("a keyed child's event that the child does not have is reported at the on: key's line and column")
    func unknownChildEventLandsOnSpecKey() throws {
        // The handler does not read `value`, so nothing but the event could give it a type.
        let spec = """
            viewModel: Broken
            state:
              numbers: { type: "[Int]", initial: "[]", input: true }
            children:
              tags:
                type: "[TagViewModel]"
                each: numbers
                id: \\.self
                make: "TagViewModel(number: element)"
                on:
                  removeRequestd: numbers.removeAll()
            """
        let error = try Self.firstError(of: spec, onLine: 11, with: [Self.tagChild])
        // `removeRequestd` stands at line 11, column 7 of the spec.
        #expect(error.column == 7, "compiler output:\n\(error.output)")
        #expect(error.output.contains("removeRequestd"))
        // The handler's follow-on error (its `value` has no type) is on the spec's line too.
        let generatedErrors = error.output.split(separator: "\n").filter { $0.contains("Broken.swift:") && $0.contains(" error:") }
        #expect(generatedErrors.isEmpty, "errors in the generated file:\n\(generatedErrors.joined(separator: "\n"))")
    }
    /// The line both specs share up to the name: non-ASCII text before the code (`doc`) and in
    /// it (a string), so that UTF-8 bytes, Unicode scalars and characters all count differently.
    static func nonASCIILine(naming name: String) -> String {
        #"  label: { doc: "€ …", type: String, value: '"€ … 😀" + "# + name + #"' }"#
    }

    @Test("a keyed list's make of the wrong type is reported at make's line and column")
    func wrongMakeLandsOnSpec() throws {
        let spec = """
            viewModel: Broken
            state:
              items: { type: "[Int]", initial: "[]", input: true }
            children:
              rows:
                type: "[RowViewModel]"
                each: items
                id: \\.self
                make: "element"
            """
        let row = "viewModel: RowViewModel\nparameters:\n  number: { type: Int }\n"
        let error = try Self.firstError(of: spec, onLine: 9, with: [row])
        // `element` (an `Int`, not a row) stands at column 12 of line 9.
        #expect(error.column == 12, "compiler output:\n\(error.output)")
        #expect(error.output.contains("'Int'") && !error.output.contains("$Type"), "compiler output:\n\(error.output)")
    }

    @Test("a keyed list of children whose type the compiler cannot find (a missing import) is reported at the type only, none in the generated file")
    func missingChildTypeOfAListWithHandlers() throws {
        let spec = """
            viewModel: Broken
            state:
              items: { type: "[Int]", initial: "[]", input: true }
              count: { type: Int, initial: "0" }
            children:
              rows:
                type: "[MissingRowViewModel]"
                each: items
                id: \\.self
                make: "MissingRowViewModel(number: element)"
                on:
                  picked: count += 1
            """
        let error = try Self.firstError(of: spec, onLine: 7)
        // `MissingRowViewModel` stands at column 13 of line 7, inside `"[`.
        #expect(error.column == 13, "compiler output:\n\(error.output)")
        let inGenerated = error.output.split(separator: "\n").filter { $0.contains("Broken.swift:") && $0.contains("error:") }
        #expect(inGenerated.isEmpty, "compiler output:\n\(error.output)")
    }

    @Test("a keyed list that handles an event its child (generated on its own, as the plugin once did) lacks: every error at the event's name, none past its line's end or in the generated file")
    func handlerOfAMissingEventLandsOnItsName() throws {
        let spec = """
            viewModel: Broken
            state:
              items: { type: "[Int]", initial: "[]", input: true }
              count: { type: Int, initial: "0" }
            children:
              rows:
                type: "[RowViewModel]"
                each: items
                id: \\.self
                make: "RowViewModel(number: element)"
                on:
                  pickd: count += 1
            """
        let row = "viewModel: RowViewModel\nparameters:\n  number: { type: Int }\nstate:\n  isOn: { type: Bool, initial: \"false\", input: true }\nevents:\n  picked: { type: Int }\n"
        let error = try Self.firstError(of: spec, onLine: 12, with: [row])
        // `pickd` stands at column 7 of line 12.
        #expect(error.column == 7, "compiler output:\n\(error.output)")
        let lines = spec.components(separatedBy: "\n")
        let errors = error.output.split(separator: "\n").filter { $0.contains(" error: ") && !$0.hasPrefix(" ") }
        for line in errors {
            #expect(!line.contains("Broken.swift:"), "\(line)")
            // `path:line:column:`: the column is on the line.
            let place = line.split(separator: ":").dropFirst().prefix(2).compactMap { Int($0) }
            if place.count == 2, place[0] >= 1, place[0] <= lines.count {
                #expect(place[1] <= lines[place[0] - 1].utf8.count + 1, "\(line)")
            }
        }
    }

    @Test("a compiler error and a vmgen error at one place of a non-ASCII line have the compiler's column")
    func columnsAgreeOnNonASCIILine() throws {
        func spec(_ name: String) -> String {
            "viewModel: Broken\nstate:\n  count: { type: Int, initial: \"0\", input: true }\nderived:\n" + Self.nonASCIILine(naming: name) + "\n"
        }
        let line = Self.nonASCIILine(naming: "Missing")
        // The UTF-8 column of the name, as the compiler counts: bytes before it, plus one.
        let nameStart = try #require(line.range(of: "Missing"))
        let expected = line[..<nameStart.lowerBound].utf8.count + 1
        #expect(expected != line[..<nameStart.lowerBound].unicodeScalars.count + 1, "the line must make the counts differ")

        // A capitalized name is left to the compiler, which reports it at its column.
        let compiler = try Self.firstError(of: spec("Missing"), onLine: 5)
        #expect(compiler.output.contains("Missing"), "compiler output:\n\(compiler.output)")
        #expect(compiler.column == expected, "compiler output:\n\(compiler.output)")

        // A lowercase name the spec does not declare is vmgen's error, at the same place.
        let vmgen = try #require(diagnose(spec("missing")).first { $0.severity == .error })
        #expect(vmgen.message.contains("`missing`"))
        #expect(vmgen.location.line == 5)
        #expect(vmgen.location.column == compiler.column)
    }

    @Test("after YAML escapes in a quoted scalar, the compiler's columns are still the spec's", arguments: [
        // A double-quoted scalar: each `\"` is one character of Swift but two of the spec.
        #"  label: { type: String, value: "count > 0 ? \"some\" : \"none\" + count" }"#,
        // An interpolation with a literal inside, then an escaped backslash.
        #"  label: { type: String, value: "\"\\(count > 0 ? \"a\" : \"b\")\\\\\" + count" }"#,
    ])
    func columnsAfterEscapes(line: String) throws {
        let spec = "viewModel: Broken\nstate:\n  count: { type: Int, initial: \"0\", input: true }\nderived:\n" + line + "\n"
        // The compiler reports the `Int` added to a `String` (`count`), which stands after every escape.
        let added = try #require(line.range(of: " + count"))
        let expected = line[..<added.lowerBound].utf8.count + " + ".utf8.count + 1
        let error = try Self.firstError(of: spec, onLine: 5)
        #expect(error.column == expected, "compiler output:\n\(error.output)")
        #expect(error.output.contains("'Int'"), "compiler output:\n\(error.output)")
    }

    @Test("a column converts exactly to UTF-16 units, Unicode scalars and characters of its line")
    func columnConversions() throws {
        // `é` written as `e` and a combining accent: two scalars, one character; `😀`: four
        // UTF-8 bytes, two UTF-16 units, one scalar.
        let line: Substring = "a: \"e\u{301}😀\" + x"
        let x = try #require(line.firstIndex(of: "x"))
        let location = SourceLocation(file: "A.vm.yaml", line: 1, column: line[..<x].utf8.count + 1)
        #expect(location.column(in: line, counting: .utf8) == location.column)
        #expect(location.column(in: line, counting: .utf16) == line[..<x].utf16.count + 1)
        #expect(location.column(in: line, counting: .unicodeScalar) == line[..<x].unicodeScalars.count + 1)
        #expect(location.column(in: line, counting: .character) == line[..<x].count + 1)
        // Inside the emoji's bytes no column of another count exists.
        let emoji = try #require(line.firstIndex(of: "😀"))
        let inside = SourceLocation(file: "A.vm.yaml", line: 1, column: line[..<emoji].utf8.count + 2)
        #expect(inside.column(in: line, counting: .utf16) == nil)
        // Between the `e` and its accent: a scalar column, but not a character's.
        let accent = SourceLocation(file: "A.vm.yaml", line: 1, column: 6)
        #expect(accent.column(in: line, counting: .unicodeScalar) == 6)
        #expect(accent.column(in: line, counting: .character) == nil)
    }
}
