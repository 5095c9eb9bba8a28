import Observation

// The 20-value graph of `Benchmarks/Specs/Graph.vm.yaml` (`v1 = v0 + 1`, `vN = v(N-1) + v0`) in the
// three forms the generated `GraphViewModel` is measured against (issue 15); see DiamondBaselines.swift.

/// The floor: stored values recomputed by the setter of `v0`, and no notification at all.
@MainActor
public final class PlainGraph {
    public var v0 = 0 {
        didSet {
            v1 = v0 + 1
            v2 = v1 + v0
            v3 = v2 + v0
            v4 = v3 + v0
            v5 = v4 + v0
            v6 = v5 + v0
            v7 = v6 + v0
            v8 = v7 + v0
            v9 = v8 + v0
            v10 = v9 + v0
            v11 = v10 + v0
            v12 = v11 + v0
            v13 = v12 + v0
            v14 = v13 + v0
            v15 = v14 + v0
            v16 = v15 + v0
            v17 = v16 + v0
            v18 = v17 + v0
            v19 = v18 + v0
        }
    }

    public private(set) var v1, v2, v3, v4, v5, v6, v7, v8, v9: Int
    public private(set) var v10, v11, v12, v13, v14, v15, v16, v17, v18, v19: Int

    public init() {
        (v1, v2, v3, v4, v5, v6, v7, v8, v9) = (1, 1, 1, 1, 1, 1, 1, 1, 1)
        (v10, v11, v12, v13, v14, v15, v16, v17, v18, v19) = (1, 1, 1, 1, 1, 1, 1, 1, 1, 1)
    }
}

/// The least a glitch-free class under Observation does: every value recomputed and stored first,
/// then one registrar `withMutation` per value that changed, then one callback when one is set.
@MainActor
public final class MinimalObservableGraph: Observable {
    /// Called once per change of `v0`, after Observation was told; nil: nobody listens.
    public var onChange: (@MainActor () -> Void)?

    public var v0: Int {
        get {
            registrar.access(self, keyPath: \.v0)
            return stored[0]
        }
        set {
            guard newValue != stored[0] else { return }
            // In place (the array is not shared, so this allocates nothing); `changed` has bit N set
            // when vN changed.
            var changed: UInt32 = 1
            stored[0] = newValue
            for index in 1..<20 {
                let value = index == 1 ? newValue + 1 : stored[index - 1] + newValue
                if stored[index] != value {
                    stored[index] = value
                    changed |= 1 << index
                }
            }
            for index in 0..<20 where changed & (1 << index) != 0 {
                registrar.withMutation(of: self, keyPath: Self.keyPaths[index]) {}
            }
            onChange?()
        }
    }

    public var v1: Int { registrar.access(self, keyPath: \.v1); return stored[1] }
    public var v2: Int { registrar.access(self, keyPath: \.v2); return stored[2] }
    public var v3: Int { registrar.access(self, keyPath: \.v3); return stored[3] }
    public var v4: Int { registrar.access(self, keyPath: \.v4); return stored[4] }
    public var v5: Int { registrar.access(self, keyPath: \.v5); return stored[5] }
    public var v6: Int { registrar.access(self, keyPath: \.v6); return stored[6] }
    public var v7: Int { registrar.access(self, keyPath: \.v7); return stored[7] }
    public var v8: Int { registrar.access(self, keyPath: \.v8); return stored[8] }
    public var v9: Int { registrar.access(self, keyPath: \.v9); return stored[9] }
    public var v10: Int { registrar.access(self, keyPath: \.v10); return stored[10] }
    public var v11: Int { registrar.access(self, keyPath: \.v11); return stored[11] }
    public var v12: Int { registrar.access(self, keyPath: \.v12); return stored[12] }
    public var v13: Int { registrar.access(self, keyPath: \.v13); return stored[13] }
    public var v14: Int { registrar.access(self, keyPath: \.v14); return stored[14] }
    public var v15: Int { registrar.access(self, keyPath: \.v15); return stored[15] }
    public var v16: Int { registrar.access(self, keyPath: \.v16); return stored[16] }
    public var v17: Int { registrar.access(self, keyPath: \.v17); return stored[17] }
    public var v18: Int { registrar.access(self, keyPath: \.v18); return stored[18] }
    public var v19: Int { registrar.access(self, keyPath: \.v19); return stored[19] }

    static let keyPaths: [KeyPath<MinimalObservableGraph, Int>] = [
        \.v0, \.v1, \.v2, \.v3, \.v4, \.v5, \.v6, \.v7, \.v8, \.v9,
        \.v10, \.v11, \.v12, \.v13, \.v14, \.v15, \.v16, \.v17, \.v18, \.v19,
    ]

    private var stored = [0] + [Int](repeating: 1, count: 19)
    private let registrar = ObservationRegistrar()

    public init() {}
}

/// What users write: `@Observable` with computed properties (one `withMutation` per change; `vN`
/// computes `N` values each time it is read, and is stale when read in `onChange`).
@MainActor
@Observable
public final class MacroGraph {
    public var v0 = 0
    public var v1: Int { v0 + 1 }
    public var v2: Int { v1 + v0 }
    public var v3: Int { v2 + v0 }
    public var v4: Int { v3 + v0 }
    public var v5: Int { v4 + v0 }
    public var v6: Int { v5 + v0 }
    public var v7: Int { v6 + v0 }
    public var v8: Int { v7 + v0 }
    public var v9: Int { v8 + v0 }
    public var v10: Int { v9 + v0 }
    public var v11: Int { v10 + v0 }
    public var v12: Int { v11 + v0 }
    public var v13: Int { v12 + v0 }
    public var v14: Int { v13 + v0 }
    public var v15: Int { v14 + v0 }
    public var v16: Int { v15 + v0 }
    public var v17: Int { v16 + v0 }
    public var v18: Int { v17 + v0 }
    public var v19: Int { v18 + v0 }

    public init() {}
}

/// `@Observable` with stored values, each derived one recomputed in the `didSet` of the value
/// before it (see `StoredMacroDiamond`): a change of `v0` stores and tells Observation about 20 values.
@MainActor
@Observable
public final class StoredMacroGraph {
    public var v0 = 0 { didSet { v1 = v0 + 1 } }
    public private(set) var v1 = 1 { didSet { v2 = v1 + v0 } }
    public private(set) var v2 = 1 { didSet { v3 = v2 + v0 } }
    public private(set) var v3 = 1 { didSet { v4 = v3 + v0 } }
    public private(set) var v4 = 1 { didSet { v5 = v4 + v0 } }
    public private(set) var v5 = 1 { didSet { v6 = v5 + v0 } }
    public private(set) var v6 = 1 { didSet { v7 = v6 + v0 } }
    public private(set) var v7 = 1 { didSet { v8 = v7 + v0 } }
    public private(set) var v8 = 1 { didSet { v9 = v8 + v0 } }
    public private(set) var v9 = 1 { didSet { v10 = v9 + v0 } }
    public private(set) var v10 = 1 { didSet { v11 = v10 + v0 } }
    public private(set) var v11 = 1 { didSet { v12 = v11 + v0 } }
    public private(set) var v12 = 1 { didSet { v13 = v12 + v0 } }
    public private(set) var v13 = 1 { didSet { v14 = v13 + v0 } }
    public private(set) var v14 = 1 { didSet { v15 = v14 + v0 } }
    public private(set) var v15 = 1 { didSet { v16 = v15 + v0 } }
    public private(set) var v16 = 1 { didSet { v17 = v16 + v0 } }
    public private(set) var v17 = 1 { didSet { v18 = v17 + v0 } }
    public private(set) var v18 = 1 { didSet { v19 = v18 + v0 } }
    public private(set) var v19 = 1

    public init() {}
}
