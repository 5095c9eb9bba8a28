import ExampleModels
import GeneratedViewModels
import Observation
import Reactive
import ReactiveTesting
import Testing

/// Seed 002's ViewModelSpec, plus the states around it.
@MainActor
struct DiceGameTests {
    /// Rolls until the game is won, at most `limit` times (the article's loop of 40).
    private func rollUntilWon(_ game: DiceGameViewModel, limit: Int = 40, eachRoll: () -> Void = {}) {
        for _ in 0..<limit where !game.isGameOver {
            eachRoll()
            game.rollDie.tap()
        }
    }

    @Test func beforeTheFirstRollTheDieIsBlankAndRollable() {
        let game = DiceGameViewModel(die: ScriptedDie(rolls: [4]))
        #expect(game.roll == nil)
        #expect(game.currentRollDescription == "You haven't rolled the die yet")
        #expect(game.currentRollTextColor == .black)
        #expect(!game.isGameOver)
        #expect(game.rollDieIsEnabled)
    }

    // Article: "should create a die".
    @Test func rollingTheDieShowsWhatItRolled() {
        let die = ScriptedDie(rolls: [3])
        let game = DiceGameViewModel(die: die)
        let execution = game.rollDie.tap()
        #expect(game.roll == 3)
        #expect(die.rollCount == 1)
        #expect(game.currentRollDescription == "You rolled a 3. Keep trying!")
        #expect(game.currentRollTextColor == .black)
        #expect(execution.isCompleted)
    }

    // Article: "shouldn't roll anymore once you win".
    @Test func rollIsDisabledOnceTheGameIsWon() {
        let die = Die(generator: SeededRandomNumbers(seed: 2014))
        let game = DiceGameViewModel(die: die)
        rollUntilWon(game)
        #expect(game.isGameOver)
        #expect(!game.rollDieIsEnabled)
        #expect(!game.rollDie.isEnabled.value)

        let refused = game.rollDie.tap()
        #expect(refused.wasRefusedAsDisabled())
        #expect(game.roll == 6)
    }

    // Article: "it should say you won when you win".
    @Test func itSaysYouWonWhenYouWin() {
        let game = DiceGameViewModel(die: Die(generator: SeededRandomNumbers(seed: 7)))
        rollUntilWon(game) {
            #expect(!game.currentRollDescription.contains("WIN"))
        }
        #expect(game.currentRollDescription == "YOU WIN! (Why don't you play again?)")
        #expect(game.currentRollTextColor == .green)
    }

    @Test func aNewGameClearsTheDieAndEnablesRollingAgain() {
        let game = DiceGameViewModel(die: ScriptedDie(rolls: [6, 2]))
        game.rollDie.tap()
        #expect(game.isGameOver)

        game.newGame.tap()
        #expect(game.roll == nil)
        #expect(!game.isGameOver)
        #expect(game.rollDieIsEnabled)
        #expect(game.currentRollTextColor == .black)

        game.rollDie.tap()
        #expect(game.currentRollDescription == "You rolled a 2. Keep trying!")
    }

    @Test func rollingTheSameNumberAgainNotifiesNobody() {
        let game = DiceGameViewModel(die: ScriptedDie(rolls: [5, 5]))
        game.rollDie.tap()
        let descriptions = Recorder(game.currentRollDescriptionProperty.signal)
        let rolls = Recorder(game.rollProperty.signal)
        game.rollDie.tap()
        #expect(rolls.values.isEmpty)
        #expect(descriptions.values.isEmpty)
    }

    @Test func observationSeesTheDescriptionChange() {
        let game = DiceGameViewModel(die: ScriptedDie(rolls: [2]))
        let changes = Recorder<Void, Never>()
        withObservationTracking {
            _ = game.currentRollDescription
        } onChange: { [observer = changes.observer] in
            observer.send(value: ())
        }
        game.rollDie.tap()
        #expect(changes.values.count == 1)
    }

    @Test func theGameIsFreedWhenTheViewLetsGo() {
        weak var released: DiceGameViewModel?
        do {
            let game = DiceGameViewModel(die: ScriptedDie(rolls: [1]))
            game.rollDie.tap()
            released = game
        }
        #expect(released == nil)
    }
}
