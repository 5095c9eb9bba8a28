import Foundation

/// Turns `file://` URIs into the paths the generator reads and reports, and back.
public enum DocumentURI {
    /// The file path of a `file:` URI (percent-decoded); any other URI stands for itself.
    public static func path(of uri: String) -> String {
        guard uri.hasPrefix("file://"), let url = URL(string: uri), url.isFileURL else { return uri }
        return url.path
    }

    /// The `file:` URI of a path; a path that is already a URI (not starting with `/`) stays.
    public static func uri(of path: String) -> String {
        guard path.hasPrefix("/") else { return path }
        return URL(fileURLWithPath: path).absoluteString
    }

    /// Whether the path names a spec (`*.vm.yaml`, `*.vm.yml`).
    public static func isSpec(_ path: String) -> Bool {
        [".vm.yaml", ".vm.yml"].contains { path.hasSuffix($0) }
    }
}
