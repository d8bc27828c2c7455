import ProgressLintSupport

/// Spec text made safe in HTML content and attributes alike: `&<>"'` become references and
/// control, bidi and zero-width characters `\u{…}` escapes, so a name can neither break out of its
/// element nor reorder the text around it.
public enum HTMLText {
    /// `text`, escaped.
    public static func escape(_ text: String) -> String {
        // Printable ASCII with none of the five is written as it is.
        if !text.utf8.contains(where: { $0 < 0x20 || $0 >= 0x7F || $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x27 }) {
            return text
        }
        var out = ""
        out.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default:
                if isHidden(scalar) {
                    out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }

    /// `text` as a JSON string for the page's data block (a `<script type="application/json">`
    /// element, read by the page's script and shown with `textContent`): the characters
    /// ``escape(_:)`` shows as `\u{…}` are written so, and `<`, `>`, `&`, U+2028 and U+2029 as
    /// `\u` escapes, so no `</script>` or `<!--` can end or change the element, whatever the text.
    public static func json(_ text: String) -> String {
        if !text.utf8.contains(where: { $0 < 0x20 || $0 >= 0x7F || $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x5C }) {
            return "\"" + text + "\""
        }
        var out = "\""
        out.reserveCapacity(text.utf8.count + 16)
        func hex4(_ value: UInt32) -> String {
            let digits = String(value, radix: 16)
            return "\\u" + String(repeating: "0", count: Swift.max(0, 4 - digits.count)) + digits
        }
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "<", ">", "&": out += hex4(scalar.value)
            default:
                // U+2028 and U+2029 are hidden characters too: never written raw.
                if isHidden(scalar) {
                    // Shown as the page shows it elsewhere: `\u{202E}` as text (its backslash escaped).
                    out += "\\\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
                } else if scalar.value < 0x20 || scalar.value == 0x2028 || scalar.value == 0x2029 {
                    out += hex4(scalar.value)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    /// Whether a character is not drawn, or changes how others are drawn: shown as its escape.
    static func isHidden(_ scalar: Unicode.Scalar) -> Bool {
        if TerminalText.isUnsafe(scalar) { return true }
        guard scalar.value >= 0x80 else { return false }
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .privateUse, .unassigned: return true
        default: return false
        }
    }
}

extension ReportStream {
    /// Writes `text` escaped for HTML.
    mutating func write(html text: String) {
        write(HTMLText.escape(text))
    }
}
