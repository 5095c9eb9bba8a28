import Dispatch
import Foundation
import Reactive
import Testing

/// Compares a map -> filter -> map chain with the same three closures called directly.
///
/// Meaningful only in an optimized build on a quiet machine, so it runs on request:
/// `REACTIVE_BENCH=1 swift test -c release --filter PerformanceTests`.
@Suite(.serialized, .enabled(if: ProcessInfo.processInfo.environment["REACTIVE_BENCH"] == "1"))
struct PerformanceTests {
    final class Sink: @unchecked Sendable { var total = 0 }

    static let count = 1_000_000

    /// The best time per event, in nanoseconds, over several runs.
    func nanosecondsPerEvent(_ body: () -> Int) -> Double {
        var best = Double.infinity
        for _ in 0..<5 {
            let start = DispatchTime.now().uptimeNanoseconds
            _ = body()
            best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / Double(Self.count))
        }
        return best
    }

    @inline(never)
    func plainChain(_ sink: Sink) -> (Int) -> Void {
        let f: (Int) -> Int = { $0 &* 3 }
        let g: (Int) -> Bool = { $0 & 1 == 0 }
        let h: (Int) -> Int = { $0 &+ 1 }
        return { value in
            let a = f(value)
            if g(a) { sink.total &+= h(a) }
        }
    }

    var plain: Double {
        nanosecondsPerEvent {
            let sink = Sink()
            let chain = plainChain(sink)
            for value in 0..<Self.count { chain(value) }
            return sink.total
        }
    }

    @Test func aSignalChainCostsAtMostTenTimesPlainClosures() {
        let signal = nanosecondsPerEvent {
            let sink = Sink()
            let (output, input) = Signal<Int, Never>.pipe()
            output.map { $0 &* 3 }.filter { $0 & 1 == 0 }.map { $0 &+ 1 }.observeValues { sink.total &+= $0 }
            for value in 0..<Self.count { input.send(value: value) }
            return sink.total
        }
        let ratio = signal / plain
        print("Signal map-filter-map: \(signal) ns/event, \(ratio)x plain closures")
        #expect(ratio <= 10)
    }

    @Test func aProducerChainCostsAtMostTenTimesPlainClosures() {
        let producer = nanosecondsPerEvent {
            let sink = Sink()
            SignalProducer<Int, Never> { observer, _ in
                for value in 0..<Self.count { observer.send(value: value) }
                observer.sendCompleted()
            }
            .map { $0 &* 3 }.filter { $0 & 1 == 0 }.map { $0 &+ 1 }
            .startWithValues { sink.total &+= $0 }
            return sink.total
        }
        let ratio = producer / plain
        print("SignalProducer map-filter-map: \(producer) ns/event, \(ratio)x plain closures")
        #expect(ratio <= 10)
    }
}
