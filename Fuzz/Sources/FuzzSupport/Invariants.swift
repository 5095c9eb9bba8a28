import Foundation
import VMGenCore

/// One broken promise of issue #6, found for one input.
public struct Violation: CustomStringConvertible, Sendable {
    /// A short, stable name of the rule, e.g. `line-out-of-range`.
    public var rule: String
    /// What exactly was wrong, for the log.
    public var detail: String

    public init(rule: String, detail: String) {
        self.rule = rule
        self.detail = detail
    }

    public var description: String { "\(rule): \(detail)" }

    /// The rule plus the offending message with its quoted and numeric parts blanked, so that
    /// one bug found through a thousand inputs is reported once.
    public var signature: String {
        var result = rule
        var inQuote = false
        var lastWasDigit = false
        for character in detail {
            if character == "`" {
                inQuote.toggle()
                if !inQuote { result += "`_`" }
                continue
            }
            if inQuote { continue }
            if character.isNumber {
                if !lastWasDigit { result += "#" }
                lastWasDigit = true
                continue
            }
            lastWasDigit = false
            result.append(character.isLetter ? Character(character.lowercased()) : (character == " " ? "-" : "_"))
        }
        return result
    }
}

/// Runs one input through the generator and checks what issue #6 promises for every input:
/// each diagnostic points inside the file, reads as one line, a failure always says why, and
/// the same input always gives the same output. (Crashes and hangs are caught by libFuzzer.)
public struct InvariantChecker {
    public static let fileName = "Fuzz.vm.yaml"

    let generator: Generator

    public init() throws {
        generator = try Generator()
    }

    public func check(_ data: Data) -> [Violation] {
        let first = generator.generate(data, file: Self.fileName)
        var violations = Self.check(first, for: data)
        let second = generator.generate(data, file: Self.fileName)
        if first.source != second.source {
            violations.append(Violation(rule: "nondeterministic-source", detail: "two runs rendered different Swift"))
        }
        if first.diagnostics != second.diagnostics {
            let a = first.diagnostics.map(\.description).joined(separator: " | ")
            let b = second.diagnostics.map(\.description).joined(separator: " | ")
            violations.append(Violation(rule: "nondeterministic-diagnostics", detail: "first: \(a) second: \(b)"))
        }
        violations += checkLineEndings(first, for: data)
        return violations
    }

    /// Windows line ends (`\r\n`) must not move any diagnostic: the same spec saved with them
    /// gives the same diagnostics at the same places. Checked for inputs without `\r`.
    func checkLineEndings(_ output: Generator.Output, for data: Data) -> [Violation] {
        guard !data.contains(UInt8(ascii: "\r")), data.contains(UInt8(ascii: "\n")) else { return [] }
        var crlf = Data()
        crlf.reserveCapacity(data.count * 2)
        for byte in data {
            if byte == UInt8(ascii: "\n") { crlf.append(UInt8(ascii: "\r")) }
            crlf.append(byte)
        }
        let windows = generator.generate(crlf, file: Self.fileName)
        func summary(_ output: Generator.Output) -> [String] {
            output.diagnostics.map { diagnostic in
                let places = [diagnostic.location] + diagnostic.notes.map(\.location)
                return "\(places.map { "\($0.line):\($0.column)" }.joined(separator: ",")) \(diagnostic.severity)"
            }
        }
        let lf = summary(output), windowsSummary = summary(windows)
        guard lf != windowsSummary else { return [] }
        let index = (0..<min(lf.count, windowsSummary.count)).first { lf[$0] != windowsSummary[$0] } ?? min(lf.count, windowsSummary.count)
        func describe(_ output: Generator.Output, _ summary: [String]) -> String {
            index < summary.count ? "\(summary[index]) \(output.diagnostics[index].message)" : "nothing"
        }
        return [Violation(
            rule: "crlf-moves-diagnostic",
            detail: "with \\n: \(describe(output, lf)); with \\r\\n: \(describe(windows, windowsSummary))")]
    }

    /// The rules that need only one run's output.
    static func check(_ output: Generator.Output, for data: Data) -> [Violation] {
        var violations: [Violation] = []
        let lines = LineTable(data)
        let errors = output.diagnostics.filter { $0.severity == .error }
        if output.source == nil && errors.isEmpty {
            let all = output.diagnostics.map(\.description).joined(separator: " | ")
            violations.append(Violation(rule: "silent-failure", detail: "no Swift and no error; diagnostics: [\(all)]"))
        }
        if output.source != nil && !errors.isEmpty {
            violations.append(Violation(rule: "source-despite-error", detail: errors[0].message))
        }
        if let source = output.source, let (line, scalar) = Self.firstControlCharacter(in: source) {
            violations.append(Violation(
                rule: "control-character-in-swift",
                detail: "U+\(String(scalar.value, radix: 16, uppercase: true)) on line \(line) of the generated Swift"))
        }
        for diagnostic in output.diagnostics {
            let places = [(diagnostic.location, diagnostic.message)] + diagnostic.notes.map { ($0.location, $0.message) }
            for (location, message) in places {
                if location.file != fileName {
                    violations.append(Violation(rule: "wrong-file", detail: "\(location.file) for: \(message)"))
                }
                if location.line < 1 || location.line > lines.count + 1 {
                    violations.append(Violation(
                        rule: "line-out-of-range",
                        detail: "line \(location.line) of \(lines.count) for: \(message)"))
                } else if location.column < 1 {
                    violations.append(Violation(rule: "column-below-one", detail: "column \(location.column) for: \(message)"))
                } else if let width = lines.width(ofLine: location.line), location.column > width + 1 {
                    violations.append(Violation(
                        rule: "column-past-line-end",
                        detail: "column \(location.column) of a \(width)-byte line \(location.line) for: \(message)"))
                }
                if message.isEmpty {
                    violations.append(Violation(rule: "empty-message", detail: "at \(location)"))
                }
            }
            let printed = diagnostic.description.split(separator: "\n", omittingEmptySubsequences: false)
            if printed.count != 1 + diagnostic.notes.count {
                violations.append(Violation(
                    rule: "multi-line-message",
                    detail: "\(printed.count) lines for \(diagnostic.notes.count) notes: \(diagnostic.message)"))
            }
        }
        return violations
    }
}

extension InvariantChecker {
    /// The first character in generated Swift that ends a line where the generator did not mean
    /// one (`\r`: Swift breaks lines there too) or that the compiler warns about (NUL): spec text
    /// must reach the generated code escaped or not at all.
    static func firstControlCharacter(in source: String) -> (line: Int, scalar: Unicode.Scalar)? {
        var line = 1
        for scalar in source.unicodeScalars {
            switch scalar {
            case "\n": line += 1
            case "\r", "\0": return (line, scalar)
            default: continue
            }
        }
        return nil
    }
}

/// The input's lines, counted both ways a diagnostic's line may be meant: as editors count them
/// (a line ends at `\n`, `\r\n` or a lone `\r`) and as libyaml does (YAML 1.1 also ends lines
/// at U+0085, U+2028 and U+2029). A location is inside the file if it is by either count.
/// Widths are in UTF-8 bytes, as diagnostics count columns (the compiler's count). Where the input is not UTF-8
/// only `\n` and `\r` are counted, and no column can be checked.
struct LineTable {
    private let editor: [Int?]
    private let yaml: [Int?]

    init(_ data: Data) {
        if let text = String(validating: data, as: UTF8.self) {
            editor = Self.widths(of: text, breakingAt: ["\n", "\r"])
            yaml = Self.widths(of: text, breakingAt: ["\n", "\r", "\u{85}", "\u{2028}", "\u{2029}"])
        } else {
            var lines: [Int?] = [nil]
            var previous: UInt8 = 0
            for byte in data {
                if byte == UInt8(ascii: "\r") || (byte == UInt8(ascii: "\n") && previous != UInt8(ascii: "\r")) {
                    lines.append(nil)
                }
                previous = byte
            }
            if lines.count > 1, previous == UInt8(ascii: "\n") || previous == UInt8(ascii: "\r") { lines.removeLast() }
            editor = lines
            yaml = lines
        }
    }

    private static func widths(of text: String, breakingAt breaks: Set<Unicode.Scalar>) -> [Int?] {
        var widths: [Int?] = []
        var width = 0
        var previous: Unicode.Scalar?
        for scalar in text.unicodeScalars {
            defer { previous = scalar }
            if scalar == "\n" && previous == "\r" { continue }
            if breaks.contains(scalar) {
                widths.append(width)
                width = 0
            } else {
                width += UTF8.width(scalar)
            }
        }
        if width > 0 || widths.isEmpty { widths.append(width) }
        return widths
    }

    /// The number of lines by the larger count ("" has one, empty, line).
    var count: Int { max(editor.count, yaml.count) }

    /// The widest the line may be by either count; nil if it cannot be told.
    func width(ofLine line: Int) -> Int? {
        let widths = [editor, yaml].compactMap { lines in line >= 1 && line <= lines.count ? lines[line - 1] : nil }
        return widths.max()
    }
}
