import ExampleModels
import GeneratedViewModels
import Observation
import Reactive
import ReactiveTesting
import Testing

/// A generated view model's commands run the way a button runs them, `game.rollDie()`
/// (`Command.callAsFunction`, issue 24 item 2): each execution is one transaction of the view
/// model, or part of the one under way, and never runs while observers are being told.
@MainActor
struct DirectCommandViewModelTests {
    @Test func aDirectExecutionRunsThePerformAndADisabledOneRunsNothing() {
        let die = ScriptedDie(rolls: [6, 2])
        let game = DiceGameViewModel(die: die)
        let executing = Recorder(game.rollDieIsExecutingProperty)
        game.rollDie()
        #expect(game.roll == 6)
        #expect(game.isGameOver && !game.rollDieIsEnabled && !game.rollDie.isEnabled.value)
        // Each execution is one step of the view model's transaction: `isExecuting` went true
        // and false inside it, so observers of the view model never see it change.
        #expect(executing.values == [false])

        game.rollDie()
        #expect(die.rollCount == 1)
        #expect(game.roll == 6)

        game.newGame()
        game.rollDie()
        #expect(die.rollCount == 2)
        #expect(game.roll == 2)
        #expect(game.rollDieIsEnabled && game.rollDie.isEnabled.value)
    }

    @Test func anExecutionDuringUpdateJoinsItsTransaction() {
        let game = DiceGameViewModel(die: ScriptedDie(rolls: [3]))
        let rolls = Recorder(game.rollProperty.signal)
        let descriptions = Recorder(game.currentRollDescriptionProperty.signal)
        game.update { game in
            game.rollDie()
            // Written, not yet committed: the derived values follow at the end of `update`.
            #expect(game.roll == 3)
            game.newGame()
        }
        // Rolled and cleared in one transaction: nothing changed, nobody was told.
        #expect(game.roll == nil)
        #expect(rolls.values.isEmpty)
        #expect(descriptions.values.isEmpty)

        game.update { game in game.rollDie() }
        #expect(rolls.values == [3])
        #expect(descriptions.values == ["You rolled a 3. Keep trying!"])
    }

    @Test func anExecutionFromAnObserverRunsAfterTheObserversOnce() {
        let die = ScriptedDie(rolls: [3, 5])
        let game = DiceGameViewModel(die: die)
        let seen = Locked<[String]>([])
        let observation = game.rollProperty.signal.observeValues { roll in
            MainActor.assumeIsolated {
                seen.withLock { $0.append("told \(String(describing: roll))") }
                guard roll == 3 else { return }
                game.rollDie()
                // Not run yet: observers are still being told about the first roll.
                let after = "after the call: \(String(describing: game.roll)), rolled \(die.rollCount)"
                seen.withLock { $0.append(after) }
            }
        }
        let descriptions = Recorder(game.currentRollDescriptionProperty.signal)
        game.rollDie()
        observation?.dispose()
        #expect(seen.withLock { $0 } == ["told Optional(3)", "after the call: Optional(3), rolled 1", "told Optional(5)"])
        #expect(die.rollCount == 2)
        #expect(descriptions.values == ["You rolled a 3. Keep trying!", "You rolled a 5. Keep trying!"])
    }

    @Test func anExecutionFromOnChangeRunsOnceTheChangeIsOver() {
        let die = ScriptedDie(rolls: [3, 4])
        let game = DiceGameViewModel(die: die)
        let readInOnChange = Locked<[String]>([])
        withObservationTracking {
            _ = game.currentRollDescription
        } onChange: {
            MainActor.assumeIsolated {
                // Observation calls this while the first roll is being told.
                game.rollDie()
                let description = game.currentRollDescription
                readInOnChange.withLock { $0.append(description) }
            }
        }
        game.rollDie()
        #expect(readInOnChange.withLock { $0 } == ["You rolled a 3. Keep trying!"])
        #expect(die.rollCount == 2)
        #expect(game.currentRollDescription == "You rolled a 4. Keep trying!")
    }
}
