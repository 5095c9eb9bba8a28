import Foundation
import VMGenCore

/// Runs the parser and validator over `yaml` as if read from `Spec.vm.yaml`.
func diagnose(_ yaml: String, file: String = "Spec.vm.yaml") -> [Diagnostic] {
    diagnose(Data(yaml.utf8), file: file)
}

func diagnose(_ data: Data, file: String = "Spec.vm.yaml") -> [Diagnostic] {
    (try! Generator()).check(data, file: file).diagnostics
}

/// The errors of `yaml`, each as `line:column: message`.
func errors(_ yaml: String) -> [String] {
    diagnose(yaml).filter { $0.severity == .error }.map { "\($0.location.line):\($0.location.column): \($0.message)" }
}

func warnings(_ yaml: String) -> [String] {
    diagnose(yaml).filter { $0.severity == .warning }.map { "\($0.location.line):\($0.location.column): \($0.message)" }
}

/// The generated Swift for `yaml`, or nil with the diagnostics printed.
func generate(_ yaml: String, file: String = "Spec.vm.yaml") -> String? {
    (try! Generator()).generate(Data(yaml.utf8), file: file).source
}

/// The validated model of `yaml`.
func model(_ yaml: String) -> ViewModelModel? {
    (try! Generator()).check(Data(yaml.utf8), file: "Spec.vm.yaml").model
}

/// A new, empty folder under the temporary directory: `vmgen-<purpose>-<UUID>`.
func temporaryFolder(_ purpose: String) throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vmgen-\(purpose)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
}

/// Runs `swiftc` with `arguments` from `folder` (this process's by default) and returns its exit
/// status and everything it printed. It blocks until swiftc ends: from an async test, call it
/// through `onThreadOfItsOwn`.
func runSwiftc(_ arguments: [String], in folder: URL? = nil) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["swiftc"] + arguments
    if let folder { process.currentDirectoryURL = folder }
    let pipe = Pipe()
    process.standardError = pipe
    process.standardOutput = pipe
    try process.run()
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (process.terminationStatus, output)
}
