import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory generate-view-models [specs...] [--target name] [--output dir]`
///
/// Runs `vmgen generate` from the package's root folder, in one of two ways:
/// - specs or folders given, or a package with both `Specs/` and `Generated/` (as this one):
///   regenerates checked-in view models, by default `Specs` into `Generated`, with paths as
///   written, so the files are byte for byte what `vmgen generate Specs --output Generated` writes;
/// - otherwise, in any package: the specs of each target that holds specs (the targets that use
///   the build plugin), or of the targets named with `--target`, each into `<output>/<Target>`,
///   by default this plugin's work folder (printed), for reading the code and seeing every error.
@main
struct GenerateViewModels: CommandPlugin {
    static let usage = """
        USAGE: swift package --allow-writing-to-package-directory generate-view-models \
        [<spec or folder> ...] [--target <name> ...] [--output <dir>] [--templates <dir>] [--check]

          <spec or folder>   Specs (*.vm.yaml) or folders to search, relative to the package root.
          --target <name>    A target whose specs to generate (repeatable). Default, when no spec
                             or folder is given: every target that holds specs, except in a package
                             with both Specs/ and Generated/, where the default is Specs -> Generated.
          --output <dir>     Where the Swift files go: default Generated for specs and folders; for
                             targets, <dir>/<Target>, default the plugin's work folder.
          --templates <dir>  Custom Mustache templates (default: VMGenTemplates when it exists).
          --check            Write nothing; fail with a diff when the output is stale (`vmgen check`).
        """

    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        if extractor.extractFlag(named: "help") > 0 {
            print(Self.usage)
            return
        }
        let check = extractor.extractFlag(named: "check") > 0
        let outputs = extractor.extractOption(named: "output")
        let templateOptions = extractor.extractOption(named: "templates")
        let targetNames = extractor.extractOption(named: "target")
        let unknown = extractor.unextractedOptionsOrFlags
        guard unknown.isEmpty, outputs.count <= 1, templateOptions.count <= 1 else {
            throw UsageError(message: unknown.isEmpty
                ? "--output and --templates may each be given once"
                : "unknown option \(unknown.joined(separator: ", "))")
        }
        let paths = extractor.remainingArguments
        guard paths.isEmpty || targetNames.isEmpty else {
            throw UsageError(message: "give specs and folders, or --target, not both")
        }
        let root = context.package.directoryURL
        var templateArguments: [String] = []
        if let templates = templateOptions.first ?? Self.defaultTemplates(in: root) {
            templateArguments = ["--templates", templates]
        }
        let verb = check ? "check" : "generate"
        let vmgen = try context.tool(named: "vmgen").url

        if !paths.isEmpty || (targetNames.isEmpty && Self.hasCheckedInLayout(root)) {
            let specs = paths.isEmpty ? ["Specs"] : paths
            try Self.run(vmgen, [verb] + specs + ["--output", outputs.first ?? "Generated"] + templateArguments, in: root)
            return
        }
        let targets = try Self.targets(named: targetNames, in: context.package)
        guard !targets.isEmpty else {
            throw UsageError(message: "no target of \(context.package.displayName) holds a spec (*.vm.yaml); give specs or folders, or --target")
        }
        let outputRoot = outputs.first ?? context.pluginWorkDirectoryURL.path
        for target in targets {
            let folder = Self.relativePath(of: target.directoryURL, to: root)
            let output = URL(fileURLWithPath: outputRoot, relativeTo: root).appending(path: target.name).path
            try Self.run(vmgen, [verb, folder, "--output", output] + templateArguments, in: root)
            if !check { print("generate-view-models: \(target.name): \(folder) -> \(output)") }
        }
    }

    /// Both `Specs/` and `Generated/` at the root: the layout of checked-in output.
    static func hasCheckedInLayout(_ root: URL) -> Bool {
        ["Specs", "Generated"].allSatisfy { name in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: root.appending(path: name).path, isDirectory: &isFolder) && isFolder.boolValue
        }
    }

    /// The targets named (each must exist and hold sources), or every target that holds a spec.
    static func targets(named names: [String], in package: Package) throws -> [any SourceModuleTarget] {
        let modules = package.targets.compactMap(\.sourceModule)
        guard !names.isEmpty else {
            return modules.filter { module in
                module.sourceFiles.contains { file in [".vm.yaml", ".vm.yml"].contains { file.url.lastPathComponent.hasSuffix($0) } }
            }
        }
        return try names.map { name in
            guard let module = modules.first(where: { $0.name == name }) else {
                let known = modules.map(\.name).joined(separator: ", ")
                throw UsageError(message: "no source target named \(name) in \(package.displayName) (targets: \(known))")
            }
            return module
        }
    }

    /// `url` relative to `root` when it lies inside it (so diagnostics and headers stay short).
    static func relativePath(of url: URL, to root: URL) -> String {
        let path = url.standardizedFileURL.path, base = root.standardizedFileURL.path + "/"
        return path.hasPrefix(base) ? String(path.dropFirst(base.count)) : path
    }

    /// Runs vmgen in `folder`; vmgen prints its own errors, so a failure only adds the command.
    static func run(_ vmgen: URL, _ arguments: [String], in folder: URL) throws {
        let process = Process()
        process.executableURL = vmgen
        process.arguments = arguments
        process.currentDirectoryURL = folder
        try process.run()
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            throw VMGenFailed(arguments: arguments, status: process.terminationStatus)
        }
    }

    /// `VMGenTemplates`, relative to the package root, when that folder exists.
    static func defaultTemplates(in root: URL) -> String? {
        let name = "VMGenTemplates"
        var isFolder: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: root.appending(path: name).path, isDirectory: &isFolder)
        return exists && isFolder.boolValue ? name : nil
    }
}

struct UsageError: Error, CustomStringConvertible {
    var message: String
    var description: String { "generate-view-models: \(message)\n\(GenerateViewModels.usage)" }
}

/// vmgen has already printed why (spec errors as `path:line:col: error:`, or a diff).
struct VMGenFailed: Error, CustomStringConvertible {
    var arguments: [String]
    var status: Int32
    var description: String { "`vmgen \(arguments.joined(separator: " "))` failed with exit code \(status)" }
}
