import Foundation

/// Generates a set of specs into an output folder: the work behind `vmgen generate` and
/// `vmgen check`, kept out of the CLI so it can be tested. A spec with errors writes nothing
/// (for the build plugin: a file of `#error`s instead); files are written only when their bytes
/// change, and never over a file vmgen did not write; a file vmgen generated from a spec that
/// is gone is found by `orphans`.
public struct GenerationJob {
    /// One spec to generate: the path used in diagnostics and `#sourceLocation`, and its bytes.
    public struct Input {
        public var path: String
        public var data: Data
        /// Where to write the result; by default `<output folder>/<SpecName>.swift`.
        public var outputURL: URL?

        public init(path: String, data: Data, outputURL: URL? = nil) {
            self.path = path
            self.data = data
            self.outputURL = outputURL
        }
    }

    /// What happened to one spec.
    public struct Result {
        public var specPath: String
        public var outputURL: URL
        public var diagnostics: [Diagnostic]
        /// What writing did, or nil when nothing was written (an error, or `check`).
        public var outcome: OutputWriter.Outcome?
        /// The generated source, when the spec had no error.
        public var source: String?
        /// Why the output could not be written.
        public var writeError: (any Error)?
        /// For the build plugin: the spec's errors were written into the output file as
        /// `#error`s, for the compiler to report at the spec's lines.
        public var errorsWritten = false

        public var failed: Bool { source == nil || writeError != nil }
    }

    let generator: Generator
    let outputFolder: URL
    /// Who writes the files: decides the header and, for the build plugin, that a spec with
    /// errors still gets a file, one that carries its errors to the compiler.
    let writer: GeneratedHeader.Writer

    public init(generator: Generator, outputFolder: URL, writer: GeneratedHeader.Writer = .command) {
        self.generator = generator
        self.outputFolder = outputFolder
        self.writer = writer
    }

    func outputURL(for input: Input) -> URL {
        input.outputURL ?? outputFolder.appendingPathComponent(OutputWriter.outputName(forSpec: URL(fileURLWithPath: input.path)))
    }

    /// Two or more specs that would write the same file: neither is written, since one would
    /// silently replace the other (and `check` would then always find the output stale).
    /// Names that differ only in case clash too: they are one file where file names ignore case
    /// (macOS's default), so a package that builds on Linux would not on a Mac.
    public struct ClashError: Error, CustomStringConvertible {
        public var outputPath: String
        public var specPaths: [String]
        /// The file names the specs would generate, when they differ in case.
        public var caseVariants: [String] = []
        public var description: String {
            let name = URL(fileURLWithPath: outputPath).lastPathComponent
            let files = caseVariants.isEmpty ? "would each generate \(name)"
                : "would generate \(caseVariants.joined(separator: " and ")), one file where file names ignore case (macOS's default)"
            return "\(outputPath): error: \(specPaths.joined(separator: " and ")) \(files); rename all but one, or generate them into different --output folders"
        }
    }

    /// The files vmgen generated into the output folder from specs that are gone, for `generate`
    /// to remove and `check` to report (see `OrphanedFile`); `paths` are the spec files and
    /// folders the inputs were collected from.
    public func orphans(of inputs: [Input], paths: [String]) -> [OrphanedFile] {
        OrphanedFile.find(in: outputFolder, outputs: inputs.map(outputURL(for:)), paths: paths)
    }

    /// Generates every input and writes the files that changed. First removes the temporary
    /// files an interrupted run left in the folders written to. `context`: other specs of the
    /// same module, read (not generated) for what the inputs' checks use of them.
    public func generate(_ inputs: [Input], context: [Input] = []) -> [Result] {
        let folders = Set(inputs.map { outputURL(for: $0).deletingLastPathComponent().standardizedFileURL.path })
        for folder in folders.sorted() {
            OutputWriter().removeLeftovers(in: URL(fileURLWithPath: folder, isDirectory: true))
        }
        return run(inputs, context: context, writes: true)
    }

    /// Generates every input in memory, writing nothing; `outcome` says what `generate` would do.
    public func check(_ inputs: [Input]) -> [Result] {
        run(inputs, context: [], writes: false)
    }

    /// Generates every input, then writes each output (or, without `writes`, plans the write).
    func run(_ inputs: [Input], context: [Input], writes: Bool) -> [Result] {
        let clashes = clashes(in: inputs)
        let (parsed, childSpecs) = parseAll(inputs, context: context)
        return zip(inputs, parsed).map { input, parsed in
            var result = render(input, parsed, childSpecs: childSpecs)
            if let clash = clashes[Self.clashKey(result.outputURL)] {
                if result.source != nil { result.writeError = clash }
                return result
            }
            var contents = result.source
            if writes, contents == nil, writer == .buildPlugin, result.diagnostics.contains(where: { $0.severity == .error }) {
                contents = CompilerDiagnosticsFile.render(
                    result.diagnostics, header: GeneratedHeader.lines(specPath: input.path, writer: writer))
                result.errorsWritten = true
            }
            guard let source = contents else { return result }
            do {
                // A file named with `--output-file` is advised another one, not another folder.
                let writer = OutputWriter(elsewhere: input.outputURL == nil ? OutputWriter.anotherFolder : OutputWriter.anotherFile)
                result.outcome = writes ? try writer.write(source, to: result.outputURL) : try writer.plan(source, to: result.outputURL)
            } catch {
                result.writeError = error
            }
            return result
        }
    }

    /// The output files that more than one input would write, by standardized path.
    func clashes(in inputs: [Input]) -> [String: ClashError] {
        let byOutput = Dictionary(grouping: inputs) { Self.clashKey(outputURL(for: $0)) }
        return byOutput.filter { $0.value.count > 1 }.mapValues { inputs in
            let names = inputs.map { outputURL(for: $0).lastPathComponent }
            return ClashError(outputPath: outputURL(for: inputs[0]).relativePath, specPaths: inputs.map(\.path),
                              caseVariants: Set(names).count > 1 ? names : [])
        }
    }

    /// What makes two outputs one file on every file system: the path, its case ignored.
    static func clashKey(_ url: URL) -> String { url.standardizedFileURL.path.lowercased() }

    /// Reads every input once, before any is checked: each spec is checked knowing the others,
    /// and the specs of `context` (a spec among the inputs is read once; a context spec's own
    /// problems are its own run's to report).
    func parseAll(_ inputs: [Input], context: [Input] = []) -> (parsed: [Generator.Parsed], childSpecs: ChildSpecs) {
        let parsed = inputs.map { generator.parse($0.data, file: $0.path) }
        var read = Set(inputs.map { URL(fileURLWithPath: $0.path).standardizedFileURL.path })
        let others = context
            .filter { read.insert(URL(fileURLWithPath: $0.path).standardizedFileURL.path).inserted }
            .compactMap { generator.parse($0.data, file: $0.path).spec }
        return (parsed, ChildSpecs(specs: parsed.compactMap(\.spec) + others))
    }

    func render(_ input: Input, _ parsed: Generator.Parsed, childSpecs: ChildSpecs) -> Result {
        let output = generator.generate(parsed, writer: writer, childSpecs: childSpecs)
        return Result(specPath: input.path, outputURL: outputURL(for: input), diagnostics: output.diagnostics,
                      outcome: nil, source: output.source, writeError: nil)
    }
}
