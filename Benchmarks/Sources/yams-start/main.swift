import Foundation
import Yams

// Issue 15, item 6: the start-up floor of `vmgen generate` for one spec. This program does the
// least a generator of YAML specs must do: start, read one YAML file, parse it with Yams, exit.
// `Benchmarks/startup.sh` times it against `vmgen generate` of the same file.
let arguments = CommandLine.arguments
guard arguments.count == 2 else {
    FileHandle.standardError.write(Data("usage: yams-start <file.yaml>\n".utf8))
    exit(2)
}
guard let data = FileManager.default.contents(atPath: arguments[1]) else {
    FileHandle.standardError.write(Data("yams-start: cannot read \(arguments[1])\n".utf8))
    exit(1)
}
do {
    // Composed as vmgen's `YAMLLoader` composes a spec (a node tree, marks kept), told UTF-8.
    let node = try Yams.compose(yaml: String(decoding: data, as: UTF8.self), .default, .default, .utf8)
    // Print something that depends on the parse, so none of it can be skipped.
    print("yams-start: \(node?.mapping?.count ?? 0) top-level keys")
} catch {
    FileHandle.standardError.write(Data("yams-start: \(error)\n".utf8))
    exit(1)
}
