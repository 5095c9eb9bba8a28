import Foundation
import Testing

extension Tag {
    /// Tests that take seconds rather than milliseconds: they compile generated code with
    /// `swiftc`, or generate hundreds of specs. `swift test` and CI run them; the fast loop,
    /// `VMGEN_FAST_TESTS=1 swift test`, leaves them out (see `fastLoopSkips`).
    @Tag public static var slow: Self
}

extension Trait where Self == ConditionTrait {
    /// Leaves a slow test out of the fast loop, `VMGEN_FAST_TESTS=1 swift test`, and nowhere
    /// else. Swift Testing's command line filters by name, not by tag, so the loop is chosen by
    /// this condition; every slow test also carries `.tags(.slow)` for test navigators.
    public static var fastLoopSkips: Self {
        .disabled(if: ProcessInfo.processInfo.environment["VMGEN_FAST_TESTS"] == "1",
                  "slow: the fast loop (VMGEN_FAST_TESTS=1) leaves it to the full `swift test`")
    }
}
