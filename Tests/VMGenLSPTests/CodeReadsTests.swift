import Foundation
import Testing
@testable import VMGenLSP

/// A spec that checks clean with a command, a resource that can fail, a function, an event,
/// `lifecycle: active` and a machine; line numbers below are 0-based, as LSP counts.
let words = """
    viewModel: WordsViewModel
    lifecycle: active
    state:
      model: { type: String, initial: '""', input: true }
      n: { type: Int, initial: "0", input: true }
    resources:
      computed:
        type: String
        failure: WordError
        trigger: [change]
        load: "SignalProducer<String, WordError>(value: model)"
    derived:
      loading: { type: Bool, value: computedIsLoading }
    functions:
      f: { signature: "() -> Int", body: return n }
    events:
      done: { type: Int }
    reactions:
      rec:
        onChange: [computedError]
        perform: "n += 1"
    commands:
      a: { perform: n += 1 }
      b: { perform: n += 1, enabled: aIsEnabled }
    machine:
      initial: opened
      events: { lock: { payload: String }, unlock: { payload: String } }
      states:
        opened:
          on:
            lock: { to: locked, data: { key: payload } }
        locked:
          data: { key: String }
          on:
            unlock: { to: opened, when: n == 0 }

    """

@Suite("Completion offers in each code slot exactly the names the checker lets it read")
struct CodeReadsTests {
    @Test("the spec the tests use checks clean")
    func checksClean() throws {
        let session = try Session()
        session.open("Words.vm.yaml", words)
        // (A warning says that no command sends `done`.)
        let errors = session.diagnostics("Words.vm.yaml").filter { $0["severity"] == .int(1) }
        #expect(errors.isEmpty, "\(errors)")
    }

    @Test("a derived value, an enabled condition and a guard are offered values, not commands, functions, events or a reload")
    func valueSlotsOfferValues() throws {
        let session = try Session()
        session.open("Words.vm.yaml", words)
        let refused = ["a", "b", "f", "done", "reloadComputed", "rec", "send", "lock"]
        for (slot, line, character) in [("derived value", 12, 40), ("enabled", 23, 40), ("guard", 34, 37)] {
            let labels = session.completionLabels("Words.vm.yaml", line, character)
            #expect(labels.contains("n") && labels.contains("computedError") && labels.contains("isActive") && labels.contains("state"),
                    "\(slot): \(labels)")
            #expect(refused.allSatisfy { !labels.contains($0) }, "\(slot): \(labels)")
        }
        // Statements may call a command or a function.
        let perform = session.completionLabels("Words.vm.yaml", 22, 17)
        #expect(perform.contains("b") && perform.contains("f"), "\(perform)")
    }

    @Test("a guard is given neither the state's data nor the payload, in completion and hover")
    func guardIsGivenNothing() throws {
        let session = try Session()
        let text = words.replacingOccurrences(of: "when: n == 0", with: "when: key == payload")
        session.open("Words.vm.yaml", text)
        let labels = session.completionLabels("Words.vm.yaml", 34, 37)
        #expect(labels.contains("n") && !labels.contains("key") && !labels.contains("payload"), "\(labels)")
        let hover = session.request("textDocument/hover", session.at("Words.vm.yaml", 34, 37))["result"]
        #expect(!"\(hover ?? .null)".contains("given"), "\(hover ?? .null)")
        // The transition's `data` is still given the payload.
        let data = session.completionLabels("Words.vm.yaml", 30, 45)
        #expect(data.contains("payload"), "\(data)")
    }

    @Test("onChange offers every value that changes: outputs of commands and resources, isActive, the machine's state")
    func onChangeOffersChangingValues() throws {
        let session = try Session()
        session.open("Words.vm.yaml", words)
        let labels = session.completionLabels("Words.vm.yaml", 19, 15)
        for name in ["model", "n", "computed", "computedError", "computedIsLoading", "aIsEnabled", "bIsExecuting", "isActive", "loading", "state"] {
            #expect(labels.contains(name), "\(name) missing: \(labels)")
        }
        for name in ["a", "f", "done", "reloadComputed", "rec"] { #expect(!labels.contains(name), "\(name) offered: \(labels)") }
        // `viewModel:` names the class: no spec names there.
        #expect(session.completionLabels("Words.vm.yaml", 0, 25).isEmpty)
    }

    @Test("a spec that never checked clean has its generated names in completion, hover and definition")
    func generatedNamesFromTheText() throws {
        let session = try Session()
        let broken = words.replacingOccurrences(of: "n: { type: Int, initial: \"0\", input: true }", with: "n: { type: Int, initial: \"0\", input: true, bogus: 1 }")
        session.open("Words.vm.yaml", broken)
        #expect(session.diagnostics("Words.vm.yaml").contains { $0["severity"] == .int(1) })
        let labels = session.completionLabels("Words.vm.yaml", 12, 40)
        for name in ["computedIsLoading", "computedError", "aIsEnabled", "bIsExecuting", "isActive", "state"] {
            #expect(labels.contains(name), "\(name) missing: \(labels)")
        }
        // `computedIsLoading` (line 12) is the resource's: hover names it, definition goes to `computed` (line 6).
        let hover = session.request("textDocument/hover", session.at("Words.vm.yaml", 12, 40))["result"]
        #expect("\(hover ?? .null)".contains("computed"), "\(hover ?? .null)")
        let definition = session.request("textDocument/definition", session.at("Words.vm.yaml", 12, 40))["result"]
        #expect(definition == JSONValue(encoding: [Location(uri: session.uri("Words.vm.yaml"), range: Range(start: Position(line: 6, character: 2), end: Position(line: 6, character: 10)))]),
                "\(definition ?? .null)")
    }

    @Test("after a dot: the machine's states where the code compares with state, its events inside send(.")
    func machineMembersAfterADot() throws {
        let session = try Session()
        let text = words.replacingOccurrences(of: "b: { perform: n += 1, enabled: aIsEnabled }", with: """
            b:
                perform: |
                  if case .op = state { send(.lo) }
                  if state == .lo {}
            """)
        session.open("Words.vm.yaml", text)
        #expect(session.completionLabels("Words.vm.yaml", 25, 17) == ["opened", "locked"])
        #expect(session.completionLabels("Words.vm.yaml", 25, 35) == ["lock", "unlock"])
        #expect(session.completionLabels("Words.vm.yaml", 26, 20) == ["opened", "locked"])
        // A member of something else is none of them.
        session.change("Words.vm.yaml", text.replacingOccurrences(of: "if case .op = state", with: "if model.op"), version: 2)
        #expect(session.completionLabels("Words.vm.yaml", 25, 17).isEmpty)
    }
}
