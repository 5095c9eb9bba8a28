import Observation

// W12's baselines (issue 24, item 6): the pair of `Benchmarks/Specs/Pair.vm.yaml` (two counters
// bumped together, `sum` and `same` derived from them) as users write it with `@Observable`.

/// `@Observable` with computed derived values: `bump()` is two stored writes, each one
/// `withMutation`; Observation calls `onChange` before `a` is stored, so what an observer reads
/// there is the state before the action.
@MainActor
@Observable
public final class MacroPair {
    public private(set) var a = 0
    public private(set) var b = 0
    public var sum: Int { a + b }
    public var same: Bool { a == b }

    public init() {}

    public func bump() {
        a += 1
        b += 1
    }
}

/// `@Observable` with stored derived values, recomputed in `didSet` of each counter: every write
/// stores `sum` and `same` again, so an observer is told between the two writes (odd `sum`,
/// `same` false) as well as before them.
@MainActor
@Observable
public final class StoredMacroPair {
    public private(set) var a = 0 {
        didSet { derive() }
    }

    public private(set) var b = 0 {
        didSet { derive() }
    }

    public private(set) var sum = 0
    public private(set) var same = true

    public init() {}

    public func bump() {
        a += 1
        b += 1
    }

    private func derive() {
        sum = a + b
        same = a == b
    }
}
