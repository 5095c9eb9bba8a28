import SplitMix

/// The random source of random specs: deterministic from a seed, the same on every platform.
public typealias SeededRandom = SplitMix64

extension SeededRandom {
    /// A number in `0..<bound`.
    mutating func below(_ bound: Int) -> Int {
        Int(next() % UInt64(bound))
    }

    /// True with probability `percent` / 100.
    mutating func chance(_ percent: Int) -> Bool {
        below(100) < percent
    }

    mutating func pick<Element>(_ elements: [Element]) -> Element {
        elements[below(elements.count)]
    }

    /// A number in `range`.
    mutating func count(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + below(range.count)
    }
}
