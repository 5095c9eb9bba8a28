extension CodeAnalysis {
    /// Why code may not read `name` when it is a piece of a machine state's data, and how to read
    /// it; nil when no state has data of that name. Data exists only in its state: only the code of
    /// that state (its `entry`, `exit`, and the `data` of transitions leaving it) is given it by
    /// name, so code anywhere else reads it by matching `state`.
    func machineDataAdvice(for name: String) -> String? {
        let owners = spec.machine?.states.filter { $0.data.contains { $0.name.value == name } } ?? []
        guard let first = owners.first else { return nil }
        let names = owners.map { "`\($0.name.value)`" }
        let which = owners.count == 1 ? "state \(names[0])" : "states " + names.dropLast().joined(separator: ", ") + " and " + names.last!
        let bindings = first.data.map { $0.name.value == name ? "let \(name)" : "_" }.joined(separator: ", ")
        return ", which is data of \(which): it exists only in its state, and only the state's `entry`, `exit` and the `data` of transitions leaving it are given it by name; elsewhere match `state` (`if case .\(first.name.value)(\(bindings)) = state { ... }`), or keep it in a state value if it must outlive the state"
    }
}
