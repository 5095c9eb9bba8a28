import Foundation
import Testing
@testable import VMGenCore

/// The one table of spec keys (`KeyPlace`, `SpecKey`) is what docs/spec-format.md shows: each
/// mapping's keys, between `<!-- keys: <place> -->` and `<!-- end of keys -->`, as a table.
@Suite("The table of spec keys")
struct SpecKeyTableTests {
    static let page = packageRoot.appendingPathComponent("docs/spec-format.md")

    @Test("docs/spec-format.md shows every mapping's keys as the table has them")
    func docsShowTheTable() throws {
        let written = try String(contentsOf: Self.page, encoding: .utf8)
        let expected = try Self.page(written, withTablesOf: KeyPlace.allCases)
        guard written != expected else { return }
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("spec-format.expected.md")
        try expected.write(to: copy, atomically: true, encoding: .utf8)
        Issue.record("docs/spec-format.md's key tables differ from KeyPlace's; the page as it should be is at \(copy.path): compare it, then copy it over")
    }

    @Test("a key table that the docs no longer match is found")
    func staleTableIsFound() throws {
        let written = try String(contentsOf: Self.page, encoding: .utf8)
        let stale = written.replacingOccurrences(of: "| `perform` |", with: "| `performs` |")
        #expect(try Self.page(stale, withTablesOf: KeyPlace.allCases) != stale)
    }

    @Test("every key has a doc line that ends a sentence, and a mapping names each key once")
    func docLines() {
        for place in KeyPlace.allCases {
            #expect(Set(place.keys).count == place.keys.count, "\(place) lists a key twice")
            for key in place.specKeys {
                #expect(key.doc.hasSuffix(".") || key.doc.hasSuffix(".)"), "`\(key.name)` of \(place): \(key.doc)")
            }
        }
    }

    /// `page` with the block of each place replaced by its table; a place without its block, or a
    /// block of no place, is an error.
    static func page(_ page: String, withTablesOf places: [KeyPlace]) throws -> String {
        var result = ""
        var rest = Substring(page)
        var shown = Set<String>()
        while let open = rest.range(of: "<!-- keys: ") {
            let nameEnd = try #require(rest[open.upperBound...].range(of: " -->"), "an unclosed `<!-- keys:` marker")
            let name = String(rest[open.upperBound..<nameEnd.lowerBound])
            let place = try #require(places.first { "\($0)" == name }, "`<!-- keys: \(name) -->` names no KeyPlace")
            let close = try #require(rest[nameEnd.upperBound...].range(of: "<!-- end of keys -->"), "`\(name)`'s table has no end marker")
            result += rest[..<nameEnd.upperBound] + "\n" + table(of: place)
            rest = rest[close.lowerBound...]
            shown.insert(name)
        }
        let missing = places.map { "\($0)" }.filter { !shown.contains($0) }
        #expect(missing.isEmpty, "docs/spec-format.md has no key table for \(missing)")
        return result + rest
    }

    static func table(of place: KeyPlace) -> String {
        let rows = place.specKeys.map { key in
            "| `\(key.name)` | \(key.value.written)\(key.isRequired ? ", required" : "") | \(key.doc) |\n"
        }
        return "| Key | Value | What it is |\n| --- | --- | --- |\n" + rows.joined()
    }
}
