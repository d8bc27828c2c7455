/// Where escaped JSON goes, byte by byte: a report's stream, a language server's message (a byte
/// array), or a `String` being built.
public protocol JSONByteSink {
    /// Appends `bytes` as they are.
    mutating func write(bytes: UnsafeBufferPointer<UInt8>)
    /// Appends one byte.
    mutating func write(byte: UInt8)
}

extension Array: JSONByteSink where Element == UInt8 {
    @inlinable public mutating func write(bytes: UnsafeBufferPointer<UInt8>) { append(contentsOf: bytes) }
    @inlinable public mutating func write(byte: UInt8) { append(byte) }
}

/// JSON string literals, as every JSON the tool writes spells them: reports, SARIF, the schema,
/// baselines (which are read back as YAML, whose double-quoted scalars take the same escapes) and
/// the language server's messages. This is the one escaper: everything that writes a JSON string
/// calls it.
///
/// Escaped: quotes, backslashes, every control character (C0, DEL, C1), the line and paragraph
/// separators U+2028/U+2029 (line breaks to JavaScript and YAML), the byte order mark U+FEFF
/// (invisible, and dropped by tools that strip a BOM), and the `[` of `##[`, so JSON printed
/// under GitHub Actions carries no `##[command]`. `\n`, `\r`, `\t`, `\"` and `\\` have their short
/// escapes, the rest are `\u` and four lower-case hex digits. Everything else is copied as it is.
public enum JSONString {
    /// Appends `s` as a JSON string literal.
    public static func escape(_ s: String, into out: inout String) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(s.utf8.count + 2)
        escape(s, into: &bytes)
        out += String(decoding: bytes, as: UTF8.self)
    }

    /// `s` as a JSON string literal.
    public static func quoted(_ s: String) -> String {
        var out = ""
        escape(s, into: &out)
        return out
    }

    /// Writes `s` as a JSON string literal, quotes included.
    @inlinable
    public static func escape<Sink: JSONByteSink>(_ s: String, into out: inout Sink) {
        out.write(byte: 0x22)
        var hashes = 0
        escapeContents(s, hashes: &hashes, into: &out)
        out.write(byte: 0x22)
    }

    /// Writes UTF-8 `bytes` as a JSON string literal, quotes included, escaped as
    /// ``escape(_:into:)-(String,_)`` escapes the string they decode to: bytes that are not UTF-8
    /// (which no stored text should hold) are decoded with replacement characters first.
    public static func escape<Sink: JSONByteSink>(utf8 bytes: UnsafeBufferPointer<UInt8>, into out: inout Sink) {
        var ascii = true
        for byte in bytes where byte >= 0x80 {
            ascii = false
            break
        }
        guard ascii || String(validating: bytes, as: UTF8.self) != nil else {
            return escape(String(decoding: bytes, as: UTF8.self), into: &out)
        }
        out.write(byte: 0x22)
        var hashes = 0
        escapeContents(bytes, hashes: &hashes, into: &out)
        out.write(byte: 0x22)
    }

    /// ``escapeContents(_:hashes:into:)-(UnsafeBufferPointer<UInt8>,_,_)`` of a string's UTF-8.
    @inlinable
    public static func escapeContents<Sink: JSONByteSink>(_ s: String, hashes: inout Int, into out: inout Sink) {
        // Native strings are contiguous UTF-8 already; others are made so once.
        if let done: Void = s.utf8.withContiguousStorageIfAvailable({ escapeContents($0, hashes: &hashes, into: &out) }) {
            return done
        }
        var s = s
        s.withUTF8 { escapeContents($0, hashes: &hashes, into: &out) }
    }

    /// Writes the UTF-8 `bytes` of a string (so whole, valid scalars) escaped, without the quotes:
    /// runs that need nothing are copied as they are. `hashes` is how many `#` came last (before
    /// these bytes and after), so parts written one after another are escaped as their
    /// concatenation.
    @inlinable
    public static func escapeContents<Sink: JSONByteSink>(_ bytes: UnsafeBufferPointer<UInt8>, hashes: inout Int,
                                                          into out: inout Sink) {
        let count = bytes.count
        let before = hashes
        /// How many `#` come right before `i` (a `#` byte is a `#` scalar: no other scalar's UTF-8 holds 0x23).
        func hashesBefore(_ i: Int) -> Int {
            var j = i
            while j > 0 && bytes[j - 1] == 0x23 { j -= 1 }
            return j == 0 ? i + before : i - j
        }
        var plain = 0  // where the bytes not yet written start
        var i = 0
        while i < count {
            // Eight bytes at a time while none needs a look (a byte below 0x20 or from 0x7F, or `"`,
            // `\` or `[`), by the bit tricks that tell whether a word holds a byte below n or a zero byte.
            if let base = UnsafeRawPointer(bytes.baseAddress) {
                let ones: UInt64 = 0x0101_0101_0101_0101
                while count - i >= 8 {
                    // In bounds: i + 8 <= count.
                    let word = (base + i).loadUnaligned(as: UInt64.self)
                    let quote = word ^ (ones &* 0x22), backslash = word ^ (ones &* 0x5C), bracket = word ^ (ones &* 0x5B)
                    let found = ((word &- ones &* 0x20) & ~word) | (word &+ ones) | word
                        | ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash) | ((bracket &- ones) & ~bracket)
                    if found & (ones &* 0x80) != 0 { break }
                    i += 8
                }
                if i >= count { break }
            }
            let byte = bytes[i]
            // Printable ASCII other than `"`, `\` and `[` needs nothing (0x20...0x7E, by wrapping subtraction).
            if byte &- 0x20 < 0x5F && byte != 0x22 && byte != 0x5C && byte != 0x5B {
                i += 1
                continue
            }
            // The escape the scalar at `i` needs (a short one, or `\u` and 4 hex digits), and its
            // length in bytes. Other bytes of multi-byte scalars are passed one at a time: lead
            // bytes C2, E2 and EF never occur as continuation bytes (80...BF).
            var length = 1
            var short: UInt8 = 0
            var scalar: UInt32?
            switch byte {
            case 0x22: short = 0x22
            case 0x5C: short = 0x5C
            case 0x0A: short = UInt8(ascii: "n")
            case 0x0D: short = UInt8(ascii: "r")
            case 0x09: short = UInt8(ascii: "t")
            case 0x5B: if hashesBefore(i) >= 2 { scalar = 0x5B }
            case 0x00..<0x20, 0x7F: scalar = UInt32(byte)
            case 0xC2:
                // U+0080...U+009F, the C1 controls.
                if i + 1 < count && bytes[i + 1] >= 0x80 && bytes[i + 1] <= 0x9F {
                    scalar = UInt32(bytes[i + 1])
                    length = 2
                }
            case 0xE2:
                // U+2028 and U+2029, the line and paragraph separators.
                if i + 2 < count && bytes[i + 1] == 0x80 && (bytes[i + 2] == 0xA8 || bytes[i + 2] == 0xA9) {
                    scalar = 0x2000 | UInt32(bytes[i + 2] & 0x3F)
                    length = 3
                }
            case 0xEF:
                // U+FEFF, the byte order mark.
                if i + 2 < count && bytes[i + 1] == 0xBB && bytes[i + 2] == 0xBF {
                    scalar = 0xFEFF
                    length = 3
                }
            default:
                break
            }
            if short == 0 && scalar == nil {
                i += length
                continue
            }
            // `plain..<i` is in bounds: plain <= i < count.
            if plain < i { out.write(bytes: UnsafeBufferPointer(rebasing: bytes[plain..<i])) }
            out.write(byte: 0x5C)
            if let scalar {
                out.write(byte: UInt8(ascii: "u"))
                for shift in stride(from: 12, through: 0, by: -4) { out.write(byte: hexDigit(scalar >> UInt32(shift))) }
            } else {
                out.write(byte: short)
            }
            i = Swift.min(count, i + length)
            plain = i
        }
        if plain < count { out.write(bytes: UnsafeBufferPointer(rebasing: bytes[plain..<count])) }
        hashes = hashesBefore(count)
    }

    /// The lower-case hex digit of the low four bits of `value`.
    @inlinable
    static func hexDigit(_ value: UInt32) -> UInt8 {
        let digit = UInt8(truncatingIfNeeded: value & 0xF)
        return digit < 10 ? 0x30 + digit : 0x57 + digit
    }

    /// Whether UTF-8 `bytes` can be written between quotes as they are: plain ASCII with nothing
    /// ``escape(_:into:)-(String,_)`` would change.
    public static func isPlain(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        for (i, byte) in bytes.enumerated() where byte < 0x20 || byte >= 0x7F || byte == 0x22 || byte == 0x5C
            || (byte == 0x5B && i >= 2 && bytes[i - 1] == 0x23 && bytes[i - 2] == 0x23) {
            return false
        }
        return true
    }
}
