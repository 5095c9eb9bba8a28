/// Funnels inputs from several sources (threads, schedulers, inner streams) into one handler that
/// runs them one at a time, in the order they were accepted, so operator state needs no lock.
/// Re-entrant inputs (sent from inside the handler) run after the current one returns.
@usableFromInline
final class Serializer<Input>: Sendable {
    @usableFromInline let core: SignalCore<Input, Never>

    @inlinable
    init(_ handler: @escaping @Sendable (Input) -> Void) {
        core = SignalCore(hasHandle: true)
        _ = core.add { event in
            if case .value(let input) = event { handler(input) }
        }
    }

    @inlinable
    func send(_ input: Input) {
        core.send(.value(input))
    }
}

/// One of two things: tags events of two differently typed sources for a ``Serializer``.
@usableFromInline
enum Either<Left, Right> {
    case left(Left)
    case right(Right)
}
