import Foundation
import Testing
@testable import VMGenCore

/// Hostile paths and output folders: every case is a plain-words error that names the path,
/// never a crash, a hang, usage text or a raw Foundation error.
@Suite("Files and faults")
struct FilesAndFaultsTests {
    let folder: URL

    init() throws {
        folder = try temporaryFolder("faults")
    }

    func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    static let spec = "viewModel: Same\nstate:\n  count: { type: Int, initial: \"0\", input: true }\n"

    func readError(_ path: String) -> String? {
        do {
            let files = try SpecFiles.collect([path])
            for file in files { _ = try SpecFiles.read(file) }
            return nil
        } catch {
            return error.description
        }
    }

    @Test("a folder's search skips hidden folders (a package's .build holds its checkouts' specs), and a spec named twice is read once")
    func searchSkipsHiddenFoldersAndRepeats() throws {
        for sub in ["Specs", ".build/checkouts/Other/Specs"] {
            try FileManager.default.createDirectory(atPath: path(sub), withIntermediateDirectories: true)
        }
        try Self.spec.write(toFile: path("Specs/A.vm.yaml"), atomically: true, encoding: .utf8)
        try Self.spec.write(toFile: path(".build/checkouts/Other/Specs/B.vm.yaml"), atomically: true, encoding: .utf8)
        #expect(try SpecFiles.collect([folder.path]) == [path("Specs/A.vm.yaml")])
        let again = folder.path + "/./Specs/A.vm.yaml"
        #expect(try SpecFiles.collect([path("Specs"), path("Specs/A.vm.yaml"), again]).count == 1)
        // Named on its own, a spec in a hidden folder is read.
        #expect(try SpecFiles.collect([path(".build/checkouts/Other/Specs/B.vm.yaml")]).count == 1)
    }

    @Test("two specs whose outputs differ only in case clash, as they would on a Mac: neither is written")
    func outputsThatDifferInCase() throws {
        let inputs = [
            GenerationJob.Input(path: "Same.vm.yaml", data: Data("viewModel: SameViewModel\n".utf8)),
            GenerationJob.Input(path: "same.vm.yaml", data: Data("viewModel: OtherViewModel\n".utf8)),
        ]
        let results = GenerationJob(generator: try Generator(), outputFolder: folder).generate(inputs)
        #expect(results.allSatisfy { $0.writeError != nil && $0.outcome == nil })
        #expect(results.first?.writeError.map { "\($0)" }?.contains("would generate Same.swift and same.swift, one file where file names ignore case (macOS's default)") == true)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    @Test("a path that is not a readable spec says what it is, in plain words")
    func unreadablePaths() throws {
        symlink(path("loop-b"), path("loop-a"))
        symlink(path("loop-a"), path("loop-b"))
        symlink(path("missing"), path("dangling"))
        #expect(mkfifo(path("pipe.vm.yaml"), 0o644) == 0)
        #expect(readError(path("loop-a")) == "\(path("loop-a")): error: a symbolic link that loops back on itself: fix or remove the link")
        #expect(readError(path("dangling")) == "\(path("dangling")): error: a symbolic link to a file that does not exist: fix or remove the link")
        #expect(readError(path("nothing")) == "\(path("nothing")): error: no such file or folder")
        #expect(readError(path("pipe.vm.yaml")) == "\(path("pipe.vm.yaml")): error: a FIFO (named pipe), not a spec file: pass a `.vm.yaml` file or a folder")
        #expect(readError("/dev/null") == "/dev/null: error: a device, not a spec file: pass a `.vm.yaml` file or a folder")
    }

    @Test("a spec-named link loop inside a searched folder is an error, not skipped and not followed forever")
    func loopInsideFolder() throws {
        let inner = folder.appendingPathComponent("specs")
        try FileManager.default.createDirectory(at: inner, withIntermediateDirectories: true)
        symlink(inner.appendingPathComponent("Loop.vm.yaml").path, inner.appendingPathComponent("Loop.vm.yaml").path)
        symlink(inner.path, inner.appendingPathComponent("self").path)
        #expect(readError(inner.path) == "\(inner.path)/Loop.vm.yaml: error: a symbolic link that loops back on itself: fix or remove the link")
    }

    @Test("two specs that would write the same file are an error naming both, and neither is written")
    func clashingOutputs() throws {
        let output = folder.appendingPathComponent("out")
        // Two view models of their own (one name would be an error of the specs themselves).
        let inputs = ["a", "b"].map { folder in
            GenerationJob.Input(path: "\(folder)/Same.vm.yaml", data: Data(Self.spec.replacingOccurrences(of: "viewModel: Same", with: "viewModel: Same\(folder.uppercased())").utf8))
        }
        let job = GenerationJob(generator: try Generator(), outputFolder: output)
        for results in [job.generate(inputs), job.check(inputs)] {
            #expect(results.allSatisfy { $0.failed })
            #expect(results.map { $0.writeError.map { "\($0)" } } == Array(repeating:
                "\(output.path)/Same.swift: error: a/Same.vm.yaml and b/Same.vm.yaml would each generate Same.swift; rename all but one, or generate them into different --output folders",
                count: 2))
        }
        #expect(!FileManager.default.fileExists(atPath: output.appendingPathComponent("Same.swift").path))
    }

    @Test("a spec saved with a UTF-8 byte-order mark reads like one without")
    func byteOrderMark() throws {
        let data = Data([0xEF, 0xBB, 0xBF]) + Data(Self.spec.utf8)
        let output = (try Generator()).generate(data, file: "Same.vm.yaml")
        #expect(output.diagnostics.isEmpty)
        #expect(output.source == (try Generator()).generate(Data(Self.spec.utf8), file: "Same.vm.yaml").source)
    }

    @Test("temporary files a killed run left behind are removed by the next run; other files stay")
    func leftoversRemoved() throws {
        let leftover = ".Same.swift.vmgen-\(UUID().uuidString)"
        let other = ".Old.swift.vmgen-\(UUID().uuidString)"
        let keep = ["notes.txt", ".Same.swift.vmgen-not-a-uuid"]
        for name in [leftover, other] + keep { try "x".write(toFile: path(name), atomically: false, encoding: .utf8) }
        let results = GenerationJob(generator: try Generator(), outputFolder: folder)
            .generate([GenerationJob.Input(path: "Same.vm.yaml", data: Data(Self.spec.utf8))])
        #expect(results.map(\.outcome) == [.created])
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == (keep + ["Same.swift"]).sorted())
    }

    func writeError(outputFolder: URL) throws -> String? {
        let results = GenerationJob(generator: try Generator(), outputFolder: outputFolder)
            .generate([GenerationJob.Input(path: "Same.vm.yaml", data: Data(Self.spec.utf8))])
        return results.first?.writeError.map { "\($0)" }
    }

    @Test("an output folder that is a file, or an output file that is a folder, is named with what to do")
    func outputInTheWay() throws {
        try "x".write(toFile: path("file"), atomically: false, encoding: .utf8)
        #expect(try writeError(outputFolder: folder.appendingPathComponent("file")) ==
            "\(path("file"))/Same.swift: error: cannot write the generated file: `\(path("file"))` is a file, not a folder: remove it or choose another --output folder")
        #expect(try writeError(outputFolder: folder.appendingPathComponent("file/deeper")) ==
            "\(path("file"))/deeper/Same.swift: error: cannot write the generated file: `\(path("file"))` is a file, not a folder: remove it or choose another --output folder")
        try FileManager.default.createDirectory(atPath: path("out/Same.swift"), withIntermediateDirectories: true)
        #expect(try writeError(outputFolder: folder.appendingPathComponent("out")) ==
            "\(path("out"))/Same.swift: error: cannot write the generated file: a folder has that name: move it away or choose another --output folder")
    }
}

/// The `vmgen` executable next to the test bundle (`swift test` builds every product).
func vmgenExecutable() throws -> URL {
    let bundleFolder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    let candidates = [bundleFolder.appendingPathComponent("vmgen"), packageRoot.appendingPathComponent(".build/debug/vmgen")]
    return try #require(candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }, "build vmgen first")
}

/// Runs `vmgen` with `arguments` in `folder`; returns the exit status and both outputs. A first
/// argument `--setpriv` runs it as the user `nobody` (for permission checks when tests run as root).
func runVMGen(_ arguments: [String], in folder: URL) throws -> (status: Int32, stdout: String, stderr: String) {
    let process = Process()
    if arguments.first == "--setpriv" {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
        process.arguments = ["--reuid=65534", "--regid=65534", "--clear-groups", try vmgenExecutable().path] + arguments.dropFirst()
    } else {
        process.executableURL = try vmgenExecutable()
        process.arguments = arguments
    }
    process.currentDirectoryURL = folder
    let output = Pipe(), errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    let outData = output.fileHandleForReading.readDataToEndOfFile()
    let errData = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: outData, as: UTF8.self), String(decoding: errData, as: UTF8.self))
}

@Suite("The vmgen command on hostile paths")
struct CLIFaultTests {
    @Test("an --output folder with a one-letter name, given relative, is created (it crashed Foundation's path code)")
    func oneLetterOutputFolder() throws {
        let folder = try temporaryFolder("cli")
        defer { try? FileManager.default.removeItem(at: folder) }
        try "viewModel: CounterViewModel\n".write(to: folder.appendingPathComponent("Counter.vm.yaml"), atomically: true, encoding: .utf8)
        for output in ["q", "a/b", "é"] {
            let run = try runVMGen(["generate", "Counter.vm.yaml", "--output", output, "--quiet"], in: folder)
            #expect(run.status == 0, "\(output): \(run.stderr)")
            #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("\(output)/Counter.swift").path))
        }
        #expect(OutputWriter.parent(of: "q") == "" && OutputWriter.parent(of: "/q") == "/" && OutputWriter.parent(of: "a/b/") == "a")
    }

    @Test("a FIFO, a device, a link loop and a missing path exit 1 with `path: error: ...`, no usage text, no hang")
    func unreadablePathsExitOne() throws {
        let folder = try temporaryFolder("cli")
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(mkfifo(folder.appendingPathComponent("pipe.vm.yaml").path, 0o644) == 0)
        symlink("loop", folder.appendingPathComponent("loop").path)
        let cases = [
            ("pipe.vm.yaml", "pipe.vm.yaml: error: a FIFO (named pipe), not a spec file: pass a `.vm.yaml` file or a folder\n"),
            ("/dev/zero", "/dev/zero: error: a device, not a spec file: pass a `.vm.yaml` file or a folder\n"),
            ("loop", "loop: error: a symbolic link that loops back on itself: fix or remove the link\n"),
            ("missing", "missing: error: no such file or folder\n"),
        ]
        for (path, message) in cases {
            for verb in [["lint"], ["graph"], ["generate", "--output", "out"], ["check", "--output", "out"]] {
                let run = try runVMGen([verb[0], path] + verb.dropFirst(), in: folder)
                #expect(run.status == 1, "vmgen \(verb[0]) \(path)")
                #expect(run.stderr == message, "vmgen \(verb[0]) \(path)")
            }
        }
    }

    @Test("a read-only output folder: exit 1, the file named, and what to do (run as nobody when the tests run as root)")
    func readOnlyFolder() throws {
        let folder = try temporaryFolder("cli")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FilesAndFaultsTests.spec.write(to: folder.appendingPathComponent("Same.vm.yaml"), atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("locked"), withIntermediateDirectories: true)
        chmod(folder.path, 0o755)
        chmod(folder.appendingPathComponent("Same.vm.yaml").path, 0o644)
        chmod(folder.appendingPathComponent("locked").path, 0o555)
        // Root may write anywhere, so as root vmgen runs as `nobody`, through setpriv.
        let asNobody = geteuid() == 0 ? ["--setpriv"] : []
        let run = try runVMGen(asNobody + ["generate", "Same.vm.yaml", "--output", "locked"], in: folder)
        #expect(run.status == 1)
        #expect(run.stderr == "locked/Same.swift: error: cannot write the generated file: permission denied in `locked`: make the folder (and the file) writable, or choose another --output folder\n")
    }

    @Test("a spec that may not be read: exit 1, and what to do (run as nobody when the tests run as root)")
    func unreadableSpec() throws {
        let folder = try temporaryFolder("cli")
        defer { try? FileManager.default.removeItem(at: folder) }
        let spec = folder.appendingPathComponent("Secret.vm.yaml")
        try FilesAndFaultsTests.spec.write(to: spec, atomically: true, encoding: .utf8)
        chmod(folder.path, 0o755)
        chmod(spec.path, 0o000)
        let asNobody = geteuid() == 0 ? ["--setpriv"] : []
        let run = try runVMGen(asNobody + ["lint", "Secret.vm.yaml"], in: folder)
        #expect(run.status == 1)
        #expect(run.stderr == "Secret.vm.yaml: error: permission denied: make it readable (chmod u+r) or pass another path\n")
    }

    @Test("two specs that would write one file: exit 1, the error once, and the summary counts both as failed")
    func clashExitsOne() throws {
        let folder = try temporaryFolder("cli")
        defer { try? FileManager.default.removeItem(at: folder) }
        for sub in ["a", "b"] {
            try FileManager.default.createDirectory(at: folder.appendingPathComponent(sub), withIntermediateDirectories: true)
            // Two view models of their own (one name would be an error of the specs themselves).
            try FilesAndFaultsTests.spec.replacingOccurrences(of: "viewModel: Same", with: "viewModel: Same\(sub.uppercased())")
                .write(to: folder.appendingPathComponent("\(sub)/Same.vm.yaml"), atomically: true, encoding: .utf8)
        }
        let run = try runVMGen(["generate", "a", "b", "--output", "out"], in: folder)
        #expect(run.status == 1)
        #expect(run.stderr == "out/Same.swift: error: a/Same.vm.yaml and b/Same.vm.yaml would each generate Same.swift; rename all but one, or generate them into different --output folders\n")
        #expect(run.stdout == "vmgen: checked 2 specs: 0 written, 0 unchanged, 2 failed.\n")
    }
}
