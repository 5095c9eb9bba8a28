import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory generate-view-models [specs...] [--output dir]`
///
/// Regenerates view models that are checked in, such as this repository's `Generated/`, by
/// running `vmgen generate` in the package's root folder. Paths are passed as written, relative
/// to that folder, so the output is byte for byte what `vmgen generate Specs --output Generated`
/// writes from the root (the header names `Specs/<Name>.vm.yaml`, not a machine's absolute path).
@main
struct GenerateViewModels: CommandPlugin {
    static let usage = """
        USAGE: swift package --allow-writing-to-package-directory generate-view-models \
        [<spec or folder> ...] [--output <dir>] [--templates <dir>] [--check]

          <spec or folder>   Specs (*.vm.yaml) or folders to search, relative to the package root
                             (default: Specs).
          --output <dir>     Where the Swift files go (default: Generated).
          --templates <dir>  Custom Stencil templates (default: VMGenTemplates when it exists).
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
        let unknown = extractor.unextractedOptionsOrFlags
        guard unknown.isEmpty, outputs.count <= 1, templateOptions.count <= 1 else {
            throw UsageError(message: unknown.isEmpty
                ? "--output and --templates may each be given once"
                : "unknown option \(unknown.joined(separator: ", "))")
        }
        let root = context.package.directoryURL
        let specs = extractor.remainingArguments.isEmpty ? ["Specs"] : extractor.remainingArguments
        var vmgenArguments = [check ? "check" : "generate"] + specs + ["--output", outputs.first ?? "Generated"]
        if let templates = templateOptions.first ?? Self.defaultTemplates(in: root) {
            vmgenArguments += ["--templates", templates]
        }

        let vmgen = try context.tool(named: "vmgen")
        let process = Process()
        process.executableURL = vmgen.url
        process.arguments = vmgenArguments
        process.currentDirectoryURL = root
        try process.run()
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            throw VMGenFailed(arguments: vmgenArguments, status: process.terminationStatus)
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
