/// A directed graph of the view model's reactive values and effects (`GraphNode`): an edge from
/// `a` to `b` means `b` reads `a`. Built once at generation time; its topological order becomes the fixed
/// order of the generated updates.
public struct DependencyGraph: Sendable {
    /// The nodes, in declaration order (the tie-break that keeps output deterministic).
    public private(set) var nodes: [GraphNode] = []
    /// For each node, the nodes it reads, in the order it reads them.
    public private(set) var inputs: [GraphNode: [GraphNode]] = [:]

    public init() {}

    public mutating func add(_ node: GraphNode, reads: [GraphNode] = []) {
        if inputs[node] == nil {
            nodes.append(node)
            inputs[node] = []
        }
        for input in reads where !(inputs[node]?.contains(input) ?? false) {
            inputs[node, default: []].append(input)
        }
    }

    /// The first cycle found, as a path in which each node reads the next and the last is the
    /// first again (`a -> b -> c -> a`), or nil when the graph is acyclic.
    public func firstCycle() -> [GraphNode]? {
        var state: [GraphNode: Bool] = [:]  // false: on the current path; true: finished
        var path: [GraphNode] = []
        func visit(_ node: GraphNode) -> [GraphNode]? {
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
    /// declared first goes first. Precondition: no cycle. O(n log n + edges): the ready nodes
    /// wait in a heap keyed by declaration position, so large specs stay fast.
    public func topologicalOrder() -> [GraphNode] {
        let position = Dictionary(nodes.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        var remaining = nodes.map { node in Set((inputs[node] ?? []).filter { inputs[$0] != nil }).count }
        var readerPositions = Array(repeating: [Int](), count: nodes.count)
        for (index, node) in nodes.enumerated() {
            for input in Set(inputs[node] ?? []) {
                if let inputPosition = position[input] { readerPositions[inputPosition].append(index) }
            }
        }
        var ready = MinHeap(remaining.indices.filter { remaining[$0] == 0 })
        var order: [GraphNode] = []
        order.reserveCapacity(nodes.count)
        while let next = ready.popMin() {
            order.append(nodes[next])
            for reader in readerPositions[next] {
                remaining[reader] -= 1
                if remaining[reader] == 0 { ready.insert(reader) }
            }
        }
        return order
    }
}

/// The smallest-first binary heap of `topologicalOrder`.
private struct MinHeap {
    private var items: [Int] = []

    init(_ values: [Int]) {
        for value in values { insert(value) }
    }

    mutating func insert(_ value: Int) {
        items.append(value)
        var child = items.count - 1
        while child > 0, items[(child - 1) / 2] > items[child] {
            items.swapAt(child, (child - 1) / 2)
            child = (child - 1) / 2
        }
    }

    mutating func popMin() -> Int? {
        guard let first = items.first else { return nil }
        let last = items.removeLast()
        guard !items.isEmpty else { return first }
        items[0] = last
        var parent = 0
        while true {
            let left = 2 * parent + 1, right = left + 1
            var smallest = parent
            if left < items.count, items[left] < items[smallest] { smallest = left }
            if right < items.count, items[right] < items[smallest] { smallest = right }
            if smallest == parent { return first }
            items.swapAt(parent, smallest)
            parent = smallest
        }
    }
}
