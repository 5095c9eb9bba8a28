@_spi(VMGen) @_spi(Testing) import Reactive
import ReactiveTesting
import Testing

/// `Pacer` on virtual time: what comes through for each rule, and values that are not `Sendable`.
@MainActor
struct PacerTests {
    /// Not `Sendable`: a pacer must hand the very object it was given.
    final class Draft {
        let text: String
        init(_ text: String) { self.text = text }
    }

    let scheduler = TestScheduler()

    @Test func aDebounceHandsOnTheLatestValueOnceTheValuesPause() {
        var delivered: [String] = []
        let pacer = Pacer<Draft>(.debounce(0.3), on: scheduler) { delivered.append($0.text) }
        let last = Draft("abc")
        var handed: Draft?
        let identity = Pacer<Draft>(.debounce(0.3), on: scheduler) { handed = $0 }
        pacer.send(Draft("a"))
        scheduler.advance(by: 0.2)
        pacer.send(Draft("ab"))
        pacer.send(last)
        identity.send(last)
        scheduler.advance(by: 0.2)
        #expect(delivered == [])
        scheduler.advance(by: 0.1)
        #expect(delivered == ["abc"])
        #expect(handed === last)
    }

    @Test func aDelayHandsOnEveryValueInOrder() {
        var delivered: [Int] = []
        let pacer = Pacer<Int>(.delay(1), on: scheduler) { delivered.append($0) }
        pacer.send(1)
        scheduler.advance(by: 0.5)
        pacer.send(2)
        scheduler.advance(by: 0.5)
        #expect(delivered == [1])
        scheduler.advance(by: 0.5)
        #expect(delivered == [1, 2])
    }

    @Test func aThrottleLetsTheFirstThroughThenTheLatestOfTheInterval() {
        var delivered: [Int] = []
        let pacer = Pacer<Int>(.throttle(1), on: scheduler) { delivered.append($0) }
        pacer.send(1)
        scheduler.advance()
        pacer.send(2)
        pacer.send(3)
        scheduler.advance(by: 1)
        #expect(delivered == [1, 3])
    }

    @Test func cancelAndReleaseDropWhatWaits() {
        var delivered: [Int] = []
        let pacer = Pacer<Int>(.debounce(0.3), on: scheduler) { delivered.append($0) }
        pacer.send(1)
        pacer.cancel()
        scheduler.advance(by: 1)
        #expect(delivered == [])
        pacer.send(2)
        scheduler.advance(by: 1)
        #expect(delivered == [2])
        var released: Pacer<Int>? = Pacer<Int>(.debounce(0.3), on: scheduler) { delivered.append($0) }
        released?.send(3)
        released = nil
        scheduler.advance(by: 1)
        #expect(delivered == [2])
    }
}
