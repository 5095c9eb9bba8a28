import VMGenCore

/// Where a name is written in a spec: its declaration (an entry's key), and every word of the
/// spec's code and name-valued keys (`emits`, `then`, `onChange`, `submit`, `validation`'s field
/// keys, a keyed list's `on:` keys) that is the name; words after a `.` are members of something
/// else, unless after `self.`. Docs, messages and comments are left out, and types too unless
/// `inTypes` (a view model's name is written in its parent's types).
struct Occurrences {
    enum Role: Equatable {
        case declaration, reference
    }

    struct Occurrence: Equatable {
        var range: Range
        var role: Role
        /// A shorthand that binds a local of the name too (`if let x`, `[x]`): a rename writes
        /// `x = newName` there, so the local keeps its name.
        var bindsItsName = false
    }

    /// The places of `name` in the spec of `document`: from the spec's own sites when it reads
    /// (`NameSites`, `handlersOnly` for a child's event in a parent's `on:` keys), else from the text.
    static func find(_ name: String, in document: TextDocument, spec: Spec?, handlersOnly: Bool = false) -> [Occurrence] {
        guard let spec else { return handlersOnly ? [] : find(name, in: document) }
        let sites = NameSites(spec: spec)
        let target = Array(name.utf16)
        return (handlersOnly ? sites.handlers(of: name) : sites.of(name)).compactMap { site in
            let start = document.position(of: site.location)
            let units = Array(document.line(start.line).utf16)
            // The name where the site says, or just after a quote there (a quoted key or name).
            for from in [start.character, start.character + 1] where from + target.count <= units.count {
                guard Array(units[from..<(from + target.count)]) == target else { continue }
                let range = Range(start: Position(line: start.line, character: from), end: Position(line: start.line, character: from + target.count))
                return Occurrence(range: range, role: site.isDeclaration ? .declaration : .reference, bindsItsName: site.bindsItsName)
            }
            return nil
        }
    }

    static func find(_ name: String, in document: TextDocument, inTypes: Bool = false) -> [Occurrence] {
        let outline = YAMLOutline(document)
        var result: [Occurrence] = []
        for (index, line) in outline.lines.enumerated() where !line.isBlank {
            let units = Array(document.line(index).utf16)
            var valueFrom: Int?
            if let owner = line.blockOwner {
                if scansValue(outline.path(toKeyOf: owner), inTypes: inTypes) { valueFrom = 0 }
            } else if let key = line.key {
                let path = outline.path(toKeyOf: index)
                if key == name, let role = keyRole(path) {
                    let start = Position(line: index, character: line.keyIndent)
                    let end = Position(line: index, character: line.keyIndent + key.utf16.count)
                    result.append(Occurrence(range: Range(start: start, end: end), role: role))
                }
                let flow = outline.flowEntries(onLine: index, in: document)
                if flow.open != nil {
                    // `{ type: Int, value: count * 2 }`: each entry's value by its own key.
                    for entry in flow.entries where scansValue(path + [entry.key], inTypes: inTypes) {
                        let value = Array(units[entry.value])
                        for range in words(name, in: value, from: 0) {
                            result.append(Occurrence(range: Range(start: Position(line: index, character: entry.value.lowerBound + range.lowerBound),
                                                                  end: Position(line: index, character: entry.value.lowerBound + range.upperBound)), role: .reference))
                        }
                    }
                    continue
                }
                if scansValue(path, inTypes: inTypes) { valueFrom = line.valueStart }
            } else {
                let parents = outline.parents(ofLine: index, indent: line.keyIndent).map(\.key)
                if scansValue(parents, inTypes: inTypes) { valueFrom = line.keyIndent }
            }
            guard let from = valueFrom else { continue }
            for range in words(name, in: units, from: from) {
                result.append(Occurrence(range: Range(start: Position(line: index, character: range.lowerBound),
                                                      end: Position(line: index, character: range.upperBound)), role: .reference))
            }
        }
        return result
    }

    /// The role of a key that is a name: an entry's declaration, or a reference by key.
    static func keyRole(_ path: [String]) -> Role? {
        if path.count == 2, SpecKeyTable.sections.contains(path[0]) { return .declaration }
        if path.count == 3, path[0] == "validation", path[1] == "fields" { return .reference }
        if SpecKeyTableLookup.isHandler(path) { return .reference }
        return nil
    }

    /// Whether the value of the key at the end of `path` can name the spec's declarations.
    static func scansValue(_ path: [String], inTypes: Bool) -> Bool {
        if SpecKeyTableLookup.isHandler(path) { return true }
        guard let key = SpecKeyTableLookup.key(at: path) else { return false }
        if key.isCode || key.takesNames { return true }
        return inTypes && key.valueKind == "a type"
    }

    /// The UTF-16 ranges of `name` as a whole word in `units` from `from`, not after a `.` (but after `self.`).
    static func words(_ name: String, in units: [UTF16.CodeUnit], from: Int) -> [Swift.Range<Int>] {
        let target = Array(name.utf16)
        guard !target.isEmpty, from < units.count else { return [] }
        var found: [Swift.Range<Int>] = []
        var index = from
        while index + target.count <= units.count {
            if units[index] == target[0], Array(units[index..<(index + target.count)]) == target,
               index == 0 || !TextDocument.isWordUnit(units[index - 1]),
               index + target.count == units.count || !TextDocument.isWordUnit(units[index + target.count]) {
                let afterDot = index > 0 && units[index - 1] == 0x2E
                let afterSelf = index >= 5 && String(decoding: units[(index - 5)..<index], as: UTF16.self) == "self."
                    && (index == 5 || !TextDocument.isWordUnit(units[index - 6]))
                if !afterDot || afterSelf { found.append(index..<(index + target.count)) }
                index += target.count
            } else {
                index += 1
            }
        }
        return found
    }
}
