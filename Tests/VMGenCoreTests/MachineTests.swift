import Testing
@testable import VMGenCore

/// `machine:` (issue 28): what the checker finds in it and what the class gets; each located
/// mistake has its case in `Tests/Catalogue/machine-*.vm.yaml`.
@Suite("State machines")
struct MachineTests {
    static let player = """
        viewModel: PlayerViewModel
        access: internal
        state:
          hasTrack: { type: Bool, initial: "false", input: true }
          volume: { type: Int, initial: "5", input: true }
        derived:
          isPlaying: { type: Bool, value: 'if case .playing = state { true } else { false }' }
        machine:
          initial: stopped
          events:
            play: String
            louder:
            stop:
          states:
            stopped:
              on: { play: { to: playing, when: hasTrack, data: { title: payload } } }
            playing:
              data: { title: String }
              on:
                louder: [{ to: playing, when: volume < 10, data: { title: title } }]
                stop: stopped
        commands:
          play: { send: play, input: String }
          louder: { send: louder }
          stop: { send: stop }
        """

    @Test("a sending command's enabled condition reads state and what its event's guards read, and nothing else")
    func conditionReads() throws {
        let found: ViewModelModel? = model(Self.player)
        let checked = try #require(found)
        let inputs = checked.graph.inputs
        #expect(inputs[.value("playCanExecute")] == [.value("state"), .value("hasTrack")])
        #expect(inputs[.value("louderCanExecute")] == [.value("state"), .value("volume")])
        #expect(inputs[.value("stopCanExecute")] == [.value("state")])
        #expect(inputs[.value("isPlaying")] == [.value("state")])
        #expect(checked.machine?.sentEvents == ["play": "play", "louder": "louder", "stop": "stop"])
    }

    @Test("a guard that reads the enabled state of a command sending its event is a cycle, with its path")
    func guardCycle() {
        let found = errors("""
            viewModel: A
            machine:
              initial: off
              events: { flip: }
              states:
                off: { on: { flip: { to: on, when: flipIsEnabled } } }
                on: { on: { flip: off } }
            commands:
              flip: { send: flip }
            """)
        #expect(found.count == 1)
        #expect(found.first?.contains("dependency cycle: ") == true, "\(found)")
    }

    @Test("the class gets State with each state's data, Event with each payload, state and send(_:), at its access")
    func publicShape() throws {
        let source = try #require(generate(Self.player))
        for line in [
            "    enum State: Swift.Equatable, Swift.Sendable {", "        case playing(title: String)", "    enum Event {", "        case play(String)",
            "        case louder", "    private(set) var state: State {", "    func send(_ event: Event) {",
            "        case (.playing(let title), .louder):",
        ] {
            #expect(source.contains("\n" + line + "\n"), "no line `\(line)`")
        }
        #expect(!source.contains("\n    public "), "an internal view model declares nothing public")
        let publicSource = try #require(generate(Self.player.replacingOccurrences(of: "access: internal\n", with: "")))
        #expect(publicSource.contains("\n    public enum State: Swift.Equatable, Swift.Sendable {\n"))
        #expect(publicSource.contains("\n    public func send(_ event: Event) {\n"))
    }

    @Test("statements may send events; a spec without a machine has no state, State, Event or send")
    func sendingFromStatements() throws {
        let source = try #require(generate("""
            viewModel: A
            machine:
              initial: idle
              events: { done: }
              states:
                idle: { on: { done: finished } }
                finished: { final: true }
            commands:
              finish: { perform: send(.done) }
            """))
        #expect(source.contains("send(.done)"))
        let plain = try #require(generate("viewModel: B\nstate:\n  n: { type: Int, initial: \"0\", input: true }\n"))
        for name in ["enum State", "enum Event", "func send(", "var state"] {
            #expect(!plain.contains(name))
        }
    }

    @Test("State is Equatable when every piece of data has a standard Equatable type, and only then")
    func equatableState() throws {
        func stateDeclaration(_ type: String) throws -> String? {
            let source = try #require(generate("""
                viewModel: A
                imports: [Foundation]
                machine:
                  initial: idle
                  events: { go: }
                  states:
                    idle: { on: { go: { to: busy, data: { x: fatalError() } } } }
                    busy: { data: { x: "\(type)" } }
                """))
            return source.split(separator: "\n").first { $0.contains("enum State") }.map(String.init)
        }
        #expect(try stateDeclaration("[String: Int]?") == "    public enum State: Swift.Equatable, Swift.Sendable {")
        #expect(try stateDeclaration("[Double]") == "    public enum State: Swift.Equatable, Swift.Sendable {")
        #expect(try stateDeclaration("Date") == "    public enum State {")
        #expect(try stateDeclaration("Dictionary<String, Int>") == "    public enum State {")
    }

    @Test("a delay is written as Swift writes its seconds; a view model takes a scheduler only for a machine with timers")
    func delaysAndTheScheduler() throws {
        let spec = """
            viewModel: Toast
            machine:
              initial: hidden
              events: { show: }
              states:
                hidden: { on: { show: shown } }
                shown:
                  after: { 3: hidden, .5: hidden, 2.: hidden, 1e-1: hidden }
            """
        let source = try #require(generate(spec))
        for line in [
            "_$scope.after(3, on: _$scheduler) { [weak self] in self?._shown$after$1() }",
            "_$scope.after(0.5, on: _$scheduler) { [weak self] in self?._shown$after$2() }",
            "_$scope.after(2.0, on: _$scheduler) { [weak self] in self?._shown$after$3() }",
            "_$scope.after(0.1, on: _$scheduler) { [weak self] in self?._shown$after$4() }",
        ] {
            #expect(source.contains("\n        " + line + "\n"), "no line `\(line)`")
        }
        #expect(source.contains("scheduler: any Reactive.DateScheduler = Reactive.QueueScheduler.main"))
        #expect(source.contains("/// Where the machine's timers (`after:`) count time"))
        // Only invoked work: a `StateWork`, no scheduler.
        let invoking = try #require(generate(spec.replacingOccurrences(
            of: "after: { 3: hidden, .5: hidden, 2.: hidden, 1e-1: hidden }",
            with: "invoke: { work: 'SignalProducer<Void, Never>.empty', onDone: hidden }")))
        #expect(invoking.contains("private let _$stateWork = Reactive.StateWork()"))
        #expect(!invoking.contains("scheduler"))
    }

    @Test("editors find the machine's keys at their places, and do not take its keys for entries")
    func editorKeyPlaces() {
        func names(_ path: [String]) -> [String]? { SpecKeyTable.keys(atPath: path)?.map(\.name) }
        #expect(names(["machine"]) == ["initial", "states", "events", "doc"])
        #expect(names(["machine", "states", "idle"]) == ["data", "on", "entry", "exit", "after", "invoke", "final", "doc"])
        #expect(names(["machine", "states", "busy", "invoke"]) == ["work", "task", "output", "failure", "onDone", "onError"])
        #expect(names(["machine", "states", "busy", "after", "5"]) == ["to", "when", "data"])
        #expect(names(["machine", "states", "busy", "invoke", "onError"]) == ["to", "when", "data"])
        #expect(names(["machine", "states", "busy", "invoke", "work"]) == nil)
        #expect(names(["machine", "events", "go"]) == ["payload", "doc"])
        #expect(names(["machine", "states", "idle", "on", "go"]) == ["to", "when", "data"])
        #expect(names(["machine", "states"]) == nil)
        #expect(!SpecKeyTable.sections.contains("machine"))
    }
}
