import Observation
import Reactive

/// W3's baseline: the diamond of `Benchmarks/Specs/Diamond.vm.yaml` written by hand, with the
/// generated `DiamondViewModel`'s public surface and notifications: Observation reads and
/// mutations through an `ObservationRegistrar`, and a runtime `Property` per value whose
/// observers hear every change. A set of `a` recomputes `b`, `c` and `d` in that order, stores
/// them all, then notifies `a`, `b`, `c`, `d` (only those that changed), Observation first.
@MainActor
public final class HandWrittenDiamond: Observable {
    public var a: Int {
        get {
            registrar.access(self, keyPath: \.a)
            return storedA
        }
        set {
            guard newValue != storedA else { return }
            storedA = newValue
            let newB = newValue + 1
            let newC = newValue * 2
            let newD = newB + newC
            let bChanged = newB != storedB
            let cChanged = newC != storedC
            let dChanged = newD != storedD
            storedB = newB
            storedC = newC
            storedD = newD
            registrar.withMutation(of: self, keyPath: \.a) {}
            aStorage.value = newValue
            if bChanged {
                registrar.withMutation(of: self, keyPath: \.b) {}
                bStorage.value = newB
            }
            if cChanged {
                registrar.withMutation(of: self, keyPath: \.c) {}
                cStorage.value = newC
            }
            if dChanged {
                registrar.withMutation(of: self, keyPath: \.d) {}
                dStorage.value = newD
            }
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

    public let aProperty: Property<Int>
    public let bProperty: Property<Int>
    public let cProperty: Property<Int>
    public let dProperty: Property<Int>

    private var storedA = 0
    private var storedB = 1
    private var storedC = 0
    private var storedD = 1
    private let aStorage = MutableProperty(0)
    private let bStorage = MutableProperty(1)
    private let cStorage = MutableProperty(0)
    private let dStorage = MutableProperty(1)
    private let registrar = ObservationRegistrar()

    public init() {
        aProperty = Property(aStorage)
        bProperty = Property(bStorage)
        cProperty = Property(cStorage)
        dProperty = Property(dStorage)
    }
}
