import Testing
import VMGenCore

/// One test per kind of spec error: the message, the line and the column.
@Suite("Spec diagnostics")
struct SpecDiagnosticsTests {
    @Test("an unknown key is reported where it stands, with a suggestion, and once: not again as the key it meant missing")
    func unknownKeyWithSuggestion() {
        let found = errors("""
            viewModel: A
            state:
              count: { type: Int, intial: "0" }
            """)
        #expect(found.count == 1)
        #expect(found.contains { $0.hasPrefix("3:23: unknown key `intial` in state value `count`; did you mean `initial`?") })
        // Without the misspelling, the missing value is reported.
        #expect(errors("viewModel: A\nstate:\n  count: { type: Int }\n").contains { $0.hasPrefix("3:3: state value `count` needs an `initial` value") })
    }

    @Test("a misspelled section name suggests the right one")
    func misspelledSection() {
        #expect(errors("viewModel: A\nderivd:\n  x: { type: Int, value: 1 }\n").first?.hasPrefix("2:1: unknown key `derivd` in the spec; did you mean `derived`?") == true)
    }

    @Test("a missing required key is reported at its mapping")
    func missingRequiredKey() {
        #expect(errors("viewModel: A\nderived:\n  x: { type: Int }\n") == ["3:6: derived value `x` is missing `value`"])
        #expect(errors("doc: no name\n") == ["1:1: the spec is missing `viewModel`"])
    }

    @Test("a list where a mapping belongs is a shape error")
    func wrongShape() {
        #expect(errors("viewModel: A\nstate:\n  - count\n") == ["3:3: `state` must be a mapping of `key: value` lines, not a list"])
        #expect(errors("viewModel: [A]\n") == ["1:12: `viewModel` must be a single value, not a list"])
    }

    @Test("names must be Swift identifiers and not keywords")
    func invalidNames() {
        let found = errors("""
            viewModel: A
            state:
              2count: { type: Int, initial: "0", input: true }
              default: { type: Int, initial: "0", input: true }
              "my value": { type: Int, initial: "0", input: true }
            """)
        #expect(found == [
            "3:3: `2count` cannot be the name of a state value: a Swift name starts with a letter or `_`",
            "4:3: `default` cannot be the name of a state value: `default` is a Swift keyword",
            "5:3: `my value` cannot be the name of a state value: ` ` cannot appear in a Swift name",
        ])
    }

    @Test("a name declared in two sections clashes, with a note at the first")
    func clashAcrossSections() {
        let diagnostics = diagnose("""
            viewModel: A
            parameters:
              count: Int
            state:
              count: { type: Int, initial: "0", input: true }
            """).filter { $0.severity == .error }
        #expect(diagnostics.count == 1)
        #expect(diagnostics[0].location.line == 5)
        #expect(diagnostics[0].message.contains("`count` is declared twice"))
        #expect(diagnostics[0].notes.map(\.location.line) == [3])
    }

    @Test("a name that clashes with a generated member is reported")
    func clashWithGeneratedName() {
        let found = errors("""
            viewModel: A
            state:
              searchIsExecuting: { type: Bool, initial: "false", input: true }
            commands:
              search: { perform: "searchIsExecuting = true" }
            """)
        #expect(found.count == 1)
        #expect(found[0] == "3:3: state value `searchIsExecuting` clashes with the generated `searchIsExecuting` of command `search`; rename `searchIsExecuting`")
    }

    @Test("private generated names cannot clash: a dependency named like a helper of old is accepted")
    func noClashWithPrivateHelper() {
        let found = errors("""
            viewModel: A
            dependencies:
              loadPhotos: "@Sendable () -> SignalProducer<[Int], any Error>"
            resources:
              photos: { type: "[Int]", load: loadPhotos(), trigger: init }
            """)
        #expect(found == [])
    }

    @Test("the public `update` of every view model is reserved")
    func clashWithUpdate() {
        let found = errors("""
            viewModel: A
            state:
              update: { type: Int, initial: "0", input: true }
            """)
        #expect(found == ["3:3: state value `update` clashes with the generated `update` of `A`; rename `update`"])
    }

    @Test("a dependency cycle prints its whole path with each step's location")
    func cycleOfThree() {
        let diagnostics = diagnose("""
            viewModel: A
            derived:
              a: { type: Int, value: b + 1 }
              b: { type: Int, value: c + 1 }
              c: { type: Int, value: a + 1 }
            """).filter { $0.severity == .error }
        #expect(diagnostics.count == 1)
        #expect(diagnostics[0].message.hasPrefix("dependency cycle: a -> b -> c -> a"))
        #expect(diagnostics[0].location.line == 3)
        #expect(diagnostics[0].location.column == 26)
        #expect(diagnostics[0].notes.map(\.message) == ["`a` reads `b`", "`b` reads `c`", "`c` reads `a`"])
        #expect(diagnostics[0].notes.map(\.location.line) == [3, 4, 5])
    }

    @Test("a value that reads itself is a cycle of one")
    func cycleOfOne() {
        #expect(errors("viewModel: A\nderived:\n  a: { type: Int, value: a + 1 }\n").first?.hasPrefix("3:26: dependency cycle: a -> a") == true)
    }

    @Test("a cycle through a command's enabled state is caught")
    func cycleThroughCommand() {
        let found = errors("""
            viewModel: A
            derived:
              canSave: { type: Bool, value: saveIsEnabled }
            commands:
              save: { enabled: canSave, perform: "print(1)" }
            """)
        #expect(found.count == 1)
        #expect(found[0].contains("dependency cycle: canSave -> saveIsEnabled -> enabled condition of save -> canSave"))
    }

    @Test("a name the spec does not declare is an error with a suggestion, in every slot")
    func undeclaredNameInCondition() {
        let found = errors("""
            viewModel: A
            state:
              isGameOver: { type: Bool, initial: "false", input: true }
            commands:
              roll: { enabled: "!isGameOvr", perform: "print(1)" }
            """)
        #expect(found == ["5:22: the enabled condition of `roll` reads `isGameOvr`, which the spec does not declare; did you mean `isGameOver`?"])
        let inValue = errors("""
            viewModel: A
            derived:
              b: { type: Int, value: "count + 1" }
            """)
        #expect(inValue == ["3:27: `b` reads `count`, which the spec does not declare; declare it, or call a function of an imported module as `count(...)`"])
    }

    @Test("a swapped pair of letters is one edit away: `emial` suggests `email`")
    func transposedLetters() {
        let found = errors("""
            viewModel: A
            state:
              email: { type: String, initial: '""', input: true }
            derived:
              valid: { type: Bool, value: "!emial.isEmpty" }
            """)
        #expect(found == ["5:33: `valid` reads `emial`, which the spec does not declare; did you mean `email`?"])
    }

    @Test("statements that assign a derived value, a parameter or a constant are errors that say what to do; a write through a member is the compiler's to judge")
    func statementsWriteOnlyState() {
        let found = errors("""
            viewModel: A
            parameters:
              p: { type: Int }
            dependencies:
              store: { type: Store }
            constants:
              k: { type: Int, value: "1" }
            state:
              n: { type: Int, initial: "0", input: true }
            derived:
              d: { type: Int, value: n + 1 }
            commands:
              a: { perform: d = 3 }
              b: { perform: "(p, n) = (3, 4)" }
              c: { perform: k += 1 }
              e: { perform: "n = d + p + k; store.count = n; var d = 1; d += 1; n = d" }
            functions:
              f: { signature: "(_ p: inout Int)", body: p = 2 }
            """)
        #expect(found == [
            "13:17: the `perform` of command `a` writes `d`, which is derived value `d`; it follows what it reads: write those instead",
            "14:19: the `perform` of command `b` writes `p`, which is parameter `p`; it is fixed for the view model's life: keep what changes in a state value",
            "15:17: the `perform` of command `c` writes `k`, which is constant `k`; it is fixed for the view model's life: keep what changes in a state value",
        ])
    }

    @Test("a misspelled name is never taken for the value its code gives, which reading would be a cycle")
    func noSuggestionOfItself() {
        let found = errors("""
            viewModel: A
            state:
              n: { type: Int, initial: "0", input: true }
            derived:
              d: { type: Int, value: m + 1 }
              total: { type: Int, value: totl + n }
              count: { type: Int, value: totl * 2 }
            """)
        #expect(found == [
            "5:26: `d` reads `m`, which the spec does not declare; did you mean `n`?",
            "6:30: `total` reads `totl`, which the spec does not declare; declare it, or call a function of an imported module as `totl(...)`",
            "7:30: `count` reads `totl`, which the spec does not declare; did you mean `total`?",
        ])
    }

    @Test("an optional spelled out (Optional<Int>, Swift.Optional<String>) starts as nil like Int?")
    func optionalSpelledOut() throws {
        let source = try #require(generate("""
            viewModel: A
            state:
              selection: { type: "Optional<Int>", input: true }
              title: { type: "Swift.Optional<String>", input: true }
            """))
        #expect(source.contains("(nil)"))
        #expect(errors("viewModel: A\nstate:\n  count: { type: \"Array<Int>\" }\n").count == 1)
    }

    @Test("calls of undeclared functions and capitalized names are left to the compiler, in every slot")
    func globalsFromImports() {
        let found = errors("""
            viewModel: A
            state:
              a: { type: Int, initial: "0", input: true }
            derived:
              b: { type: Int, value: "helper(a) + Int.max" }
            commands:
              go: { enabled: "isValid(a)", perform: "a = helper(a)" }
            """)
        #expect(found.isEmpty)
    }

    @Test("a command may not read its own outputs in its enabled condition")
    func conditionReadsOwnOutput() {
        let found = errors("""
            viewModel: A
            commands:
              save: { enabled: "!saveIsExecuting", perform: "print(1)" }
            """)
        #expect(found.count == 1)
        #expect(found[0].hasPrefix("3:22: the enabled condition of `save` reads its own `saveIsExecuting`"))
    }

    @Test("an event a command emits must be declared")
    func danglingEvent() {
        let found = errors("""
            viewModel: A
            events:
              showResults: "[String]"
            commands:
              search: { work: "SignalProducer(value: [])", output: "[String]", emits: showResult }
            """)
        #expect(found == ["5:75: command `search` emits `showResult`, which is not an event; did you mean `showResults`? If not, declare it under `events`"])
    }

    @Test("an expression that tries to close the generated scope is refused")
    func scopeEscape() {
        let found = errors("""
            viewModel: A
            derived:
              x: { type: Int, value: "1 } }; func evil() { _ = 2" }
              y:
                type: Int
                value: |
                  #endif
                  1
            """)
        #expect(found == [
            "3:29: `x` is not valid Swift here: this `}` closes the function the generator puts the code in; spec code must be complete on its own",
            "7:7: `y` is not valid Swift here: compiler directives (`#endif`) cannot appear in spec code; they would change how the generated file is compiled",
        ])
    }

    @Test("invalid type strings are refused")
    func invalidTypes() {
        let found = errors("""
            viewModel: A
            parameters:
              a: "Int) -> Void"
              b: "[Int"
              c: "Int { }"
            """)
        #expect(found == [
            "3:10: `Int) -> Void` is not a valid type for parameter `a`: `) -> Void` after the type `Int` is not part of it",
            "4:11: `[Int` is not a valid type for parameter `b`: expected ']' to end array type",
            "5:11: `Int { }` is not a valid type for parameter `c`: `{ }` after the type `Int` is not part of it",
        ])
    }

    @Test("a derived value may not call a function, and initial values may not read state")
    func staticContextRules() {
        let found = errors("""
            viewModel: A
            state:
              a: { type: Int, initial: "0", input: true }
              b: { type: Int, initial: a, input: true }
            derived:
              c: { type: Int, value: double(a) }
            functions:
              double: { signature: "(_ x: Int) -> Int", body: "x * 2" }
            """)
        #expect(found.count == 2)
        #expect(found[0].hasPrefix("4:28: the initial value of `b` reads `a`, which changes"))
        #expect(found[1].hasPrefix("6:26: `c` calls function `double`"))
    }

    @Test("a YAML tag where an expression was meant says to quote it")
    func unquotedBang() {
        let found = errors("viewModel: A\nstate:\n  a: { type: Bool, initial: !true }\n")
        #expect(found == ["3:29: YAML read `!true` as a tag; quote the initial value of state value `a`: \"!true\""])
    }

    @Test("a resource that loads on activation needs the active lifecycle")
    func activationWithoutLifecycle() {
        let found = errors("""
            viewModel: A
            resources:
              photos: { type: "[Int]", load: "SignalProducer(value: [])", trigger: activation }
            """)
        #expect(found == ["3:72: resource `photos` loads on activation, but the view model has no activation: add `lifecycle: active`"])
    }

    @Test("every error of a file is reported in one run")
    func allErrorsAtOnce() {
        let found = errors("""
            viewModel: A
            colour: red
            state:
              1x: Int
            derived:
              y: { type: Int, value: y }
            commands:
              go: { enabled: nope, perform: "print(1)", policy: fast }
            """)
        #expect(found.count == 5)
    }

    @Test("an onFailure that can never run is a warning, and the generated code leaves it out")
    func onFailureOfInfallibleWork() throws {
        let spec = """
            viewModel: A
            state:
              e: { type: String?, input: true }
            commands:
              go: { work: "SignalProducer(value: ())", onFailure: "e = nil" }
            """
        let found = warnings(spec)
        #expect(found == ["5:56: `onFailure` of command `go` never runs: its work's failure type is `Never`; set `failure:` to the type it fails with"])
        // Calling a handler with a `Never` would be code the compiler warns will never run.
        let source = try #require(generate(spec))
        #expect(!source.contains("didFail") && !source.contains("go.errors"))
    }

    @Test("state nothing writes, and a derived value that reads nothing, are warnings; a child made once is not")
    func neverChanging() {
        let found = warnings("""
            viewModel: A
            state:
              a: { type: Int, initial: "0" }
            derived:
              b: { type: Int, value: "42" }
            children:
              cart: { type: CartViewModel, value: CartViewModel() }
            """)
        // The child is the same object for the view model's life, but its values change and the
        // view model follows them: as a constant it would not be followed.
        #expect(found == [
            "3:3: state value `a` never changes: it is not an input and no command writes it; make it a constant or add `input: true`",
            "5:27: `b` reads no value that changes, so it never changes; make it a constant",
        ])
    }

    @Test("an enabled condition that reads only constants is a warning saying to remove it; one that reads a parameter or dependency is not")
    func fixedEnabledConditions() {
        let found = warnings("""
            viewModel: A
            parameters:
              isEditable: { type: Bool }
            dependencies:
              store: { type: "[String]" }
            constants:
              limit: { type: Int, value: "3" }
            commands:
              save: { enabled: isEditable, perform: "print(1)" }
              load: { enabled: "!store.isEmpty", perform: "print(2)" }
              share: { enabled: limit > 2, perform: "print(3)" }
              post: { enabled: "true", perform: "print(4)" }
            """)
        let advice = "reads no value that changes and no parameter or dependency, so the command is always enabled or always disabled; remove `enabled` (its `perform` can check and return), or make the condition read a state or derived value"
        #expect(found == [
            "11:21: the enabled condition of `share` \(advice)",
            "12:21: the enabled condition of `post` \(advice)",
        ])
    }

    @Test("code in a folded block of several lines is a warning at the block; one line is not")
    func foldedCode() {
        let found = warnings("""
            viewModel: A
            state:
              count: { type: Int, initial: "0", input: true }
            derived:
              joined:
                type: Int
                value: >
                  count +
                  1
              single:
                type: Int
                value: >
                  count + 2
            """)
        #expect(found == [
            "7:12: the value of derived value `joined` is a folded block (`>`), which joins its lines: the compiler's positions of errors after its first line are off; write it as a literal block (`|`)",
        ])
    }

    @Test("code in a plain or quoted value that goes on over several lines is a warning, as a folded block is; code on one line is not")
    func codeOverSeveralLines() {
        let found = warnings("""
            viewModel: A
            state:
              count: { type: Int, initial: "0", input: true }
            derived:
              plain:
                type: Int
                value: count +
                  count
              quoted:
                type: Int
                value: "count +
                  1"
              single: { type: String, value: '"it''s " + String(count)' }
              escaped: { type: String, value: "\\"a\\" + String(count)" }
              commented: { type: Int, value: count + 3 }   # a comment
            """)
        #expect(found == [
            "7:12: the value of derived value `plain` goes on over several lines, which YAML joins into one: the compiler's positions of errors after its first line are off; write it as a literal block (`|`, the code on the lines below)",
            "11:12: the value of derived value `quoted` goes on over several lines, which YAML joins into one: the compiler's positions of errors after its first line are off; write it as a literal block (`|`, the code on the lines below)",
        ])
    }

    @Test("an event that no command emits is a warning at the event, and an emitted one is not")
    func eventNeverSent() {
        let found = warnings("""
            viewModel: A
            state:
              q: { type: String, initial: '""', input: true }
            events:
              searched: { type: String }
              cleared: { type: Void }
            commands:
              search: { work: "SignalProducer(value: q)", output: String, emits: searched }
            """)
        #expect(found == [
            "6:3: event `cleared` is never sent: no command emits it; add `emits: cleared` to the command that should send it, or remove the event",
        ])
    }

    @Test("a mutating method called on a state value in a reaction writes it: passed inout, and a write that runs the reaction again is a cycle")
    func mutatingMethodInReaction() throws {
        let spec = """
            viewModel: A
            state:
              query: { type: String, initial: '""', input: true }
              recent: { type: "[String]", initial: "[]" }
            reactions:
              remember: { onChange: query, perform: "recent.append(query); _ = recent.contains(query)" }
            """
        #expect(diagnose(spec).isEmpty, "recent is written, so it is no constant either")
        let reaction = try #require(model(spec)?.reactions.first)
        #expect(reaction.writes == ["recent"])
        let source = try #require(generate(spec))
        #expect(source.contains("private static func _remember$react(query: String, recent: inout [String])"))
        #expect(errors(spec.replacingOccurrences(of: "onChange: query", with: "onChange: recent")).first?
            .hasPrefix("6:43: dependency cycle: recent -> reaction remember -> recent") == true)
    }

    @Test("a given name written whole is an error; written through a member (a class instance's) it is the compiler's to judge")
    func givenNamesWrittenWholeOrThroughMembers() {
        let found = errors("""
            viewModel: A
            state:
              input: { type: Int, initial: "0" }
            commands:
              rename: { input: Person, perform: input.name = "x" }
              count: { input: Int, perform: "self.input = input" }
              reset: { input: Int, perform: input = 0 }
            """)
        #expect(found == [
            "7:33: the `perform` of command `reset` changes `input`, a constant the code is given; to change state value `input`, which it hides, write `self.input`",
        ])
        // `self.input = ...` is a write of the state value: no "never changes" warning.
        #expect(warnings("""
            viewModel: A
            state:
              input: { type: Int, initial: "0" }
            commands:
              count: { input: Int, perform: "self.input = input" }
            """).isEmpty)
    }

    @Test("a function may change its inout parameter, not its other parameters")
    func inoutParameters() {
        #expect(errors("""
            viewModel: A
            state:
              count: { type: Int, initial: "1", input: true }
            functions:
              add: { signature: "(_ x: inout Int)", body: x += count }
              bad: { signature: "(_ y: Int)", body: y += count }
            """) == [
            "6:41: the body of function `bad` changes `y`, a constant the code is given; copy it into a variable first (`var y = y`), or keep what you need in a state value",
        ])
    }

    @Test("pacing takes any number of seconds Swift reads, exponents too, written as Swift writes it")
    func pacingInExponentNotation() throws {
        let source = try #require(generate("""
            viewModel: A
            state:
              n: { type: Int, initial: "1", input: true }
            derived:
              a: { type: Int, value: n, debounce: 1e-3 }
              b: { type: Int, value: n, delay: 0.5 }
            """))
        #expect(source.contains(".debounce(0.001)"))
        #expect(source.contains(".delay(0.5)"))
        #expect(errors("viewModel: A\nstate:\n  n: { type: Int, initial: \"1\", input: true }\nderived:\n  a: { type: Int, value: n, debounce: -1e2 }\n")
            == ["5:39: `debounce` of derived value `a` must be a number of seconds above zero, such as `debounce: 0.3`, not `-1e2`"])
    }

    @Test("one type written two ways is one type: an event of Array<Int> takes a work of [Int]; Swift.Never cannot fail")
    func typesWrittenTwoWays() {
        for (spelled, other) in [("[Int]", "Array<Int>"), ("Int?", "Optional<Int>"), ("Swift.String", "String"),
                                 ("[String: Int]", "Dictionary<String, Int>"), ("()", "Void"), ("(Int)", "Int")] {
            #expect(SpecCode.canonicalSpelling(ofType: spelled) == SpecCode.canonicalSpelling(ofType: other), "\(spelled), \(other)")
        }
        #expect(SpecCode.canonicalSpelling(ofType: "[Int]") != SpecCode.canonicalSpelling(ofType: "[String]"))
        #expect(errors("""
            viewModel: A
            events:
              e: { type: "Array<Int>" }
            commands:
              c: { work: "SignalProducer(value: [1])", output: "[Int]", emits: e }
            """) == [])
        #expect(model("""
            viewModel: A
            dependencies:
              fetch: { type: "@Sendable () -> SignalProducer<Int, Never>" }
            resources:
              r: { type: Int, failure: Swift.Never, load: fetch(), trigger: init }
            """)?.symbols["rError"] == nil)
    }

    @Test("a reaction's tuple assignment and the standard library's less common mutating methods are writes")
    func reactionWritesOfEveryForm() throws {
        let source = try #require(generate("""
            viewModel: A
            state:
              a: { type: Int, initial: "0", input: true }
              b: { type: Int, initial: "1", input: true }
              flip: { type: Bool, initial: "false", input: true }
              tags: { type: "Set<String>", initial: "[]" }
            reactions:
              swapOnFlip: { onChange: flip, perform: "(a, b) = (b, a)" }
              tagOnFlip: { onChange: flip, perform: "tags.update(with: \\"x\\")" }
            """))
        #expect(source.contains("a: inout Int, b: inout Int"), "\(source)")
        #expect(source.contains("tags: inout"), "\(source)")
    }

    @Test("value code of several statements must return its value, unless it ends by throwing or stopping the program")
    func valueCodeReturns() {
        #expect(errors("""
            viewModel: A
            state:
              n: { type: Int, initial: "1", input: true }
            derived:
              a:
                type: Int
                value: |
                  let m = n * 2
                  m + 1
              b:
                type: Int
                value: |
                  guard n > 0 else { return 0 }
                  return n
              c:
                type: Int
                value: |
                  let m = n
                  fatalError("\\(m)")
              d: { type: Int, value: "switch n { case 0: 1\\ndefault: n }" }
            """) == [
            "9:7: `a` does not return its value: code of several statements gives its value with `return`; write `return m + 1`",
        ])
    }
}
