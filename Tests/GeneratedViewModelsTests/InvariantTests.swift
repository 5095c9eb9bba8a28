import ExampleModels
@_spi(Testing) import GeneratedViewModels
@_spi(Testing) import Reactive
import ReactiveTesting
import Testing

/// The spec's `invariants:`, listed by `_$invariants` and checked after every transaction in debug
/// builds (through `Invariant.violated`, which tests can replace).
@MainActor
struct InvariantTests {
    /// Runs `body` with violations collected instead of stopping the process; returns them.
    func violations(during body: () -> Void) -> [String] {
        var collected: [String] = []
        let previous = Invariant.violated
        Invariant.violated = { collected.append($0) }
        defer { Invariant.violated = previous }
        body()
        return collected
    }

    @Test func aDieThatRollsSevenBreaksRollIsADieFaceRightAfterTheRoll() {
        let game = DiceGameViewModel(die: ScriptedDie(rolls: [7]))
        #expect(game._$invariants.allSatisfy { $0.holds })
        let broken = violations { game.rollDie.execute().start() }
        #expect(broken == ["DiceGameViewModel: invariant `rollIsADieFace` does not hold: a roll is a face of the die, from 1 to 6"])
        #expect(game._$invariants.filter { !$0.holds }.map(\.name) == ["rollIsADieFace"])
    }

    @Test func aFairGameKeepsEveryInvariant() {
        let game = DiceGameViewModel(die: ScriptedDie(rolls: [3, 6]))
        let broken = violations {
            game.rollDie.execute().start()
            game.rollDie.execute().start()
            game.newGame.execute().start()
        }
        #expect(broken.isEmpty)
        #expect(game._$invariants.map(\.name) == ["rollIsADieFace", "greenOnlyWhenWon"])
    }

    @Test func theInvariantsOfTheOrderLineHoldForEveryQuantity() {
        let line = OrderLineViewModel(counter: EvaluationCounter())
        let broken = violations {
            for quantity in [0, 1, 9, 10, 11, 250] { line.quantity = quantity }
        }
        #expect(broken.isEmpty)
        #expect(line._$invariants.count == 2)
    }

    @Test func theTodoListNeverHoldsTheSameItemTwice() {
        let list = TodoListViewModel()
        let broken = violations {
            list.newItemText = "milk"
            list.add.execute().start()
            list.newItemText = "milk"
            list.add.execute().start()   // refused: a duplicate
        }
        #expect(broken.isEmpty)
        #expect(list.items == ["milk"])
    }
}
