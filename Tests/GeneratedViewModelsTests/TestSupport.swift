import Observation
import Reactive
import ReactiveTesting

extension Command where Input == Void {
    /// Executes the command the way a bound button does, recording what the execution sends.
    @discardableResult
    func tap() -> Recorder<Output, CommandError<Failure>> {
        Recorder(execute())
    }
}

extension Command {
    /// Executes the command with `input`, the way a tap on a row does, recording what the
    /// execution sends.
    @discardableResult
    func tap(_ input: Input) -> Recorder<Output, CommandError<Failure>> {
        Recorder(execute(input))
    }
}

extension Recorder {
    /// Whether the recorded execution was refused because its command was disabled.
    func wasRefusedAsDisabled<CommandFailure>() -> Bool where Failure == CommandError<CommandFailure> {
        if case .disabled? = error { true } else { false }
    }
}

/// How many times Observation reported a change since `track` registered.
final class Tracking: @unchecked Sendable {
    var changes = 0
}

/// Registers once with `withObservationTracking` for what `read` reads, the way SwiftUI does
/// for one rendering, and calls `onChange` when Observation reports a change.
@MainActor
func track(_ read: @escaping @MainActor () -> Void, onChange: @escaping @MainActor () -> Void = {}) -> Tracking {
    let tracking = Tracking()
    withObservationTracking(read) {
        MainActor.assumeIsolated {
            tracking.changes += 1
            onChange()
        }
    }
    return tracking
}
