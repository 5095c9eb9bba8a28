import ExampleModels
import GeneratedViewModels
import ReactiveTesting
import Testing

/// The test shown in docs/spec-format.md ("Using the generated class"), kept compiling here.
@Suite("The docs' test snippet")
struct DocsSnippetTests {
    @Test @MainActor func totalFollowsQuantity() {
        let line = OrderLineViewModel(counter: EvaluationCounter())
        let totals = Recorder(line.totalProperty)      // import ReactiveTesting
        line.quantity = 10
        #expect(totals.values == [100, 900])           // the current value, then each change once
    }
}
