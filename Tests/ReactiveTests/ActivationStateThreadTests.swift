import Foundation
import Reactive
import ReactiveTesting
import Testing

/// `ActivationState` changed from several threads at once: what observers are told must follow the
/// order in which the changes took effect.
@Suite(.serialized)
struct ActivationStateThreadTests {
    @Test func changesFromSeveralThreadsAreToldInTheOrderTheyTookEffect() {
        for _ in 0..<5 {
            let state = ActivationState()
            let told = Log<Bool>()
            state.didBecomeActive.observeValues { told.append(true) }
            state.didBecomeInactive.observeValues { told.append(false) }
            let activity = state.activity
            onThreads(4) { thread in
                for step in 0..<2_000 { state.isActive = (step + thread).isMultiple(of: 2) }
            }
            let all = told.all
            let firstOutOfTurn = all.indices.first { all[$0] != $0.isMultiple(of: 2) }
            #expect(firstOutOfTurn == nil, "active and inactive must alternate, starting with active")
            #expect((all.last ?? false) == state.isActive, "the last change told is the state's value")
            #expect(activity.value == state.isActive, "`activity` ends at the state's value")
            if firstOutOfTurn != nil { return }
        }
    }
}
