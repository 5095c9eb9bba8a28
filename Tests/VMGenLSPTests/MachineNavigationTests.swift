import Foundation
import Testing
@testable import VMGenLSP

/// A machine's states and events as names: definition, references, hover and rename, at the
/// keys that name them and in code (`.failed`: an event inside `send(...)`, else a state).
@Suite("Navigation of a machine's states and events")
struct MachineNavigationTests {
    /// A state and an event both named `failed`.
    static let login = """
        viewModel: LoginViewModel
        derived:
          message: { type: String?, value: 'if case .failed(let m) = state { m } else { nil }' }
        machine:
          initial: idle
          events:
            submit:
            failed: { payload: String, doc: The server said no. }
          states:
            idle:
              on: { submit: loggingIn }
            loggingIn:
              entry: send(.failed("offline"))
              on:
                failed: { to: failed, data: { m: payload } }
            failed:
              doc: Shows why.
              data: { m: String }
              on: { submit: "loggingIn" }
        commands:
          logIn: { send: submit }
        """

    /// Each location's `[line, character]`.
    static func places(_ result: JSONValue?) -> [[Int]] {
        guard case .array(let locations)? = result else { return [] }
        return locations.compactMap { location in
            guard case .int(let line)? = location["range"]?["start"]?["line"],
                case .int(let character)? = location["range"]?["start"]?["character"] else { return nil }
            return [line, character]
        }
    }

    func references(_ session: Session, _ line: Int, _ character: Int) -> [[Int]] {
        Self.places(session.request("textDocument/references", session.at("Login.vm.yaml", line, character)
            .merging(["context": .object(["includeDeclaration": .bool(true)])]) { $1 })["result"]).sorted { $0.lexicographicallyPrecedes($1) }
    }

    @Test("definition of a transition's target, a quoted one and a state matched in code is the state's declaration")
    func definition() throws {
        let session = try Session()
        session.open("Login.vm.yaml", Self.login)
        for (line, character, declared) in [(14, 23, 15), (2, 47, 15), (18, 25, 11)] {
            let found = Self.places(session.request("textDocument/definition", session.at("Login.vm.yaml", line, character))["result"])
            #expect(found == [[declared, 4]], "at \(line):\(character): \(found)")
        }
        // The event `failed`, sent in code or handled under `on:`, is declared under `events:`.
        for (line, character) in [(12, 21), (14, 9)] {
            let found = Self.places(session.request("textDocument/definition", session.at("Login.vm.yaml", line, character))["result"])
            #expect(found == [[7, 4]], "at \(line):\(character): \(found)")
        }
    }

    @Test("a state's data field written like a value (`data: { m: String }` beside a value `m`) is no name of the view model: nothing to define or rename, and hover names the state's data")
    func dataFieldIsNotTheValue() throws {
        let session = try Session()
        let spec = Self.login.replacingOccurrences(of: "viewModel: LoginViewModel\n", with: "viewModel: LoginViewModel\nstate:\n  m: { type: Int, initial: \"0\", input: true }\n")
        session.open("Login.vm.yaml", spec)
        // The line `      data: { m: String }`; `m` at character 14.
        let line = try #require(spec.components(separatedBy: "\n").firstIndex(of: "      data: { m: String }"))
        let at = session.at("Login.vm.yaml", line, 14)
        #expect(Self.places(session.request("textDocument/definition", at)["result"]) == [])
        #expect(session.request("textDocument/hover", at)["result"]?["contents"]?["value"] == "**data** `m` of state `failed`")
        #expect(session.request("textDocument/prepareRename", at)["result"] == .null)
        // The value `m` itself is still a name.
        #expect(session.request("textDocument/prepareRename", session.at("Login.vm.yaml", 2, 2))["result"]?["placeholder"] == "m")
    }

    @Test("definition of the machine's value, state, is where machine: stands")
    func definitionOfState() throws {
        let session = try Session()
        session.open("Login.vm.yaml", Self.login)
        // `state` in the derived value's code, line 2, after `= `.
        let code = Self.login.components(separatedBy: "\n")[2]
        let character = code.utf16.distance(from: code.utf16.startIndex, to: try #require(code.range(of: "state {")).lowerBound.samePosition(in: code.utf16)!)
        let found = Self.places(session.request("textDocument/definition", session.at("Login.vm.yaml", 2, character))["result"])
        #expect(found == [[3, 0]], "\(found)")
    }

    @Test("references of a state and of an event of the same name are kept apart")
    func references() throws {
        let session = try Session()
        session.open("Login.vm.yaml", Self.login)
        #expect(references(session, 15, 5) == [[2, 45], [14, 22], [15, 4]])
        #expect(references(session, 7, 5) == [[7, 4], [12, 19], [14, 8]])
        #expect(references(session, 11, 5) == [[10, 20], [11, 4], [18, 21]], "loggingIn: a target, quoted or not")
        #expect(references(session, 6, 5) == [[6, 4], [10, 12], [18, 12], [20, 17]], "submit: `on:` keys and `send:`")
    }

    @Test("hover on a state: its data, whether it is initial or final, its doc; on an event: its payload and who handles it")
    func hover() throws {
        let session = try Session()
        session.open("Login.vm.yaml", Self.login)
        let state = session.request("textDocument/hover", session.at("Login.vm.yaml", 14, 24))["result"]?["contents"]?["value"]
        #expect(state == .string("**state** `failed(m: String)`\n\nShows why."))
        let initial = session.request("textDocument/hover", session.at("Login.vm.yaml", 4, 12))["result"]?["contents"]?["value"]
        #expect(initial == .string("**initial state** `idle`"))
        let event = session.request("textDocument/hover", session.at("Login.vm.yaml", 12, 22))["result"]?["contents"]?["value"]
        #expect(event == .string("**event** `failed`: `String`\n\nThe server said no.\n\nHandled by `loggingIn`."))
    }

    @Test("a state named under `after:`, `onDone` and `onError` is a reference; a value read by invoked work too")
    func timersAndInvokedWork() throws {
        let session = try Session()
        session.open("Toast.vm.yaml", """
            viewModel: ToastViewModel
            dependencies:
              api: { type: any ToastAPI }
            state:
              text: { type: String, initial: '""', input: true }
            machine:
              initial: hidden
              events:
                show:
              states:
                hidden:
                  on: { show: sending }
                sending:
                  invoke:
                    work: api.send(text)
                    onDone: shown
                    onError: hidden
                shown:
                  after:
                    3: hidden
            """)
        let hidden = Self.places(session.request("textDocument/references", session.at("Toast.vm.yaml", 10, 5)
            .merging(["context": .object(["includeDeclaration": .bool(true)])]) { $1 })["result"]).sorted { $0.lexicographicallyPrecedes($1) }
        #expect(hidden == [[6, 11], [10, 4], [16, 17], [19, 11]], "initial, declaration, onError, after: \(hidden)")
        let text = Self.places(session.request("textDocument/references", session.at("Toast.vm.yaml", 4, 3)
            .merging(["context": .object(["includeDeclaration": .bool(true)])]) { $1 })["result"])
        #expect(text == [[4, 2], [14, 23]], "the value, and the invoked work that reads it: \(text)")
        let shown = Self.places(session.request("textDocument/definition", session.at("Toast.vm.yaml", 15, 17))["result"])
        #expect(shown == [[17, 4]])
    }

    @Test("rename of a state changes every place that names it, and no event of the same name")
    func rename() throws {
        let session = try Session()
        session.open("Login.vm.yaml", Self.login)
        #expect(session.request("textDocument/prepareRename", session.at("Login.vm.yaml", 11, 6))["result"]?["placeholder"] == "loggingIn")
        let response = session.request("textDocument/rename", session.at("Login.vm.yaml", 15, 5).merging(["newName": "refused"]) { $1 })
        guard case .array(let edits)? = response["result"]?["changes"]?[session.uri("Login.vm.yaml")] else {
            Issue.record("no edits: \(response)")
            return
        }
        let places = edits.compactMap { edit -> [Int]? in
            guard case .int(let line)? = edit["range"]?["start"]?["line"], case .int(let character)? = edit["range"]?["start"]?["character"] else { return nil }
            return [line, character]
        }.sorted { $0.lexicographicallyPrecedes($1) }
        #expect(places == [[2, 45], [14, 22], [15, 4]])
        let taken = session.request("textDocument/rename", session.at("Login.vm.yaml", 15, 5).merging(["newName": "idle"]) { $1 })
        #expect(taken["error"]?["code"] == .int(-32803))
    }
}
