import RandomSpecs

/// Mutations that keep a spec looking like YAML, so more inputs get past the parser into the
/// validator and renderer than byte flips alone would: whole lines are deleted, duplicated,
/// swapped, moved or re-indented, values are replaced by tokens that trouble YAML or Swift,
/// and structures are nested deeply or made long. libFuzzer's own byte mutations are used too
/// (see `VMGenFuzz`), so both kinds of input are tried.
public struct SpecMutator {
    /// Values and fragments that have broken parsers and generators before.
    static let tokens: [String] = [
        "{", "}", "[", "]", "{}", "[]", "*a", "&a ", "&a x", "<<: *a", "!!str", "!!binary", "!custom",
        "\t", "'", "\"", "''", "\"\\", "\\", "|", ">", "|-", ">+", "|2", "#", " #", "---", "...",
        "%YAML 1.2", "~", "null", "true", "no", "0x1F", "1e400", ".nan", "-", "? ", ": ", ",",
        "#endif", "#if os(Linux)", "}\n}", "/*", "*/", "//", "\"\"\"", "\\(", ")", "(", "`", "@",
        "self", "Self", "init", "deinit", "class", "_", "$0", "try!", "await", "fatalError()",
        "\u{0}", "\u{7}", "\u{85}", "\u{2028}", "\u{FEFF}", "\r", "\r\n", "e\u{301}", "🧨",
        "String", "Int?", "[String: Int]", "(Int) -> Void", "any Error", "Never", "some View",
        "public", "internal", "active", "latest", "serial", "enabled", "value", "viewModel",
    ]

    /// A random number source that libFuzzer's seed makes repeatable: random specs' generator
    /// (SplitMix64), started from the seed spread over 64 bits.
    public struct Random {
        var generator: SeededRandom

        public init(seed: UInt32) {
            generator = SeededRandom(seed: UInt64(seed) &* 0x9E37_79B9_7F4A_7C15 | 1)
        }

        public mutating func next() -> UInt64 {
            generator.next()
        }

        /// A number in `0..<bound` (`bound` > 0).
        public mutating func below(_ bound: Int) -> Int {
            Int(next() % UInt64(bound))
        }

        public mutating func element<T>(_ array: [T]) -> T {
            array[below(array.count)]
        }
    }

    public init() {}

    /// One to three line-level mutations of `input`, at most `maximumSize` bytes.
    public func mutate(_ input: [UInt8], maximumSize: Int, random: inout Random) -> [UInt8] {
        var lines = input.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map(Array.init)
        if lines.isEmpty { lines = [[]] }
        for _ in 0...random.below(3) {
            mutateOnce(&lines, random: &random)
        }
        var output = Array(lines.joined(separator: [UInt8(ascii: "\n")]))
        if output.count > maximumSize { output.removeLast(output.count - maximumSize) }
        return output
    }

    private func mutateOnce(_ lines: inout [[UInt8]], random: inout Random) {
        let index = random.below(lines.count)
        switch random.below(12) {
        case 0 where lines.count > 1:
            lines.remove(at: index)
        case 1:
            lines.insert(lines[index], at: random.below(lines.count + 1))
        case 2:
            lines.swapAt(index, random.below(lines.count))
        case 3:
            // Indent or outdent by one step, the commonest YAML mistake.
            if random.below(2) == 0 {
                lines[index] = Array("  ".utf8) + lines[index]
            } else {
                let kept = max(0, indentation(of: lines[index]) - 2)
                lines[index] = Array(repeating: UInt8(ascii: " "), count: kept) + lines[index].drop { $0 == UInt8(ascii: " ") }
            }
        case 4:
            // Replace the value after `: ` with a token.
            replaceValue(in: &lines[index], with: random.element(Self.tokens))
        case 5:
            // Insert a token anywhere in the line.
            let position = random.below(lines[index].count + 1)
            lines[index].insert(contentsOf: Array(random.element(Self.tokens).utf8), at: position)
        case 6:
            // Deep flow nesting around a value, near and past the loader's limit.
            let depth = random.element([2, 8, 63, 64, 65, 200, 1500])
            replaceValue(
                in: &lines[index],
                with: String(repeating: random.below(2) == 0 ? "[" : "{a: ", count: depth))
        case 7:
            // Deep block nesting: a chain of `a:` keys, each indented further.
            let depth = random.element([3, 30, 300])
            let base = indentation(of: lines[index])
            let chain = (0..<depth).map { level in
                Array(repeating: UInt8(ascii: " "), count: base + 2 * level) + Array("a:".utf8)
            }
            lines.insert(contentsOf: chain, at: index)
        case 8:
            // A long line or a long value.
            let unit = random.element(["x", "é", "a.", "(", "[a, ", "\\u{41}"])
            replaceValue(in: &lines[index], with: String(repeating: unit, count: random.element([100, 1000, 5000])))
        case 9:
            // Swap a key for another known key.
            guard let colon = lines[index].firstIndex(of: UInt8(ascii: ":")) else { return }
            let start = indentation(of: lines[index])
            guard start <= colon else { return }
            let key = random.element([
                "viewModel", "doc", "access", "imports", "parameters", "dependencies", "constants", "state",
                "derived", "children", "functions", "commands", "resources", "events", "lifecycle", "type",
                "value", "initial", "input", "enabled", "perform", "work", "task", "output", "failure",
                "emits", "policy", "onValue", "onFailure", "load", "trigger", "body", "signature", "name",
            ])
            lines[index].replaceSubrange(start..<colon, with: Array(key.utf8))
        case 10:
            // Copy a line's value onto another line: a name used where a type is expected, etc.
            let other = lines[random.below(lines.count)]
            guard let colon = other.firstIndex(of: UInt8(ascii: ":")) else { return }
            let value = String(decoding: other[(colon + 1)...], as: UTF8.self).trimmingSpaces()
            replaceValue(in: &lines[index], with: value)
        default:
            // Cut the file short, as an editor crash or a partial write would.
            lines.removeLast(random.below(lines.count))
            if lines.isEmpty { lines = [[]] }
            if let last = lines.indices.last, !lines[last].isEmpty {
                lines[last].removeLast(random.below(lines[last].count))
            }
        }
    }

    private func indentation(of line: [UInt8]) -> Int {
        line.prefix { $0 == UInt8(ascii: " ") }.count
    }

    private func replaceValue(in line: inout [UInt8], with value: String) {
        if let colon = line.firstIndex(of: UInt8(ascii: ":")) {
            line.replaceSubrange((colon + 1)..., with: Array((" " + value).utf8))
        } else {
            line += Array(value.utf8)
        }
    }
}

extension String {
    func trimmingSpaces() -> String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
