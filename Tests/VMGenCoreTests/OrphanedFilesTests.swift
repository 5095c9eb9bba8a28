import Foundation
import Testing
@testable import VMGenCore

/// A spec renamed or deleted leaves its generated file behind, declaring its view model a second
/// time: `generate` removes it and `check` fails on it, and nothing else is ever touched.
@Suite("Generated files whose spec is gone")
struct OrphanedFilesTests {
    let folder: URL

    init() throws {
        folder = try temporaryFolder("orphans")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("Specs"), withIntermediateDirectories: true)
        try write("Specs/Stopwatch.vm.yaml", Self.spec)
        #expect(try runVMGen(["generate", "Specs", "--output", "Generated"], in: folder).status == 0)
    }

    static let spec = "viewModel: StopwatchViewModel\nstate:\n  n: { type: Int, initial: \"0\", input: true }\n"

    func url(_ path: String) -> URL { folder.appendingPathComponent(path) }

    func write(_ path: String, _ text: String) throws {
        try text.write(to: url(path), atomically: true, encoding: .utf8)
    }

    func read(_ path: String) throws -> String { try String(contentsOf: url(path), encoding: .utf8) }

    func generatedNames(_ path: String = "Generated") throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: url(path).path).sorted()
    }

    /// What vmgen writes at the top of a file it generated from `specPath`.
    static func header(_ specPath: String) -> String {
        GeneratedHeader.lines(specPath: specPath, writer: .command).joined(separator: "\n") + "\n"
    }

    @Test("renaming a spec: check fails naming the old file and its spec and writes nothing; generate removes the old file and says so")
    func renamedSpec() throws {
        try FileManager.default.moveItem(at: url("Specs/Stopwatch.vm.yaml"), to: url("Specs/Timer.vm.yaml"))
        let old = try read("Generated/Stopwatch.swift")
        let check = try runVMGen(["check", "Specs", "--output", "Generated"], in: folder)
        #expect(check.status == 1)
        #expect(check.stderr.contains(
            "Generated/Stopwatch.swift: error: stale: its spec Specs/Stopwatch.vm.yaml no longer exists; `vmgen generate` removes this file\n"), "\(check.stderr)")
        #expect(try generatedNames() == ["Stopwatch.swift"], "check writes nothing")
        #expect(try read("Generated/Stopwatch.swift") == old, "check removes nothing")

        let generate = try runVMGen(["generate", "Specs", "--output", "Generated"], in: folder)
        #expect(generate.status == 0, "\(generate.stderr)")
        #expect(generate.stdout == """
            vmgen: removed Generated/Stopwatch.swift: its spec Specs/Stopwatch.vm.yaml no longer exists.
            vmgen: checked 1 spec: 1 written, 0 unchanged, 1 removed.

            """)
        #expect(try generatedNames() == ["Timer.swift"])
        #expect(try runVMGen(["check", "Specs", "--output", "Generated"], in: folder).status == 0)
    }

    @Test("deleting a spec: check fails, generate removes its file (in a subfolder of the given folder too), then check passes")
    func deletedSpec() throws {
        try FileManager.default.createDirectory(at: url("Specs/Old"), withIntermediateDirectories: true)
        try write("Specs/Old/Lap.vm.yaml", "viewModel: LapViewModel\n")
        #expect(try runVMGen(["generate", "Specs", "--output", "Generated"], in: folder).status == 0)
        try FileManager.default.removeItem(at: url("Specs/Stopwatch.vm.yaml"))
        try FileManager.default.removeItem(at: url("Specs/Old"))
        let check = try runVMGen(["check", "Specs", "--output", "Generated"], in: folder)
        #expect(check.status == 1)
        #expect(check.stderr == """
            Generated/Lap.swift: error: stale: its spec Specs/Old/Lap.vm.yaml no longer exists; `vmgen generate` removes this file
            Generated/Stopwatch.swift: error: stale: its spec Specs/Stopwatch.vm.yaml no longer exists; `vmgen generate` removes this file
            vmgen: the output is stale or a spec has errors: run `vmgen generate` and commit the result

            """)
        let generate = try runVMGen(["generate", "./Specs/", "--output", "Generated/"], in: folder)
        #expect(generate.status == 0, "\(generate.stderr)")
        #expect(generate.stdout.hasSuffix("vmgen: checked 0 specs: 0 written, 0 unchanged, 2 removed.\n"), "\(generate.stdout)")
        #expect(try generatedNames() == [])
        #expect(try runVMGen(["check", "Specs", "--output", "Generated"], in: folder).status == 0)
    }

    @Test("a file without vmgen's header is never removed, nor a link, nor a file in a subfolder of the output folder")
    func foreignFilesStay() throws {
        try FileManager.default.removeItem(at: url("Specs/Stopwatch.vm.yaml"))
        let foreign = [
            "Mine.swift": "// Hand-written, once from Specs/Stopwatch.vm.yaml.\nstruct Mine {}\n",
            "Quoted.swift": "\n" + Self.header("Specs/Stopwatch.vm.yaml"),
            "Notes.txt": Self.header("Specs/Stopwatch.vm.yaml"),
        ]
        for (name, text) in foreign { try write("Generated/\(name)", text) }
        try FileManager.default.createDirectory(at: url("Generated/Sub"), withIntermediateDirectories: true)
        try write("Generated/Sub/Deeper.swift", Self.header("Specs/Deeper.vm.yaml"))
        try write("Elsewhere.swift", Self.header("Specs/Elsewhere.vm.yaml"))
        #expect(symlink("../Elsewhere.swift", url("Generated/Link.swift").path) == 0)

        let run = try runVMGen(["generate", "Specs", "--output", "Generated"], in: folder)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try generatedNames() == ["Link.swift", "Mine.swift", "Notes.txt", "Quoted.swift", "Sub"], "only Stopwatch.swift went")
        for (name, text) in foreign { #expect(try read("Generated/\(name)") == text) }
        #expect(try read("Generated/Sub/Deeper.swift") == Self.header("Specs/Deeper.vm.yaml"))
        #expect(try read("Elsewhere.swift") == Self.header("Specs/Elsewhere.vm.yaml"))
    }

    @Test("a generated file whose spec exists but is not in the run stays, and so does one whose spec is gone from outside the given paths")
    func filesOfOtherSpecsStay() throws {
        try FileManager.default.createDirectory(at: url("Other"), withIntermediateDirectories: true)
        try write("Other/Gone.vm.yaml", "viewModel: GoneViewModel\n")
        #expect(try runVMGen(["generate", "Other", "--output", "Generated"], in: folder).status == 0)
        try FileManager.default.removeItem(at: url("Other/Gone.vm.yaml"))
        try write("Specs/Lap.vm.yaml", "viewModel: LapViewModel\n")
        let stopwatch = try read("Generated/Stopwatch.swift")

        let single = try runVMGen(["generate", "Specs/Lap.vm.yaml", "--output", "Generated"], in: folder)
        #expect(single.status == 0, "\(single.stderr)")
        #expect(single.stdout == "vmgen: checked 1 spec: 1 written, 0 unchanged.\n")
        let folderRun = try runVMGen(["generate", "Specs", "--output", "Generated"], in: folder)
        #expect(folderRun.stdout == "vmgen: checked 2 specs: 0 written, 2 unchanged.\n")
        #expect(try runVMGen(["check", "Specs", "--output", "Generated"], in: folder).status == 0)
        #expect(try generatedNames() == ["Gone.swift", "Lap.swift", "Stopwatch.swift"])
        #expect(try read("Generated/Stopwatch.swift") == stopwatch)
    }

    @Test("run from another folder, where the recorded relative paths lead elsewhere, vmgen removes nothing")
    func anotherWorkingDirectory() throws {
        try FileManager.default.createDirectory(at: url("More"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: url("Sub/Specs"), withIntermediateDirectories: true)
        try write("More/Lap.vm.yaml", "viewModel: LapViewModel\n")
        #expect(try runVMGen(["generate", "More", "--output", "Generated"], in: folder).status == 0)
        // From Sub, the recorded `Specs/Stopwatch.vm.yaml` reads as Sub/Specs/Stopwatch.vm.yaml, which does not exist.
        let run = try runVMGen(["generate", "../More", "--output", "../Generated"], in: url("Sub"))
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "vmgen: checked 1 spec: 1 written, 0 unchanged.\n")
        #expect(try generatedNames() == ["Lap.swift", "Stopwatch.swift"])
    }

    @Test("the build plugin's --output-file writes its one file and removes nothing next to it")
    func outputFileRemovesNothing() throws {
        try FileManager.default.moveItem(at: url("Specs/Stopwatch.vm.yaml"), to: url("Specs/Timer.vm.yaml"))
        let run = try runVMGen(["generate", "Specs/Timer.vm.yaml", "--output-file", "Generated/Timer.swift", "--plugin", "--quiet"], in: folder)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "")
        #expect(try generatedNames() == ["Stopwatch.swift", "Timer.swift"])
    }

    @Test("an orphan that cannot be removed: exit 1, the file named, and what to do (run as nobody when the tests run as root)")
    func orphanInReadOnlyFolder() throws {
        try FileManager.default.removeItem(at: url("Specs/Stopwatch.vm.yaml"))
        chmod(folder.path, 0o755)
        chmod(url("Specs").path, 0o755)
        chmod(url("Generated").path, 0o555)
        defer { chmod(url("Generated").path, 0o755) }
        let asNobody = geteuid() == 0 ? ["--setpriv"] : []
        let run = try runVMGen(asNobody + ["generate", "Specs", "--output", "Generated"], in: folder)
        #expect(run.status == 1)
        #expect(run.stderr == "Generated/Stopwatch.swift: error: cannot remove the generated file: permission denied in `Generated`: make the folder (and the file) writable, or choose another --output folder\n")
        #expect(run.stdout == "vmgen: checked 0 specs: 0 written, 0 unchanged.\n")
        #expect(try generatedNames() == ["Stopwatch.swift"])
    }

    @Test("the job finds orphans by absolute paths too, and never the file a spec of the run writes")
    func jobFindsOrphans() throws {
        let output = url("Out")
        let specs = url("Specs")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        try write("Out/Gone.swift", Self.header(specs.appendingPathComponent("Gone.vm.yaml").path))
        try write("Out/Kept.swift", Self.header(specs.appendingPathComponent("Missing.vm.yaml").path))
        let job = GenerationJob(generator: try Generator(), outputFolder: output)
        // Kept.swift is this run's output (of a spec named Kept), so it is no orphan, whatever its header says.
        let inputs = [GenerationJob.Input(path: specs.appendingPathComponent("Kept.vm.yaml").path, data: Data("viewModel: K\n".utf8))]
        let orphans = job.orphans(of: inputs, paths: [specs.path])
        #expect(orphans == [OrphanedFile(url: output.appendingPathComponent("Gone.swift"), specPath: specs.appendingPathComponent("Gone.vm.yaml").path)])
        #expect(orphans.first?.reason == "its spec \(specs.path)/Gone.vm.yaml no longer exists")
        #expect(job.orphans(of: inputs, paths: [url("Other").path]).isEmpty, "a spec outside the given paths is not looked for")
        try orphans.first?.remove()
        #expect(try generatedNames("Out") == ["Kept.swift"])
    }

    @Test("the header gives back the spec path it recorded, or nothing when it may have changed it")
    func headerSpecPath() {
        for path in ["Specs/Stopwatch.vm.yaml", "/abs/a from b.vm.yaml", "../é/x.vm.yml"] {
            let first = GeneratedHeader.lines(specPath: path, writer: .buildPlugin)[0]
            #expect(GeneratedHeader.specPath(inFirstLine: first) == path)
            #expect(GeneratedHeader.specPath(inFirstLine: first + "\r") == path, "a checkout with CRLF line ends")
        }
        #expect(GeneratedHeader.specPath(inFirstLine: GeneratedHeader.lines(specPath: "a\tb.vm.yaml", writer: .command)[0]) == nil)
        #expect(GeneratedHeader.specPath(inFirstLine: "// Generated by vmgen 0.1.0 from Specs/A.vm.yaml") == nil)
        #expect(GeneratedHeader.specPath(inFirstLine: "// Generated by vmgen") == nil)
        #expect(GeneratedHeader.specPath(inFirstLine: "// Written from Specs/A.vm.yaml.") == nil)
    }
}
