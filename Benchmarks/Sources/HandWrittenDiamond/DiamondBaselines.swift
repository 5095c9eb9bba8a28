import Observation

// The diamond a -> b, a -> c, (b, c) -> d of `Benchmarks/Specs/Diamond.vm.yaml` in the three
// forms the generated view model is measured against (issue 15): the floor, the least a class
// that tells Observation can do, and what users write with the `@Observable` macro.

/// The floor: stored values recomputed by the setter of `a`, and no notification at all.
@MainActor
public final class PlainDiamond {
    public private(set) var b = 1
    public private(set) var c = 0
    public private(set) var d = 1

    public var a = 0 {
        didSet {
            b = a + 1
            c = a * 2
            d = b + c
        }
    }

    public init() {}
}

/// The least a class can do and still be glitch-free under Observation: stored values, all
/// recomputed and stored before anyone is told, then one registrar `withMutation` per value that
/// changed, then one callback (standing in for a runtime observer) when one is set.
@MainActor
public final class MinimalObservableDiamond: Observable {
    /// Called once per change of `a`, after Observation was told; nil: nobody listens.
    public var onChange: (@MainActor () -> Void)?

    public var a: Int {
        get {
            registrar.access(self, keyPath: \.a)
            return storedA
        }
        set {
            guard newValue != storedA else { return }
            storedA = newValue
            let newB = newValue + 1, newC = newValue * 2
            let newD = newB + newC
            let bChanged = newB != storedB, cChanged = newC != storedC, dChanged = newD != storedD
            storedB = newB
            storedC = newC
            storedD = newD
            registrar.withMutation(of: self, keyPath: \.a) {}
            if bChanged { registrar.withMutation(of: self, keyPath: \.b) {} }
            if cChanged { registrar.withMutation(of: self, keyPath: \.c) {} }
            if dChanged { registrar.withMutation(of: self, keyPath: \.d) {} }
            onChange?()
        }
    }

    public var b: Int {
        registrar.access(self, keyPath: \.b)
        return storedB
    }

    public var c: Int {
        registrar.access(self, keyPath: \.c)
        return storedC
    }

    public var d: Int {
        registrar.access(self, keyPath: \.d)
        return storedD
    }

    private var storedA = 0
    private var storedB = 1
    private var storedC = 0
    private var storedD = 1
    private let registrar = ObservationRegistrar()

    public init() {}
}

/// What users write: `@Observable` with computed properties. Cheap to change (one `withMutation`
/// for `a`), but Observation calls `onChange` before `a` is stored, so `d` read there is stale.
@MainActor
@Observable
public final class MacroDiamond {
    public var a = 0
    public var b: Int { a + 1 }
    public var c: Int { a * 2 }
    public var d: Int { b + c }

    public init() {}
}

/// What users also write: `@Observable` with stored values, the derived ones recomputed in the
/// input's `didSet`. Each derived value is a tracked stored property, so every change of `a`
/// calls `withMutation` four times, and an observer of `d` is told while `b`, `c` and `d` are
/// still being updated (Observation calls `onChange` before each store).
@MainActor
@Observable
public final class StoredMacroDiamond {
    public var a = 0 {
        didSet {
            b = a + 1
            c = a * 2
            d = b + c
        }
    }

    public private(set) var b = 1
    public private(set) var c = 0
    public private(set) var d = 1

    public init() {}
}
