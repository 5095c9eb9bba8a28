import Foundation
import Testing
@testable import VMGenLSP

/// A spec with a parameter, state, derived values and a command with an input; line numbers
/// below are 0-based, as LSP counts.
let counter = """
    viewModel: CounterViewModel
    parameters:
      start: { type: Int, doc: Where counting starts. }
    state:
      count: { type: Int, initial: start, input: true, doc: The current count. }
    derived:
      doubled: { type: Int, value: count * 2, doc: Twice the count. }
      label:
        type: String
        value: '"\\(doubled) €"'
    commands:
      add:
        input: Int
        enabled: count < 100
        perform: count += input

    """

@Suite("Diagnostics as vmgen lint gives them")
struct DiagnosticsTests {
    @Test("an error is published at the word its location points at, with the linter's message")
    func published() throws {
        let session = try Session()
        session.open("Bad.vm.yaml", "viewModel: BadViewModel\nstate:\n  count: { type: Int, initial: \"0\" }\nderived:\n  tripled: { type: Int, value: cuont * 3 }\n")
        let diagnostics = session.diagnostics("Bad.vm.yaml")
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?["message"] == "`tripled` reads `cuont`, which the spec does not declare; did you mean `count`?")
        #expect(diagnostics.first?["severity"] == .int(1))
        #expect(diagnostics.first?["range"] == JSONValue(encoding: Range(start: Position(line: 4, character: 31), end: Position(line: 4, character: 36))))
    }

    @Test("a clean spec publishes an empty list, and a fix clears what an edit broke")
    func clears() throws {
        let session = try Session()
        session.open("Counter.vm.yaml", counter)
        #expect(session.diagnostics("Counter.vm.yaml").isEmpty)
        session.change("Counter.vm.yaml", counter.replacingOccurrences(of: "count * 2", with: "cont * 2"), version: 2)
        #expect(session.diagnostics("Counter.vm.yaml").count == 1)
        session.change("Counter.vm.yaml", counter, version: 3)
        #expect(session.diagnostics("Counter.vm.yaml").isEmpty)
    }

    @Test("notes become related information, at their own places")
    func notes() throws {
        let session = try Session()
        session.open("Cycle.vm.yaml", "viewModel: CycleViewModel\nderived:\n  a: { type: Int, value: b }\n  b: { type: Int, value: a }\n")
        let diagnostic = try #require(session.diagnostics("Cycle.vm.yaml").first)
        guard case .array(let related)? = diagnostic["relatedInformation"] else {
            Issue.record("no related information")
            return
        }
        #expect(related.count == 2)
        #expect(related.first?["message"] == "`a` reads `b`")
    }

    @Test("a parent is checked against its child's spec in the folder, and re-checked when the child changes")
    func acrossSpecs() throws {
        let session = try Session()
        let child = "viewModel: RowViewModel\nevents:\n  picked: { type: Int }\n"
        let parent = """
            viewModel: ListViewModel
            state:
              ids: { type: "[Int]", initial: "[]", input: true }
            children:
              rows:
                type: "[RowViewModel]"
                each: ids
                id: \\.self
                make: RowViewModel()
                on:
                  picked: print(value)

            """
        try session.write("Row.vm.yaml", child)
        session.open("List.vm.yaml", parent)
        #expect(session.diagnostics("List.vm.yaml").isEmpty)
        session.open("Row.vm.yaml", child)
        session.change("Row.vm.yaml", child.replacingOccurrences(of: "picked", with: "chosen"), version: 2)
        session.sent.removeAll()
        session.server.publishPending()
        let forParent = session.sent.last { $0["params"]?["uri"] == .string(session.uri("List.vm.yaml")) }
        guard case .array(let diagnostics)? = forParent?["params"]?["diagnostics"] else {
            Issue.record("the parent's diagnostics were not published")
            return
        }
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?["message"]?.description.contains("has no event `picked`") ?? false)
    }
}

extension JSONValue: CustomStringConvertible {
    public var description: String {
        if case .string(let text) = self { return text }
        return String(decoding: (try? JSONEncoder().encode(self)) ?? Data(), as: UTF8.self)
    }
}

@Suite("Completion")
struct CompletionTests {
    @Test("top-level keys on an empty line at the left margin, with their doc lines")
    func topLevel() throws {
        let session = try Session()
        session.open("Counter.vm.yaml", counter + "\n")
        let labels = session.completionLabels("Counter.vm.yaml", 16, 0)
        // `viewModel`, `state`, `commands`... are written already.
        #expect(labels.contains("reactions") && labels.contains("events") && !labels.contains("viewModel") && !labels.contains("commands"))
        let response = session.request("textDocument/completion", session.at("Counter.vm.yaml", 16, 0))
        guard case .array(let items)? = response["result"]?["items"] else { return }
        let resources = items.first { $0["label"] == "resources" }
        #expect(resources?["documentation"]?.description.hasPrefix("Loaded values, each with") ?? false)
    }

    @Test("a command's keys inside a command, a derived value's inside a derived value")
    func nested() throws {
        let session = try Session()
        session.open("Counter.vm.yaml", counter.replacingOccurrences(of: "    input: Int\n", with: "    input: Int\n    \n"))
        let labels = session.completionLabels("Counter.vm.yaml", 13, 4)
        #expect(labels.contains("onValue") && labels.contains("policy") && !labels.contains("initial"))
        let derived = session.completionLabels("Counter.vm.yaml", 8, 4)
        #expect(derived.contains("debounce") && derived.contains("doc") && !derived.contains("perform") && !derived.contains("value"))
    }

    @Test("keys the mapping already has are left out, in block and flow mappings")
    func writtenKeysLeftOut() throws {
        let session = try Session()
        session.open("Counter.vm.yaml", counter.replacingOccurrences(of: "    input: Int\n", with: "    input: Int\n    \n").replacingOccurrences(of: "type: Int, value: count * 2", with: "type: Int,  value: count * 2"))
        let command = session.completionLabels("Counter.vm.yaml", 13, 4)
        #expect(command.contains("onValue") && !command.contains("input") && !command.contains("enabled") && !command.contains("perform"))
        let flow = session.completionLabels("Counter.vm.yaml", 6, 24)
        #expect(flow.contains("debounce") && !flow.contains("type") && !flow.contains("value") && !flow.contains("doc"))
    }

    @Test("inside spec code: the values it may read, and a command's input")
    func names() throws {
        let session = try Session()
        session.open("Counter.vm.yaml", counter)
        let perform = session.completionLabels("Counter.vm.yaml", 14, 22)
        #expect(perform.contains("count") && perform.contains("doubled") && perform.contains("start") && perform.contains("input"))
        let enabled = session.completionLabels("Counter.vm.yaml", 13, 13)
        #expect(enabled.contains("count") && !enabled.contains("input"))
        // A state's `initial` reads only what exists before the state: parameters, dependencies, constants.
        let initial = session.completionLabels("Counter.vm.yaml", 4, 33)
        #expect(initial == ["start"])
    }

    @Test("then: offers the commands a then may run: none that takes an input, nor the command itself")
    func thenCompletion() throws {
        let session = try Session()
        func spec(then: String) -> String {
            """
            viewModel: ThenViewModel
            state:
              count: { type: Int, initial: "0", input: true }
            commands:
              add: { input: Int, perform: count += input }
              reset: { perform: count = 0 }
              bump:
                perform: count += 1
                then: \(then)
            """
        }
        session.open("Then.vm.yaml", spec(then: ""))
        #expect(session.completionLabels("Then.vm.yaml", 8, 10) == ["reset"])
        // The same in a spec that checks clean (its names come from the checked model).
        session.change("Then.vm.yaml", spec(then: "reset"), version: 2)
        #expect(session.diagnostics("Then.vm.yaml").isEmpty)
        #expect(session.completionLabels("Then.vm.yaml", 8, 10) == ["reset"])
    }

    @Test("in a rule written as a flow mapping in a list (`- { rule: ... }`): the rule's keys, and names in its code")
    func flowListItem() throws {
        let session = try Session()
        let form = """
            viewModel: FormViewModel
            state:
              email: { type: String, initial: '""', input: true }
            validation:
              fields:
                email:
                  - { rule: "!email.isEmpty", message: Enter your email. }
                  - { 
            """
        session.open("Form.vm.yaml", form)
        // Inside `rule`'s code (line 6, after `"!`): the names it may read.
        #expect(session.completionLabels("Form.vm.yaml", 6, 17).contains("email"))
        // After `- { ` on the last line: the keys of a rule.
        let keys = session.completionLabels("Form.vm.yaml", 7, 10)
        #expect(keys.contains("rule") && keys.contains("message"), "\(keys)")
        // Hover on the key `rule` of the item on line 6 (after `- { `): its doc line.
        let keyHover = session.request("textDocument/hover", session.at("Form.vm.yaml", 6, 11))["result"]?["contents"]?["value"]?.description ?? ""
        #expect(keyHover.contains("**`rule`**"), "\(keyHover)")
        // Hover on `email` names the rule that reads it, not the rule's private name.
        session.change("Form.vm.yaml", form.components(separatedBy: "\n").dropLast().joined(separator: "\n") + "\n", version: 2)
        let hover = session.request("textDocument/hover", session.at("Form.vm.yaml", 2, 3))["result"]?["contents"]?["value"]?.description ?? ""
        #expect(hover.contains("a rule of email") && !hover.contains("$rule"), "\(hover)")
    }

    @Test("completion offers a machine's states where a state is named and its events where an event is named")
    func machineNames() throws {
        let session = try Session()
        let door = """
            viewModel: DoorViewModel
            machine:
              initial: closed
              events: { open: {}, knock: { payload: Int } }
              states:
                closed:
                  on:
                    open: { to: opened }
                    knock: closed
                opened: { data: { since: Int } }
            commands:
              push: { send: open }
            """
        session.open("Door.vm.yaml", door)
        let initial = session.completionLabels("Door.vm.yaml", 2, 11)
        #expect(initial == ["closed"], "the initial state has no data: \(initial)")
        let target = session.completionLabels("Door.vm.yaml", 7, 22)
        #expect(Set(target) == ["closed", "opened"], "\(target)")
        let shorthand = session.completionLabels("Door.vm.yaml", 8, 15)
        #expect(Set(shorthand) == ["closed", "opened"], "\(shorthand)")
        let send = session.completionLabels("Door.vm.yaml", 11, 18)
        #expect(Set(send) == ["open", "knock"], "\(send)")
        // A new key under a state's `on:`: the events it does not handle yet.
        session.change("Door.vm.yaml", door.replacingOccurrences(of: "        knock: closed\n", with: "        knock: closed\n        \n"), version: 2)
        #expect(session.completionLabels("Door.vm.yaml", 9, 8) == [])
        session.change("Door.vm.yaml", door.replacingOccurrences(of: "    opened: { data: { since: Int } }\n", with: "    opened:\n      on:\n        \n"), version: 3)
        let events = session.completionLabels("Door.vm.yaml", 11, 8)
        #expect(Set(events) == ["open", "knock"], "\(events)")
        // A target after a delay, and on the invoked work's outcome.
        let timed = door.replacingOccurrences(of: "    opened: { data: { since: Int } }\n", with: """
                opened:
                  data: { since: Int }
                  after: { 5: closed }
                  invoke:
                    work: "SignalProducer<Void, Never>.empty"
                    onDone: { to: closed }

            """)
        session.change("Door.vm.yaml", timed, version: 4)
        let afterTarget = session.completionLabels("Door.vm.yaml", 11, 20)
        #expect(Set(afterTarget) == ["closed", "opened"], "\(afterTarget)")
        let doneTarget = session.completionLabels("Door.vm.yaml", 14, 24)
        #expect(Set(doneTarget) == ["closed", "opened"], "\(doneTarget)")
    }

    @Test("in a transition's data: the spec's names, the payload, and the data of the state being left; in its when, the spec's names only")
    func machineCodeCompletion() throws {
        let session = try Session()
        let lock = """
            viewModel: LockViewModel
            state:
              attempts: { type: Int, initial: "0", input: true }
            machine:
              initial: open
              events: { lock: { payload: String }, unlock: { payload: String } }
              states:
                open:
                  on:
                    lock: { to: locked, data: { code: payload } }
                locked:
                  data: { code: String }
                  on:
                    unlock:
                      - { to: open, when: payload == code }
            """
        session.open("Lock.vm.yaml", lock)
        // In `data: { code: payload }` (line 9), at `payload`.
        let data = session.completionLabels("Lock.vm.yaml", 9, 42)
        #expect(data.contains("payload") && data.contains("attempts"), "\(data)")
        // In `when: payload == code` (line 14), at `code`: a guard reads the view model's values,
        // not the payload nor the state's data (the checker refuses both there).
        let when = session.completionLabels("Lock.vm.yaml", 14, 41)
        #expect(!when.contains("payload") && !when.contains("code") && when.contains("attempts"), "\(when)")
        // The same list written on the key's line: `unlock: [{ to: open, when: payload == code }]`.
        session.change("Lock.vm.yaml", lock.replacingOccurrences(
            of: "unlock:\n          - { to: open, when: payload == code }", with: "unlock: [{ to: open, when: payload == code }]"), version: 2)
        let inline = session.completionLabels("Lock.vm.yaml", 13, 46)
        #expect(!inline.contains("payload") && !inline.contains("code") && inline.contains("attempts"), "\(inline)")
    }

    @Test("completion leaves out what the checker would refuse: a value itself, a command's own outputs in its enabled, members after a dot")
    func refusedNamesLeftOut() throws {
        let session = try Session()
        session.open("Counter.vm.yaml", counter)
        // `doubled`'s own value (line 6, in `count * 2`).
        let doubled = session.completionLabels("Counter.vm.yaml", 6, 35)
        #expect(doubled.contains("count") && !doubled.contains("doubled"), "\(doubled)")
        // `add`'s enabled condition (line 13): not `addIsEnabled`, `addIsExecuting`.
        let enabled = session.completionLabels("Counter.vm.yaml", 13, 13)
        #expect(enabled.contains("count") && !enabled.contains { $0.hasPrefix("add") }, "\(enabled)")
        // After `count.`: a member of `count`, not a name of the spec; after `self.`, the names.
        session.change("Counter.vm.yaml", counter.replacingOccurrences(of: "value: count * 2", with: "value: count.bit"), version: 2)
        #expect(session.completionLabels("Counter.vm.yaml", 6, 39).isEmpty)
        session.change("Counter.vm.yaml", counter.replacingOccurrences(of: "value: count * 2", with: "value: self.cou"), version: 3)
        #expect(session.completionLabels("Counter.vm.yaml", 6, 39).contains("count"))
    }

    @Test("in half-written code that no longer parses, names come from the last good model")
    func halfWritten() throws {
        let session = try Session()
        session.open("Counter.vm.yaml", counter)
        _ = session.completionLabels("Counter.vm.yaml", 14, 22)
        let broken = counter.replacingOccurrences(of: "    perform: count += input\n", with: "    perform: count += input\n    enabled: {\n    on\n")
        session.change("Counter.vm.yaml", broken, version: 2)
        let labels = session.completionLabels("Counter.vm.yaml", 14, 22)
        #expect(labels.contains("doubled") && labels.contains("input"))
    }

    @Test("completion right after an edit does not wait for the check: the new entry comes from the text")
    func withoutChecking() throws {
        let session = try Session()
        session.open("Counter.vm.yaml", counter)
        _ = session.diagnostics("Counter.vm.yaml")
        let edited = counter.replacingOccurrences(of: "derived:\n", with: "derived:\n  tripled: { type: Int, value: count * 3 }\n")
        session.change("Counter.vm.yaml", edited, version: 2)
        let labels = session.completionLabels("Counter.vm.yaml", 15, 22)
        #expect(labels.contains("tripled") && labels.contains("doubled") && labels.contains("input"))
        let path = DocumentURI.path(of: session.uri("Counter.vm.yaml"))
        #expect(!session.server.workspace.isChecked(path))
        #expect(session.diagnostics("Counter.vm.yaml").isEmpty)
        #expect(session.server.workspace.isChecked(path))
    }

    @Test("where an event is expected, the events; where a policy is, the policies")
    func namedValues() throws {
        let session = try Session()
        let text = counter + "    emits: \nevents:\n  changed: { type: Void }\n"
        session.open("Counter.vm.yaml", text.replacingOccurrences(of: "perform: count += input", with: "work: SignalProducer(value: ())"))
        #expect(session.completionLabels("Counter.vm.yaml", 15, 11) == ["changed"])
        session.change("Counter.vm.yaml", counter + "    policy: \n", version: 2)
        #expect(session.completionLabels("Counter.vm.yaml", 15, 12) == ["oneAtATime", "latestWins"])
    }

    @Test("on a blank line after a block handler under `on:`, at the handlers' column: the child's events")
    func eventsAfterABlockHandler() throws {
        let session = try Session()
        try session.write("Row.vm.yaml", "viewModel: RowViewModel\nevents:\n  picked: { type: Int }\n  dropped: { type: Int }\n")
        let parent = """
            viewModel: ListViewModel
            state:
              ids: { type: "[Int]", initial: "[]", input: true }
            children:
              rows:
                type: "[RowViewModel]"
                each: ids
                id: \\.self
                make: RowViewModel()
                on:
                  picked: |
                    print(value)
            """
        // Line 12 holds only the spaces an editor indents with; at column 6 (the handlers' keys)
        // a new handler's event is typed.
        session.open("List.vm.yaml", parent + "\n      \n")
        let labels = session.completionLabels("List.vm.yaml", 12, 6)
        #expect(labels.contains("dropped") && !labels.contains("ids"), "\(labels)")
        // Deeper, it is more of the block: code names.
        session.change("List.vm.yaml", parent + "\n        \n", version: 2)
        #expect(session.completionLabels("List.vm.yaml", 12, 8).contains("ids"))
    }
}

@Suite("Hover, definition, references, symbols")
struct NavigationTests {
    @Test("hover on a value: kind, type, doc, what it reads, what reads it, its place in the update order")
    func hoverValue() throws {
        let session = try Session()
        session.open("Counter.vm.yaml", counter)
        let hover = session.request("textDocument/hover", session.at("Counter.vm.yaml", 6, 4))
        let text = hover["result"]?["contents"]?["value"]?.description ?? ""
        #expect(text.contains("**derived value** `doubled`: `Int`"))
        #expect(text.contains("Twice the count."))
        #expect(text.contains("Reads: `count`"))
        #expect(text.contains("Read by: `label`"))
        #expect(text.contains("Update order:"))
    }

    @Test("hover on a parameter: what reads it, though it is not in the update order")
    func hoverParameter() throws {
        let session = try Session()
        session.open("Counter.vm.yaml", counter + "constants:\n  twice: { type: Int, value: start * 2 }\n")
        let text = session.request("textDocument/hover", session.at("Counter.vm.yaml", 2, 3))["result"]?["contents"]?["value"]?.description ?? ""
        #expect(text.contains("**parameter** `start`: `Int`"))
        #expect(text.contains("Read by: `twice`"))
        #expect(!text.contains("Update order"))
    }

    @Test("hover on a key: its doc line from the key table")
    func hoverKey() throws {
        let session = try Session()
        session.open("Counter.vm.yaml", counter)
        let text = session.request("textDocument/hover", session.at("Counter.vm.yaml", 13, 6))["result"]?["contents"]?["value"]?.description ?? ""
        #expect(text.contains("`enabled`") && text.contains("A `Bool` expression"))
        // A key of a flow mapping: `initial` in `{ type: Int, initial: start, ... }`.
        let flow = session.request("textDocument/hover", session.at("Counter.vm.yaml", 4, 23))["result"]?["contents"]?["value"]?.description ?? ""
        #expect(flow.contains("`initial`") && flow.contains("The first value"))
    }

    @Test("definition of a name read in code is its declaration; of a generated name, its owner's")
    func definition() throws {
        let session = try Session()
        session.open("Counter.vm.yaml", counter + "    onValue: print(addIsEnabled)\n")
        let result = session.request("textDocument/definition", session.at("Counter.vm.yaml", 14, 16))["result"]
        #expect(result == JSONValue(encoding: [Location(uri: session.uri("Counter.vm.yaml"), range: Range(start: Position(line: 4, character: 2), end: Position(line: 4, character: 7)))]))
        let owner = session.request("textDocument/definition", session.at("Counter.vm.yaml", 15, 20))["result"]
        #expect(owner == JSONValue(encoding: [Location(uri: session.uri("Counter.vm.yaml"), range: Range(start: Position(line: 11, character: 2), end: Position(line: 11, character: 5)))]))
    }

    @Test("while the YAML does not read, a definition is where the name stands now, not where it stood in the last version that read")
    func definitionWhileBroken() throws {
        let session = try Session()
        session.open("Counter.vm.yaml", counter)
        // Checked once (the last good model), then two lines above and a broken end.
        #expect(session.request("textDocument/definition", session.at("Counter.vm.yaml", 6, 33))["result"] != .array([]))
        session.change("Counter.vm.yaml", "# one\n# two\n" + counter + "  broken: [\n", version: 2)
        // `count` in `count * 2`, two lines lower now: its declaration is on line 6, not 4.
        let found = session.request("textDocument/definition", session.at("Counter.vm.yaml", 8, 33))["result"]
        #expect(found == JSONValue(encoding: [Location(uri: session.uri("Counter.vm.yaml"), range: Range(start: Position(line: 6, character: 2), end: Position(line: 6, character: 7)))]), "\(String(describing: found))")
    }

    @Test("a member of something else is not the spec's name: no hover, no definition; `self.count` is")
    func members() throws {
        let session = try Session()
        session.open("Counter.vm.yaml", counter + "    onValue: print(other.count, self.count)\n")
        #expect(session.request("textDocument/hover", session.at("Counter.vm.yaml", 15, 26))["result"] == .null)
        #expect(session.request("textDocument/definition", session.at("Counter.vm.yaml", 15, 26))["result"] == .array([]))
        let own = session.request("textDocument/definition", session.at("Counter.vm.yaml", 15, 38))["result"]
        #expect(own == JSONValue(encoding: [Location(uri: session.uri("Counter.vm.yaml"), range: Range(start: Position(line: 4, character: 2), end: Position(line: 4, character: 7)))]))
    }

    @Test("references: the declaration and every read, not members of something else")
    func references() throws {
        let session = try Session()
        session.open("Counter.vm.yaml", counter + "    onValue: print(other.count, self.count)\n")
        let result = session.request("textDocument/references", session.at("Counter.vm.yaml", 4, 3).merging(["context": .object(["includeDeclaration": .bool(true)])]) { $1 })["result"]
        guard case .array(let locations)? = result else {
            Issue.record("no references")
            return
        }
        let lines = locations.compactMap { location -> Int? in if case .int(let line)? = location["range"]?["start"]?["line"] { line } else { nil } }
        // Declared on 4, read on 6 (doubled), 13 (enabled), 14 (perform), 15 (self.count only).
        #expect(lines == [4, 6, 13, 14, 15])
    }

    @Test("references reach a machine's code: guards, entry, a transition's data; not the data a state's code is given, unless written self.name")
    func referencesInAMachine() throws {
        let session = try Session()
        session.open("Door.vm.yaml", """
            viewModel: DoorViewModel
            state:
              code: { type: String, initial: '""' }
            machine:
              initial: closed
              events: { open: {}, lock: {} }
              states:
                closed:
                  entry: print(code)
                  on:
                    open: { to: opened, when: "!code.isEmpty", data: { code: code } }
                opened:
                  data: { code: String }
                  exit: print(code, self.code)
                  on:
                    lock: { to: closed }
                    open: { to: opened, data: { code: self.code } }
            """)
        let places = MachineNavigationTests.places(session.request("textDocument/references", session.at("Door.vm.yaml", 2, 3)
            .merging(["context": .object(["includeDeclaration": .bool(true)])]) { $1 })["result"])
        // Declared on 2; read by `closed`'s entry (8), its guard and its data (10); `opened`'s
        // exit reads its own `code` (13) and, as `self.code`, the value, as its transition's data does (16).
        #expect(places == [[2, 2], [8, 19], [10, 36], [10, 65], [13, 29], [16, 47]], "\(places)")
        let definition = MachineNavigationTests.places(session.request("textDocument/definition", session.at("Door.vm.yaml", 16, 48))["result"])
        #expect(definition == [[2, 2]])
        #expect(session.request("textDocument/hover", session.at("Door.vm.yaml", 16, 48))["result"] != .null)
    }

    @Test("references follow Swift's scoping: a local of the same name and a string's text are not the spec's name")
    func scoping() throws {
        let session = try Session()
        let functions = "functions:\n  shadow:\n    signature: \"() -> String\"\n    body: |\n      let count = 1\n      return \"count \\(count + start)\"\n"
        session.open("Counter.vm.yaml", counter + functions)
        func lines(_ line: Int, _ character: Int) -> [Int] {
            let result = session.request("textDocument/references", session.at("Counter.vm.yaml", line, character).merging(["context": .object(["includeDeclaration": .bool(true)])]) { $1 })["result"]
            guard case .array(let locations)? = result else { return [] }
            return locations.compactMap { location -> Int? in if case .int(let line)? = location["range"]?["start"]?["line"] { line } else { nil } }.sorted()
        }
        #expect(lines(4, 3) == [4, 6, 13, 14])
        #expect(lines(2, 3) == [2, 4, 20])
        // The local `count` of the function's body is not the state value.
        #expect(session.request("textDocument/hover", session.at("Counter.vm.yaml", 19, 12))["result"] == .null)
        #expect(session.request("textDocument/definition", session.at("Counter.vm.yaml", 20, 24))["result"] == .array([]))
        #expect(session.request("textDocument/definition", session.at("Counter.vm.yaml", 20, 33))["result"] != .array([]))
    }

    @Test("references of a child's event reach the parent's `on:` key")
    func eventAcrossSpecs() throws {
        let session = try Session()
        try session.write("Row.vm.yaml", "viewModel: RowViewModel\nevents:\n  picked: { type: Int }\n")
        try session.write("List.vm.yaml", "viewModel: ListViewModel\nstate:\n  ids: { type: \"[Int]\", initial: \"[]\" }\nchildren:\n  rows:\n    type: \"[RowViewModel]\"\n    each: ids\n    id: \\.self\n    make: RowViewModel()\n    on:\n      picked: print(value)\n")
        session.open("Row.vm.yaml", "viewModel: RowViewModel\nevents:\n  picked: { type: Int }\n")
        let result = session.request("textDocument/references", session.at("Row.vm.yaml", 2, 3))["result"]
        guard case .array(let locations)? = result else {
            Issue.record("no references")
            return
        }
        #expect(Set(locations.compactMap { $0["uri"] }) == [.string(session.uri("Row.vm.yaml")), .string(session.uri("List.vm.yaml"))])
        session.open("List.vm.yaml", try String(contentsOf: session.folder.appendingPathComponent("List.vm.yaml"), encoding: .utf8))
        let definition = session.request("textDocument/definition", session.at("List.vm.yaml", 10, 8))["result"]
        #expect(definition == JSONValue(encoding: [Location(uri: session.uri("Row.vm.yaml"), range: Range(start: Position(line: 2, character: 2), end: Position(line: 2, character: 8)))]))
        // The child's view model: its `viewModel:` line once, and the parent's type and `make`.
        let model = session.request("textDocument/references", session.at("Row.vm.yaml", 0, 14).merging(["context": .object(["includeDeclaration": .bool(true)])]) { $1 })["result"]
        guard case .array(let modelLocations)? = model else {
            Issue.record("no references of the view model")
            return
        }
        #expect(Set(modelLocations).count == modelLocations.count, "\(modelLocations)")
        #expect(modelLocations.filter { $0["uri"] == .string(session.uri("Row.vm.yaml")) }.count == 1, "\(modelLocations)")
    }

    @Test("rename of a child's event from a parent's `on:` key renames it in the child and in its parents")
    func renameEventFromParent() throws {
        let session = try Session()
        let list = "viewModel: ListViewModel\nstate:\n  ids: { type: \"[Int]\", initial: \"[]\" }\nchildren:\n  rows:\n    type: \"[RowViewModel]\"\n    each: ids\n    id: \\.self\n    make: RowViewModel()\n    on:\n      picked: print(value)\n"
        try session.write("Row.vm.yaml", "viewModel: RowViewModel\nevents:\n  picked: { type: Int }\n")
        session.open("List.vm.yaml", list)
        #expect(session.request("textDocument/prepareRename", session.at("List.vm.yaml", 10, 8))["result"]?["placeholder"] == "picked")
        let edit = session.request("textDocument/rename", session.at("List.vm.yaml", 10, 8).merging(["newName": "chosen"]) { $1 })["result"]
        let rename = { (line: Int, character: Int) in
            JSONValue(encoding: [TextEdit(range: Range(start: Position(line: line, character: character), end: Position(line: line, character: character + 6)), newText: "chosen")])
        }
        #expect(edit?["changes"] == .object([session.uri("Row.vm.yaml"): rename(2, 2), session.uri("List.vm.yaml"): rename(10, 6)]), "\(edit ?? .null)")
    }

    @Test("hover on a handler's given names and on the event it handles, with the child's types")
    func hoverGivenAndEvent() throws {
        let session = try Session()
        try session.write("Row.vm.yaml", "viewModel: RowViewModel\nevents:\n  picked: { type: Int, doc: The row was picked. }\n")
        session.open("List.vm.yaml", "viewModel: ListViewModel\nstate:\n  ids: { type: \"[Int]\", initial: \"[]\" }\nchildren:\n  rows:\n    type: \"[RowViewModel]\"\n    each: ids\n    id: \\.self\n    make: RowViewModel()\n    on:\n      picked: print(value, child)\n")
        func hover(_ line: Int, _ character: Int) -> String {
            session.request("textDocument/hover", session.at("List.vm.yaml", line, character))["result"]?["contents"]?["value"]?.description ?? ""
        }
        #expect(hover(10, 22).contains("**given** `value`: `Int`"), "\(hover(10, 22))")
        #expect(hover(10, 29).contains("**given** `child`: `RowViewModel`"), "\(hover(10, 29))")
        #expect(hover(10, 8).contains("**event** `picked`: `Int` of `RowViewModel`") && hover(10, 8).contains("The row was picked."), "\(hover(10, 8))")
    }

    @Test("the outline: the view model, its sections and their entries")
    func symbols() throws {
        let session = try Session()
        session.open("Counter.vm.yaml", counter)
        let result = session.request("textDocument/documentSymbol", ["textDocument": .object(["uri": .string(session.uri("Counter.vm.yaml"))])])["result"]
        guard case .array(let symbols)? = result else {
            Issue.record("no symbols")
            return
        }
        #expect(symbols.map { $0["name"]?.description ?? "" } == ["CounterViewModel", "parameters", "state", "derived", "commands"])
        guard case .array(let derived)? = symbols[3]["children"] else { return }
        #expect(derived.map { $0["name"]?.description ?? "" } == ["doubled", "label"])
        #expect(derived[1]["range"]?["end"]?["line"] == .int(9))
    }

    @Test("the outline of a machine: its states and its events")
    func machineSymbols() throws {
        let session = try Session()
        session.open("Door.vm.yaml", """
            viewModel: DoorViewModel
            machine:
              initial: closed
              events:
                open: {}
                lock:
              states:
                closed:
                  on: { open: opened }
                opened:
                  data: { since: Int }
                  on:
                    lock: closed
            """)
        let result = session.request("textDocument/documentSymbol", ["textDocument": .object(["uri": .string(session.uri("Door.vm.yaml"))])])["result"]
        guard case .array(let symbols)? = result, symbols.count == 2, case .array(let parts)? = symbols[1]["children"] else {
            Issue.record("no machine: \(String(describing: result))")
            return
        }
        #expect(parts.map { "\($0["detail"]?.description ?? "") \($0["name"]?.description ?? "")" }
            == ["event open", "event lock", "state closed", "state opened"])
        #expect(parts[3]["range"]?["end"]?["line"] == .int(12))
        #expect(parts.map { $0["kind"] } == [.int(24), .int(24), .int(22), .int(22)])
    }
}

@Suite("The outline of validation")
struct ValidationOutlineTests {
    @Test("`validation` lists its fields, not its own keys")
    func fields() throws {
        let session = try Session()
        session.open("Form.vm.yaml", """
            viewModel: FormViewModel
            state:
              email: { type: String, initial: '""', input: true }
            commands:
              send: { perform: print(email) }
            validation:
              submit: send
              fields:
                email:
                  - rule: "!email.isEmpty"
                    message: Enter your email.

            """)
        let result = session.request("textDocument/documentSymbol", ["textDocument": .object(["uri": .string(session.uri("Form.vm.yaml"))])])["result"]
        guard case .array(let symbols)? = result, case .array(let fields)? = symbols.last?["children"] else {
            Issue.record("no symbols")
            return
        }
        #expect(symbols.last?["name"] == "validation")
        #expect(fields.map { $0["name"]?.description ?? "" } == ["email"])
        // The field key and the rule's read are both references of `email`, and `submit` names `send`.
        let references = session.request("textDocument/references", session.at("Form.vm.yaml", 2, 3))["result"]
        guard case .array(let locations)? = references else { return }
        #expect(locations.count == 4)
    }
}

@Suite("Rename, quick fixes and the generated Swift")
struct EditingTests {
    @Test("rename changes the declaration and every read, and warns of the generated names")
    func rename() throws {
        let session = try Session()
        session.open("Counter.vm.yaml", counter)
        let prepared = session.request("textDocument/prepareRename", session.at("Counter.vm.yaml", 12, 20))["result"]
        #expect(prepared?["placeholder"] == nil)  // `input` of a key, not a name of the spec
        #expect(session.request("textDocument/prepareRename", session.at("Counter.vm.yaml", 14, 15))["result"]?["placeholder"] == "count")
        let response = session.request("textDocument/rename", session.at("Counter.vm.yaml", 14, 15).merging(["newName": "total"]) { $1 })
        guard case .array(let edits)? = response["result"]?["changes"]?[session.uri("Counter.vm.yaml")] else {
            Issue.record("no edits: \(response)")
            return
        }
        #expect(edits.count == 4)
        #expect(session.sent.contains { $0["method"] == "window/showMessage" && ($0["params"]?["message"]?.description.contains("countProperty") ?? false) })
        let invalid = session.request("textDocument/rename", session.at("Counter.vm.yaml", 14, 15).merging(["newName": "two words"]) { $1 })
        #expect(invalid["error"]?["code"] == .int(-32803))
    }

    @Test("a word in prose (a doc, a message, a YAML comment) names nothing: no hover, definition or rename; the same word in code does")
    func proseNamesNothing() throws {
        let session = try Session()
        let spec = """
            viewModel: AViewModel
            doc: The count shown.   # the count again
            state:
              count: { type: Int, initial: "0", input: true, doc: "How the count goes" }
            derived:
              label: { type: String, value: "String(count)" }   # shows count
            """
        session.open("A.vm.yaml", spec)
        let lines = spec.components(separatedBy: "\n")
        func column(of needle: String, in line: Int) -> Int {
            lines[line].utf16.distance(from: lines[line].utf16.startIndex, to: lines[line].range(of: needle)!.lowerBound.samePosition(in: lines[line].utf16)!)
        }
        // Each `count` of prose: in the top-level doc, its comment, a value's doc, a comment after code.
        for (line, needle) in [(1, "count shown"), (1, "count again"), (3, "count goes"), (5, "count\n")] {
            let at = session.at("A.vm.yaml", line, needle == "count\n" ? column(of: "shows count", in: line) + 6 : column(of: needle, in: line))
            #expect(session.request("textDocument/hover", at)["result"] == .null, "\(line): \(needle)")
            #expect(session.request("textDocument/definition", at)["result"] == .array([]), "\(line): \(needle)")
            #expect(session.request("textDocument/prepareRename", at)["result"] == .null, "\(line): \(needle)")
        }
        let inCode = session.at("A.vm.yaml", 5, column(of: "count)", in: 5))
        #expect(session.request("textDocument/prepareRename", inCode)["result"]?["placeholder"] == "count")
    }

    @Test("rename through a shorthand that binds the name too (if let x, guard let x, [x] in a closure) keeps the local's name: `if let x = y`")
    func renameThroughShorthand() throws {
        let session = try Session()
        session.open("A.vm.yaml", """
            viewModel: AViewModel
            state:
              photo: { type: String?, initial: nil, input: true }
              log: { type: "[String]", initial: "[]" }
            commands:
              keep:
                perform: |
                  if let photo { log.append(photo) }
                  guard let photo else { return }
                  let show = { [log] in log.count + photo.count }
                  _ = show()
            """)
        func renamed(_ line: Int, _ character: Int, to name: String) -> [String] {
            let response = session.request("textDocument/rename", session.at("A.vm.yaml", line, character).merging(["newName": .string(name)]) { $1 })
            guard case .array(let edits)? = response["result"]?["changes"]?[session.uri("A.vm.yaml")] else {
                Issue.record("no edits: \(response)")
                return []
            }
            return edits.compactMap { if case .string(let text)? = $0["newText"] { text } else { nil } }.sorted()
        }
        // The declaration, and each shorthand as `photo = picture`: the uses of the locals stay.
        #expect(renamed(2, 2, to: "picture") == ["photo = picture", "photo = picture", "picture"])
        #expect(renamed(3, 2, to: "entries") == ["entries", "entries", "log = entries"])
        // A generated name through a shorthand: `if let computedError` of a resource `computed`.
        session.open("B.vm.yaml", """
            viewModel: BViewModel
            state:
              lastError: { type: AnError?, initial: nil }
            resources:
              computed: { type: Int, failure: AnError, load: "SignalProducer<Int, AnError>(value: 1)" }
            reactions:
              record: { onChange: [computedError], perform: "if let computedError { lastError = computedError }" }
            """)
        let response = session.request("textDocument/rename", session.at("B.vm.yaml", 4, 2).merging(["newName": "output"]) { $1 })
        guard case .array(let edits)? = response["result"]?["changes"]?[session.uri("B.vm.yaml")] else {
            Issue.record("no edits: \(response)")
            return
        }
        #expect(edits.compactMap { if case .string(let text)? = $0["newText"] { text } else { nil } }.sorted()
            == ["computedError = outputError", "output", "outputError"])
    }

    @Test("rename of a child's input that a parent's keyed list writes is refused, naming the parent; a rename the parent survives warns that its code is not edited")
    func renameChildValueUsedByParent() throws {
        let session = try Session()
        try session.write("List.vm.yaml", """
            viewModel: ListViewModel
            state:
              ids: { type: "[Int]", initial: "[]", input: true }
            children:
              rows:
                type: "[RowViewModel]"
                each: ids
                id: \\.self
                make: "RowViewModel(number: element)"
                update: child.number = element
            """)
        session.open("Row.vm.yaml", "viewModel: RowViewModel\nstate:\n  number: { type: Int, initial: \"0\", input: true }\n  label: { type: String, initial: '\"\"', input: true }\n")
        let refused = session.request("textDocument/rename", session.at("Row.vm.yaml", 2, 2).merging(["newName": "value"]) { $1 })
        #expect(refused["error"]?["message"]?.description.contains("List.vm.yaml, which uses this view model") == true, "\(refused)")
        let renamed = session.request("textDocument/rename", session.at("Row.vm.yaml", 3, 2).merging(["newName": "title"]) { $1 })
        #expect(renamed["result"]?["changes"] != nil, "\(renamed)")
        #expect(session.sent.contains { $0["method"] == "window/showMessage" && ($0["params"]?["message"]?.description.contains("List.vm.yaml uses this view model as a child") ?? false) })
    }

    @Test("rename of a value leaves alone the names code is given that spell it (`error` in onFailure, a function's parameter, `element`), but not `self.error`")
    func renameLeavesGivenNames() throws {
        let session = try Session()
        let spec = """
            viewModel: AViewModel
            state:
              error: { type: String?, initial: nil }
              element: { type: Int, initial: "0", input: true }
            functions:
              shown: { signature: "(_ error: String?) -> String", body: "error ?? \\"\\"" }
            commands:
              load: { work: "SignalProducer<Int, AnError>(value: element)", failure: AnError, output: Int, onFailure: 'self.error = "\\(error)"' }
            children:
              rows:
                type: "[RowViewModel]"
                each: "[element]"
                id: \\.self
                make: "RowViewModel(number: element)"
            """
        session.open("A.vm.yaml", spec)
        let response = session.request("textDocument/rename", session.at("A.vm.yaml", 2, 2).merging(["newName": "message"]) { $1 })
        guard case .array(let edits)? = response["result"]?["changes"]?[session.uri("A.vm.yaml")] else {
            Issue.record("no edits: \(response)")
            return
        }
        // The declaration and `self.error`; not the function's parameter, nor the handler's `error`.
        let lines = edits.compactMap { edit -> Int? in if case .int(let line)? = edit["range"]?["start"]?["line"] { line } else { nil } }
        #expect(lines.sorted() == [2, 7], "\(edits)")
        let elementEdits = session.request("textDocument/rename", session.at("A.vm.yaml", 3, 2).merging(["newName": "item"]) { $1 })
        guard case .array(let renamed)? = elementEdits["result"]?["changes"]?[session.uri("A.vm.yaml")] else {
            Issue.record("no edits: \(elementEdits)")
            return
        }
        // The declaration, `work`'s read and `each`'s; not `make`'s given `element`.
        let elementLines = renamed.compactMap { edit -> Int? in if case .int(let line)? = edit["range"]?["start"]?["line"] { line } else { nil } }
        #expect(elementLines.sorted() == [3, 7, 11], "\(renamed)")
    }

    @Test("rename also renames the generated names the spec's own code uses, and refuses a keyword")
    func renameGeneratedNamesInCode() throws {
        let spec = """
            viewModel: ProfileViewModel
            dependencies:
              fetch: { type: "@Sendable () -> SignalProducer<String, Never>" }
            resources:
              profile: { type: String, trigger: init, load: fetch() }
            derived:
              shown: { type: String, value: 'profileIsLoading ? "…" : profile ?? "-"' }
            commands:
              refresh:
                enabled: "!profileIsLoading"
                perform: reloadProfile()

            """
        let session = try Session()
        session.open("Profile.vm.yaml", spec)
        // `profile` at line 4, column 2.
        let response = session.request("textDocument/rename", session.at("Profile.vm.yaml", 4, 4).merging(["newName": "account"]) { $1 })
        guard case .array(let edits)? = response["result"]?["changes"]?[session.uri("Profile.vm.yaml")] else {
            Issue.record("no edits: \(response)")
            return
        }
        func int(_ value: JSONValue?) -> Int? { if case .int(let number)? = value { number } else { nil } }
        var lines = spec.components(separatedBy: "\n")
        // Apply the edits (one line each) from the last column back.
        for edit in edits.sorted(by: { (int($0["range"]?["start"]?["character"]) ?? 0) > (int($1["range"]?["start"]?["character"]) ?? 0) }) {
            guard let line = int(edit["range"]?["start"]?["line"]), let from = int(edit["range"]?["start"]?["character"]),
                  let to = int(edit["range"]?["end"]?["character"]), case .string(let text)? = edit["newText"] else { continue }
            var units = Array(lines[line].utf16)
            units.replaceSubrange(from..<to, with: Array(text.utf16))
            lines[line] = String(decoding: units, as: UTF16.self)
        }
        let renamed = lines.joined(separator: "\n")
        #expect(renamed.contains("account: { type: String"))
        #expect(renamed.contains("'accountIsLoading ? \"…\" : account ?? \"-\"'"))
        #expect(renamed.contains("enabled: \"!accountIsLoading\""))
        #expect(renamed.contains("perform: reloadAccount()"))
        #expect(!renamed.contains("profile") && !renamed.contains("reloadProfile"))
        session.change("Profile.vm.yaml", renamed, version: 2)
        #expect(session.diagnostics("Profile.vm.yaml").isEmpty, "the renamed spec checks clean")

        let keyword = session.request("textDocument/rename", session.at("Profile.vm.yaml", 4, 4).merging(["newName": "class"]) { $1 })
        #expect(keyword["error"]?["code"] == .int(-32803))
    }

    @Test("rename refuses a new name that the checker would refuse: a module's name, one whose generated names clash")
    func renameByTheCheckersRules() throws {
        let session = try Session()
        let spec = """
            viewModel: RViewModel
            imports: [Foundation]
            state:
              count: { type: Int, initial: "0", input: true }
              fooIsEnabled: { type: Bool, initial: "true", input: true }
              barProperty: { type: Int, initial: "0", input: true }
              reloadThing: { type: Int, initial: "0", input: true }
            derived:
              twice: { type: Int, value: count * 2 }
            resources:
              res:
                type: Int
                load: 'SignalProducer(value: count)'
                trigger: change
            commands:
              add:
                perform: count += 1

            """
        session.open("R.vm.yaml", spec)
        #expect(session.diagnostics("R.vm.yaml").isEmpty)
        let rename = { (line: Int, character: Int, newName: String) in
            session.request("textDocument/rename", session.at("R.vm.yaml", line, character).merging(["newName": .string(newName)]) { $1 })
        }
        for (line, newName, reason) in [(3, "Foundation", "is the name of a module"), (3, "Swift", "is the name of a module"),
                                        (15, "foo", "`fooIsEnabled` clashes"), (8, "bar", "`barProperty` clashes"), (10, "thing", "`reloadThing` clashes")] {
            let response = rename(line, 3, newName)
            #expect(response["error"]?["code"] == .int(-32803), "\(newName)")
            #expect(response["error"]?["message"]?.description.contains(reason) ?? false, "\(response)")
        }
        #expect(rename(8, 3, "thrice")["result"]?["changes"] != nil)
        // An error the spec has already is no reason to refuse, even when its did-you-mean
        // changes with the rename (`cuont` near `count`).
        session.change("R.vm.yaml", spec.replacingOccurrences(of: "value: count * 2", with: "value: cuont * 2"), version: 2)
        #expect(!session.diagnostics("R.vm.yaml").isEmpty)
        #expect(rename(3, 3, "zzzz")["result"]?["changes"] != nil, "\(rename(3, 3, "zzzz"))")
    }

    @Test("the rename's warning lists the project's Swift code that uses the generated names, not generated files")
    func swiftUses() throws {
        let session = try Session()
        try session.write("App.swift", "let model = CounterViewModel(start: 1)\nlet binding = model.countProperty\n")
        try session.write("Generated.swift", "// Generated by vmgen 0.1.0 from Counter.vm.yaml.\nlet countProperty = 1\n")
        session.open("Counter.vm.yaml", counter)
        _ = session.request("textDocument/rename", session.at("Counter.vm.yaml", 4, 3).merging(["newName": "total"]) { $1 })
        let warning = session.sent.first { $0["method"] == "window/showMessage" }?["params"]?["message"]?.description ?? ""
        #expect(warning.contains("App.swift:2 (`countProperty`)"))
        #expect(!warning.contains("Generated.swift"))
    }

    @Test("a did-you-mean becomes a quick fix that writes the suggestion")
    func didYouMean() throws {
        let session = try Session()
        session.open("Bad.vm.yaml", "viewModel: BadViewModel\nstate:\n  count: { type: Int, initial: \"0\" }\nderived:\n  doubled: { tpye: Int, value: count * 2 }\n  tripled: { type: Int, value: cuont * 3 }\n")
        let diagnostics = session.diagnostics("Bad.vm.yaml")
        #expect(diagnostics.count >= 2)
        let response = session.request("textDocument/codeAction", [
            "textDocument": .object(["uri": .string(session.uri("Bad.vm.yaml"))]),
            "range": JSONValue(encoding: Range(start: Position(line: 4, character: 0), end: Position(line: 5, character: 40))),
            "context": .object(["diagnostics": .array([])]),
        ])
        guard case .array(let actions)? = response["result"] else {
            Issue.record("no actions")
            return
        }
        let edits = actions.compactMap { $0["edit"]?["changes"]?[session.uri("Bad.vm.yaml")] }
        #expect(edits.contains(JSONValue(encoding: [TextEdit(range: Range(start: Position(line: 4, character: 13), end: Position(line: 4, character: 17)), newText: "type")])))
        #expect(edits.contains(JSONValue(encoding: [TextEdit(range: Range(start: Position(line: 5, character: 31), end: Position(line: 5, character: 36)), newText: "count")])))
    }

    @Test("code actions leave out other servers' diagnostics in the context and still offer vmgen's fixes")
    func foreignDiagnostics() throws {
        let session = try Session()
        session.open("K.vm.yaml", "viewModel: KViewModel\nstate:\n  flag: { type: Bool, intial: \"true\" }\n")
        let mine = try #require(session.diagnostics("K.vm.yaml").first)
        let range = try #require(mine["range"])
        // LSP makes `source`, `severity` and the shape of `data` each server's own business.
        let foreign: [JSONValue] = [
            .object(["range": range, "message": "Incorrect type.", "severity": .int(2)]),
            .object(["range": range, "message": "Incorrect type.", "source": "yaml"]),
            .object(["range": range, "message": "Incorrect type.", "source": "yaml", "severity": .int(1), "data": .object(["schemaUri": .array(["x"])])]),
        ]
        let titles = { (diagnostics: [JSONValue]) -> [String] in
            let response = session.request("textDocument/codeAction", [
                "textDocument": .object(["uri": .string(session.uri("K.vm.yaml"))]), "range": range,
                "context": .object(["diagnostics": .array(diagnostics)]),
            ])
            guard case .array(let actions)? = response["result"] else { return ["no result: \(response)"] }
            return actions.compactMap { if case .string(let title)? = $0["title"] { title } else { nil } }
        }
        #expect(titles(foreign + [mine]) == ["Change `intial` to `initial`"])
        for diagnostic in foreign {
            #expect(titles([diagnostic]) == ["Change `intial` to `initial`"], "the fixes published here")
        }
        // A diagnostic of an older text: its fix no longer replaces what it meant to, so none is offered.
        session.change("K.vm.yaml", "# A view model.\nviewModel: KViewModel\nstate:\n  flag: { type: Bool, intial: \"true\" }\n", version: 2)
        #expect(titles([mine]).isEmpty)
    }

    @Test("a value with `: ` unquoted gets a quick fix that quotes it")
    func quoteIt() throws {
        let session = try Session()
        session.open("Q.vm.yaml", "viewModel: QViewModel\nstate:\n  flag: { type: Bool, initial: \"true\" }\nderived:\n  text:\n    type: String\n    value: flag ? \"a\" : \"b\"\n")
        let diagnostics = session.diagnostics("Q.vm.yaml")
        let fix = diagnostics.first?["data"]
        #expect(fix == JSONValue(encoding: [DiagnosticFix(title: "Quote the value: `'flag ? \"a\" : \"b\"'`", range: Range(start: Position(line: 6, character: 11), end: Position(line: 6, character: 27)), oldText: "flag ? \"a\" : \"b\"", newText: "'flag ? \"a\" : \"b\"'")]))
    }

    @Test("quote-it in a flow mapping and before a character that cannot start a value")
    func flowAndReserved() throws {
        let session = try Session()
        session.open("F.vm.yaml", "viewModel: A\nderived:\n  d: { type: Int, value: x ? 1 : 2 }\n")
        let flow = session.diagnostics("F.vm.yaml").first?["data"]
        #expect(flow == JSONValue(encoding: [DiagnosticFix(title: "Quote the value: `value: \"x ? 1 : 2\"`", range: Range(start: Position(line: 2, character: 18), end: Position(line: 2, character: 34)), oldText: "value: x ? 1 : 2", newText: "value: \"x ? 1 : 2\"")]))
        session.change("F.vm.yaml", "viewModel: A\nderived:\n  d:\n    type: Int\n    value: @foo # later\n", version: 2)
        let reserved = session.diagnostics("F.vm.yaml").first?["data"]
        #expect(reserved == JSONValue(encoding: [DiagnosticFix(title: "Quote the value: `\"@foo\"`", range: Range(start: Position(line: 4, character: 11), end: Position(line: 4, character: 15)), oldText: "@foo", newText: "\"@foo\"")]))
    }

    @Test("the other quote-it advice: a Swift type written as a YAML list, a text written as a name")
    func otherQuotes() throws {
        let session = try Session()
        session.open("T.vm.yaml", "viewModel: A\nstate:\n  tags: { type: [String], initial: \"[]\", input: true }\n")
        let list = session.diagnostics("T.vm.yaml").first?["data"]
        #expect(list == JSONValue(encoding: [DiagnosticFix(title: "Quote the Swift text: `\"[String]\"`", range: Range(start: Position(line: 2, character: 16), end: Position(line: 2, character: 24)), oldText: "[String]", newText: "\"[String]\"")]))
        session.change("T.vm.yaml", "viewModel: A\nderived:\n  label: { type: String, value: \"none\" }\n", version: 2)
        let text = session.diagnostics("T.vm.yaml").first?["data"]
        #expect(text == JSONValue(encoding: [DiagnosticFix(title: "Write the text as a Swift string: `'\"none\"'`", range: Range(start: Position(line: 2, character: 32), end: Position(line: 2, character: 38)), oldText: "\"none\"", newText: "'\"none\"'")]))
    }

    @Test("a value that a `,` cut inside `{ }` gets a quick fix that quotes it whole")
    func commaInFlowValue() throws {
        let session = try Session()
        session.open("C.vm.yaml", "viewModel: A\nstate:\n  e: { type: String?, doc: The error, if any. }\n")
        let fix = session.diagnostics("C.vm.yaml").first?["data"]
        #expect(fix == JSONValue(encoding: [DiagnosticFix(title: "Quote the value: `\"The error, if any.\"`", range: Range(start: Position(line: 2, character: 27), end: Position(line: 2, character: 45)), oldText: "The error, if any.", newText: "\"The error, if any.\"")]))
        // When the rest has a value of its own, where the value ends is not clear: no fix.
        session.change("C.vm.yaml", "viewModel: A\nstate:\n  e: { type: String?, doc: The error, if any: x }\n", version: 2)
        #expect(session.diagnostics("C.vm.yaml").first?["data"] == nil)
    }

    @Test("vmgen.showGeneratedSwift returns the spec's Swift, or an error while it has errors")
    func showSwift() throws {
        let session = try Session()
        session.open("Counter.vm.yaml", counter)
        let response = session.request("workspace/executeCommand", ["command": "vmgen.showGeneratedSwift", "arguments": .array([.string(session.uri("Counter.vm.yaml"))])])
        #expect(response["result"]?.description.contains("final class CounterViewModel") ?? false)
        session.change("Counter.vm.yaml", counter.replacingOccurrences(of: "count * 2", with: "nothing * 2"), version: 2)
        let failed = session.request("workspace/executeCommand", ["command": "vmgen.showGeneratedSwift", "arguments": .array([.string(session.uri("Counter.vm.yaml"))])])
        #expect(failed["error"]?["code"] == .int(-32803))
        // A YAML file that is not a spec generates nothing, even when it reads as one.
        session.open("config.yaml", counter)
        let other = session.request("workspace/executeCommand", ["command": "vmgen.showGeneratedSwift", "arguments": .array([.string(session.uri("config.yaml"))])])
        #expect(other["error"]?["code"] == .int(-32602), "\(other)")
    }
}
