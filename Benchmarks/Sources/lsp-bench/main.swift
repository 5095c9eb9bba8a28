import Foundation
import VMGenCore
import VMGenLSP

// lsp-bench: what an editor waits for from `vmgen lsp` on a spec of 200 values (20 input state
// values, 170 derived values each reading two earlier ones, 10 commands), in process, release:
//
//   diagnostics: one edit (`didChange` with the whole text) until its `publishDiagnostics` is
//                sent, the check included; the server loop adds its 10 ms quiet period on top.
//   completion:  a completion inside a derived value's code, on the checked spec (the editor's
//                usual case: the check ran when diagnostics were published).
//   completion after an edit: the same, right after an edit, so the spec is checked first.
//
// Prints p50, p95 and max in milliseconds over `--rounds` (default 200) measured operations,
// after 20 unmeasured ones. Targets (issue 29): diagnostics p95 < 50 ms, completion < 20 ms.

func spec(variant: Int) -> String {
    var lines = ["viewModel: BigViewModel", "state:"]
    for index in 0..<20 {
        lines.append("  input\(index): { type: Int, initial: \"\(index)\", input: true, doc: Input \(index). }")
    }
    lines.append("derived:")
    for index in 0..<170 {
        let first = index < 20 ? "input\(index)" : "value\(index - 20)"
        let second = index < 1 ? "input1" : (index < 21 ? "input\((index + 7) % 20)" : "value\(index - 1)")
        // The edit: one expression changes each round, alternating between two valid forms.
        let operation = index == 85 && variant % 2 == 1 ? "-" : "+"
        lines.append("  value\(index): { type: Int, value: \(first) \(operation) \(second), doc: Value \(index). }")
    }
    lines.append("commands:")
    for index in 0..<10 {
        lines.append("  command\(index):")
        lines.append("    enabled: value\(index * 10) > 0")
        lines.append("    perform: input\(index) += 1")
    }
    return lines.joined(separator: "\n") + "\n"
}

var rounds = 200
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    if argument == "--rounds", let text = arguments.popFirst(), let count = Int(text), count > 0 {
        rounds = count
    } else {
        FileHandle.standardError.write(Data("usage: lsp-bench [--rounds N]\n".utf8))
        exit(2)
    }
}

final class Counter: @unchecked Sendable {
    var published = 0
    var lastErrorCount = 0
    var completionItems = 0
}
let counter = Counter()
let server = Server(generator: try Generator()) { message in
    switch message {
    case .result(_, let result):
        if let list = result.value as? CompletionList { counter.completionItems = list.items.count }
    case .notification(let method, let params) where method == "textDocument/publishDiagnostics":
        counter.published += 1
        counter.lastErrorCount = (params.value as? PublishDiagnosticsParams)?.diagnostics.count ?? -1
    default:
        break
    }
}
let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lsp-bench-\(UUID().uuidString)")
try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: folder) }
let uri = folder.appendingPathComponent("Big.vm.yaml").absoluteString

@MainActor
func send(_ method: String, _ params: JSONValue, id: Int? = nil) {
    var message: [String: JSONValue] = ["jsonrpc": .string("2.0"), "method": .string(method), "params": params]
    if let id { message["id"] = .int(id) }
    server.handle(body: try! JSONEncoder().encode(JSONValue.object(message)))
}

send("initialize", .object(["capabilities": .object([:])]), id: 0)
send("textDocument/didOpen", .object(["textDocument": .object([
    "uri": .string(uri), "languageId": .string("yaml"), "version": .int(1), "text": .string(spec(variant: 0))])]))
server.publishPending()
precondition(counter.lastErrorCount == 0, "the benchmark's spec has \(counter.lastErrorCount) diagnostics")

func milliseconds(_ body: () -> Void) -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
}

func summary(_ name: String, _ samples: [Double]) {
    let sorted = samples.sorted()
    func percentile(_ p: Double) -> Double { sorted[min(sorted.count - 1, Int((Double(sorted.count) * p).rounded(.up)) - 1)] }
    print(String(format: "LSP %@: p50 %.2f ms, p95 %.2f ms, max %.2f ms (%d operations)", name, percentile(0.5), percentile(0.95), sorted.last ?? 0, sorted.count))
}

var version = 1
@MainActor
func edit() {
    version += 1
    send("textDocument/didChange", .object([
        "textDocument": .object(["uri": .string(uri), "version": .int(version)]),
        "contentChanges": .array([.object(["text": .string(spec(variant: version))])]),
    ]))
}

// Inside `value100`'s code (`  value100: { type: Int, value: value80 + value99, ...`), on
// `value80`: line 23 + 100, character 34.
let completionParams: JSONValue = .object([
    "textDocument": .object(["uri": .string(uri)]),
    "position": .object(["line": .int(123), "character": .int(34)]),
])

print("# lsp-bench: 200-value spec, \(rounds) measured operations after 20 warm-up; load \(String((try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.prefix(14) ?? ""))")
var diagnostics: [Double] = []
for round in 0..<(rounds + 20) {
    let before = counter.published
    let time = milliseconds {
        edit()
        server.publishPending()
    }
    precondition(counter.published > before && counter.lastErrorCount == 0)
    if round >= 20 { diagnostics.append(time) }
}
summary("diagnostics after an edit", diagnostics)

var completion: [Double] = []
for round in 0..<(rounds + 20) {
    let time = milliseconds { send("textDocument/completion", completionParams, id: 1000 + round) }
    if round >= 20 { completion.append(time) }
}
// Every value, parameter and input the code may read: 190 values and 30 commands' outputs at least.
precondition(counter.completionItems >= 190, "completion gave \(counter.completionItems) items")
summary("completion", completion)

var completionAfterEdit: [Double] = []
for round in 0..<(rounds + 20) {
    edit()
    let time = milliseconds { send("textDocument/completion", completionParams, id: 5000 + round) }
    server.publishPending()
    if round >= 20 { completionAfterEdit.append(time) }
}
summary("completion after an edit", completionAfterEdit)
