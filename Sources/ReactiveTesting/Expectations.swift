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
        timeout: Duration = .seconds(2), until condition: (Recorder) -> Bool
    ) async -> Bool {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: timeout)
        while !condition(self) {
            if clock.now >= deadline { return false }
            try? await Task.sleep(for: .milliseconds(1))
        }
        return true
    }
}
