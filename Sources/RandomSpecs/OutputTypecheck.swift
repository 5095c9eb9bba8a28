import Foundation

/// Checks generated view models all together, as one module, in Swift 6 mode against a built
/// `Reactive` module, and says which spec each error belongs to. It runs `swiftc -emit-sil`: the
/// type check and the diagnostics that come after it (a missing `return`, what a `deinit` may
/// touch, definite initialization), which `-typecheck` never reaches although a build stops at
/// them; only code generation is left out.
public struct OutputTypecheck: Sendable {
    /// The folder holding `Reactive.swiftmodule`.
    public var modules: URL
    /// Folders of other modules the specs import (`AppTypesModule`).
    public var otherModules: [URL]

    public init(modules: URL, otherModules: [URL] = []) {
        self.modules = modules
        self.otherModules = otherModules
    }

    public struct Result: Sendable {
        public var status: Int32
        public var output: String

        /// Each error line of the output, by the stem of its file: errors in `V1x0.swift`
        /// and in `V1x0.vm.yaml` (spec code, under `#sourceLocation`) are both under `V1x0`.
        public var errorsByFile: [String: [String]] {
            var errors: [String: [String]] = [:]
            for line in output.split(separator: "\n") where line.contains(": error: ") {
                errors[OutputTypecheck.stem(URL(fileURLWithPath: String(line.prefix { $0 != ":" }))), default: []].append(String(line))
            }
            return errors
        }
    }

    /// Each file's errors, by file stem, found by type-checking `files` in rounds: should an
    /// error hide others, the files with errors are left out and the rest checked again, until
    /// a round finds none (at most `rounds`).
    /// A file whose child view model (in `children`, by stem) was left out is left out with it
    /// and gets the error "<stem>.swift: error: not compiled: its child view model `...` does
    /// not compile".
    public func errorsByFile(_ files: [URL], children: [String: [String]], in folder: URL, rounds: Int = 3) throws -> [String: [String]] {
        var remaining = files
        var errors: [String: [String]] = [:]
        for _ in 0..<rounds where !remaining.isEmpty {
            let result = try run(remaining, in: folder)
            var found = result.errorsByFile
            if found.isEmpty {
                if result.status != 0 {
                    errors["swiftc", default: []].append("swiftc failed without an error in a spec's file:\n\(result.output)")
                }
                break
            }
            // Parents of failing files, and their parents, go too.
            var changed = true
            while changed {
                changed = false
                for file in remaining {
                    let stem = Self.stem(file)
                    guard found[stem] == nil, let child = children[stem]?.first(where: { found[$0] != nil }) else { continue }
                    found[stem] = ["\(stem).swift: error: not compiled: its child view model `\(child)` does not compile"]
                    changed = true
                }
            }
            errors.merge(found) { $0 + $1 }
            remaining.removeAll { found[Self.stem($0)] != nil }
        }
        return errors
    }

    static func stem(_ file: URL) -> String {
        var name = file.lastPathComponent
        for suffix in [".vm.yaml", ".swift"] where name.hasSuffix(suffix) {
            name.removeLast(suffix.count)
        }
        return name
    }

    /// Type-checks `files` once; `folder` receives the response file that lists them.
    public func run(_ files: [URL], in folder: URL) throws -> Result {
        guard !files.isEmpty else { return Result(status: 0, output: "") }
        // One whole-module frontend: each declaration is checked once (a quarter of the time of
        // per-file jobs), and no job's failure stops the others.
        var arguments = ["swiftc", "-emit-sil", "-o", "/dev/null", "-wmo", "-swift-version", "6", "-parse-as-library",
                         "-module-name", "RandomViewModels", "-I", modules.path] + otherModules.flatMap { ["-I", $0.path] }
        #if os(macOS)
        arguments += ["-target", "\(Self.architecture)-apple-macosx14.0"]
        #endif
        // A response file keeps the command line short for hundreds of files.
        let list = folder.appendingPathComponent("swiftc-files.txt")
        try files.map { "\"\($0.path)\"" }.joined(separator: "\n").write(to: list, atomically: true, encoding: .utf8)
        arguments.append("@" + list.path)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, output: String(decoding: data, as: UTF8.self))
    }

    #if arch(arm64)
    static let architecture = "arm64"
    #else
    static let architecture = "x86_64"
    #endif
}
