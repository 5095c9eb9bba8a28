import GoldenViewModels
import Reactive
import Testing

/// The golden `Reactions` spec (`ReactionsViewModel`) run: a reaction that writes a state value
/// with a mutating method (`recentQueries.append(query)`).
@MainActor
@Suite("Reactions in the golden view model")
struct GoldenReactionsTests {
    @Test("a reaction's mutating method call changes the state value, once per transaction in which its trigger changed")
    func appendInReaction() {
        let model = ReactionsViewModel(limit: 3)
        #expect(model.recentQueries == [])
        var told: [[String]] = []
        let disposable = model.recentQueriesProperty.signal.observeValuesOnMain { told.append($0) }
        model.query = "a"
        model.query = "ab"
        model.update {
            $0.query = "x"
            $0.query = "ab"
        }
        #expect(model.recentQueries == ["a", "ab"], "a transaction that ends where it began changes nothing")
        #expect(told == [["a"], ["a", "ab"]])
        #expect(model.previousQuery == "a")
        disposable?.dispose()
    }
}
