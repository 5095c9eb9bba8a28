import RandomSpecs
import Testing
@testable import VMGenCore

@Suite("Unified diff")
struct UnifiedDiffTests {
    @Test("a changed line shows as removal then insertion, with context and hunk header")
    func changedLine() {
        let diff = UnifiedDiff.make(old: "a\nb\nc\nd\n", new: "a\nB\nc\nd\n", oldName: "old", newName: "new")
        #expect(diff == "--- old\n+++ new\n@@ -1,5 +1,5 @@\n a\n-b\n+B\n c\n d\n ")
        #expect(UnifiedDiff.make(old: "same\n", new: "same\n", oldName: "a", newName: "b").isEmpty)
    }

    /// The lines `script` keeps and adds, in order: what the new text must be.
    static func applied(_ edits: [UnifiedDiff.Edit]) -> [String] {
        edits.filter { $0.kind != "-" }.map(\.text)
    }

    /// The length of the longest common subsequence, by the full table (fine for short inputs).
    static func commonLength(_ a: [String], _ b: [String]) -> Int {
        var lengths = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in stride(from: a.count - 1, through: 0, by: -1) {
            for j in stride(from: b.count - 1, through: 0, by: -1) {
                lengths[i][j] = a[i] == b[j] ? lengths[i + 1][j + 1] + 1 : max(lengths[i + 1][j], lengths[i][j + 1])
            }
        }
        return lengths[0][0]
    }

    @Test("on random texts the script turns the old lines into the new ones with the fewest edits", arguments: 1...300)
    func shortestAndCorrect(seed: UInt64) {
        var random = SeededRandom(seed: seed)
        let words = ["a", "b", "c", "d"]
        let a = (0..<Int(random.next() % 12)).map { _ in words[Int(random.next() % 4)] }
        let b = (0..<Int(random.next() % 12)).map { _ in words[Int(random.next() % 4)] }
        let edits = UnifiedDiff.script(a, b)
        #expect(edits.filter { $0.kind != "+" }.map(\.text) == a, "old \(a), new \(b)")
        #expect(Self.applied(edits) == b, "old \(a), new \(b)")
        #expect(edits.filter { $0.kind != " " }.count == a.count + b.count - 2 * Self.commonLength(a, b), "old \(a), new \(b)")
        // Each line's numbers are where it stands in the old and the new text.
        var old = 0, new = 0
        for edit in edits {
            #expect(edit.oldLine == old && edit.newLine == new, "\(edit) in old \(a), new \(b)")
            if edit.kind != "+" { old += 1 }
            if edit.kind != "-" { new += 1 }
        }
    }

    @Test("past the edit limit the script is still correct: the differing middle removed, then added")
    func pastTheLimit() {
        let a = ["same"] + (0..<50).map { "old \($0)" } + ["end"]
        let b = ["same"] + (0..<50).map { "new \($0)" } + ["end"]
        let edits = UnifiedDiff.script(a, b, editLimit: 10)
        #expect(edits.filter { $0.kind != "+" }.map(\.text) == a)
        #expect(Self.applied(edits) == b)
        #expect(edits.map(\.kind) == [" "] + Array(repeating: "-", count: 50) + Array(repeating: "+", count: 50) + [" "])
    }

    @Test("a stale file of ten thousand lines with three changed lines gives three small hunks",
          .timeLimit(.minutes(1)))
    func largeFileFewChanges() {
        let old = (0..<10_000).map { "line \($0)" }
        var new = old
        for changed in [10, 5_000, 9_990] { new[changed] = "changed \(changed)" }
        let diff = UnifiedDiff.make(old: old.joined(separator: "\n"), new: new.joined(separator: "\n"), oldName: "a", newName: "b")
        let headers = diff.split(separator: "\n").filter { $0.hasPrefix("@@") }
        #expect(headers == ["@@ -8,7 +8,7 @@", "@@ -4998,7 +4998,7 @@", "@@ -9988,7 +9988,7 @@"])
    }
}
