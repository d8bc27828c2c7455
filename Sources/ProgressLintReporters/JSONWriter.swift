/// A small JSON builder that keeps keys in the order written (stable, diffable output).
public indirect enum JSONValue: Sendable {
    case string(String)
    case int(Int)
    case double(Double)
    case bool(Bool)
    case null
    case array([JSONValue])
    case object([(String, JSONValue)])

    /// An optional string, or null.
    public static func string(_ value: String?) -> JSONValue { value.map { .string($0) } ?? .null }

    /// The JSON text, indented by two spaces.
    public func rendered() -> String {
        var out = ""
        write(to: &out, indent: 0)
        return out + "\n"
    }

    private func write(to out: inout String, indent: Int) {
        switch self {
        case .string(let s): JSONValue.escape(s, into: &out)
        case .int(let i): out += String(i)
        case .double(let d): out += d.isFinite ? (d == d.rounded() && abs(d) < 1e15 ? String(Int(d)) : String(d)) : "null"
        case .bool(let b): out += b ? "true" : "false"
        case .null: out += "null"
        case .array(let items):
            if items.isEmpty { out += "[]"; return }
            out += "[\n"
            let inner = JSONValue.spaces(indent + 2)
            for (i, item) in items.enumerated() {
                out += inner
                item.write(to: &out, indent: indent + 2)
                out += i == items.count - 1 ? "\n" : ",\n"
            }
            out += JSONValue.spaces(indent)
            out += "]"
        case .object(let pairs):
            if pairs.isEmpty { out += "{}"; return }
            out += "{\n"
            let inner = JSONValue.spaces(indent + 2)
            for (i, (key, value)) in pairs.enumerated() {
                out += inner
                JSONValue.escape(key, into: &out)
                out += ": "
                value.write(to: &out, indent: indent + 2)
                out += i == pairs.count - 1 ? "\n" : ",\n"
            }
            out += JSONValue.spaces(indent)
            out += "}"
        }
    }

    private static let indents = (0...16).map { String(repeating: " ", count: 2 * $0) }

    private static func spaces(_ n: Int) -> String {
        n / 2 < indents.count ? indents[n / 2] : String(repeating: " ", count: n)
    }

    /// Whether `s` can be written between quotes as it is: printable ASCII without `"` or `\`.
    private static func isPlain(_ s: String) -> Bool {
        var s = s
        return s.withUTF8 { bytes in
            for byte in bytes where byte < 0x20 || byte >= 0x7F || byte == 0x22 || byte == 0x5C { return false }
            return true
        }
    }

    /// Appends `s` as a JSON string literal, escaping quotes, backslashes and every control character.
    public static func escape(_ s: String, into out: inout String) {
        out += "\""
        if isPlain(s) {
            out += s
            out += "\""
            return
        }
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || (0x80...0x9F).contains(scalar.value)
                    || scalar.value == 0x2028 || scalar.value == 0x2029 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }
}
