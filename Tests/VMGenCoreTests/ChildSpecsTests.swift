import Foundation
import Testing
import VMGenCore

/// A keyed list's `on:` handlers and `update` checked against the child's spec when the child's
/// spec is among the specs of the run, and left to the compiler when it is not.
@Suite("Keyed children checked against the child's spec")
struct ChildSpecsTests {
    static let row = """
        viewModel: RowViewModel
        parameters:
          initialTitle: String
        state:
          title: { type: String, initial: initialTitle, input: true }
          taps: { type: Int, initial: "0" }
        derived:
          shout: { type: String, value: title.uppercased() }
        events:
          picked: { type: String }
        commands:
          pick: { work: "SignalProducer(value: title)", output: String, emits: picked }
          tap: { perform: taps += 1 }
        """

    /// A parent of `RowViewModel` rows with `handlers` under `on:` and `update` as given.
    static func list(handlers: [String], update: String = "child.title = element") -> String {
        """
        viewModel: ListViewModel
        state:
          titles: { type: "[String]", initial: "[]", input: true }
          last: { type: String, initial: '""' }
        children:
          rows:
            type: "[RowViewModel]"
            each: titles
            id: \\.self
            make: "RowViewModel(initialTitle: element)"
            update: \(update)
            on:
        \(handlers.map { "      \($0): last = value" }.joined(separator: "\n"))
        """
    }

    /// Runs `generate` over the specs as one job; each spec's diagnostics as `file:line:column: message`.
    func run(_ specs: [String: String]) throws -> [String] {
        let inputs = specs.sorted { $0.key < $1.key }.map { GenerationJob.Input(path: $0.key, data: Data($0.value.utf8)) }
        let folder = try temporaryFolder("child-specs")
        defer { try? FileManager.default.removeItem(at: folder) }
        return GenerationJob(generator: try Generator(), outputFolder: folder).check(inputs)
            .flatMap(\.diagnostics).map(\.description)
    }

    @Test("a handler of an event the child does not declare is an error at its key, naming the child's events")
    func unknownEvent() throws {
        let found = try run(["Row.vm.yaml": Self.row, "List.vm.yaml": Self.list(handlers: ["pickd", "picked", "removed"])])
        #expect(found == [
            "List.vm.yaml:13:7: error: `on` of `rows` handles `pickd`, but `RowViewModel` (Row.vm.yaml) has no event `pickd`: its events are `picked`; did you mean `picked`?",
            "List.vm.yaml:15:7: error: `on` of `rows` handles `removed`, but `RowViewModel` (Row.vm.yaml) has no event `removed`: its events are `picked`; handle one of those, or declare `removed` under `events:` of `RowViewModel`",
        ])
    }

    @Test("a child without events says so")
    func childWithoutEvents() throws {
        let quiet = "viewModel: RowViewModel\nparameters:\n  initialTitle: String\nstate:\n  title: { type: String, initial: initialTitle, input: true }\n"
        let found = try run(["Row.vm.yaml": quiet, "List.vm.yaml": Self.list(handlers: ["picked"])])
        #expect(found == [
            "List.vm.yaml:13:7: error: `on` of `rows` handles `picked`, but `RowViewModel` (Row.vm.yaml) has no event `picked`: it declares no events; declare the event under `events:` of `RowViewModel` and emit it from a command, or remove this handler",
        ])
    }

    @Test("update may write only the child's inputs: a derived value, a state value that is no input, an undeclared name")
    func updateWritesInputsOnly() throws {
        let update = "'child.shout = element; child.taps += 1; child.titel = element; child.title = element'"
        let found = try run(["Row.vm.yaml": Self.row, "List.vm.yaml": Self.list(handlers: ["picked"], update: update)])
        #expect(found == [
            "List.vm.yaml:11:20: error: `update` of `rows` writes `child.shout`, which is not an input of `RowViewModel` (Row.vm.yaml): its inputs are `title`; write one of its inputs, or make `shout` an input of `RowViewModel` (`state` with `input: true`)\nRow.vm.yaml:8:3: note: `shout` is declared here",
            "List.vm.yaml:11:43: error: `update` of `rows` writes `child.taps`, which is not an input of `RowViewModel` (Row.vm.yaml): its inputs are `title`; write one of its inputs, or make `taps` an input of `RowViewModel` (`state` with `input: true`)\nRow.vm.yaml:6:3: note: `taps` is declared here",
            "List.vm.yaml:11:60: error: `update` of `rows` writes `child.titel`, which is not an input of `RowViewModel` (Row.vm.yaml): its inputs are `title`; did you mean `title`?",
        ])
    }

    @Test("update's writes through compound operators and & arguments are checked too")
    func updateWritesThroughOperatorsAndInOut() throws {
        let update = "'child.taps <<= 1; swap(&child.shout, &last); child.title = element'"
        let found = try run(["Row.vm.yaml": Self.row, "List.vm.yaml": Self.list(handlers: ["picked"], update: update)])
        #expect(found.map { $0.prefix { $0 != "," } } == [
            "List.vm.yaml:11:20: error: `update` of `rows` writes `child.taps`",
            "List.vm.yaml:11:44: error: `update` of `rows` writes `child.shout`",
        ])
    }

    @Test("a valid parent and child pass together, and the child's spec is what the parent is checked against")
    func validPair() throws {
        #expect(try run(["Row.vm.yaml": Self.row, "List.vm.yaml": Self.list(handlers: ["picked"])]).isEmpty)
    }

    @Test("without the child's spec, or with two specs of the child's name, nothing is said of the list: the compiler checks it")
    func childNotKnown() throws {
        let list = Self.list(handlers: ["pickd"], update: "child.titel = element")
        #expect(try run(["List.vm.yaml": list]).isEmpty)
        #expect(diagnose(list).isEmpty)
        // The two specs of one name are each told of the other; the list, not knowing which is
        // its child, is not checked against either.
        let found = try run(["A/Row.vm.yaml": Self.row, "B/Row.vm.yaml": Self.row, "List.vm.yaml": list])
        #expect(found.filter { $0.hasPrefix("List.vm.yaml") } == [])
        #expect(found.filter { $0.contains("error: view model `RowViewModel` is also declared by") }.count == 2, "\(found)")
    }

    @Test("vmgen lint checks a parent against a child named on the same command line")
    func lintOfSeveralFiles() throws {
        let folder = try temporaryFolder("child-lint")
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.row.write(to: folder.appendingPathComponent("Row.vm.yaml"), atomically: true, encoding: .utf8)
        try Self.list(handlers: ["pickd"]).write(to: folder.appendingPathComponent("List.vm.yaml"), atomically: true, encoding: .utf8)
        let alone = try runVMGen(["lint", "List.vm.yaml"], in: folder)
        #expect(alone.status == 0)
        let both = try runVMGen(["lint", "List.vm.yaml", "Row.vm.yaml"], in: folder)
        #expect(both.status == 1)
        #expect(both.stderr.hasPrefix("List.vm.yaml:13:7: error: `on` of `rows` handles `pickd`, but `RowViewModel` (Row.vm.yaml)"))
    }
}
