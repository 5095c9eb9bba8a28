import Reactive
import Testing

@Suite struct EventTests {
    @Test func onlyValueEventsDoNotTerminate() {
        #expect(!Event<Int, TestError>.value(1).isTerminating)
        #expect(Event<Int, TestError>.failed(.boom).isTerminating)
        #expect(Event<Int, TestError>.completed.isTerminating)
        #expect(Event<Int, TestError>.interrupted.isTerminating)
    }

    @Test func mapTransformsValuesAndKeepsTerminalEvents() {
        #expect(Event<Int, TestError>.value(2).map { $0 * 10 } == .value(20))
        #expect(Event<Int, TestError>.failed(.boom).map { $0 * 10 } == .failed(.boom))
        #expect(Event<Int, TestError>.completed.mapError { _ in TestError.other(1) } == .completed)
        #expect(Event<Int, TestError>.failed(.boom).mapError { _ in TestError.other(1) } == .failed(.other(1)))
    }

    @Test func accessorsExposeValueAndError() {
        #expect(Event<Int, TestError>.value(3).value == 3)
        #expect(Event<Int, TestError>.value(3).error == nil)
        #expect(Event<Int, TestError>.failed(.boom).error == .boom)
        #expect(Event<Int, TestError>.completed.description == "completed")
    }
}
