import Foundation
import Testing
import VMGenCore

/// `vmgen init` and `vmgen graph`, run as a user runs them.
@Suite("vmgen init and graph")
struct CLIToolsTests {
    let folder: URL

    init() throws {
        folder = try temporaryFolder("tools")
    }

    @Test("init takes the name with or without ViewModel, and the starter generates that class")
    func initNames() throws {
        for (argument, file) in [("ProfileViewModel", "Profile"), ("Settings", "Settings")] {
            let run = try runVMGen(["init", argument], in: folder)
            #expect(run.status == 0)
            let spec = try String(contentsOf: folder.appendingPathComponent("\(file).vm.yaml"), encoding: .utf8)
            #expect(spec.contains("\nviewModel: \(file)ViewModel\n"))
            #expect(!spec.contains("docs/"), "the starter points at nothing that exists only inside VMGen")
            let output = try Generator().generate(Data(spec.utf8), file: "\(file).vm.yaml")
            #expect(output.diagnostics.isEmpty)
            #expect(output.source?.contains("final class \(file)ViewModel") == true)
        }
    }

    @Test("init never overwrites, and a folder it cannot write to is named in plain words")
    func initFailures() throws {
        #expect(try runVMGen(["init", "Counter"], in: folder).status == 0)
        let again = try runVMGen(["init", "CounterViewModel"], in: folder)
        #expect(again.status == 1)
        #expect(again.stderr == "./Counter.vm.yaml: error: the file exists; vmgen init never overwrites a spec\n")
        try "x".write(to: folder.appendingPathComponent("file"), atomically: true, encoding: .utf8)
        let blocked = try runVMGen(["init", "Counter", "--output", "file"], in: folder)
        #expect(blocked.status == 1)
        #expect(blocked.stderr == "file/Counter.vm.yaml: error: cannot write the spec: `file` is a file, not a folder: remove it or choose another --output folder\n")
    }

    @Test("a usage mistake found while running reads like one found while parsing: exit 2, the subcommand's usage, a misspelled option named first")
    func usageErrors() throws {
        try "viewModel: AViewModel\n".write(to: folder.appendingPathComponent("A.vm.yaml"), atomically: true, encoding: .utf8)
        let misspelled = try runVMGen(["generate", "A.vm.yaml", "--outptu", "out"], in: folder)
        #expect(misspelled.status == 2)
        #expect(misspelled.stderr.hasPrefix("Error: Unknown option '--outptu'. Did you mean '--output'?\n"), "\(misspelled.stderr)")
        let neither = try runVMGen(["generate", "A.vm.yaml"], in: folder)
        #expect(neither.status == 2)
        #expect(neither.stderr.hasPrefix("Error: give either --output <dir> or --output-file <file>\nUsage: vmgen generate <paths> ..."), "\(neither.stderr)")
        try "viewModel: BViewModel\n".write(to: folder.appendingPathComponent("B.vm.yaml"), atomically: true, encoding: .utf8)
        let two = try runVMGen(["generate", "A.vm.yaml", "B.vm.yaml", "--output-file", "A.swift"], in: folder)
        #expect(two.status == 2)
        #expect(two.stderr.hasPrefix("Error: --output-file writes one file, but 2 specs were found\nUsage: vmgen generate <paths> ..."), "\(two.stderr)")
        #expect(two.stderr.hasSuffix("  See 'vmgen generate --help' for more information.\n"), "\(two.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("A.swift").path))
    }

    static let specs = [
        "Search.vm.yaml": """
            viewModel: SearchViewModel
            state:
              query: { type: String, initial: '""', input: true }
            commands:
              search:
                enabled: "!query.isEmpty"
                perform: query = ""
                emits: searched
            events:
              searched: { type: Void }
            """,
        "Nested/Page.vm.yaml": """
            viewModel: PageViewModel
            lifecycle: active
            dependencies:
              fetch: "@Sendable () -> SignalProducer<Int, Never>"
            resources:
              count: { type: Int, failure: Never, load: fetch(), trigger: [activation] }
            derived:
              hasCount: { type: Bool, value: count != nil }
            """,
    ]

    @Test("graph takes a folder, styles nodes by kind and draws isActive, IsExecuting and emits edges")
    func graphOfFolder() throws {
        for (path, text) in Self.specs {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        let run = try runVMGen(["graph", "."], in: folder)
        #expect(run.status == 0)
        #expect(run.stderr == "")
        let graphs = run.stdout.components(separatedBy: "\n\n").map { $0.hasSuffix("\n") ? $0 : $0 + "\n" }
        #expect(graphs.count == 2)
        let page = graphs[0], search = graphs[1]
        for line in ["    isActive --> count", "    isActive --> countIsLoading", "    count --> hasCount",
                     "    class isActive lifecycle", "    class hasCount derived", "    class count,countIsLoading resource"] {
            #expect(page.contains(line + "\n"), "\(line)")
        }
        for line in ["    searchIsExecuting --> searchIsEnabled", "    searchIsExecuting -. emits .-> searched",
                     "    class query state", "    class searched event"] {
            #expect(search.contains(line + "\n"), "\(line)")
        }
        let dot = try runVMGen(["graph", "Search.vm.yaml", "--format", "dot"], in: folder)
        #expect(dot.stdout.contains("    query [label=\"query\", shape=box, fillcolor=\"#dbeafe\"];\n"))
        #expect(dot.stdout.contains("    searchIsExecuting -> searched [label=\"emits\", style=dashed];\n"))
    }

    @Test("a file vmgen did not write is refused with its path as given, and left untouched")
    func refusedOverwriteNamesThePathAsGiven() throws {
        try "viewModel: Hand\n".write(to: folder.appendingPathComponent("Hand.vm.yaml"), atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("out"), withIntermediateDirectories: true)
        try "struct Hand {}\n".write(to: folder.appendingPathComponent("out/Hand.swift"), atomically: true, encoding: .utf8)
        let run = try runVMGen(["generate", "Hand.vm.yaml", "--output", "out"], in: folder)
        #expect(run.status == 1)
        #expect(run.stderr.hasPrefix("out/Hand.swift: error: this file was not generated by vmgen"), "\(run.stderr)")
        #expect(try String(contentsOf: folder.appendingPathComponent("out/Hand.swift"), encoding: .utf8) == "struct Hand {}\n")
    }

    @Test("graph --machine draws the states and transitions, with guards, fallbacks, timers, invoked work and final states")
    func graphOfAMachine() throws {
        let spec = """
            viewModel: Door
            state:
              hasKey: { type: Bool, initial: "false", input: true }
            machine:
              initial: closed
              events: { open: {}, lock: {}, smash: {} }
              states:
                closed:
                  on:
                    open:
                      - { to: opened, when: "!hasKey || true" }
                      - closed
                    lock: locked
                    smash: broken
                opened:
                  after: { 30: { to: closed, when: "!hasKey" } }
                locked:
                  on: { open: { to: opened, when: hasKey } }
                  invoke:
                    task: return 1
                    output: Int
                    onDone: opened
                    onError: broken
                broken: { final: true }
            """
        try spec.write(to: folder.appendingPathComponent("Door.vm.yaml"), atomically: true, encoding: .utf8)
        let mermaid = try runVMGen(["graph", "Door.vm.yaml", "--machine"], in: folder)
        #expect(mermaid.status == 0, "\(mermaid.stderr)")
        #expect(mermaid.stdout == """
            stateDiagram-v2
                [*] --> closed
                closed --> opened: open [!hasKey || true]
                closed --> closed: open [else]
                closed --> locked: lock
                closed --> broken: smash
                opened --> closed: after 30s [!hasKey]
                locked --> opened: open [hasKey]
                locked --> opened: done
                locked --> broken: error
                broken --> [*]

            """)
        let dot = try runVMGen(["graph", "Door.vm.yaml", "--machine", "--format", "dot"], in: folder)
        #expect(dot.stdout.contains("    broken [shape=doublecircle];\n"))
        #expect(dot.stdout.contains("    _start -> closed;\n"))
        #expect(dot.stdout.contains("    locked -> opened [label=\"open [hasKey]\"];\n"))
        #expect(dot.stdout.contains("    opened -> closed [label=\"after 30s [!hasKey]\"];\n"))
        try "viewModel: Plain\n".write(to: folder.appendingPathComponent("Plain.vm.yaml"), atomically: true, encoding: .utf8)
        let none = try runVMGen(["graph", "Plain.vm.yaml", "--machine"], in: folder)
        #expect(none.status == 1)
        #expect(none.stderr.contains("Plain.vm.yaml: error: --machine draws a machine"))
    }

    @Test("graph shows a reaction as a reaction and a rule of validation as a rule, with the submit attempt")
    func graphOfReactionsAndValidation() throws {
        let spec = """
            viewModel: Form
            state:
              name: { type: String, initial: '""', input: true }
              edits: { type: Int, initial: "0" }
              step: { type: Int, initial: "1", input: true }
            reactions:
              countEdits: { onChange: name, perform: edits += step }
            validation:
              submit: save
              fields:
                name:
                  - { rule: "!name.isEmpty", message: Enter a name. }
            commands:
              save: { perform: edits = 0 }
            """
        try spec.write(to: folder.appendingPathComponent("Form.vm.yaml"), atomically: true, encoding: .utf8)
        let run = try runVMGen(["graph", "Form.vm.yaml"], in: folder)
        #expect(run.status == 0)
        #expect(run.stderr == "")
        for line in ["    react_countEdits[\"reaction countEdits\"]", "    name --> react_countEdits", "    react_countEdits --> edits",
                     "    name_rule1[\"name rule 1\"]", "    name --> name_rule1", "    name_rule1 --> nameMessage",
                     "    nameWasEdited --> nameMessage", "    nameIsValid --> isValid", "    submitAttempted --> nameMessage",
                     "    saveIsExecuting -. attempts .-> submitAttempted", "    name -. edited .-> nameWasEdited", "    class react_countEdits reaction"] {
            #expect(run.stdout.contains(line + "\n"), "\(line)")
        }
        #expect(run.stdout.contains("class nameWasEdited,name_rule1,nameIsValid,nameMessage,isValid,submitAttempted validation\n"))
        // A change of `step` does not run the reaction, which only reads it.
        #expect(!run.stdout.contains("step --> react_countEdits"), "\(run.stdout)")
    }

    @Test("graph draws a command's enabled condition into its IsEnabled node, and then: as an edge between commands")
    func graphOfConditionsAndThen() throws {
        let spec = """
            viewModel: Search
            state:
              query: { type: String, initial: '""', input: true }
              searches: { type: Int, initial: "0" }
            commands:
              search:
                enabled: "!query.isEmpty"
                perform: searches += 1
              pick:
                perform: query = "x"
                then: search
            """
        try spec.write(to: folder.appendingPathComponent("Search.vm.yaml"), atomically: true, encoding: .utf8)
        let run = try runVMGen(["graph", "Search.vm.yaml"], in: folder)
        #expect(run.status == 0)
        #expect(run.stderr == "")
        for line in ["    query --> searchIsEnabled", "    searchIsExecuting --> searchIsEnabled",
                     "    pickIsExecuting -. then .-> searchIsExecuting"] {
            #expect(run.stdout.contains(line + "\n"), "\(line)")
        }
        #expect(!run.stdout.contains("CanExecute"), "the condition is no value of the spec")
        let dot = try runVMGen(["graph", "Search.vm.yaml", "--format", "dot"], in: folder)
        #expect(dot.stdout.contains("    pickIsExecuting -> searchIsExecuting [label=\"then\", style=dashed];\n"))
        #expect(!dot.stdout.contains("CanExecute"))
    }
}

