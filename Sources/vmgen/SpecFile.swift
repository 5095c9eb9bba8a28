import ArgumentParser
import Foundation
import VMGenCore

/// A spec found on the command line: its path as the user wrote it (used in diagnostics and
/// `#sourceLocation`, so relative paths stay relative) and its contents.
struct SpecFile {
    var path: String
    var url: URL { URL(fileURLWithPath: path) }

    static let suffixes = [".vm.yaml", ".vm.yml"]

    /// The specs named by `paths`: files as given, folders searched recursively; sorted by path.
    static func collect(_ paths: [String]) throws -> [SpecFile] {
        var files: [SpecFile] = []
        for path in paths {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
                throw ValidationError("\(path): no such file or folder")
            }
            if !isFolder.boolValue {
                files.append(SpecFile(path: path))
                continue
            }
            let base = path.hasSuffix("/") ? String(path.dropLast()) : path
            guard let enumerator = FileManager.default.enumerator(atPath: path) else { continue }
            for case let relative as String in enumerator where suffixes.contains(where: relative.hasSuffix) {
                files.append(SpecFile(path: base + "/" + relative))
            }
        }
        return files.sorted { $0.path < $1.path }
    }

    func read() throws -> Data {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ValidationError("\(path): cannot be read")
        }
        return data
    }
}
