/// The comment at the top of every generated file. It starts with `OutputWriter.headerPrefix`
/// (how vmgen recognizes its own files) and says how the file is made again: by running
/// `vmgen generate`, or, for files the build plugin writes, by the next build.
public enum GeneratedHeader {
    /// Who writes the file, which decides how it is rebuilt.
    public enum Writer: Sendable {
        /// `vmgen generate`, run by a person or the command plugin; the file is checked in.
        case command
        /// The build plugin, on every build; the file lives in the build folder.
        case buildPlugin
    }

    public static func lines(specPath: String, version: String = VMGen.version, writer: Writer) -> [String] {
        let first = "\(OutputWriter.headerPrefix) \(version) from \(SwiftText.commentSafe(specPath))."
        return switch writer {
        case .command: [first, "// Do not edit: change the spec and run `vmgen generate`."]
        case .buildPlugin: [first, "// Do not edit: the build plugin rebuilds this file from the spec on every build."]
        }
    }

    /// The spec path that `lines` recorded in `firstLine`, or nil when the line is not vmgen's
    /// header or the path may have been changed on the way (a control character became `?`).
    static func specPath(inFirstLine firstLine: String) -> String? {
        var line = Substring(firstLine)
        if line.hasSuffix("\r") { line = line.dropLast() }
        guard line.hasPrefix(OutputWriter.headerPrefix + " "), line.hasSuffix("."), let from = line.firstRange(of: " from ") else { return nil }
        let path = line[from.upperBound...].dropLast()
        return path.isEmpty || path.contains("?") ? nil : String(path)
    }
}
