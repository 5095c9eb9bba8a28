import Observation
import Reactive

/// W7's baseline: `Benchmarks/Specs/Pair.vm.yaml` written by hand, with the generated
/// `PairViewModel`'s outputs and notifications (Observation, and a runtime `Property` per value),
/// but `bump()` a plain method: what one consistent update of two values costs without a command.
@MainActor
public final class HandWrittenPair: Observable {
    public var a: Int {
        registrar.access(self, keyPath: \.a)
        return storedA
    }

    public var b: Int {
        registrar.access(self, keyPath: \.b)
        return storedB
    }

    public var sum: Int {
        registrar.access(self, keyPath: \.sum)
        return storedSum
    }

    public var same: Bool {
        registrar.access(self, keyPath: \.same)
        return storedSame
    }

    public let sumProperty: Property<Int>
    public let sameProperty: Property<Bool>

    private var storedA = 0
    private var storedB = 0
    private var storedSum = 0
    private var storedSame = true
    private let sumStorage = MutableProperty(0)
    private let sameStorage = MutableProperty(true)
    private let registrar = ObservationRegistrar()

    public init() {
        sumProperty = Property(sumStorage)
        sameProperty = Property(sameStorage)
    }

    /// Adds one to both counters, then notifies what changed (`same` stays true).
    public func bump() {
        storedA += 1
        storedB += 1
        let newSum = storedA + storedB
        let newSame = storedA == storedB
        let sameChanged = newSame != storedSame
        storedSum = newSum
        storedSame = newSame
        registrar.withMutation(of: self, keyPath: \.a) {}
        registrar.withMutation(of: self, keyPath: \.b) {}
        registrar.withMutation(of: self, keyPath: \.sum) {}
        sumStorage.value = newSum
        if sameChanged {
            registrar.withMutation(of: self, keyPath: \.same) {}
            sameStorage.value = newSame
        }
    }
}
