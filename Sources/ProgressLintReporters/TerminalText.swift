import ProgressLintSupport

/// Makes text from specs safe to print on a terminal: control characters and
/// escape sequences are shown as `\u{1B}`-style escapes, never sent raw.
public enum TerminalText {
    /// `text` with every ``isUnsafe(_:)`` scalar (tab and newline included) escaped, and the `[`
    /// of `##[` escaped too, so no text of ours can carry a GitHub Actions `##[command]`.
    public static func safe(_ text: String) -> String {
        // Printable ASCII without `[` is safe as it is (every unsafe scalar is a control byte or
        // not ASCII): decided on the UTF-8 bytes, before looking at any scalar.
        guard text.utf8.contains(where: { $0 < 0x20 || $0 >= 0x7F || $0 == UInt8(ascii: "[") }),
              text.unicodeScalars.contains(where: { isUnsafe($0) || $0 == "[" })
        else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 8)
        var hashes = 0
        for scalar in text.unicodeScalars {
            if isUnsafe(scalar) || (scalar == "[" && hashes >= 2) {
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
            hashes = scalar == "#" ? hashes + 1 : 0
        }
        return result
    }

    /// Writes ``safe(_:)`` of the text whose UTF-8 is `bytes`: printable ASCII with no `##[` as it is,
    /// anything else through the `String` it decodes to.
    public static func write(_ bytes: UnsafeBufferPointer<UInt8>, to out: inout ReportStream) {
        if isPlain(bytes) {
            out.write(bytes: bytes)
        } else {
            out.write(safe(String(decoding: bytes, as: UTF8.self)))
        }
    }

    /// Whether `bytes` are printable ASCII (0x20–0x7E) with no `[` after two `#`: text that
    /// ``safe(_:)`` leaves as it is. Eight bytes at a time while they hold no `[` and nothing else.
    static func isPlain(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let raw = UnsafeRawPointer(base)
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        func hasZeroByte(_ v: UInt64) -> Bool { (v &- ones) & ~v & highs != 0 }
        var i = 0
        var hashes = 0
        while i < bytes.count {
            // `i + 8 <= bytes.count` bounds the load. A byte of 0x80 or more sets its own high bit;
            // below 0x20 (in a word of ASCII) sets one in `(word - 0x20…) & ~word`.
            if i &+ 8 <= bytes.count {
                let word = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                let unusual = word & highs != 0 || (word &- 0x2020_2020_2020_2020) & ~word & highs != 0
                    || hasZeroByte(word ^ 0x7F7F_7F7F_7F7F_7F7F) || hasZeroByte(word ^ 0x5B5B_5B5B_5B5B_5B5B)
                if !unusual {
                    // No `[` in it: only the `#`s it ends with count for the next word.
                    var trailing = 0
                    while trailing < 8 && bytes[i + 7 - trailing] == UInt8(ascii: "#") { trailing += 1 }
                    hashes = trailing == 8 ? hashes + 8 : trailing
                    i += 8
                    continue
                }
            }
            let byte = bytes[i]
            if byte < 0x20 || byte >= 0x7F || (byte == UInt8(ascii: "[") && hashes >= 2) { return false }
            hashes = byte == UInt8(ascii: "#") ? hashes + 1 : 0
            i += 1
        }
        return true
    }

    /// Whether a scalar must never reach a terminal, a log or a report raw: C0 and C1 control
    /// characters, DEL, the line and paragraph separators, the bidirectional embeddings,
    /// overrides and isolates (U+202A–U+202E, U+2066–U+2069, which reorder what is shown), and
    /// the zero-width characters (U+200B–U+200F, U+2060, U+FEFF, which hide what is there).
    public static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0..<0x20, 0x7F...0x9F: return true
        case 0x200B...0x200F, 0x2028...0x202E, 0x2060, 0x2066...0x2069, 0xFEFF: return true
        default: return false
        }
    }

    /// `text` (already ``safe(_:)``) as the start of a line: a path that begins with `:` or
    /// a space gets `./` before it, so no line of ours can begin a GitHub Actions `::command::`
    /// (the runner reads a line as one when it starts with `::` after leading white space).
    public static func lineStart(_ text: String) -> String {
        guard let first = text.unicodeScalars.first, first == ":" || first.properties.isWhitespace else { return text }
        return "./" + text
    }
}
