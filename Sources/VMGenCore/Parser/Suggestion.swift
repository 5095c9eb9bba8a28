/// "Did you mean" suggestions for misspelled keys and names.
enum Suggestion {
    /// The candidate closest to `word`, when it is close enough to be a plausible typo.
    static func closest(to word: String, in candidates: [String]) -> String? {
        let lowered = word.lowercased()
        let scored = candidates.map { ($0, editDistance(lowered, $0.lowercased())) }
        guard let best = scored.min(by: { $0.1 < $1.1 }) else { return nil }
        let tolerance = max(1, min(3, word.count / 3))
        return best.1 <= tolerance ? best.0 : nil
    }

    /// The fix of `didYouMean` as data: `word`, written at `location`, replaced by the closest candidate.
    static func fixes(_ word: String, at location: SourceLocation, in candidates: [String]) -> [Diagnostic.Fix] {
        guard let best = closest(to: word, in: candidates) else { return [] }
        return [Diagnostic.Fix("Change `\(word)` to `\(best)`", at: location, replacing: word, with: best)]
    }

    static func fixes(_ word: Located<String>, in candidates: [String]) -> [Diagnostic.Fix] {
        fixes(word.value, at: word.location, in: candidates)
    }

    /// ` (did you mean `x`?)`, or nothing.
    static func didYouMean(_ word: String, in candidates: [String]) -> String {
        closest(to: word, in: candidates).map { "; did you mean `\($0)`?" } ?? ""
    }

    /// `didYouMean`, then `advice` for when the suggestion is not what was meant:
    /// "; did you mean `search`? If not, declare it" or, with no suggestion, "; declare it".
    static func didYouMean(_ word: String, in candidates: [String], otherwise advice: String) -> String {
        closest(to: word, in: candidates).map { "; did you mean `\($0)`? If not, \(advice)" } ?? "; \(advice)"
    }

    /// Edit distance over characters, where swapping two neighbours (`emial` for `email`)
    /// counts as one edit, like inserting, deleting or replacing one (optimal string alignment).
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var beforePrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], beforePrevious[j - 2] + 1)
                }
            }
            (beforePrevious, previous, current) = (previous, current, beforePrevious)
        }
        return previous[b.count]
    }
}
