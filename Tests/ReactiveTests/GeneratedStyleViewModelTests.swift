import Observation
import Reactive
import ReactiveTesting
import Testing

/// A view model written by hand the way `vmgen` generates one (docs/generated-code-contract.md),
/// to check that the contract's calls fit together: two-phase updates, commands with conditions,
/// activation, and release.
@MainActor
final class DiceGameViewModel: Observable {
    private let _$observationRegistrar = ObservationRegistrar()
    private let disposables = CompositeDisposable()
    private let die: @Sendable () -> Int

    let _roll = MutableProperty<Int?>(nil)
    let _isGameOver = MutableProperty(false)
    let _description = MutableProperty("You haven't rolled the die yet")
    let activation = ActivationState()

    var roll: Int? {
        _$observationRegistrar.access(self, keyPath: \.roll)
        return _roll.value
    }

    var isGameOver: Bool {
        _$observationRegistrar.access(self, keyPath: \.isGameOver)
        return _isGameOver.value
    }

    private(set) lazy var rollDie = Command<Void, Void, Never>(
        enabledIf: Property(_isGameOver).negate(),
        executeOnMain: { [weak self] in
            guard let self else { return .empty }
            self.setRoll(self.die())
            return .empty
        })

    private(set) lazy var newGame = Command<Void, Void, Never>(executeOnMain: { [weak self] in
        self?.setRoll(nil)
        return .empty
    })

    init(die: @escaping @Sendable () -> Int) {
        self.die = die
    }

    deinit { disposables.dispose() }

    private func setRoll(_ newValue: Int?) {
        let rollChanged = _roll.stage(newValue)
        let isGameOverChanged = _isGameOver.stage(newValue == 6)
        let description: String = switch newValue {
        case 6?: "YOU WIN! (Why don't you play again?)"
        case let value?: "You rolled a \(value). Keep trying!"
        case nil: "You haven't rolled the die yet"
        }
        let descriptionChanged = _description.stage(description)
        if rollChanged { _$observationRegistrar.withMutation(of: self, keyPath: \.roll) {}; _roll.publish() }
        if isGameOverChanged { _$observationRegistrar.withMutation(of: self, keyPath: \.isGameOver) {}; _isGameOver.publish() }
        if descriptionChanged { _description.publish() }
    }
}

@MainActor
@Suite struct GeneratedStyleViewModelTests {
    @Test func rollIsDisabledOnceTheGameIsWonAndNewGameEnablesItAgain() {
        let rolls = Log<Int>()
        let model = DiceGameViewModel { rolls.count <= 2 ? 3 : 6 }
        let roll = {
            rolls.append(1)
            model.rollDie.execute().start()
        }
        roll()
        #expect(model.roll == 3)
        #expect(model.rollDie.isEnabled.value)
        roll()
        #expect(model.roll == 3)
        roll()
        #expect(model.roll == 6)
        #expect(model.isGameOver)
        #expect(model.rollDie.isEnabled.value == false)
        let rejected = Recorder(model.rollDie.execute())
        #expect(rejected.error == .disabled)
        #expect(rejected.count == 1)
        model.newGame.execute().start()
        #expect(model.roll == nil)
        #expect(model.rollDie.isEnabled.value)
    }

    @Test func observersSeeAFullyUpdatedModelAndOnlyRealChanges() {
        let model = DiceGameViewModel { 6 }
        let seen = Log<String>()
        model._isGameOver.signal.observeValues { isGameOver in
            seen.append("isGameOver=\(isGameOver) roll=\(String(describing: model._roll.value))")
        }
        let descriptions = Recorder(model._description.signal)
        model.rollDie.execute().start()
        model.newGame.execute().start()
        model.newGame.execute().start()
        #expect(seen.all == ["isGameOver=true roll=Optional(6)", "isGameOver=false roll=nil"])
        #expect(descriptions.values.count == 2)
    }

    @Test func observationTrackingSeesPublishedChanges() {
        let model = DiceGameViewModel { 4 }
        let changed = Log<Int>()
        withObservationTracking { _ = model.roll } onChange: { changed.append(1) }
        model.rollDie.execute().start()
        #expect(changed.count == 1)
    }

    @Test func theViewModelIsReleasedWithItsCommandsAndObservations() {
        weak var weakModel: DiceGameViewModel?
        do {
            let model = DiceGameViewModel { 2 }
            weakModel = model
            model.rollDie.execute().start()
            _ = Recorder(model.rollDie.isEnabled)
            model.activation.isActive = true
        }
        #expect(weakModel == nil)
    }
}
