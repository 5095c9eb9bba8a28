#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Creating a file with plain POSIX calls, for `OutputWriter`'s temporary files and new specs.
enum NewFile {
    /// Writes `contents` into a new file at `path`, failing if something has that name;
    /// returns 0, or the `errno` of the call that failed (and then no file is left). There is no `fsync`: `OutputWriter`
    /// renames the complete file into place, so a reader sees the old file or the new one,
    /// never half of one, and a generated file can always be generated again (see
    /// docs/cli.md, `generate`).
    static func write(_ contents: String, to path: String) -> Int32 {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { return errno }
        var contents = contents
        var failure: Int32 = contents.withUTF8 { bytes in
            var done = 0
            while done < bytes.count {
                let count = systemWrite(descriptor, bytes.baseAddress! + done, bytes.count - done)
                if count < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                done += count
            }
            return 0
        }
        if close(descriptor) != 0, failure == 0 { failure = errno }
        if failure != 0 { unlink(path) }
        return failure
    }

    /// `write(2)`, under a name that no member shadows.
    private static func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
        Glibc.write(descriptor, bytes, count)
        #else
        Darwin.write(descriptor, bytes, count)
        #endif
    }
}
