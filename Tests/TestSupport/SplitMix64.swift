/// A seeded random number generator (SplitMix64): the same numbers on every run and platform,
/// so a test that draws random cases can be replayed from its seed.
public struct SplitMix64: RandomNumberGenerator {
    public var state: UInt64

    public init(state: UInt64) { self.state = state }
    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<n` (`n` > 0).
    public mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
    /// One of `items` (not empty).
    public mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }
    /// True `percent` times in a hundred.
    public mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
}
