import Observation
@_spi(VMGen) @_spi(Testing) import Reactive
import Testing

/// A view model written the way vmgen writes one (docs/generated-code-contract.md): each value a
/// `Stored`, the helpers `GeneratedViewModel`'s, `double` computed from `a`, and a command `go`
/// whose enabled state the view model keeps as `goIsEnabled`.
@MainActor
private final class Doubler: Observation.Observable, TransactionalViewModel {
    var _a = Stored(1)
    var _double = Stored(2)
    var _goIsEnabled = Stored(false)
    let _$observationRegistrar = ObservationRegistrar()
    let _$transactions = Transactions()
    let go: Command<Void, Void, Never>

    init(goIsEnabled: Bool) {
        go = Command(enabledIf: Property(value: goIsEnabled), execute: { _ in .empty })
        _$transactions.attach(self)
    }

    var a: Int {
        get { _$read(\.a, _a.read(by: self)) }
        set { _$write(newValue) { $0._a.write($1) } }
    }

    var double: Int { _$read(\.double, _double.read(by: self)) }
    var goIsEnabled: Bool { _$read(\.goIsEnabled, _goIsEnabled.read(by: self)) }
    var aProperty: Property<Int> { _$property(&_a) }
    var doubleProperty: Property<Int> { _$property(&_double) }
    var goIsEnabledProperty: Property<Bool> { _$property(&_goIsEnabled) }

    func _$recompute() -> Bool {
        let aChanged = _a.changed()
        let doubleChanged = aChanged && _double.replace(_a.value * 2)
        return aChanged || doubleChanged
    }

    func _$notify(_ telling: Bool) {
        if _a.pending(telling) { _$changed(\.a, _a, telling) }
        if _double.pending(telling) { _$changed(\.double, _double, telling) }
    }

    var _$outputs: [InspectedOutput<Doubler>] {
        [
            .value("a", \.a, aProperty),
            .value("double", \.double, doubleProperty) { $0._a.value * 2 },
            .value("goIsEnabled", \.goIsEnabled, goIsEnabledProperty) { _ in false },
        ]
    }

    var _$commands: [InspectedCommand] { [InspectedCommand("go", go)] }
}

extension Doubler: GeneratedViewModel {
    /// A transaction whose step asks for another, which asks for another, 20,000 times (twice the
    /// bound it sets, so that without the bound it ends, and the test fails rather than hangs).
    static func neverSettle() {
        TransactionScope.maximumEvents = 10_000
        let doubler = Doubler(goIsEnabled: false)
        func again(_ left: Int) {
            guard left > 0 else { return }
            doubler._$whenComputed { doubler.a += 1; again(left - 1) }
        }
        doubler._$transaction { again(20_000) }
    }
}

@MainActor
@Suite struct GeneratedViewModelTests {
    @Test("every runtime property takes its new value before the first observer is told")
    func runtimePropertiesAreStagedBeforeObserversAreTold() {
        let doubler = Doubler(goIsEnabled: false)
        let double = doubler.doubleProperty
        let seen = Locked<[Int]>([])
        let observation = doubler.aProperty.signal.observeValues { a in
            seen.withLock { $0.append(a * 100 + double.value) }
        }
        doubler.a = 3
        doubler.a = 4
        observation?.dispose()
        #expect(seen.withLock { $0 } == [306, 408])
        #expect(double.value == 8)
    }

    @Test("a value read in withObservationTracking tells its change; one never read is still current")
    func observationIsToldAboutValuesThatWereRead() {
        let doubler = Doubler(goIsEnabled: false)
        let changes = Locked(0)
        withObservationTracking { _ = doubler.double } onChange: { changes.withLock { $0 += 1 } }
        doubler.a = 5
        #expect(changes.withLock { $0 } == 1)
        #expect(doubler._double.isRead)
        #expect(!doubler._a.isRead)
        #expect(doubler.a == 5 && doubler.double == 10)
    }

    @Test("the audit reports a computed value that differs from its fresh computation, and an enabled state the command does not have")
    func theAuditComparesOutputsWithTheirFreshComputations() {
        let agreeing = Doubler(goIsEnabled: false)
        #expect(agreeing._$audit() == [])

        agreeing._double.value = 5
        #expect(agreeing._$audit() == ["double is 5 but computes to 2"])

        let disagreeing = Doubler(goIsEnabled: true)
        #expect(disagreeing._$audit() == ["go.isEnabled is true but computes to false"])
    }

    @Test("a command given its owner's enabled state reports that state, and admits by its condition and whether it runs")
    func aCommandWithItsOwnersEnabledState() {
        let condition = MutableProperty(true)
        let ownersState = MutableProperty(false)
        let runs = Locked(0)
        let command = Command<Void, Void, Never>(
            enabledIf: Property(condition), isEnabled: Property(ownersState), performOnMain: { _ in runs.withLock { $0 += 1 } })
        #expect(!command.isEnabled.value, "the owner's state, not one the command computes")
        ownersState.value = true
        #expect(command.isEnabled.value)

        let refusals = Locked(0)
        func execute() {
            command.execute().start { event in
                if case .failed(.disabled) = event { refusals.withLock { $0 += 1 } }
            }
        }
        execute()
        #expect(runs.withLock { $0 } == 1)
        condition.value = false
        execute()
        #expect(runs.withLock { $0 } == 1)
        #expect(refusals.withLock { $0 } == 1)
        #expect(command.isEnabled.value, "the owner keeps it in agreement, not the command")
    }

    @Test("a step asked for in a transaction runs once its writes are computed again, in the same transaction; outside one, at once")
    func aStepRunsOnceTheTransactionsWritesAreComputed() {
        let doubler = Doubler(goIsEnabled: false)
        var seen: [Int] = []
        let told = Locked<[Int]>([])
        let observation = doubler.doubleProperty.signal.observeValues { value in told.withLock { $0.append(value) } }
        doubler._$transaction {
            doubler.a = 3
            doubler._$whenComputed {
                seen.append(doubler.double)
                doubler.a = doubler.double
                doubler._$whenComputed { seen.append(doubler.double) }
            }
            seen.append(doubler.double)
        }
        #expect(seen == [2, 6, 12], "the body read `double` stale; each step read it computed again")
        #expect(told.withLock { $0 } == [12], "one transaction: observers told once, of the last value")

        doubler._$whenComputed { doubler.a = 1 }
        #expect(doubler.double == 2 && told.withLock { $0 } == [12, 2])
        observation?.dispose()
    }

    @Test("steps that keep asking for steps stop the transaction with a message, rather than the stack")
    func stepsThatNeverSettleAreBounded() async {
        await #expect(processExitsWith: .failure) {
            await MainActor.run { Doubler.neverSettle() }
        }
    }

    @Test("the audit compares optionals, nil included, and skips values that are not Equatable")
    func theAuditComparesOptionalsAndSkipsOthers() {
        struct Opaque {}
        let stale: Int? = nil
        #expect(Audit.difference("x", stale, 1) == "x is nil but computes to Optional(1)")
        #expect(Audit.difference("x", Optional(1), nil) == "x is Optional(1) but computes to nil")
        #expect(Audit.difference("x", Int?.none, nil) == nil)
        #expect(Audit.difference("x", Opaque(), Opaque()) == nil)
    }
}
