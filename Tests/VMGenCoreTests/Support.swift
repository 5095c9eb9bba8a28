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
