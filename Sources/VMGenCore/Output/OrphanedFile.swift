import Foundation

/// A file vmgen generated into an output folder from a spec that is gone (renamed or deleted).
/// Left there, it declares its view model a second time, next to the file of the renamed spec,
/// so `generate` removes it and `check` reports it as stale.
///
/// A file is an orphan only when each of these holds: it is a regular `*.swift` file directly in
/// the folder; it starts with vmgen's header; no spec of this run writes it; and the spec its
/// header records, read relative to the current directory as vmgen records it, does not exist
/// and lies inside a path this run was given. The last condition means this run looked for the
/// spec where it was and did not find it: a file of a spec that exists, or of one this run was
/// not asked about (a single spec generated into a shared folder), is left alone, and so are the
/// files of a run from another directory, where the recorded paths lead elsewhere.
public struct OrphanedFile: Equatable, Sendable {
    /// The generated file.
    public var url: URL
    /// The spec its header names, as recorded.
    public var specPath: String

    /// Why the file goes: `its spec Specs/Stopwatch.vm.yaml no longer exists`.
    public var reason: String { "its spec \(specPath) no longer exists" }

    /// The orphans in `folder`, by name. `outputs` are the files this run writes; `paths` are the
    /// spec files and folders it was given.
    public static func find(in folder: URL, outputs: [URL], paths: [String]) -> [OrphanedFile] {
        let written = Set(outputs.map(\.standardizedFileURL.path))
        let searched = paths.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.sorted().compactMap { name in
            let url = folder.appendingPathComponent(name)
            guard name.hasSuffix(".swift"), !name.hasPrefix("."), !written.contains(url.standardizedFileURL.path),
                  let specPath = recordedSpec(of: url) else { return nil }
            let spec = URL(fileURLWithPath: specPath).standardizedFileURL.path
            guard searched.contains(where: { isInside(spec, $0) }), isMissing(spec) else { return nil }
            return OrphanedFile(url: url, specPath: specPath)
        }
    }

    /// Removes the file: one `unlink`, so it is there or gone, never half of it. A file already
    /// gone is no error.
    public func remove() throws {
        guard unlink(url.path) != 0 else { return }
        let code = errno
        guard code != ENOENT else { return }
        let folder = url.deletingLastPathComponent().relativePath
        throw OutputWriter.WriteError(path: url.relativePath, reason: OutputWriter.reason(forErrno: code, folder: folder), verb: "remove")
    }

    /// The spec path in the header of the regular file at `url`, or nil for any other file. Read
    /// as a spec is, so a FIFO put in the file's place never blocks.
    static func recordedSpec(of url: URL) -> String? {
        var info = stat()
        guard lstat(url.path, &info) == 0, info.st_mode & S_IFMT == S_IFREG,
              let data = try? SpecFiles.read(url.path), GeneratedHeader.isGenerated(data),
              let firstLine = String(data: data.prefix { $0 != UInt8(ascii: "\n") }, encoding: .utf8) else { return nil }
        return GeneratedHeader.specPath(inFirstLine: firstLine)
    }

    /// Whether `path` is `folder` or lies under it (both standardized).
    static func isInside(_ path: String, _ folder: String) -> Bool {
        path == folder || path.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/")
    }

    /// Whether nothing at all is at `path` (not even a broken link); any other failure counts as present.
    static func isMissing(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) != 0 && (errno == ENOENT || errno == ENOTDIR)
    }
}
