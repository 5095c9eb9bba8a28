@_spi(Testing) import GoldenViewModels
@_spi(Testing) import Reactive
import ReactiveTesting
import Testing

/// The golden turnstile (`Tests/Golden/Specs/Turnstile.vm.yaml`): what reads a machine's `state`
/// (a derived value, a reaction, an invariant, the enabled state of the commands that send) changes
/// in the transaction of each event, and a command that sends may run another with `then:`.
@MainActor
struct TurnstileMachineTests {
    @Test func aCoinIsOneTransactionOfTheStateItsDataTheDerivedCreditEntryAndTheReaction() {
        let turnstile = TurnstileViewModel(fare: 2)
        #expect(turnstile.insertIsEnabled)
        #expect(!turnstile.walkThroughIsEnabled)
        let changes = ChangeRecorder(turnstile)
        turnstile.insert.tap(1)
        #expect(changes.transactions.count == 1, "\(changes.transactions)")
        changes.expect(
            .changed(\.state, to: .paying(paid: 1)), .changed(\.credit, to: 1),
            .changed(\.lastPaid, to: 1), .changed(\.moves, to: 1))
        #expect(turnstile._$invariants.allSatisfy { $0.holds })
        changes.finish()
    }

    @Test func payingTheFareEnablesThePushAndThenWalksThroughInATransactionOfItsOwn() {
        let turnstile = TurnstileViewModel(fare: 2)
        turnstile.insert.tap(1)
        let changes = ChangeRecorder(turnstile)
        turnstile.insert.tap(1)
        // The coin, with the push enabled by its guard; then `then: walkThrough`, once that is over.
        #expect(changes.transactions.count == 2, "\(changes.transactions)")
        changes.expect(
            .changed(\.state, to: .paying(paid: 2), .locked), .changed(\.credit, to: 2, 0),
            .changed(\.lastPaid, to: 2), .changed(\.moves, to: 2, 3),
            .changed(\.walkThroughIsEnabled, to: true, false), .changed(\.passes, to: 1))
        changes.finish()
    }

    @Test func aFreeTurnstileUnlocksOnAnyCoinAndCountsThePassOnEntryToLocked() {
        let turnstile = TurnstileViewModel(fare: 0)
        turnstile.send(.coin(1))
        #expect(turnstile.state == .unlocked)
        #expect(turnstile.credit == 0)
        #expect(turnstile.walkThroughIsEnabled)
        turnstile.walkThrough.tap()
        #expect(turnstile.state == .locked)
        #expect(turnstile.passes == 1)
        #expect(turnstile.moves == 2)
    }

    @Test func brokenIsFinal() {
        let turnstile = TurnstileViewModel(fare: 2)
        turnstile.insert.tap(1)
        turnstile.send(.breakDown)
        #expect(turnstile.state == .broken)
        #expect(turnstile.jams == 1)
        #expect(!turnstile.insertIsEnabled)
        #expect(!turnstile.walkThroughIsEnabled)
        let changes = ChangeRecorder(turnstile)
        turnstile.send(.coin(5))
        turnstile.send(.push)
        turnstile.send(.breakDown)
        changes.expectNoChanges()
        changes.finish()
    }
}
