import DiamondViewModel
import HandWrittenDiamond
import Observation

// How W3B, W3T, W8B and W8T (issue 15) drive a model: one input set again and again, either with
// nobody observing, or observed the way SwiftUI observes: the output read inside
// `withObservationTracking`, registered again after each change (the registration ends with the
// first `onChange`). `onChange` reads the output at once and checks it against the input just
// set: Observation calls it before the change is over, so a model that is not yet consistent
// then is seen as it is ("read inside onChange").

/// A model with one input and the output an observer reads (a diamond's `a` and `d`, a graph's
/// `v0` and `v19`).
@MainActor
protocol OneInput: AnyObject, Sendable {
    var input: Int { get set }
    var output: Int { get }
}

/// What the observer of a tracked run saw.
final class TrackingWatch: @unchecked Sendable {
    /// The input being set (written by the driving loop, before the set).
    var input = 0
    var firings = 0
    var inconsistent = 0
    var last = 0

    @inline(__always)
    func see(_ output: Int, expected: Int) {
        firings &+= 1
        if output != expected { inconsistent &+= 1 }
        last = output
    }
}

enum Observed {
    /// The watch of the last tracked run, by variant name (W3T and W8T keep their own names).
    @MainActor static var lastWatch: [String: TrackingWatch] = [:]

    /// Sets the input `changes` times with nobody observing.
    @MainActor
    static func bare<Model: OneInput>(_ model: Model, changes: Int) -> Sample {
        let elapsed = timed {
            for value in 1...changes { model.input = value }
        }
        return Sample(nanoseconds: elapsed, checksum: model.output)
    }

    /// Sets the input `changes` times, observed through `withObservationTracking` as above.
    /// `expected` gives the consistent output for an input.
    @MainActor
    static func tracked<Model: OneInput>(
        _ model: Model, as name: String, changes: Int, expected: @escaping @Sendable (Int) -> Int
    ) -> Sample {
        let watch = TrackingWatch()
        let elapsed = timed {
            for value in 1...changes {
                withObservationTracking {
                    _ = model.output
                } onChange: {
                    MainActor.assumeIsolated { watch.see(model.output, expected: expected(watch.input)) }
                }
                watch.input = value
                model.input = value
            }
        }
        lastWatch[name] = watch
        return Sample(nanoseconds: elapsed, checksum: model.output &+ watch.firings)
    }

    /// The floor of a tracked run: a plain class set, then its output read and handed to the
    /// observer by the driving loop itself (the cheapest way to tell someone).
    @MainActor
    static func told<Model: OneInput>(
        _ model: Model, as name: String, changes: Int, expected: @escaping @Sendable (Int) -> Int
    ) -> Sample {
        let watch = TrackingWatch()
        let elapsed = timed {
            for value in 1...changes {
                watch.input = value
                model.input = value
                watch.see(model.output, expected: expected(value))
            }
        }
        lastWatch[name] = watch
        return Sample(nanoseconds: elapsed, checksum: model.output &+ watch.firings)
    }

    /// The extra text of a tracked workload: firings per change and the values read inside
    /// `onChange` that were not consistent, per variant (kept under `prefix + name`).
    @MainActor
    static func report(_ names: [String], of prefix: String, changes: Int) -> String {
        let watches = names.map { (name: $0, watch: lastWatch[prefix + $0]!) }
        let firings = watches.map { "\($0.name):\(format(Double($0.watch.firings) / Double(changes)))" }
        let inconsistent = watches.map { "\($0.name):\($0.watch.inconsistent)" }
        return "firings_per_change=\(firings.joined(separator: ","));"
            + "inconsistent_in_onChange=\(inconsistent.joined(separator: ","))"
    }
}

extension DiamondViewModel: OneInput {
    var input: Int {
        get { a }
        set { a = newValue }
    }
    var output: Int { d }
}

extension HandWrittenDiamond: OneInput {
    var input: Int {
        get { a }
        set { a = newValue }
    }
    var output: Int { d }
}

extension PlainDiamond: OneInput {
    var input: Int {
        get { a }
        set { a = newValue }
    }
    var output: Int { d }
}

extension MinimalObservableDiamond: OneInput {
    var input: Int {
        get { a }
        set { a = newValue }
    }
    var output: Int { d }
}

extension MacroDiamond: OneInput {
    var input: Int {
        get { a }
        set { a = newValue }
    }
    var output: Int { d }
}

extension GraphViewModel: OneInput {
    var input: Int {
        get { v0 }
        set { v0 = newValue }
    }
    var output: Int { v19 }
}

extension PlainGraph: OneInput {
    var input: Int {
        get { v0 }
        set { v0 = newValue }
    }
    var output: Int { v19 }
}

extension MinimalObservableGraph: OneInput {
    var input: Int {
        get { v0 }
        set { v0 = newValue }
    }
    var output: Int { v19 }
}

extension MacroGraph: OneInput {
    var input: Int {
        get { v0 }
        set { v0 = newValue }
    }
    var output: Int { v19 }
}

extension StoredMacroDiamond: OneInput {
    var input: Int {
        get { a }
        set { a = newValue }
    }
    var output: Int { d }
}

extension StoredMacroGraph: OneInput {
    var input: Int {
        get { v0 }
        set { v0 = newValue }
    }
    var output: Int { v19 }
}
