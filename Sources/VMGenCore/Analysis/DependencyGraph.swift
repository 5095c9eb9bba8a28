/// A directed graph of the view model's reactive values: an edge from `a` to `b` means
/// `b` reads `a`. Built once at generation time; its topological order becomes the fixed
/// order of the generated updates.
public struct DependencyGraph: Sendable {
    /// Node names, in declaration order (the tie-break that keeps output deterministic).
    public private(set) var nodes: [String] = []
    /// For each node, the nodes it reads, in the order it reads them.
    public private(set) var inputs: [String: [String]] = [:]

    public init() {}

    public mutating func add(_ node: String, reads: [String] = []) {
        if inputs[node] == nil { nodes.append(node) }
        inputs[node, default: []].append(contentsOf: reads.filter { !(inputs[node]?.contains($0) ?? false) })
    }

    /// For each node, the nodes that read it, in declaration order.
    public var readers: [String: [String]] {
        var result: [String: [String]] = [:]
        for node in nodes {
            for input in inputs[node] ?? [] { result[input, default: []].append(node) }
        }
        return result
    }

    /// The first cycle found, as a path in which each node reads the next and the last is the
    /// first again (`a -> b -> c -> a`), or nil when the graph is acyclic.
    public func firstCycle() -> [String]? {
        var state: [String: Bool] = [:]  // false: on the current path; true: finished
        var path: [String] = []
        func visit(_ node: String) -> [String]? {
            if let finished = state[node] {
                if finished { return nil }
                let start = path.firstIndex(of: node)!
                return Array(path[start...]) + [node]
            }
            state[node] = false
            path.append(node)
            for input in inputs[node] ?? [] where inputs[input] != nil {
                if let cycle = visit(input) { return cycle }
            }
            path.removeLast()
            state[node] = true
            return nil
        }
        for node in nodes {
            if let cycle = visit(node) { return cycle }
        }
        return nil
    }

    /// Nodes ordered so that every node comes after all it reads; among ready nodes the one
    /// declared first goes first. Precondition: no cycle.
    public func topologicalOrder() -> [String] {
        var remaining = Dictionary(uniqueKeysWithValues: nodes.map { node in
            (node, Set((inputs[node] ?? []).filter { inputs[$0] != nil }).count)
        })
        let readers = self.readers
        var order: [String] = []
        var emitted = Set<String>()
        while order.count < nodes.count {
            guard let next = nodes.first(where: { !emitted.contains($0) && remaining[$0] == 0 }) else { break }
            order.append(next)
            emitted.insert(next)
            for reader in readers[next] ?? [] { remaining[reader, default: 0] -= 1 }
        }
        return order
    }

    /// Every node that reads `source`, directly or through others, in `order`. The walk goes on
    /// past a node only when `continuesPast` says so (by default it always does).
    public func downstream(
        of source: String, order: [String], continuingPast continuesPast: (String) -> Bool = { _ in true }
    ) -> [String] {
        let readers = self.readers
        var reached = Set<String>()
        var pending = readers[source] ?? []
        while let node = pending.popLast() {
            if reached.insert(node).inserted, continuesPast(node) { pending.append(contentsOf: readers[node] ?? []) }
        }
        return order.filter(reached.contains)
    }
}
