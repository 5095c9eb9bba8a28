/// A line-based unified diff, enough to show what changed in a generated file.
///
/// Memory grows with the lines compared, not with their product: the common first and last
/// lines are set aside, and Myers' algorithm finds the shortest edit script of the rest, keeping
/// only the frontier of each step. Past `editLimit` edits (a file rewritten rather than edited)
/// the rest is shown as every old line removed and every new one added, which is still a correct
/// diff, only not the shortest.
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

    /// One line of the script: kept (" "), removed ("-") or added ("+"), with the old and new
    /// line numbers (0-based) at which it stands.
    struct Edit: Equatable {
        var kind: Character
        var text: String
        var oldLine: Int
        var newLine: Int
    }

    /// More edits than this between the common first and last lines are not minimized (the
    /// search's memory grows with the square of the edits it tries: 2,000 is about 32 MB).
    static let editLimit = 2_000

    /// The edit script from `a` to `b`: the shortest one when it has at most `editLimit` edits.
    static func script(_ a: [String], _ b: [String], editLimit: Int = editLimit) -> [Edit] {
        var prefix = 0
        while prefix < a.count, prefix < b.count, a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix, suffix < b.count - prefix, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] { suffix += 1 }
        let oldMiddle = Array(a[prefix..<(a.count - suffix)]), newMiddle = Array(b[prefix..<(b.count - suffix)])

        var edits = (0..<prefix).map { Edit(kind: " ", text: a[$0], oldLine: $0, newLine: $0) }
        let middle = shortestScript(oldMiddle, newMiddle, editLimit: editLimit) ?? replacement(oldMiddle, newMiddle)
        edits += middle.map { Edit(kind: $0.kind, text: $0.text, oldLine: $0.oldLine + prefix, newLine: $0.newLine + prefix) }
        edits += (0..<suffix).map { offset in
            let oldLine = a.count - suffix + offset, newLine = b.count - suffix + offset
            return Edit(kind: " ", text: a[oldLine], oldLine: oldLine, newLine: newLine)
        }
        return edits
    }

    /// Every line of `a` removed, then every line of `b` added.
    static func replacement(_ a: [String], _ b: [String]) -> [Edit] {
        a.indices.map { Edit(kind: "-", text: a[$0], oldLine: $0, newLine: 0) }
            + b.indices.map { Edit(kind: "+", text: b[$0], oldLine: a.count, newLine: $0) }
    }

    /// Myers' greedy search for the shortest edit script, or nil past `editLimit` edits.
    /// `frontiers[d]` keeps, for each diagonal k = x - y in -d...d, how far along `a` (x) the
    /// furthest path of d edits reaches; the script is read back from them.
    static func shortestScript(_ a: [String], _ b: [String], editLimit: Int) -> [Edit]? {
        let n = a.count, m = b.count
        let most = min(n + m, editLimit)
        // The furthest x on each diagonal, at index k + offset; diagonals -most-1...most+1.
        let offset = most + 1
        var furthest = [Int](repeating: 0, count: 2 * most + 3)
        var frontiers: [[Int]] = []
        for d in 0...most {
            for k in stride(from: -d, through: d, by: 2) {
                var x = Self.stepsDown(k: k, d: d) { furthest[offset + $0] }
                    ? furthest[offset + k + 1] : furthest[offset + k - 1] + 1
                var y = x - k
                while x < n, y < m, a[x] == b[y] {
                    x += 1
                    y += 1
                }
                furthest[offset + k] = x
                if x >= n, y >= m {
                    frontiers.append(Array(furthest[(offset - d)...(offset + d)]))
                    return readBack(frontiers, a, b)
                }
            }
            frontiers.append(Array(furthest[(offset - d)...(offset + d)]))
        }
        return nil
    }

    /// Whether the path of `d` edits on diagonal `k` comes from diagonal k + 1 by adding a line
    /// of `b` (a step down), rather than from k - 1 by removing a line of `a`. `previous(k)` is
    /// the furthest x on diagonal k after d - 1 edits.
    static func stepsDown(k: Int, d: Int, previous: (Int) -> Int) -> Bool {
        k == -d || (k != d && previous(k - 1) < previous(k + 1))
    }

    /// The script, read back from the end through the frontiers of each number of edits.
    static func readBack(_ frontiers: [[Int]], _ a: [String], _ b: [String]) -> [Edit] {
        var edits: [Edit] = []
        var x = a.count, y = b.count
        for d in stride(from: frontiers.count - 1, to: 0, by: -1) {
            let before = frontiers[d - 1]
            let k = x - y
            let down = stepsDown(k: k, d: d) { before[$0 + d - 1] }
            let previousK = down ? k + 1 : k - 1
            let previousX = before[previousK + d - 1], previousY = previousX - previousK
            // The equal lines after the edit, then the edit.
            let (editX, editY) = down ? (previousX, previousY + 1) : (previousX + 1, previousY)
            while x > editX, y > editY {
                x -= 1
                y -= 1
                edits.append(Edit(kind: " ", text: a[x], oldLine: x, newLine: y))
            }
            edits.append(down
                ? Edit(kind: "+", text: b[previousY], oldLine: previousX, newLine: previousY)
                : Edit(kind: "-", text: a[previousX], oldLine: previousX, newLine: previousY))
            x = previousX
            y = previousY
        }
        while x > 0, y > 0 {
            x -= 1
            y -= 1
            edits.append(Edit(kind: " ", text: a[x], oldLine: x, newLine: y))
        }
        return edits.reversed()
    }
}
