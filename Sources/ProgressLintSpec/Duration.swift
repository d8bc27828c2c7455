/// A span of time, as written in a spec (`250ms`, `1.5s`, `2m`, `1h`).
public struct Duration: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The length in milliseconds.
    public var milliseconds: Double

    /// Creates a duration from milliseconds.
    public init(milliseconds: Double) { self.milliseconds = milliseconds }

    /// The longest duration a spec or configuration may write: 7 days (`168h`). Anything longer
    /// is a mistake (or an attack), and keeping durations this small keeps their arithmetic exact.
    public static let maximum = Duration(milliseconds: 7 * 24 * 3_600_000)

    /// Creates a duration from seconds.
    public static func seconds(_ s: Double) -> Duration { Duration(milliseconds: s * 1000) }

    public static func < (lhs: Duration, rhs: Duration) -> Bool { lhs.milliseconds < rhs.milliseconds }

    /// The duration in the largest unit that writes it exactly: `250ms`, `1.5s`, `2m`, `1h`.
    public var description: String {
        let ms = milliseconds
        func format(_ x: Double) -> String {
            // A value built in code may be past ``maximum``; one that is not a whole `Int` prints as a Double.
            if x == x.rounded(), let whole = Int(exactly: x) { return String(whole) }
            return String(x)
        }
        if ms >= 3_600_000, (ms / 3_600_000) * 10 == ((ms / 3_600_000) * 10).rounded() { return format(ms / 3_600_000) + "h" }
        if ms >= 60_000, (ms / 60_000) * 10 == ((ms / 60_000) * 10).rounded() { return format(ms / 60_000) + "m" }
        if ms >= 1000 || ms == 0 { return format(ms / 1000) + "s" }
        return format(ms) + "ms"
    }

    /// Why a text is not a duration.
    public enum ParseError: Error, Equatable, Sendable {
        /// A number with no unit, e.g. `30`.
        case missingUnit(String)
        /// Anything else.
        case malformed
        /// A well-formed duration longer than ``Duration/maximum`` (or too long to represent).
        case outOfRange
    }

    /// The message for a number written without a unit (`key: 30`), in a spec or a configuration.
    public static func missingUnitMessage(key: String, number: String) -> String {
        "`\(key): \(number)` has no unit; add one: \(number)ms, \(number)s, \(number)m or \(number)h"
    }

    /// Parses `250ms`, `3s`, `1.5s`, `2m`, `1h`, `0s`; longer than ``maximum`` throws `outOfRange`.
    public static func parse(_ text: Substring) throws(ParseError) -> Duration {
        var text = String(text)
        return try text.withUTF8 { read(UnsafeRawBufferPointer($0)) }.get()
    }

    /// ``parse(_:)`` of UTF-8 `bytes` (a spec's scalar, read where it lies), nil where it throws.
    static func parseQuickly(_ bytes: UnsafeRawBufferPointer) -> Duration? { try? read(bytes).get() }

    /// Reads UTF-8 `bytes`: spaces and tabs trimmed, digits with at most one `.`, a unit. The
    /// digits, `.` and units are ASCII, and a byte of a non-ASCII character (a combining mark
    /// included) ends the number or spoils the unit, just as the grapheme that holds it would.
    static func read(_ bytes: UnsafeRawBufferPointer) -> Result<Duration, ParseError> {
        func isBlank(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        var start = 0
        var end = bytes.count
        while start < end, isBlank(bytes[start]) { start += 1 }
        while start < end, isBlank(bytes[end - 1]) { end -= 1 }
        var digitsEnd = start
        var sawDigit = false
        var sawDot = false
        while digitsEnd < end {
            let c = bytes[digitsEnd]
            if c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9") {
                sawDigit = true
            } else if c == UInt8(ascii: ".") && !sawDot {
                sawDot = true
            } else {
                break
            }
            digitsEnd += 1
        }
        let number = bytes[start..<digitsEnd]
        // Most numbers are read exactly from their digits; a longer one as `Double` reads its text.
        guard sawDigit, bytes[digitsEnd - 1] != UInt8(ascii: "."),
              let value = exactValue(ofDigits: number) ?? Double(String(decoding: number, as: UTF8.self))
        else { return .failure(.malformed) }
        let factor: Double
        switch end - digitsEnd {
        case 0: return .failure(.missingUnit(String(decoding: number, as: UTF8.self)))
        case 1:
            switch bytes[digitsEnd] {
            case UInt8(ascii: "s"): factor = 1000
            case UInt8(ascii: "m"): factor = 60_000
            case UInt8(ascii: "h"): factor = 3_600_000
            default: return .failure(.malformed)
            }
        case 2 where bytes[digitsEnd] == UInt8(ascii: "m") && bytes[digitsEnd + 1] == UInt8(ascii: "s"): factor = 1
        default: return .failure(.malformed)
        }
        // A 310-digit number reads as infinity; a finite one can still overflow when multiplied.
        let milliseconds = value * factor
        guard milliseconds.isFinite, milliseconds <= maximum.milliseconds else { return .failure(.outOfRange) }
        return .success(Duration(milliseconds: milliseconds))
    }
}

extension Duration {
    /// The value of a number's UTF-8 `bytes` (digits and at most one `.`, as `parse` reads them)
    /// with no `String` made, when it has at most 15 digits, or nil: then it and 10^(digits after
    /// the dot) are exact `Double`s, and one division rounds their quotient correctly, as
    /// `Double(_:)` does (Clinger's fast path), so both give the same value.
    static func exactValue<Bytes: Sequence<UInt8>>(ofDigits bytes: Bytes) -> Double? {
        var digits = 0
        var mantissa: UInt64 = 0
        var decimals = -1
        for byte in bytes {
            if byte == UInt8(ascii: ".") {
                decimals = 0
                continue
            }
            digits += 1
            guard digits <= 15, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            mantissa = mantissa * 10 + UInt64(byte - UInt8(ascii: "0"))
            if decimals >= 0 { decimals += 1 }
        }
        // 10^decimals, at most 10^15: every product is an exact `Double`.
        var power = 1.0
        for _ in 0..<max(decimals, 0) { power *= 10 }
        return Double(mantissa) / power
    }
}

/// How long the work is expected to take: unknown, or a range (a single duration is a range of one).
public enum ExpectedDuration: Hashable, Sendable, CustomStringConvertible {
    /// Nobody knows; there is no upper bound.
    case unknown
    /// Between `lower` and `upper`.
    case range(lower: Duration, upper: Duration)

    /// The upper bound, or nil when unknown.
    public var max: Duration? {
        if case .range(_, let upper) = self { return upper }
        return nil
    }

    /// The lower bound, or nil when unknown.
    public var min: Duration? {
        if case .range(let lower, _) = self { return lower }
        return nil
    }

    public var description: String {
        switch self {
        case .unknown: return "unknown"
        case .range(let lower, let upper): return lower == upper ? "\(upper)" : "\(lower)..\(upper)"
        }
    }
}

extension ExpectedDuration {
    /// What ``SpecReader`` decodes from the UTF-8 `bytes` when they are `unknown`, or a duration or a
    /// range of two (`2s..30s`, lower bound first) that ``Duration/parseQuickly(_:)`` reads; nil for
    /// anything else, and then the text is read again to say what is wrong with it.
    static func parseQuickly(_ bytes: UnsafeRawBufferPointer) -> ExpectedDuration? {
        if bytes.elementsEqual("unknown".utf8) { return .unknown }
        // The first `..`, as `rangeOfDots` finds it.
        var dots = 0
        while dots + 1 < bytes.count, !(bytes[dots] == UInt8(ascii: ".") && bytes[dots + 1] == UInt8(ascii: ".")) {
            dots += 1
        }
        guard dots + 1 < bytes.count else {
            return Duration.parseQuickly(bytes).map { .range(lower: $0, upper: $0) }
        }
        guard let lower = Duration.parseQuickly(UnsafeRawBufferPointer(rebasing: bytes[..<dots])),
              let upper = Duration.parseQuickly(UnsafeRawBufferPointer(rebasing: bytes[(dots + 2)...])),
              lower <= upper else { return nil }
        return .range(lower: lower, upper: upper)
    }
}

extension Substring {
    /// Without leading and trailing spaces and tabs.
    public var trimmingSpaces: Substring {
        var s = self
        while let f = s.first, f == " " || f == "\t" { s.removeFirst() }
        while let l = s.last, l == " " || l == "\t" { s.removeLast() }
        return s
    }
}

extension String {
    /// Without leading and trailing white space of any kind (newlines included).
    public func trimmed() -> String {
        var s = Substring(self)
        while let f = s.first, f.isWhitespace { s.removeFirst() }
        while let l = s.last, l.isWhitespace { s.removeLast() }
        return String(s)
    }
}
