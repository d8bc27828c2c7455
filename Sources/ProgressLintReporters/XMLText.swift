/// Escaping for XML 1.0 text and attribute values; characters XML cannot hold (most C0 controls,
/// U+FFFE, U+FFFF) become visible `\u{1B}`-style escapes, so the document stays well-formed.
public enum XMLText {
    /// `text` for element content.
    public static func content(_ text: String) -> String { escape(text, attribute: false) }

    /// `text` for a double-quoted attribute value (newlines and tabs kept as character references).
    public static func attribute(_ text: String) -> String { escape(text, attribute: true) }

    /// `text` escaped in one pass over its bytes, a character that is not ASCII decoded only to
    /// tell whether it may stay; the output is made from the first byte that needs escaping on
    /// (most texts need none and are returned as they are).
    static func escape(_ text: String, attribute: Bool) -> String {
        var text = text
        let escaped = text.withUTF8 { bytes -> [UInt8]? in
            var out: [UInt8]?
            var hashes = 0, i = 0
            while i < bytes.count {
                let byte = bytes[i]
                // A scalar's bytes: one when ASCII, else as many as its lead byte says.
                let width = byte < 0x80 ? 1 : min(byte < 0xE0 ? 2 : byte < 0xF0 ? 3 : 4, bytes.count - i)
                defer {
                    hashes = byte == UInt8(ascii: "#") ? hashes + 1 : 0
                    i += width
                }
                let replacement = width == 1 && byte < 0x80
                    ? replacement(for: byte, afterHashes: hashes, attribute: attribute)
                    : escapeIfNotAllowed(UnsafeBufferPointer(rebasing: bytes[i..<(i + width)]))
                if let replacement {
                    if out == nil {
                        out = Array(bytes[..<i])
                        out!.reserveCapacity(bytes.count + 16)
                    }
                    out!.append(contentsOf: replacement.utf8)
                } else {
                    out?.append(contentsOf: bytes[i..<(i + width)])
                }
            }
            return out
        }
        return escaped.map { String(decoding: $0, as: UTF8.self) } ?? text
    }

    /// The visible escape of the scalar whose UTF-8 is `bytes` when it must not stay (``isAllowed(_:)``).
    private static func escapeIfNotAllowed(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        var value = UInt32(bytes[0]) & (0xFF >> (bytes.count + 1))
        for byte in bytes.dropFirst() { value = value << 6 | UInt32(byte & 0x3F) }
        guard let scalar = Unicode.Scalar(value), !isAllowed(scalar) else { return nil }
        return "\\u{" + String(value, radix: 16, uppercase: true) + "}"
    }

    /// What an ASCII byte is written as, or nil when it is written as it is.
    private static func replacement(for byte: UInt8, afterHashes hashes: Int, attribute: Bool) -> String? {
        switch byte {
        case UInt8(ascii: "&"): return "&amp;"
        case UInt8(ascii: "<"): return "&lt;"
        case UInt8(ascii: ">"): return "&gt;"
        case UInt8(ascii: "\"") where attribute: return "&quot;"
        case UInt8(ascii: "'") where attribute: return "&apos;"
        // A newline in text from a spec could start a line the GitHub runner reads as a command.
        case 0x0A: return "&#10;"
        case UInt8(ascii: "[") where hashes >= 2: return "&#91;"
        case 0x0D: return "&#13;"
        case 0x09 where attribute: return "&#9;"
        case 0x09, 0x20..<0x7F: return nil
        default: return "\\u{\(String(byte, radix: 16, uppercase: true))}"  // other C0 controls and DEL
        }
    }

    /// XML 1.0 `Char`, minus what ``TerminalText/isUnsafe(_:)`` keeps off terminals (C1 controls, DEL,
    /// bidirectional overrides, zero-width characters), though XML allows some of them.
    package static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        switch v {
        case 0x9, 0xA, 0xD: return true
        case _ where TerminalText.isUnsafe(scalar): return false
        case 0x20..<0x7F: return true
        case 0x7F...0x9F: return false
        case 0xA0...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: return true
        default: return false
        }
    }
}
