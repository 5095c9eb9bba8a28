/// A line-based unified diff, enough to show what changed in a generated file.
public enum UnifiedDiff {
    /// `--- old` / `+++ new` and hunks with three lines of context; empty when equal.
    public static func make(old: String, new: String, oldName: String, newName: String, context: Int = 3) -> String {
        let a = old.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let b = new.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if a == b { return "" }
        let edits = script(a, b)
        var lines = ["--- \(oldName)", "+++ \(newName)"]
        var index = 0
        while index < edits.count {
            guard let start = edits[index...].firstIndex(where: { $0.kind != " " }) else { break }
            var end = start
            while let next = edits[(end + 1)...].firstIndex(where: { $0.kind != " " }), next - end <= context * 2 { end = next }
            let from = max(0, start - context), to = min(edits.count - 1, end + context)
            let hunk = edits[from...to]
            let oldStart = (hunk.first?.oldLine ?? 0) + 1, newStart = (hunk.first?.newLine ?? 0) + 1
            let oldCount = hunk.filter { $0.kind != "+" }.count, newCount = hunk.filter { $0.kind != "-" }.count
            lines.append("@@ -\(oldStart),\(oldCount) +\(newStart),\(newCount) @@")
            lines.append(contentsOf: hunk.map { "\($0.kind)\($0.text)" })
            index = to + 1
        }
        return lines.joined(separator: "\n")
    }

    struct Edit {
        var kind: Character
        var text: String
        var oldLine: Int
        var newLine: Int
    }

    /// The shortest edit script by longest common subsequence.
    static func script(_ a: [String], _ b: [String]) -> [Edit] {
        var lengths = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in stride(from: a.count - 1, through: 0, by: -1) {
            for j in stride(from: b.count - 1, through: 0, by: -1) {
                lengths[i][j] = a[i] == b[j] ? lengths[i + 1][j + 1] + 1 : max(lengths[i + 1][j], lengths[i][j + 1])
            }
        }
        var edits: [Edit] = []
        var i = 0, j = 0
        while i < a.count || j < b.count {
            if i < a.count, j < b.count, a[i] == b[j] {
                edits.append(Edit(kind: " ", text: a[i], oldLine: i, newLine: j))
                i += 1
                j += 1
            } else if i < a.count, j == b.count || lengths[i + 1][j] >= lengths[i][j + 1] {
                edits.append(Edit(kind: "-", text: a[i], oldLine: i, newLine: j))
                i += 1
            } else {
                edits.append(Edit(kind: "+", text: b[j], oldLine: i, newLine: j))
                j += 1
            }
        }
        return edits
    }
}
