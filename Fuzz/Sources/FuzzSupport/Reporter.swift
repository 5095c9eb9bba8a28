import Foundation

/// Keeps one reproducer per kind of violation: `<folder>/violation-<rule>-<hash>.vm.yaml` with
/// the input, and beside it `.txt` with what was wrong. Files already there are kept, so a
/// long run (or many runs, as libFuzzer's fork mode starts) adds only new kinds.
public struct ViolationReporter {
    let folder: URL

    public init(folder: URL) {
        self.folder = folder
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    /// Writes the input of each violation whose kind has no reproducer yet; returns those.
    @discardableResult
    public func record(_ violations: [Violation], input: Data) -> [Violation] {
        var new: [Violation] = []
        for violation in violations {
            let stem = "violation-\(violation.rule)-\(Self.hash(violation.signature))"
            let inputURL = folder.appendingPathComponent(stem + ".vm.yaml")
            guard !FileManager.default.fileExists(atPath: inputURL.path) else { continue }
            try? input.write(to: inputURL)
            let note = "\(violation)\nsignature: \(violation.signature)\n"
            try? Data(note.utf8).write(to: folder.appendingPathComponent(stem + ".txt"))
            new.append(violation)
        }
        return new
    }

    /// FNV-1a, 64 bits, in hex: stable across runs and platforms, unlike `hashValue`.
    static func hash(_ text: String) -> String {
        var value: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            value ^= UInt64(byte)
            value = value &* 0x0000_0100_0000_01b3
        }
        return String(value, radix: 16)
    }
}
