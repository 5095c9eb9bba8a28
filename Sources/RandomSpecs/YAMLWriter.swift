/// Writes a spec as YAML in randomly chosen but equivalent styles: plain, single- or
/// double-quoted scalars (with escapes), `|` blocks, and flow `{ }` or block mappings.
struct YAMLWriter {
    var random: SeededRandom
    private(set) var text = ""

    /// A field of an entry: `key: value`.
    struct Field {
        var key: String
        var value: String
        /// Written as is (a flow sequence or a boolean), not as a string scalar.
        var raw = false
    }

    mutating func line(_ string: String) {
        text += string + "\n"
    }

    /// A top-level key with a scalar value.
    mutating func top(_ key: String, _ value: String) {
        line("\(key): \(scalar(value, inFlow: false, indent: ""))")
    }

    /// One entry of a section: `name: Type` when only the type is given and `shorthand`
    /// allows it, else a flow or block mapping of its fields.
    mutating func entry(_ name: String, fields: [Field], shorthand: Bool) {
        if shorthand, fields.count == 1, fields[0].key == "type", random.chance(60) {
            line("  \(name): \(scalar(fields[0].value, inFlow: false, indent: "  "))")
        } else if random.chance(40) {
            let body = fields.map { "\($0.key): \($0.raw ? $0.value : scalar($0.value, inFlow: true, indent: "    "))" }.joined(separator: ", ")
            line("  \(name): { \(body) }")
        } else {
            line("  \(name):")
            for field in fields {
                line("    \(field.key): \(field.raw ? field.value : scalar(field.value, inFlow: false, indent: "    "))")
            }
        }
    }

    /// `text` as a YAML scalar that reads back as exactly `text`.
    mutating func scalar(_ value: String, inFlow: Bool, indent: String) -> String {
        let multiLine = value.contains("\n")
        if multiLine {
            if !inFlow, random.chance(75) { return block(value, indent: indent) }
            return Self.doubleQuoted(value)
        }
        var styles: [Int] = [1, 2]
        if isPlainSafe(value, inFlow: inFlow) { styles += [0, 0, 0] }
        switch random.pick(styles) {
        case 0: return value
        case 1: return "'" + value.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "''") + "'"
        default: return Self.doubleQuoted(value)
        }
    }

    static func doubleQuoted(_ value: String) -> String {
        var result = "\""
        for character in value {
            switch character {
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            default: result.append(character)
            }
        }
        return result + "\""
    }

    /// A literal block: `|` and the lines below, indented two more than the key.
    func block(_ value: String, indent: String) -> String {
        let inner = indent + "  "
        return "|\n" + value.split(separator: "\n", omittingEmptySubsequences: false).map { inner + $0 }.joined(separator: "\n")
    }

    /// Whether `value` reads back unchanged as a plain scalar (conservatively).
    func isPlainSafe(_ value: String, inFlow: Bool) -> Bool {
        guard let first = value.first, let last = value.last else { return false }
        if first == " " || last == " " || last == ":" { return false }
        if "-?:,[]{}#&*!|>'\"%@`".contains(first) { return false }
        if value.contains(": ") || value.contains(" #") || value.contains("\t") { return false }
        if inFlow, value.contains(where: { ",[]{}".contains($0) }) { return false }
        return !["null", "Null", "NULL", "~"].contains(value)
    }
}
