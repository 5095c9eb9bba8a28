/// A small repeatable random generator (SplitMix64): the same seed gives the same numbers on
/// every platform and toolchain, which `SystemRandomNumberGenerator` does not promise. The one
/// generator of the package: the example die's `SeededRandomNumbers` and RandomSpecs'
/// `SeededRandom` are this type.
public struct SplitMix64: RandomNumberGenerator, Sendable {
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
