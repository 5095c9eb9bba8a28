extension Checker {
    /// Whether a type is certainly `Equatable`: known to be (`SpecTypeFacts.isKnownEquatable`)
    /// and naming none of the spec's own names, which could hide a standard type.
    func isCertainlyEquatable(_ facts: SpecTypeFacts) -> Bool {
        facts.isKnownEquatable && (facts.identifiers ?? []).allSatisfy { symbols[$0] == nil }
    }
}

/// Which derived values are computed when read rather than in every commit (docs/spec-format.md,
/// "Values computed when read").
extension Checker {
    /// The derived values the commit may leave out of date while nobody watches them: each is
    /// computed again on its next read instead, from the values as the last transaction left
    /// them.
    ///
    /// The commit counts such a value as changed when it marks it out of date, so only code that
    /// compares what it computes may read it: a value is computed when read only when everything
    /// that reads it is a derived value of a type known to be `Equatable` (one that compares its
    /// result, so that no observer hears of a change that did not happen), not paced. Reactions,
    /// reloads, pacers, enabled conditions, validation, invariants, guards and children's pieces
    /// keep it computed in every commit. Statements read values through their getters, which
    /// compute an out-of-date value first, so they may read any.
    ///
    /// A value that reads a child is computed in every commit too: a child is read through its
    /// getters, which give what the transaction under way wrote rather than what the last one
    /// left, and, computed inside a reader's `withObservationTracking`, it would have the reader
    /// track the child's values as well (and be told of changes that leave this value as it is).
    func valuesComputedWhenRead(values: [ReactiveValue], graph: DependencyGraph, analysis: CodeAnalysis) -> Set<String> {
        let byName = Dictionary(values.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        func comparesWhatItComputes(_ reader: ReactiveValue) -> Bool {
            guard case .derived = reader.source, reader.pacing == nil, let facts = analysis.types[reader.type] else { return false }
            return isCertainlyEquatable(facts)
        }
        var readers: [String: [GraphNode]] = [:]
        for (node, inputs) in graph.inputs {
            for case .value(let input) in inputs { readers[input, default: []].append(node) }
        }
        var readByOtherCode = Set<String>()
        for (slot, names) in analysis.argumentOrder {
            if case .value(let reader) = slot, let value = byName[reader], case .derived = value.source, value.pacing == nil { continue }
            readByOtherCode.formUnion(names)
        }
        let children = Set(values.filter { if case .child = $0.source { true } else { false } }.map(\.name))
        return Set(values.filter { value in
            guard case .derived = value.source, value.pacing == nil, !readByOtherCode.contains(value.name),
                  !value.reads.contains(where: children.contains) else { return false }
            return (readers[value.name] ?? []).allSatisfy { node in
                guard case .value(let reader) = node, let reading = byName[reader] else { return false }
                return comparesWhatItComputes(reading)
            }
        }.map(\.name))
    }
}
