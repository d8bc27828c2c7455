import ProgressLintEngine
import ProgressLintRun
import ProgressLintWorkspace

/// The code frame under a diagnostic in the text report, as Ruff and ESLint's `codeframe` show it:
///
/// ```
///    |
/// 17 |   - id: upload
///    |     ^^^^^^^^^^
/// ```
///
/// The line is shown as the terminal will draw it: a clipped line starts or ends with `…`, a tab
/// is spaces to the next multiple of four columns, control, format (bidi, zero-width) and line
/// separator characters are `\u{…}` escapes, combining marks take no column and East Asian wide
/// characters and emoji take two. The carets are placed by those widths, under the range's
/// characters (to the end of the line when the range goes on to later lines).
public enum CodeFrame {
    /// How many columns a tab reaches to (the next multiple of this).
    static let tabStop = 4

    /// The frame's lines (without line breaks), or none when the diagnostic's line is not known.
    public static func lines(_ d: Diagnostic, color: Bool) -> [String] {
        guard let source = d.source else { return [] }
        var shown = ""
        var width = 0
        if source.firstColumn > 1 {
            shown += "…"
            width += 1
        }
        // The display column where each character of the excerpt starts, and where the excerpt ends.
        var starts: [Int] = []
        var hashes = 0
        for scalar in source.text.unicodeScalars {
            starts.append(width)
            // The `[` of `##[` is escaped as in every other line of ours: GitHub Actions reads
            // `##[command]` anywhere in a line.
            // Printable ASCII other than `[` is drawn as it is, one column wide (what `display` says
            // of it), without looking up its Unicode properties.
            if scalar.value >= 0x20 && scalar.value < 0x7F && scalar != "[" {
                hashes = scalar == "#" ? hashes + 1 : 0
                shown.unicodeScalars.append(scalar)
                width += 1
                continue
            }
            let (text, w) = scalar == "[" && hashes >= 2 ? escaped(scalar) : display(scalar, at: width)
            hashes = scalar == "#" ? hashes + 1 : 0
            shown += text
            width += w
        }
        let endOfText = width
        if source.clippedEnd { shown += "…" }

        func displayColumn(ofCharacterColumn column: Int) -> Int {
            let i = column - source.firstColumn
            if i < 0 { return starts.first ?? 0 }
            return i < starts.count ? starts[i] : endOfText
        }
        let caretStart = displayColumn(ofCharacterColumn: d.range.start.column)
        var caretEnd = d.range.end.line == d.range.start.line
            ? displayColumn(ofCharacterColumn: d.range.end.column) : endOfText
        if caretEnd <= caretStart { caretEnd = caretStart + 1 }

        let number = String(d.range.start.line)
        let pad = String(repeating: " ", count: number.count)
        let bar = paint("|", "\u{1B}[1;34m", color)
        let carets = paint(String(repeating: "^", count: caretEnd - caretStart), caretColor(d.severity), color)
        return [
            "\(pad) \(bar)",
            "\(paint(number, "\u{1B}[1;34m", color)) \(bar) \(shown)",
            "\(pad) \(bar) \(String(repeating: " ", count: caretStart))\(carets)",
        ]
    }

    /// How a character is drawn, and how many columns it takes, when it starts at display column `column`.
    static func display(_ scalar: Unicode.Scalar, at column: Int) -> (String, Int) {
        if scalar == "\t" {
            let w = tabStop - column % tabStop
            return (String(repeating: " ", count: w), w)
        }
        if isEscaped(scalar) { return escaped(scalar) }
        return (String(scalar), width(of: scalar))
    }

    /// A character drawn as its `\u{…}` escape, and the columns that takes.
    static func escaped(_ scalar: Unicode.Scalar) -> (String, Int) {
        let text = "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
        return (text, text.utf8.count)
    }

    /// Control characters, format characters (bidi controls, zero-width joiners and spaces, the byte
    /// order mark) and line and paragraph separators are shown as escapes, never drawn raw.
    static func isEscaped(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate: true
        default: false
        }
    }

    /// The columns a (non-escaped) character takes on a terminal: 0 for combining marks, 2 for
    /// East Asian wide and full-width characters and emoji, else 1.
    public static func width(of scalar: Unicode.Scalar) -> Int {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark: return 0
        default: break
        }
        if scalar.properties.isEmojiPresentation { return 2 }
        switch scalar.value {
        case 0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF,
             0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3,
             0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
             0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
            return 2
        default:
            return 1
        }
    }

    private static func caretColor(_ severity: Severity) -> String {
        switch severity {
        case .error: "\u{1B}[1;31m"
        case .warning: "\u{1B}[1;33m"
        case .info: "\u{1B}[1;36m"
        }
    }

    private static func paint(_ text: String, _ code: String, _ color: Bool) -> String {
        color ? "\(code)\(text)\u{1B}[0m" : text
    }
}
