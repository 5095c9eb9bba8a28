import Foundation
import PackagePlugin

/// Generates a view model for every `*.vm.yaml` spec in a target while the target builds.
///
/// Each spec gets its own build command, which reads the target's other specs too (`--context`),
/// so that a spec is checked with its children as `vmgen generate` over the folder checks it.
/// SwiftPM (and Xcode) re-run a command when its inputs change: a spec of the target, the custom
/// templates, or the `vmgen` tool; a file whose bytes come out the same is not rewritten, so it
/// is not compiled again. A no-op build runs nothing. The generated `<SpecName>.swift` lands in the plugin's work directory and is
/// compiled into the target; nothing is written into the package.
///
/// Custom templates: a `VMGenTemplates/` folder at the root of the package that owns the
/// target. Its `*.mustache` files replace the default templates of the same name and are inputs
/// of every command, so editing one regenerates every spec.
@main
struct VMGenPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: any Target) async throws -> [Command] {
        guard let sources = target.sourceModule else { return [] }
        return try ViewModelCommands(
            specs: sources.sourceFiles.map(\.url),
            packageDirectory: context.package.directoryURL,
            workDirectory: context.pluginWorkDirectoryURL,
            vmgen: try context.tool(named: "vmgen").url
        ).commands()
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

extension VMGenPlugin: XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        try ViewModelCommands(
            specs: target.inputFiles.map(\.url),
            packageDirectory: context.xcodeProject.directoryURL,
            workDirectory: context.pluginWorkDirectoryURL,
            vmgen: try context.tool(named: "vmgen").url
        ).commands()
    }
}
#endif

/// The build commands for one target: the same for SwiftPM packages and Xcode projects.
struct ViewModelCommands {
    /// The folder, at the root of the package or project, whose templates replace the defaults.
    static let templatesFolderName = "VMGenTemplates"
    /// The file name endings that make a file a spec.
    static let specSuffixes = [".vm.yaml", ".vm.yml"]

    /// The target's specs (`*.vm.yaml`, `*.vm.yml`), sorted by path.
    var specs: [URL]
    /// The root of the package (or Xcode project) that owns the target.
    var packageDirectory: URL
    /// Where generated files go: private to this plugin and this target.
    var workDirectory: URL
    /// The `vmgen` executable built for the host.
    var vmgen: URL

    /// The target's own Swift files, which a generated file must not share a name with.
    var swiftFiles: [URL]

    init(specs files: [URL], packageDirectory: URL, workDirectory: URL, vmgen: URL) {
        specs = files
            .filter { file in Self.specSuffixes.contains { file.lastPathComponent.hasSuffix($0) } }
            .sorted { $0.path < $1.path }
        swiftFiles = files.filter { $0.pathExtension == "swift" }.sorted { $0.path < $1.path }
        self.packageDirectory = packageDirectory
        self.workDirectory = workDirectory
        self.vmgen = vmgen
    }

    func commands() throws -> [Command] {
        try rejectClashingNames()
        let outputFolder = workDirectory.appending(path: "GeneratedSources", directoryHint: .isDirectory)
        let templates = customTemplates()
        var templateArguments: [String] = []
        if let folder = templates.folder {
            templateArguments = ["--templates", folder.path]
        }
        return specs.map { spec in
            let output = outputFolder.appending(path: Self.outputName(forSpec: spec), directoryHint: .notDirectory)
            // The target's other specs are read for what this one's checks use of them (a child's
            // events and inputs, view model names two specs must not share): inputs too, so that
            // a change to one checks this spec again.
            let others = specs.filter { $0 != spec }
            return .buildCommand(
                displayName: "Generating \(output.lastPathComponent) from \(spec.lastPathComponent)",
                executable: vmgen,
                arguments: ["generate", spec.path, "--output-file", output.path, "--quiet", "--plugin"] + templateArguments
                    + others.flatMap { ["--context", $0.path] },
                inputFiles: [spec] + others + templates.files,
                outputFiles: [output]
            )
        }
    }

    /// `VMGenTemplates/` and its templates when the folder exists, else nothing.
    func customTemplates() -> (folder: URL?, files: [URL]) {
        let folder = packageDirectory.appending(path: Self.templatesFolderName, directoryHint: .isDirectory)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder), isFolder.boolValue else {
            return (nil, [])
        }
        let contents = (try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)) ?? []
        // A Stencil file there is an error vmgen reports: an input too, so that adding one is seen.
        let files = contents.filter { ["mustache", "stencil"].contains($0.pathExtension) }.sorted { $0.path < $1.path }
        return (folder, files)
    }

    /// The file the plugin asks vmgen to write for a spec (`--output-file`): `Counter.vm.yaml` -> `Counter.swift`.
    static func outputName(forSpec spec: URL) -> String {
        var name = spec.lastPathComponent
        for suffix in specSuffixes where name.hasSuffix(suffix) {
            name.removeLast(suffix.count)
            break
        }
        return name + ".swift"
    }

    /// Two specs named alike in different folders would write the same file (and a Swift module
    /// cannot hold two files of the same name): say so instead of letting one overwrite the other.
    /// The same holds for a spec and a Swift file of the target named alike (`Helpers.vm.yaml`
    /// and `Helpers.swift`), which SwiftPM would only call "multiple producers".
    func rejectClashingNames() throws {
        // Names that differ only in case are one file where names ignore case (macOS's default).
        let byOutput = Dictionary(grouping: specs) { Self.outputName(forSpec: $0).lowercased() }
        let clashes = byOutput.filter { $0.value.count > 1 }.sorted { $0.key < $1.key }
        let swiftFileNames = Dictionary(grouping: swiftFiles) { $0.lastPathComponent.lowercased() }
        let shadowing = specs.compactMap { spec in
            swiftFileNames[Self.outputName(forSpec: spec).lowercased()]?.first.map { (spec: spec.path, file: $0.path) }
        }
        guard !clashes.isEmpty || !shadowing.isEmpty else { return }
        throw ClashingSpecNames(clashes: clashes.map { clash in
            (output: Set(clash.value.map(Self.outputName(forSpec:))).sorted().joined(separator: " and "), specs: clash.value.map(\.path))
        }, swiftFiles: shadowing)
    }
}

/// Specs that would generate the same file, or a file the target already has; SwiftPM prints the
/// description and stops the build.
struct ClashingSpecNames: Error, CustomStringConvertible {
    var clashes: [(output: String, specs: [String])]
    var swiftFiles: [(spec: String, file: String)] = []
    var description: String {
        let between = clashes.map { "vmgen: \($0.specs.joined(separator: " and ")) would each generate \($0.output); rename all but one" }
        let withFiles = swiftFiles.map { clash in
            let name = URL(fileURLWithPath: clash.file).lastPathComponent
            return "vmgen: \(clash.spec) would generate \(name), and the target has a Swift file of that name (\(clash.file)); rename the spec or the file"
        }
        return (between + withFiles).joined(separator: "\n")
    }
}
