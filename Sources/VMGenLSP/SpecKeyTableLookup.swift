import VMGenCore

/// The key table looked up by a YAML path, with the one place whose keys are not in it: a keyed
/// list's `on:` handlers, whose keys are the child's events and whose values are statements.
enum SpecKeyTableLookup {
    static func key(_ name: String, inMappingAt path: [String]) -> SpecKeyTable.Key? {
        SpecKeyTable.keys(atPath: path)?.first { $0.name == name }
    }

    /// The key at the end of `path`.
    static func key(at path: [String]) -> SpecKeyTable.Key? {
        guard let last = path.last else { return nil }
        return key(last, inMappingAt: Array(path.dropLast()))
    }

    /// Whether the value of the key at the end of `path` is Swift code.
    static func isCode(_ path: [String]) -> Bool {
        if isHandler(path) { return true }
        return key(at: path)?.isCode ?? false
    }

    /// `children: <list>: on: <event>:`
    static func isHandler(_ path: [String]) -> Bool {
        path.count == 4 && path[0] == "children" && path[2] == "on"
    }
}
