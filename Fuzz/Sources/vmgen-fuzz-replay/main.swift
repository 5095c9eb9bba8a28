import FuzzSupport
import Foundation
import VMGenCore

// Checks the given spec files, and every file in the given folders, against the fuzzer's
// invariants without libFuzzer; prints each violation and exits 1 if there was one.
// With `--show` it also prints each input's diagnostics, as `vmgen lint` would.
var arguments = Array(CommandLine.arguments.dropFirst())
let show = arguments.first == "--show"
if show { arguments.removeFirst() }
guard !arguments.isEmpty else {
    FileHandle.standardError.write(Data("usage: vmgen-fuzz-replay [--show] FILE_OR_FOLDER...\n".utf8))
    exit(2)
}
let checker = try InvariantChecker()
// Paths stay as given, so that diagnostics name files as `vmgen lint` would.
var files: [String] = []
for argument in arguments {
    var isFolder: ObjCBool = false
    if FileManager.default.fileExists(atPath: argument, isDirectory: &isFolder), isFolder.boolValue {
        let names = try FileManager.default.contentsOfDirectory(atPath: argument).sorted()
        let folder = argument.hasSuffix("/") ? argument : argument + "/"
        files += names.filter { !$0.hasPrefix(".") }.map { folder + $0 }
    } else {
        files.append(argument)
    }
}
var failed = 0
for file in files {
    let data = try Data(contentsOf: URL(fileURLWithPath: file))
    if show {
        let output = try Generator().generate(data, file: file)
        print(output.diagnostics.map(\.description).joined(separator: "\n"))
        print(output.source == nil ? "(no Swift)" : "(Swift: \(output.source!.count) characters)")
    }
    let violations = checker.check(data)
    for violation in violations {
        print("\(file): \(violation)")
    }
    if !violations.isEmpty { failed += 1 }
}
print("\(files.count) inputs checked, \(failed) with violations")
exit(failed == 0 ? 0 : 1)
