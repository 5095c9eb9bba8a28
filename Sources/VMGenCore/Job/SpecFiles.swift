import Foundation

/// Finds and reads the specs named on a command line. Anything that is not a readable regular
/// file or folder (a missing path, a symbolic link that loops, a FIFO, a device) is an
/// `InputError` in plain words; nothing here blocks, so a FIFO never hangs a run.
public enum SpecFiles {
    /// The file name endings that make a file a spec.
    public static let suffixes = [".vm.yaml", ".vm.yml"]

    /// The specs named by `paths`: files as given, folders searched recursively (symbolic links
    /// to folders are not followed, so a link loop cannot trap the search, and hidden folders,
    /// `.build` and `.git` among them, are not searched); sorted by path, each spec once however
    /// often it was named (a folder and a file in it, `Specs/A.vm.yaml` and `./Specs/A.vm.yaml`).
    public static func collect(_ paths: [String]) throws(InputError) -> [String] {
        var files: [String] = []
        for path in paths {
            switch try kind(of: path) {
            case .file:
                files.append(path)
            case .folder:
                let base = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
                try search(folder: base, into: &files)
            }
        }
        var seen = Set<String>()
        return files.sorted().filter { seen.insert(URL(fileURLWithPath: $0).standardizedFileURL.path).inserted }
    }

    /// The bytes of the spec at `path`.
    public static func read(_ path: String) throws(InputError) -> Data {
        // O_NONBLOCK: opening a FIFO that a race put in place of a file must not wait for a writer.
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw InputError(path: path, errno: errno) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw InputError(path: path, errno: errno) }
        if let problem = InputError.problem(withFileType: info.st_mode) { throw InputError(path: path, reason: problem) }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress, $0.count) }
            if count == 0 { return data }
            if count < 0 {
                if errno == EINTR { continue }
                throw InputError(path: path, errno: errno)
            }
            data.append(contentsOf: buffer[..<count])
        }
    }

    enum Kind { case file, folder }

    /// What `path` is once symbolic links are followed; anything but a file or folder throws.
    static func kind(of path: String) throws(InputError) -> Kind {
        var info = stat()
        guard stat(path, &info) == 0 else {
            let code = errno
            var link = stat()
            if code == ENOENT, lstat(path, &link) == 0 {
                throw InputError(path: path, reason: "a symbolic link to a file that does not exist: fix or remove the link")
            }
            throw InputError(path: path, errno: code)
        }
        if info.st_mode & S_IFMT == S_IFDIR { return .folder }
        if let problem = InputError.problem(withFileType: info.st_mode) { throw InputError(path: path, reason: problem) }
        return .file
    }

    private static func search(folder: String, into files: inout [String]) throws(InputError) {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder)
        } catch {
            throw InputError(path: folder, errno: access(folder, R_OK | X_OK) == 0 ? EIO : errno)
        }
        for name in names.sorted() {
            let path = folder == "/" ? "/" + name : folder + "/" + name
            var link = stat()
            guard lstat(path, &link) == 0 else { continue }
            if link.st_mode & S_IFMT == S_IFDIR {
                // A package's build folder holds the specs of the packages it checked out.
                guard !name.hasPrefix(".") else { continue }
                try search(folder: path, into: &files)
            } else if suffixes.contains(where: name.hasSuffix) {
                // A spec's name that is not a readable file (a link loop, a FIFO) is an error, not skipped.
                if try kind(of: path) == .file { files.append(path) }
            }
        }
    }
}

/// A path that cannot be read as a spec: `path: error: reason`.
public struct InputError: Error, CustomStringConvertible, Equatable {
    public var path: String
    public var reason: String

    public var description: String { "\(path): error: \(reason)" }
}

extension InputError {
    init(path: String, errno code: Int32) {
        self.init(path: path, reason: Self.reason(forErrno: code))
    }

    static func reason(forErrno code: Int32) -> String {
        switch code {
        case ENOENT: "no such file or folder"
        case ELOOP: "a symbolic link that loops back on itself: fix or remove the link"
        case EACCES, EPERM: "permission denied: make it readable (chmod u+r) or pass another path"
        case ENOTDIR: "a part of the path is a file, not a folder"
        case ENAMETOOLONG: "the path is too long"
        case EISDIR: "a folder, where a spec file was expected"
        default: "cannot be read (\(String(cString: strerror(code))))"
        }
    }

    /// Why a file of this type (from `st_mode`) is not a spec, or nil for a regular file.
    static func problem(withFileType mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: nil
        case S_IFDIR: "a folder, where a spec file was expected"
        case S_IFIFO: "a FIFO (named pipe), not a spec file: pass a `.vm.yaml` file or a folder"
        case S_IFCHR, S_IFBLK: "a device, not a spec file: pass a `.vm.yaml` file or a folder"
        case S_IFSOCK: "a socket, not a spec file: pass a `.vm.yaml` file or a folder"
        default: "not a regular file: pass a `.vm.yaml` file or a folder"
        }
    }
}
