@testable import GoldenViewModels
import ReactiveTesting
import Testing

/// The explorer reports a child's broken invariant, not only the root's: debug builds of the
/// child check its invariants after each of its transactions, and the explorer records what they
/// report (Tests/Golden/Specs/Tag.vm.yaml: a tag's label is at most three characters, and its
/// parent, Tags.vm.yaml, writes its prefix into every tag's label).
@MainActor
struct ChildInvariantExplorationTests {
    @Test func aChildsBrokenInvariantIsAFailureOfTheStepThatBrokeIt() throws {
        let report = Explorer<TagsViewModel> { explore in
            explore.input(\.numbers, [[], [1]])
            explore.input(\.prefix, ["#", "long"])
            return TagsViewModel()
        }.exhaustive(depth: 3)
        let failure = try #require(report.failure, "the explorer did not see the tag's broken invariant")
        #expect(failure.message.contains("TagViewModel: invariant `labelIsShort` does not hold: a tag's label is at most three characters"))
        #expect(failure.steps.count == 2)
    }
}
