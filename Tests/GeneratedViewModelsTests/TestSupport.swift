import Reactive
import ReactiveTesting

extension Command where Input == Void {
    /// Executes the command the way a bound button does, recording what the execution sends.
    @discardableResult
    func tap() -> Recorder<Output, CommandError<Failure>> {
        Recorder(execute())
    }
}

extension Recorder {
    /// Whether the recorded execution was refused because its command was disabled.
    func wasRefusedAsDisabled<CommandFailure>() -> Bool where Failure == CommandError<CommandFailure> {
        if case .disabled? = error { true } else { false }
    }
}
