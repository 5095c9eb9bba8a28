import DiamondViewModel
import HandWrittenDiamond

// W3B/W3T (the diamond) and W8B/W8T (the 20-value graph), issue 15: the generated view model
// against four baselines measured in the same rounds: the floor (a plain class), the minimal
// Observable class, and the two `@Observable` classes users write by hand: with computed
// properties (`macro`) and with stored values recomputed in `didSet` (`stored`, issue 24). `B`: nobody
// observes (ours against the minimal Observable class is the goal, `observable_ratio`); `T`:
// the output is observed through `withObservationTracking` (ours against `@Observable`, `ratio`).

enum ObservedWorkloads {
    /// The two workloads of one shape: `<name>B` and `<name>T`.
    @MainActor
    static func workloads<Ours: OneInput, Plain: OneInput, Minimal: OneInput, Macro: OneInput, Stored: OneInput>(
        name: String,
        shape: String,
        changes: Int,
        expected: @escaping @Sendable (Int) -> Int,
        ours: @escaping @MainActor () -> Ours,
        plain: @escaping @MainActor () -> Plain,
        minimal: @escaping @MainActor () -> Minimal,
        macro: @escaping @MainActor () -> Macro,
        stored: @escaping @MainActor () -> Stored
    ) -> [Workload] {
        let bare = Workload(
            name: "\(name)B",
            unit: "ns per change of the input of \(shape), nobody observing",
            operations: changes,
            ours: Variant(name: "ours") { Observed.bare(ours(), changes: changes) },
            baseline: Variant(name: "macro") { Observed.bare(macro(), changes: changes) },
            peer: nil,
            others: [
                Variant(name: "floor") { Observed.bare(plain(), changes: changes) },
                Variant(name: "observable") { Observed.bare(minimal(), changes: changes) },
                Variant(name: "stored") { Observed.bare(stored(), changes: changes) },
            ],
            floor: "floor",
            observable: "observable",
            stored: "stored"
        )
        let tracked = Workload(
            name: "\(name)T",
            unit: "ns per change of the input of \(shape), its output observed through withObservationTracking",
            operations: changes,
            ours: Variant(name: "ours") {
                Observed.tracked(ours(), as: "\(name)T ours", changes: changes, expected: expected)
            },
            baseline: Variant(name: "macro") {
                Observed.tracked(macro(), as: "\(name)T macro", changes: changes, expected: expected)
            },
            peer: nil,
            others: [
                Variant(name: "floor") {
                    Observed.told(plain(), as: "\(name)T floor", changes: changes, expected: expected)
                },
                Variant(name: "observable") {
                    Observed.tracked(minimal(), as: "\(name)T observable", changes: changes, expected: expected)
                },
                Variant(name: "stored") {
                    Observed.tracked(stored(), as: "\(name)T stored", changes: changes, expected: expected)
                },
            ],
            floor: "floor",
            observable: "observable",
            stored: "stored",
            extra: { _ in
                Observed.report(["ours", "macro", "stored", "observable"], of: "\(name)T ", changes: changes)
            }
        )
        return [bare, tracked]
    }

    /// W3B and W3T: the diamond a -> b, a -> c, (b, c) -> d; the observer reads `d`.
    @MainActor
    static func diamond(changes: Int = 100_000) -> [Workload] {
        workloads(
            name: "W3", shape: "the diamond (d read)", changes: changes, expected: { 3 * $0 + 1 },
            ours: { DiamondViewModel() }, plain: { PlainDiamond() },
            minimal: { MinimalObservableDiamond() }, macro: { MacroDiamond() }, stored: { StoredMacroDiamond() }
        )
    }

    /// W8B and W8T: the graph of 20 values (`vN = v(N-1) + v0`); the observer reads `v19`.
    @MainActor
    static func graph(changes: Int = 50_000) -> [Workload] {
        workloads(
            name: "W8", shape: "the 20-value graph (v19 read)", changes: changes, expected: { 19 * $0 + 1 },
            ours: { GraphViewModel() }, plain: { PlainGraph() },
            minimal: { MinimalObservableGraph() }, macro: { MacroGraph() }, stored: { StoredMacroGraph() }
        )
    }

    /// One variant of W3B, W3T, W8B or W8T doing `changes` changes (for `--alloc`).
    @MainActor
    static func variant(_ name: String, of workload: String, changes: Int) -> (@MainActor () -> Sample)? {
        let all = diamond(changes: changes) + graph(changes: changes)
        guard let found = all.first(where: { $0.name == workload }) else { return nil }
        let variants = [found.ours, found.baseline] + found.others
        return variants.first { $0.name == name }?.run
    }
}
