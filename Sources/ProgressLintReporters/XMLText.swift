/// Escaping for XML 1.0 text and attribute values; characters XML cannot hold (most C0 controls,
/// U+FFFE, U+FFFF) become visible `\u{1B}`-style escapes, so the document stays well-formed.
public enum XMLText {
    /// `text` for element content.
    public static func content(_ text: String) -> String { escape(text, attribute: false) }

    /// `text` for a double-quoted attribute value (newlines and tabs kept as character references).
    public static func attribute(_ text: String) -> String { escape(text, attribute: true) }

    static func escape(_ text: String, attribute: Bool) -> String {
        var text = text
        // Almost every text is ASCII: escaped byte by byte, with no `Character` or scalar appended.
        if let escaped = text.withUTF8({ escapeASCII($0, attribute: attribute) }) { return escaped ?? text }
        return escapeScalarByScalar(text, attribute: attribute)
    }

    /// `escape(_:attribute:)` of ASCII `bytes`: nil (outer) when a byte is not ASCII; nil (inner)
    /// when nothing needs escaping, so the text is written as it is. The output is made only from
    /// the first byte that needs escaping on.
    private static func escapeASCII(_ bytes: UnsafeBufferPointer<UInt8>, attribute: Bool) -> String?? {
        var out: [UInt8]?
        var hashes = 0
        for i in bytes.indices {
            let byte = bytes[i]
            guard byte < 0x80 else { return nil }
            defer { hashes = byte == UInt8(ascii: "#") ? hashes + 1 : 0 }
            guard let replacement = replacement(for: byte, afterHashes: hashes, attribute: attribute) else {
                out?.append(byte)
                continue
            }
            if out == nil {
                out = Array(bytes[..<i])
                out!.reserveCapacity(bytes.count + 16)
            }
            out!.append(contentsOf: replacement.utf8)
        }
        return .some(out.map { String(decoding: $0, as: UTF8.self) })
    }

    /// What an ASCII byte is written as, or nil when it is written as it is.
    private static func replacement(for byte: UInt8, afterHashes hashes: Int, attribute: Bool) -> String? {
        switch byte {
        case UInt8(ascii: "&"): return "&amp;"
        case UInt8(ascii: "<"): return "&lt;"
        case UInt8(ascii: ">"): return "&gt;"
        case UInt8(ascii: "\"") where attribute: return "&quot;"
        case UInt8(ascii: "'") where attribute: return "&apos;"
        case 0x0A: return "&#10;"
        case UInt8(ascii: "[") where hashes >= 2: return "&#91;"
        case 0x0D: return "&#13;"
        case 0x09 where attribute: return "&#9;"
        case 0x09, 0x20..<0x7F: return nil
        default: return "\\u{\(String(byte, radix: 16, uppercase: true))}"  // other C0 controls and DEL
        }
    }

    /// `escape(_:attribute:)` of any text, a Unicode scalar at a time.
    package static func escapeScalarByScalar(_ text: String, attribute: Bool) -> String {
        var out = ""
        var hashes = 0
        for scalar in text.unicodeScalars {
            defer { hashes = scalar == "#" ? hashes + 1 : 0 }
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"" where attribute: out += "&quot;"
            case "'" where attribute: out += "&apos;"
            // A newline in text from a spec could start a line the GitHub runner reads as a command.
            case "\n": out += "&#10;"
            case "[" where hashes >= 2: out += "&#91;"
            case "\r": out += "&#13;"
            case "\t" where attribute: out += "&#9;"
            default:
                if isAllowed(scalar) {
                    out.unicodeScalars.append(scalar)
                } else {
                    out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
                }
            }
        }
        return out
    }

    /// XML 1.0 `Char`, minus what ``TerminalText/isUnsafe(_:)`` keeps off terminals (C1 controls, DEL,
    /// bidirectional overrides, zero-width characters), though XML allows some of them.
    static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
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
