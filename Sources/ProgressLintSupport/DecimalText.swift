/// An integer's decimal digits as bytes, spelt as `String(value)` spells them, with no `String`
/// made: the reports' writer and the language server's diagnostics both write integers through it.
public enum DecimalText {
    /// Calls `body` with the digits of `value` (and a leading `-` when it is negative).
    @inlinable
    public static func withDigits<Result>(of value: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        // 20 bytes hold the longest: `-9223372036854775808`. Filled from the end.
        try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var magnitude = value.magnitude
            var start = digits.count
            repeat {
                start -= 1
                digits[start] = UInt8(truncatingIfNeeded: magnitude % 10) &+ 0x30
                magnitude /= 10
            } while magnitude > 0
            if value < 0 {
                start -= 1
                digits[start] = 0x2D
            }
            return try body(UnsafeBufferPointer(rebasing: digits[start...]))
        }
    }

    /// The most bytes ``write(_:to:)`` writes: 20, for `-9223372036854775808`.
    public static let maxLength = 20

    /// Writes the digits of `value` (and a leading `-` when it is negative) at `destination`, which
    /// has room for ``maxLength`` bytes; returns how many it wrote.
    @inlinable
    public static func write(_ value: Int, to destination: UnsafeMutablePointer<UInt8>) -> Int {
        var magnitude = value.magnitude
        var count = 0
        if value < 0 {
            destination[0] = 0x2D
            count = 1
        }
        // Least significant digit first, then turned around.
        let first = count
        repeat {
            destination[count] = UInt8(truncatingIfNeeded: magnitude % 10) &+ 0x30
            magnitude /= 10
            count &+= 1
        } while magnitude > 0
        var low = first, high = count &- 1
        while low < high {
            let byte = destination[low]
            destination[low] = destination[high]
            destination[high] = byte
            low &+= 1
            high &-= 1
        }
        return count
    }
}
