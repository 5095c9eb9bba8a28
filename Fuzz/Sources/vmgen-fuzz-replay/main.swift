import FuzzSupport
import Foundation

// Checks the given spec files, and every file in the given folders, against the fuzzer's
// invariants without libFuzzer; prints each violation and exits 1 if there was one.
let arguments = CommandLine.arguments.dropFirst()
guard !arguments.isEmpty else {
    FileHandle.standardError.write(Data("usage: vmgen-fuzz-replay FILE_OR_FOLDER...\n".utf8))
    exit(2)
}
let checker = try InvariantChecker()
var files: [URL] = []
for argument in arguments {
    let url = URL(fileURLWithPath: argument)
    var isFolder: ObjCBool = false
    if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder.boolValue {
        let names = try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
        files += names.filter { !$0.hasPrefix(".") }.map { url.appendingPathComponent($0) }
    } else {
        files.append(url)
    }
}
var failed = 0
for file in files {
    let violations = checker.check(try Data(contentsOf: file))
    for violation in violations {
        print("\(file.path): \(violation)")
    }
    if !violations.isEmpty { failed += 1 }
}
print("\(files.count) inputs checked, \(failed) with violations")
exit(failed == 0 ? 0 : 1)
