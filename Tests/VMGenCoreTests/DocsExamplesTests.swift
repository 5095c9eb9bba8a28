import Foundation
import Testing
import VMGenCore

/// Every YAML example in README.md and docs/*.md, read through the generator, so a reader who
/// copies one gets what the page says.
///
/// The rules, one per kind of example:
/// - a whole spec (it has a top-level `viewModel:`) must lint without errors;
/// - a fragment (a section such as `state:` alone) is wrapped into a minimal spec by putting
///   `viewModel: DocsExample` before it; it must read without YAML, shape or key errors. Names
///   it reads from sections it does not show are not checked, since the fragment cannot declare them;
/// - an example meant to fail has the fence info string `yaml fails`; the next fenced block
///   (```text) shows exactly what `vmgen lint Example.vm.yaml` prints for it.
enum DocsExamples {
    struct Example {
        var file: String
        /// The 1-based line of the opening fence.
        var line: Int
        var yaml: String
        /// What the example must print, for an example meant to fail.
        var expectedFailure: String?
    }

    /// The fenced blocks of `markdown` whose info string starts with `yaml`.
    static func examples(inMarkdown markdown: String, file: String) -> [Example] {
        let lines = markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var blocks: [(info: String, line: Int, body: String)] = []
        var index = 0
        while index < lines.count {
            let fence = lines[index].trimmingCharacters(in: .whitespaces)
            guard fence.hasPrefix("```") else {
                index += 1
                continue
            }
            let info = String(fence.dropFirst(3)).trimmingCharacters(in: .whitespaces)
            let start = index
            var body: [String] = []
            index += 1
            while index < lines.count, lines[index].trimmingCharacters(in: .whitespaces) != "```" {
                body.append(lines[index])
                index += 1
            }
            index += 1
            blocks.append((info, start + 1, body.map { $0 + "\n" }.joined()))
        }
        return blocks.indices.compactMap { position in
            let block = blocks[position]
            guard block.info.hasPrefix("yaml") else { return nil }
            var expected: String?
            if block.info == "yaml fails" {
                expected = position + 1 < blocks.count && blocks[position + 1].info == "text" ? blocks[position + 1].body : ""
            }
            return Example(file: file, line: block.line, yaml: block.body, expectedFailure: expected)
        }
    }

    /// The spec an example stands for, by the rules above.
    static func spec(for yaml: String) -> (text: String, isWhole: Bool) {
        let lines = yaml.split(separator: "\n", omittingEmptySubsequences: false)
        if lines.contains(where: { $0.hasPrefix("viewModel:") }) { return (yaml, true) }
        return ("viewModel: DocsExample\n" + yaml, false)
    }

    /// What is wrong with one example, or nil.
    static func problem(with example: Example) throws -> String? {
        let (text, isWhole) = spec(for: example.yaml)
        let place = "\(example.file):\(example.line)"
        let generator = try Generator()
        if let expected = example.expectedFailure {
            let printed = generator.check(Data(text.utf8), file: "Example.vm.yaml").diagnostics.map(\.description)
                .map { $0 + "\n" }.joined()
            return printed == expected ? nil : "\(place): the example must print\n\(expected)but prints\n\(printed)"
        }
        let errors: [Diagnostic]
        if isWhole {
            errors = generator.check(Data(text.utf8), file: "Example.vm.yaml").diagnostics.filter { $0.severity == .error }
        } else {
            var diagnostics = Diagnostics()
            _ = SpecParser().parse(Data(text.utf8), file: "Example.vm.yaml", diagnostics: &diagnostics)
            errors = diagnostics.all.filter { $0.severity == .error }
        }
        guard !errors.isEmpty else { return nil }
        return "\(place): the example does not read as a spec:\n" + errors.map(\.description).joined(separator: "\n")
    }

    /// The Markdown files whose examples are checked.
    static let files: [String] = {
        let docs = (try? FileManager.default.contentsOfDirectory(atPath: packageRoot.appendingPathComponent("docs").path)) ?? []
        return ["README.md"] + docs.filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
    }()
}

@Suite("Examples in the documentation")
struct DocsExamplesTests {
    @Test("every YAML example in the docs reads as the page says", arguments: DocsExamples.files)
    func examplesRun(file: String) throws {
        let markdown = try String(contentsOf: packageRoot.appendingPathComponent(file), encoding: .utf8)
        for example in DocsExamples.examples(inMarkdown: markdown, file: file) {
            let problem = try DocsExamples.problem(with: example)
            #expect(problem == nil, "\(problem ?? "")")
        }
    }

    @Test("the docs hold examples of whole specs, fragments and failures")
    func coverage() throws {
        let examples = try DocsExamples.files.flatMap { file in
            DocsExamples.examples(inMarkdown: try String(contentsOf: packageRoot.appendingPathComponent(file), encoding: .utf8), file: file)
        }
        #expect(examples.count >= 15)
        #expect(examples.contains { DocsExamples.spec(for: $0.yaml).isWhole })
        #expect(examples.contains { !DocsExamples.spec(for: $0.yaml).isWhole })
        #expect(examples.contains { $0.expectedFailure != nil })
    }

    /// A page with the mistake the docs once had: a call with an argument label, unquoted.
    static let brokenPage = """
        # A page

        ```yaml
        commands:
          search:
            work: service.search(text: searchText)
        ```

        ```yaml fails
        viewModel: A
        ```

        ```text
        Example.vm.yaml:1:1: error: something else
        ```
        """

    @Test("a broken example fails the test, naming the page and line")
    func brokenExampleFails() throws {
        let examples = DocsExamples.examples(inMarkdown: Self.brokenPage, file: "page.md")
        let problems = try examples.compactMap(DocsExamples.problem(with:))
        #expect(problems == [
            "page.md:3: the example does not read as a spec:\nExample.vm.yaml:4:30: error: invalid YAML: mapping values are not allowed in this context; a value that contains `: ` must be quoted: write `work: \"service.search(text: searchText)\"`, or write the value as a block scalar (`|`) on the lines below",
            "page.md:9: the example must print\nExample.vm.yaml:1:1: error: something else\nbut prints\n",
        ])
    }
}
