import Foundation
import RandomSpecs
import Testing
import VMGenCore

/// A mistake in a type the spec writes is the compiler's to find, but it must be found at the
/// spec's line and column, at most twice (at the type's alias, and at the one public declaration
/// that shows the type as the spec wrote it), not at the places the generated code uses the type.
@Suite("Type mistakes reported at the spec")
struct SpecTypeErrorTests {
    /// The compiler's error lines for `yaml`'s generated code, type-checked against Reactive.
    /// `alongside` is Swift of the same module (the app's own types).
    func compilerErrors(_ yaml: String, file: String, alongside: String? = nil) throws -> [String] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vmgen-types-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = try Generator().generate(Data(yaml.utf8), file: file)
        let source = try #require(output.source, "vmgen rejected the spec: \(output.diagnostics)")
        let swiftFile = folder.appendingPathComponent("Spec.swift")
        try source.write(to: swiftFile, atomically: true, encoding: .utf8)
        var files = [swiftFile]
        if let alongside {
            files.append(folder.appendingPathComponent("App.swift"))
            try alongside.write(to: files[1], atomically: true, encoding: .utf8)
        }
        let result = try OutputTypecheck(modules: try ReactiveModules.locate()).run(files, in: folder)
        return result.output.split(separator: "\n").filter { $0.contains(": error: ") }.map(String.init).sorted()
    }

    /// That `errors` are `expected`, each once or twice, and nothing else.
    func expectReported(_ errors: [String], _ expected: [String]) {
        #expect(Array(Set(errors)).sorted() == expected.sorted())
        for error in expected {
            #expect((1...2).contains(errors.count { $0 == error }), "\(error) is reported \(errors.count { $0 == error }) times")
        }
    }

    @Test("a misspelled type is reported at the spec's line and column, at most twice")
    func misspelledType() throws {
        let errors = try compilerErrors("""
            viewModel: A
            parameters:
              limit: Intt
            state:
              items: { type: "[Strng]", initial: "[]", input: true }
            derived:
              count: { type: Int, value: items.count + limit }
            commands:
              add: { input: Strng, perform: "items.append(input)" }
            """, file: "Types.vm.yaml")
        expectReported(errors, [
            "Types.vm.yaml:3:10: error: cannot find type 'Intt' in scope",
            "Types.vm.yaml:5:20: error: cannot find type 'Strng' in scope",
            "Types.vm.yaml:9:17: error: cannot find type 'Strng' in scope",
        ])
    }

    @Test("misspelled types of a state's invoked work and of a task or clearing resource are reported only at the spec")
    func misspelledMachineAndResourceTypes() throws {
        let errors = try compilerErrors("""
            viewModel: M
            machine:
              initial: busy
              states:
                busy:
                  invoke:
                    work: "SignalProducer(value: 1)"
                    output: Profil
                    failure: Eror
                    onDone: done
                    onError: done
                done:
                  final: true
            resources:
              r: { type: Profil, task: "return 1", trigger: init }
              s: { type: Profil, load: "SignalProducer(value: 1)", valueOnFailure: clear, trigger: init }
            """, file: "Invoke.vm.yaml")
        expectReported(errors, [
            "Invoke.vm.yaml:8:17: error: cannot find type 'Profil' in scope",
            "Invoke.vm.yaml:9:18: error: cannot find type 'Eror' in scope",
            "Invoke.vm.yaml:15:14: error: cannot find type 'Profil' in scope",
            "Invoke.vm.yaml:16:14: error: cannot find type 'Profil' in scope",
        ])
    }

    @Test("a type of standard names that the compiler refuses is reported at the spec's line and column, at most twice")
    func invalidStandardType() throws {
        let errors = try compilerErrors("""
            viewModel: S
            parameters:
              tags: "Set<[String: Any]>"
            state:
              last: { type: "Result<Int>?", input: true }
              flags: { type: "[Any: Bool]", initial: "[:]", input: true }
            commands:
              take: { input: "inout Int", perform: "flags = [:]" }
            """, file: "Standard.vm.yaml")
        #expect(!errors.isEmpty)
        // Each at the spec, on the line of the type, and none in the generated file.
        for error in errors {
            #expect(error.hasPrefix("Standard.vm.yaml:"), "\(error)")
        }
        let lines = Set(errors.compactMap { $0.split(separator: ":").dropFirst().first.flatMap { Int($0) } })
        #expect(lines == [3, 5, 6, 8], "\(errors)")
        // Each of them once or twice (the compiler's words are its own: the set is what it said).
        expectReported(errors, Array(Set(errors)))
    }

    @Test("misspelled types of a command's output and failure, an event and a resource are reported only at the spec")
    func misspelledWorkTypes() throws {
        let errors = try compilerErrors("""
            viewModel: W
            state:
              note: { type: String, initial: '""', input: true }
            commands:
              save:
                work: "SignalProducer(value: 1)"
                output: Intt
                failure: Eror
                onFailure: note = "failed"
            events:
              saved: { type: Strng }
            resources:
              summary:
                type: Strng
                failure: Eror
                load: 'SignalProducer(value: "")'
                trigger: [init]
            """, file: "Work.vm.yaml")
        expectReported(errors, [
            "Work.vm.yaml:7:13: error: cannot find type 'Intt' in scope",
            "Work.vm.yaml:8:14: error: cannot find type 'Eror' in scope",
            "Work.vm.yaml:11:18: error: cannot find type 'Strng' in scope",
            "Work.vm.yaml:14:11: error: cannot find type 'Strng' in scope",
            "Work.vm.yaml:15:14: error: cannot find type 'Eror' in scope",
        ])
    }

    @Test("misspelled types of a task command's input and output are reported only at the spec")
    func misspelledTaskTypes() throws {
        let errors = try compilerErrors("""
            viewModel: T
            state:
              note: { type: String, initial: '""', input: true }
            commands:
              fetch:
                input: Fooo
                output: Baar
                task: "try await Task.sleep(for: .seconds(1)); return Baar()"
                onValue: 'note = "v"'
            """, file: "Task.vm.yaml")
        expectReported(errors, [
            "Task.vm.yaml:6:12: error: cannot find type 'Fooo' in scope",
            "Task.vm.yaml:7:13: error: cannot find type 'Baar' in scope",
            "Task.vm.yaml:8:59: error: cannot find 'Baar' in scope",
        ])
    }

    @Test("a paced value whose type is misspelled is reported only at the spec")
    func misspelledPacedType() throws {
        let errors = try compilerErrors("""
            viewModel: P
            state:
              query: { type: String, initial: '""', input: true }
            derived:
              settled: { type: Strng, value: query, debounce: 0.3 }
            """, file: "Paced.vm.yaml")
        expectReported(errors, ["Paced.vm.yaml:5:20: error: cannot find type 'Strng' in scope"])
    }

    @Test("an event whose type is misspelled, sent by a command, is reported only at the spec")
    func misspelledEmittedEvent() throws {
        let errors = try compilerErrors("""
            viewModel: E
            commands:
              send:
                work: "SignalProducer(value: 1)"
                output: Intt
                emits: sent
            events:
              sent: { type: Intt }
            """, file: "Emit.vm.yaml")
        expectReported(errors, [
            "Emit.vm.yaml:5:13: error: cannot find type 'Intt' in scope",
            "Emit.vm.yaml:8:17: error: cannot find type 'Intt' in scope",
        ])
    }

    @Test("a type written as a block is the block's one line, reported where it stands")
    func typeInABlock() throws {
        let errors = try compilerErrors("""
            viewModel: K
            state:
              a:
                type: |
                  Strng?
                input: true
            """, file: "Block.vm.yaml")
        expectReported(errors, ["Block.vm.yaml:5:7: error: cannot find type 'Strng' in scope"])
    }

    @Test("a public view model of an internal type is told so on the type's spec line")
    func internalTypeInAPublicViewModel() throws {
        let errors = try compilerErrors("""
            viewModel: N
            state:
              note: { type: Note?, input: true }
            """, file: "Notes.vm.yaml", alongside: "struct Note {}\n")
        #expect(!errors.isEmpty)
        #expect(errors.allSatisfy { $0.hasPrefix("Notes.vm.yaml:3:") && $0.contains("internal type") }, "\(errors)")
    }

    @Test("written as a block, an internal type's property error is on the type's line, its alias's at most one line above")
    func internalTypeInABlock() throws {
        let errors = try compilerErrors("""
            viewModel: N
            state:
              note:
                doc: A note.
                type: Note?
                input: true
            """, file: "Notes.vm.yaml", alongside: "struct Note {}\n")
        #expect(errors.contains { $0.hasPrefix("Notes.vm.yaml:5:") && $0.contains("property cannot be declared public") }, "\(errors)")
        // The alias's name (`_note$Type = `) does not fit left of the type's column.
        #expect(errors.allSatisfy { ($0.hasPrefix("Notes.vm.yaml:5:") || $0.hasPrefix("Notes.vm.yaml:4:")) && $0.contains("internal type") }, "\(errors)")
    }

    @Test("a type from a module the spec does not import is reported at the spec, at most twice")
    func missingImport() throws {
        let errors = try compilerErrors("""
            viewModel: B
            state:
              when: { type: Date?, input: true }
            commands:
              stamp: { work: SignalProducer.empty, output: Date, emits: stamped, onValue: when = value }
            events:
              stamped: { type: Date }
            resources:
              clock: { type: Date, load: SignalProducer.empty, trigger: [init] }
            """, file: "Imports.vm.yaml")
        expectReported(errors, [
            "Imports.vm.yaml:3:17: error: cannot find type 'Date' in scope",
            "Imports.vm.yaml:5:48: error: cannot find type 'Date' in scope",
            "Imports.vm.yaml:7:20: error: cannot find type 'Date' in scope",
            "Imports.vm.yaml:9:18: error: cannot find type 'Date' in scope",
        ])
    }
}
