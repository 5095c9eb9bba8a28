/// Which states of each command and resource an exploration reached, and of the machine
/// (``MachineCoverage``).
public struct Coverage: CustomStringConvertible, Sendable {
    /// The states of a resource: `loaded` is a load that ended without an error and changed the
    /// value (a cancelled load ends the same way, but changes nothing).
    public enum ResourceState: String, Sendable, CaseIterable {
        case loading, loaded, failed
    }

    /// For each command, whether it was seen enabled and seen disabled.
    public private(set) var commands: [String: (enabled: Bool, disabled: Bool)] = [:]
    /// The commands that are never seen disabled (`Reactive.Command.canBeSeenDisabled`): without
    /// a condition (`enabled:`), with work that ends within the action that starts it (`perform`)
    /// or under `policy: latestWins`. ``missing`` asks only to see them enabled.
    public private(set) var neverDisabled: Set<String> = []
    /// For each resource, the states seen.
    public private(set) var resources: [String: Set<ResourceState>] = [:]
    /// The states, transitions and guard outcomes of the view model's machine reached; nil
    /// without a machine.
    public internal(set) var machine: MachineCoverage?
    /// The actions performed at least once, as their lines of Swift.
    var actionsRun: Set<String> = []

    mutating func reach(command: String, enabled: Bool, canBeSeenDisabled: Bool) {
        var states = commands[command] ?? (false, false)
        if enabled { states.enabled = true } else { states.disabled = true }
        commands[command] = states
        if !canBeSeenDisabled { neverDisabled.insert(command) }
    }

    mutating func register(command: String) {
        if commands[command] == nil { commands[command] = (false, false) }
    }

    mutating func register(resource: String) {
        if resources[resource] == nil { resources[resource] = [] }
    }

    mutating func reach(resource: String, _ state: ResourceState) {
        resources[resource, default: []].insert(state)
    }

    /// The states not reached, as `logIn: disabled`, `results: failed`, then the machine's
    /// (``MachineCoverage/missing``); a command that is never seen disabled (``neverDisabled``)
    /// misses only `enabled`.
    public var missing: [String] {
        let commands = commands.sorted { $0.key < $1.key }.flatMap { name, states in
            (states.enabled ? [] : ["\(name): enabled"])
                + (states.disabled || neverDisabled.contains(name) ? [] : ["\(name): disabled"])
        }
        let resources = resources.sorted { $0.key < $1.key }.flatMap { name, states in
            ResourceState.allCases.filter { !states.contains($0) }.map { "\(name): \($0.rawValue)" }
        }
        return commands + resources + (machine?.missing ?? [])
    }

    public var description: String {
        let commands = commands.sorted { $0.key < $1.key }.map { name, states in
            let seen = [states.enabled ? "enabled" : nil, states.disabled ? "disabled" : nil].compactMap { $0 }
                .joined(separator: ", ")
            return "  \(name): " + [seen, neverDisabled.contains(name) ? "(never disabled)" : ""]
                .filter { !$0.isEmpty }.joined(separator: " ")
        }
        let resources = resources.sorted { $0.key < $1.key }.map { name, states in
            "  \(name): " + ResourceState.allCases.filter(states.contains).map(\.rawValue).joined(separator: ", ")
        }
        let missing = self.missing.isEmpty ? "everything" : "not " + self.missing.joined(separator: ", ")
        return (["Coverage (reached \(missing)):"] + commands + resources + (machine?.descriptionLines ?? []))
            .joined(separator: "\n")
    }
}
