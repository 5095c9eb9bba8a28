import Reactive
import Testing

extension Recorder where Value: Equatable, Failure: Equatable {
    /// Records a test issue (Swift Testing) unless exactly `expected` events were recorded.
    public func expectEvents(
        _ expected: [Event<Value, Failure>], _ comment: Comment? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(events == expected, comment, sourceLocation: sourceLocation)
    }
}

extension Recorder where Value: Equatable {
    /// Records a test issue (Swift Testing) unless exactly `expected` values were recorded.
    public func expectValues(
        _ expected: [Value], _ comment: Comment? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(values == expected, comment, sourceLocation: sourceLocation)
    }
}

extension Recorder {
    /// Waits (polling every millisecond) until `condition` holds for the recorder or `timeout`
    /// passes; returns whether it held. For events that arrive on other threads or tasks.
    public func wait(
        timeout: Duration = .seconds(60), isolation: isolated (any Actor)? = #isolation,
        until condition: (Recorder) -> Bool
    ) async -> Bool {
        await waitUntil(timeout: timeout) { condition(self) }
    }
}
