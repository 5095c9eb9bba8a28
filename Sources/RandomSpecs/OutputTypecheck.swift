import Foundation

/// Type-checks generated view models all together, as one module, with `swiftc -typecheck` in
/// Swift 6 mode against a built `Reactive` module, and says which spec each error belongs to.
public struct OutputTypecheck: Sendable {
    /// The folder holding `Reactive.swiftmodule`.
    public var modules: URL

    public init(modules: URL) {
        self.modules = modules
    }

    public struct Result: Sendable {
        public var status: Int32
        public var output: String

        /// Each error line of the output, by the stem of its file: errors in `V1x0.swift`
        /// and in `V1x0.vm.yaml` (spec code, under `#sourceLocation`) are both under `V1x0`.
        public var errorsByFile: [String: [String]] {
            var errors: [String: [String]] = [:]
            for line in output.split(separator: "\n") where line.contains(": error: ") {
                var file = URL(fileURLWithPath: String(line.prefix { $0 != ":" })).lastPathComponent
                for suffix in [".vm.yaml", ".swift"] where file.hasSuffix(suffix) {
                    file.removeLast(suffix.count)
                }
                errors[file, default: []].append(String(line))
            }
            return errors
        }
    }

    /// Type-checks `files`; `folder` receives the response file that lists them.
    public func run(_ files: [URL], in folder: URL) throws -> Result {
        guard !files.isEmpty else { return Result(status: 0, output: "") }
        var arguments = ["swiftc", "-typecheck", "-swift-version", "6", "-parse-as-library",
                         "-module-name", "RandomViewModels", "-I", modules.path]
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
