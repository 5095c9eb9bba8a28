import Reactive
import SplitMix

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

/// A small repeatable random generator: the same seed gives the same rolls.
public typealias SeededRandomNumbers = SplitMix64

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
