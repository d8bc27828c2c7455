/// JSON string literals, as every JSON the tool writes spells them: reports, SARIF, the schema and
/// baselines (which are read back as YAML, whose double-quoted scalars take the same escapes).
public enum JSONString {
    /// Appends `s` as a JSON string literal. Escaped: quotes, backslashes, every control character
    /// (C0, DEL, C1), the line and paragraph separators U+2028/U+2029 (line breaks to JavaScript and
    /// YAML), the byte order mark U+FEFF (invisible, and dropped by tools that strip a BOM), and the
    /// `[` of `##[`, so JSON printed under GitHub Actions carries no `##[command]`.
    public static func escape(_ s: String, into out: inout String) {
        out += "\""
        var hashes = 0
        for scalar in s.unicodeScalars {
            defer { hashes = scalar == "#" ? hashes + 1 : 0 }
            switch scalar {
            case "[" where hashes >= 2: out += "\\u005b"
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if needsEscape(scalar.value) {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }

    /// `s` as a JSON string literal.
    public static func quoted(_ s: String) -> String {
        var out = ""
        escape(s, into: &out)
        return out
    }

    /// Whether a scalar (other than those with a short escape) is written `\uXXXX`.
    static func needsEscape(_ value: UInt32) -> Bool {
        value < 0x20 || (0x7F...0x9F).contains(value) || value == 0x2028 || value == 0x2029 || value == 0xFEFF
    }

    /// Whether UTF-8 `bytes` can be written between quotes as they are: plain ASCII with nothing
    /// ``escape(_:into:)`` would change.
    public static func isPlain(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        for (i, byte) in bytes.enumerated() where byte < 0x20 || byte >= 0x7F || byte == 0x22 || byte == 0x5C
            || (byte == 0x5B && i >= 2 && bytes[i - 1] == 0x23 && bytes[i - 2] == 0x23) {
            return false
        }
        return true
    }
}
