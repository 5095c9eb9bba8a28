import Reactive

/// Something that rolls a six-sided die (seed 002).
public protocol DieRolling: Sendable {
    /// A number from 1 to 6.
    func roll() -> Int
}

/// A fair die whose randomness comes from an injectable generator.
public final class Die: DieRolling {
    private let generator: Locked<any RandomNumberGenerator & Sendable>

    /// A die rolled with `generator`: the system's by default, a `SeededRandomNumbers` for
    /// repeatable games.
    public init(generator: any RandomNumberGenerator & Sendable = SystemRandomNumberGenerator()) {
        self.generator = Locked(generator)
    }

    public func roll() -> Int {
        generator.withLock { generator in Int.random(in: 1...6, using: &generator) }
    }
}

/// A small repeatable random generator (SplitMix64): the same seed gives the same rolls.
public struct SeededRandomNumbers: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}

/// A die that shows the given numbers in order, for tests; after the last it starts again.
public final class ScriptedDie: DieRolling {
    private let rolls: [Int]
    private let position = Locked(0)

    public init(rolls: [Int]) {
        precondition(!rolls.isEmpty, "a scripted die needs at least one roll")
        self.rolls = rolls
    }

    /// How many times the die was rolled.
    public var rollCount: Int { position.withLock { $0 } }

    public func roll() -> Int {
        position.withLock { position in
            defer { position += 1 }
            return rolls[position % rolls.count]
        }
    }
}

/// The colour of a label, without UIKit.
public enum TextColor: Sendable, Equatable {
    case black
    case green
}
