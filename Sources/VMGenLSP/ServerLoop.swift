import Foundation
import VMGenCore

/// Runs a `Server` over stdin and stdout: one thread reads frames, this one handles them in order
/// and publishes diagnostics once edits pause for `quiet` (or have waited `longest`), so a burst
/// of edits is checked once, and the last edit of a burst always gets its diagnostics.
public struct ServerLoop {
    /// How long after the last edit diagnostics are published.
    public var quiet: TimeInterval = 0.01
    /// The longest a document waits for diagnostics while edits keep coming.
    public var longest: TimeInterval = 0.3

    public init() {}

    /// One `read(2)` of up to 64 KiB: the bytes, empty at the end of input, nil on an error.
    static func readAvailable(from descriptor: Int32) -> Data? {
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress, $0.count) }
            if count >= 0 { return Data(buffer[..<count]) }
            if errno != EINTR { return nil }
        }
    }

    /// Serves until `exit` or the end of input; returns the exit code (0 after `shutdown`).
    public func run(generator: Generator, input: FileHandle = .standardInput, output: FileHandle = .standardOutput) -> Int32 {
        // A client that goes away must not kill the server with SIGPIPE mid-write: the write
        // fails instead, and the end of input ends the loop.
        signal(SIGPIPE, SIG_IGN)
        let queue = MessageQueue()
        let reader = Thread {
            var framer = MessageFramer()
            while true {
                // What is there now, up to 64 KiB; a read error ends the input like its end does
                // (`availableData` would trap, and `read(upToCount:)` waits for the full count).
                guard let bytes = Self.readAvailable(from: input.fileDescriptor), !bytes.isEmpty else { break }
                framer.append(bytes)
                while let frame = framer.next() {
                    switch frame {
                    case .body(let body): queue.push(.body(body))
                    case .unreadable(let problem): queue.push(.unreadable(problem))
                    }
                }
            }
            queue.push(.end)
        }
        reader.stackSize = 8 << 20
        reader.start()
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        let server = Server(generator: generator) { message in
            guard let body = try? encoder.encode(message) else { return }
            try? output.write(contentsOf: MessageFramer.frame(body))
        }
        server.isCancelled = queue.takeCancelled
        while true {
            let deadline = server.pendingDiagnostics.values.min().map { first in
                min(first.addingTimeInterval(longest), Date().addingTimeInterval(quiet))
            }
            guard let item = queue.pop(until: deadline) else {
                server.publishPending()
                continue
            }
            switch item {
            case .body(let body):
                server.handle(body: body)
            case .unreadable(let problem):
                // Bytes that are not a message have no id to read: the answer is a parse error without one.
                server.send(.error(id: nil, code: .parseError, message: problem))
            case .end:
                server.publishPending()
                if case .shutDown = server.phase { return 0 }
                if case .exited(let code) = server.phase { return code }
                return 1
            }
            if case .exited(let code) = server.phase { return code }
            if let first = server.pendingDiagnostics.values.min(), Date().timeIntervalSince(first) >= longest {
                server.publishPending()
            }
        }
    }
}
