import Foundation
import Testing
import VMGenCore

/// Broken YAML and hostile input: every case is a located error, never a crash.
@Suite("YAML input")
struct YAMLInputTests {
    @Test("a YAML syntax error names the line and column libyaml reports, with its context as a note")
    func syntaxError() {
        let diagnostics = diagnose("viewModel: A\nstate:\n  a: { type: Int, initial: \"0\"\n  b: Int\n")
        #expect(diagnostics.count == 1)
        #expect(diagnostics[0].message.hasPrefix("invalid YAML: "))
        #expect(diagnostics[0].location.line == 4)
        #expect(diagnostics[0].notes.first?.location.line == 3)
    }

    @Test("a tab in the indentation says to use spaces")
    func tabIndentation() {
        let diagnostics = diagnose("viewModel: A\nstate:\n\ta: Int\n")
        #expect(diagnostics.count == 1)
        #expect(diagnostics[0].location.line == 3)
        #expect(diagnostics[0].message.contains("replace the tab with spaces"))
    }

    @Test("a duplicate key is an error at the duplicate, with a note at the first")
    func duplicateKey() {
        let diagnostics = diagnose("viewModel: A\nstate:\n  a: Int?\n  b: Int?\n  a: Int?\n")
        #expect(diagnostics.map(\.description) == [
            "Spec.vm.yaml:5:3: error: duplicate key `a`: it is already in this mapping on line 3; each key may appear once: remove or rename one\nSpec.vm.yaml:3:3: note: `a` first appears here",
        ])
    }

    @Test("an over-indented key is called an indentation error, with the indentation to use")
    func overIndentedKey() {
        #expect(errors("viewModel: A\nstate:\n  a: Int\n    b: Int\n") == [
            "4:6: invalid YAML: mapping values are not allowed in this context; this is an indentation error: `b` on line 4 is indented deeper than line 3, which already has a value: indent `b` by 2 spaces, like line 3",
        ])
    }

    @Test("a value with an unquoted `: ` gets the line back with the value quoted")
    func unquotedColon() {
        #expect(errors("viewModel: A\ncommands:\n  go:\n    perform: print(\"a\", terminator: \"\")\n") == [
            "4:35: invalid YAML: mapping values are not allowed in this context; a value that contains `: ` must be quoted: write `perform: 'print(\"a\", terminator: \"\")'`, or write the value as a block scalar (`|`) on the lines below",
        ])
    }

    @Test("an empty file, and a file that is only a comment, say how to start")
    func emptySpecs() {
        for text in ["", "   \n", "# just a comment\n"] {
            #expect(errors(text) == ["1:1: the spec is empty; start it with `viewModel: <Name>` (see `vmgen init`)"])
        }
    }

    @Test("a spec that is a plain scalar or a list is a shape error")
    func rootShape() {
        #expect(errors("hello\n") == ["1:1: the spec must be a mapping of `key: value` lines, not a single value"])
        #expect(errors("- a\n- b\n") == ["1:1: the spec must be a mapping of `key: value` lines, not a list"])
    }

    @Test("anchors and aliases are refused at the first anchor, so an alias bomb costs nothing")
    func aliasBomb() {
        var yaml = "viewModel: A\nx0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
        for level in 1...9 {
            let refs = Array(repeating: "*a\(level - 1)", count: 9).joined(separator: ", ")
            yaml += "x\(level): &a\(level) [\(refs)]\n"
        }
        yaml += "state: *a9\n"
        #expect(errors(yaml) == [
            "2:5: specs do not use YAML anchors (`&a0`) and aliases (`*a0`): write the value out at each place that uses it",
        ])
    }

    @Test("invalid UTF-8 is reported at the byte's line and column")
    func invalidUTF8() {
        var data = Data("viewModel: A\ndoc: caf".utf8)
        data.append(contentsOf: [0xC3, 0x28])
        data.append(contentsOf: Data("\n".utf8))
        let diagnostics = diagnose(data)
        #expect(diagnostics.map { "\($0.location.line):\($0.location.column)" } == ["2:9"])
        #expect(diagnostics.first?.message == "the spec is not valid UTF-8; save it as UTF-8 text")
    }

    @Test("deep nesting is refused before the parser recurses into it")
    func deepNesting() {
        let yaml = "viewModel: A\ndoc: " + String(repeating: "[", count: 100_000) + "\n"
        let found = errors(yaml)
        #expect(found == ["2:70: nesting is deeper than 64 levels; a spec never needs that much: flatten it"])
    }

    @Test("brackets inside a quoted value, after an escaped quote, are not nesting")
    func bracketsInQuotedText() {
        let brackets = String(repeating: "[", count: 70)
        #expect(errors("viewModel: A\ndoc: \"say \\\" \(brackets)\"\n").isEmpty)
    }

    @Test("brackets in a block scalar, or in a plain value's text, are not nesting, however many")
    func bracketsInScalarText() {
        // `{`: Swift's own guard counts every `[` of code (`deepBracketsInSwift`); YAML's both.
        let brackets = String(repeating: "{", count: 70)
        let block = """
            viewModel: A
            state:
              text: { type: String, initial: '""', input: true }
            commands:
              fill:
                perform: |
                  text = "\(brackets)"
                  text += "{{{"
            """
        #expect(errors(block).isEmpty)
        // Each command's code leaves one `[` open: 70 of them stay 70 texts, not 70 levels.
        let plain = "viewModel: A\nstate:\n  parts: { type: \"[String]\", initial: \"[]\", input: true }\ncommands:\n"
            + (1...70).map { "  add\($0): { perform: 'parts.append(\"[\")' }\n  more\($0):\n    perform: parts.append(\"[\")\n" }.joined()
        #expect(errors(plain).isEmpty)
        // A plain value's further lines, and a tagged block scalar, are text too.
        let further = "viewModel: A\ndoc: Builds the parts\n  [draft] of a list; the brackets\n  [see the notes " + brackets
            + "\nstate:\n  a: { type: Int, initial: \"0\", input: true }\n"
        #expect(errors(further).isEmpty, "\(errors(further))")
        let tagged = "viewModel: A\ndoc: !!str |\n  " + String(repeating: "[", count: 70) + "\n"
        #expect(errors(tagged).isEmpty, "\(errors(tagged))")
        // A flow collection inside a block scalar's parent still counts after the scalar ends.
        let after = "viewModel: A\ndoc: |\n  " + brackets + "\nstate: " + String(repeating: "[", count: 65) + "\n"
        #expect(errors(after) == ["4:72: nesting is deeper than 64 levels; a spec never needs that much: flatten it"])
    }

    @Test("brackets nested past Swift's parser's comfort in a type or in code are refused at the first one too deep")
    func deepBracketsInSwift() {
        let type = "viewModel: A\nstate:\n  a: { type: \"" + String(repeating: "[", count: 3000) + "Int" + String(repeating: "]", count: 3000) + "\", initial: \"[]\", input: true }\n"
        let typeErrors = errors(type)
        #expect(typeErrors.count == 1)
        // The type starts at column 15; its 9th `[` stands at 23.
        #expect(typeErrors.first?.hasPrefix("3:23: ") == true, "\(typeErrors)")
        #expect(typeErrors.first?.contains("`[` nested more than 8 deep") == true, "\(typeErrors)")
        let code = "viewModel: A\nstate:\n  a: { type: Int, initial: \"" + String(repeating: "[", count: 40) + "1" + String(repeating: "]", count: 40) + ".count\", input: true }\n"
        #expect(errors(code).map { String($0.prefix(6)) } == ["3:37: "])
        // Eight levels are fine.
        let eight = "viewModel: A\nstate:\n  a: { type: \"" + String(repeating: "[", count: 8) + "Int" + String(repeating: "]", count: 8) + "\", initial: \"[]\", input: true }\n"
        #expect(errors(eight).isEmpty)
        // Every `[` counts, in a comment or a string too: a scan that skipped them could be led
        // past the ones that matter (a `"` in a comment, a raw string ending in `\`).
        let comment = """
            viewModel: A
            state:
              n: { type: Int, initial: "0", input: true }
            commands:
              go:
                perform: |
                  // say "hi
                  let x = [[[[[[[[[[[[[[[[[[[[[[[[[[0]]]]]]]]]]]]]]]]]]]]]]]]]]
                  n = 1
            """
        #expect(errors(comment).map { String($0.prefix(5)) } == ["8:23:"])
        // Many nests within the limit add up: one piece may not spend minutes in the parser.
        let many = "viewModel: A\nstate:\n  n: { type: Int, initial: \"0\", input: true }\ncommands:\n  go:\n    perform: |\n"
            + (0..<200).map { "      let x\($0) = [[[[[[[[0]]]]]]]]\n" }.joined() + "      n = 1\n"
        #expect(errors(many).first?.contains("too many deeply nested `[`") == true, "\(errors(many))")
    }

    @Test("block nesting past libyaml's limit is refused in vmgen's words")
    func deepBlockNesting() {
        var yaml = "viewModel: A\nstate:\n  a:\n"
        for level in 0..<1_100 { yaml += String(repeating: " ", count: 4 + level) + "-\n" }
        let found = errors(yaml)
        #expect(found.count == 1)
        #expect(found.first?.hasSuffix("nesting is deeper than libyaml reads; a spec never needs that much: flatten it") == true, "\(found)")
    }

    @Test("a 10 MB spec is refused with its size")
    func hugeSpec() {
        let yaml = "viewModel: A\ndoc: " + String(repeating: "x", count: 10_000_000) + "\n"
        let found = errors(yaml)
        #expect(found.count == 1)
        #expect(found[0].hasPrefix("1:1: the spec is 10000019 bytes; specs are limited to 1048576 bytes"))
    }

    @Test("Unicode names are Swift identifiers; quotes and backslashes in docs stay in comments")
    func unicodeAndEscapes() throws {
        let source = try #require(generate("""
            viewModel: Café
            doc: "Says \\"hi\\" */ and \\\\ goes on"
            state:
              größe: { type: Int, initial: "0", input: true, doc: "line one\\nline two" }
            """, file: #"Dir "quoted"/Spec.vm.yaml"#))
        #expect(source.contains("public final class Café: Observation.Observable, Reactive.TransactionalViewModel {"))
        #expect(source.contains("@_spi(VMGen) extension Café: Reactive.GeneratedViewModel {}"))
        #expect(source.contains("/// Says \"hi\" */ and \\ goes on"))
        #expect(source.contains("    /// line one\n    /// line two\n    public var größe: Int {"))
        #expect(source.contains("#sourceLocation(file: \"Dir \\\"quoted\\\"/Spec.vm.yaml\", line: 4)"))
    }
}
