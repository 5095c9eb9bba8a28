import Foundation
import VMGenCore

/// The places in a project's Swift files (not generated ones) that use given names, for the
/// warning a rename gives: the generated members it renames (`countProperty`) are used by code
/// the server cannot edit. The search is bounded: hidden and build folders are skipped, and it
/// stops after `maximumFiles` files or `maximumUses` uses.
struct SwiftUses {
    static let maximumFiles = 5_000
    static let maximumUses = 50
    /// Larger files are not read.
    static let maximumBytes = 2 << 20
    /// The most entries looked at, and the longest the search takes (a root of `/` must not stall the server).
    static let maximumEntries = 200_000
    static let maximumSeconds = 2.0

    struct Use {
        var path: String
        /// 1-based.
        var line: Int
        var name: String
    }

    static func find(_ names: Set<String>, under root: String) -> [Use] {
        guard !names.isEmpty, let enumerator = FileManager.default.enumerator(atPath: root) else { return [] }
        var uses: [Use] = []
        var files = 0
        var entries = 0
        let deadline = Date().addingTimeInterval(maximumSeconds)
        while let relative = enumerator.nextObject() as? String {
            entries += 1
            if entries > maximumEntries || (entries % 256 == 0 && Date() > deadline) { break }
            let last = (relative as NSString).lastPathComponent
            if last.hasPrefix(".") || last == "Packages" {
                enumerator.skipDescendants()
                continue
            }
            guard relative.hasSuffix(".swift") else { continue }
            files += 1
            if files > maximumFiles || uses.count >= maximumUses { break }
            let path = (root as NSString).appendingPathComponent(relative)
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
                  (attributes[.size] as? Int ?? 0) <= maximumBytes,
                  let data = try? SpecFiles.read(path) else { continue }
            let text = String(decoding: data, as: UTF8.self)
            if text.hasPrefix(OutputWriter.headerPrefix) { continue }  // Regenerated from the spec.
            for (index, line) in TextDocument.split(text).enumerated() {
                let units = Array(line.utf16)
                for name in names.sorted() where !Occurrences.words(name, in: units, from: 0).isEmpty || isMember(name, in: units) {
                    uses.append(Use(path: path, line: index + 1, name: name))
                }
                if uses.count >= maximumUses { break }
            }
        }
        return uses
    }

    /// `.name`, as Swift code calls a member (which `Occurrences.words` leaves out).
    static func isMember(_ name: String, in units: [UTF16.CodeUnit]) -> Bool {
        let target = Array(".\(name)".utf16)
        guard units.count >= target.count else { return false }
        var index = 0
        while index + target.count <= units.count {
            if Array(units[index..<(index + target.count)]) == target,
               index + target.count == units.count || !TextDocument.isWordUnit(units[index + target.count]) {
                return true
            }
            index += 1
        }
        return false
    }
}
