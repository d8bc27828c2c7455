import ProgressLintEngine
import ProgressLintRun
import ProgressLintWorkspace
import ProgressLintSupport
import ProgressLintYAML

/// The code frame under a diagnostic in the text report, as Ruff and ESLint show it
/// (`17 |   - id: upload` with carets under the range). The line is shown as the terminal draws it
/// (clipped with `…`, tabs to four columns, unsafe characters as `\u{…}`, wide characters two
/// columns), so the carets land under the range's characters.
public enum CodeFrame {
    /// How many columns a tab reaches to (the next multiple of this).
    static let tabStop = 4

    /// The frame's lines (without line breaks), or none when the diagnostic's line is not known.
    public static func lines(_ d: Diagnostic, color: Bool) -> [String] {
        guard let source = d.source else { return [] }
        var out = ReportStream()
        var text = source.text
        text.withUTF8 { bytes in
            write(bytes, firstColumn: source.firstColumn, clippedEnd: source.clippedEnd, range: d.range,
                  severity: d.severity, color: color, to: &out)
        }
        var lines = out.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        lines.removeLast()
        return lines
    }

    /// Writes the frame of a stored diagnostic (each line ended by a line break), nothing when its
    /// line is not known: what ``lines(_:color:)`` gives of it read whole.
    public static func write(_ d: RunReport.InPlaceFinding, color: Bool, to out: inout ReportStream) {
        d.withSourceTextUTF8 { bytes in
            guard let bytes else { return }
            write(bytes, firstColumn: d.sourceFirstColumn, clippedEnd: d.sourceClippedEnd, range: d.range,
                  severity: d.severity, color: color, to: &out)
        }
    }

    /// Writes the frame of the excerpt `text` (UTF-8 as stored), each line ended by a line break.
    static func write(_ text: UnsafeBufferPointer<UInt8>, firstColumn: Int, clippedEnd: Bool, range: SourceRange,
                      severity: Severity, color: Bool, to out: inout ReportStream) {
        // Printable ASCII with no `##[` is drawn as it is, a column a byte; other ASCII is walked
        // byte by byte; anything else as the `String` it decodes to (bytes that are not UTF-8 shown
        // as U+FFFD, as the excerpt read back as a `String` is).
        if TerminalText.isPlain(text) {
            writeHead(range.start.line, color: color, to: &out)
            let lead = firstColumn > 1 ? 1 : 0
            if lead > 0 { out.write(ascii: "…") }
            out.write(bytes: text)
            if clippedEnd { out.write(ascii: "…") }
            out.write(byte: 0x0A)
            // Character i of the excerpt is drawn at column `lead + i`.
            let count = text.count
            func displayColumn(_ index: Int) -> Int {
                if index < 0 { return count > 0 ? lead : 0 }
                return lead + Swift.min(index, count)
            }
            let caretStart = displayColumn(index(ofCharacterColumn: range.start.column, firstColumn: firstColumn))
            let caretEnd = range.end.line == range.start.line
                ? displayColumn(index(ofCharacterColumn: range.end.column, firstColumn: firstColumn)) : lead + count
            writeCarets(from: caretStart, to: caretEnd, line: range.start.line, severity: severity, color: color, to: &out)
        } else if text.allSatisfy({ $0 < 0x80 }) {
            write(scalars: text.lazy.map { Unicode.Scalar($0) }, firstColumn: firstColumn, clippedEnd: clippedEnd,
                  range: range, severity: severity, color: color, to: &out)
        } else {
            write(scalars: String(decoding: text, as: UTF8.self).unicodeScalars, firstColumn: firstColumn,
                  clippedEnd: clippedEnd, range: range, severity: severity, color: color, to: &out)
        }
    }

    /// The frame's three lines: a bar, the line number and the excerpt as drawn, the carets.
    private static func write<Scalars: Sequence<Unicode.Scalar>>(
        scalars: Scalars, firstColumn: Int, clippedEnd: Bool, range: SourceRange, severity: Severity, color: Bool,
        to out: inout ReportStream
    ) {
        writeHead(range.start.line, color: color, to: &out)
        var width = 0
        if firstColumn > 1 {
            out.write(ascii: "…")
            width += 1
        }
        // The character positions (from the excerpt's first) of the range's start and end, and the
        // display columns where they are drawn; where the first character is drawn.
        let startIndex = index(ofCharacterColumn: range.start.column, firstColumn: firstColumn)
        let endIndex = range.end.line == range.start.line
            ? index(ofCharacterColumn: range.end.column, firstColumn: firstColumn) : nil
        var startWidth: Int?, endWidth: Int?, firstWidth: Int?
        var i = 0
        var hashes = 0
        for scalar in scalars {
            if i == 0 { firstWidth = width }
            if i == startIndex { startWidth = width }
            if i == endIndex { endWidth = width }
            i += 1
            // The `[` of `##[` is escaped as in every other line of ours: GitHub Actions reads
            // `##[command]` anywhere in a line.
            // Printable ASCII other than such a `[` is drawn as it is, one column wide (what `display`
            // says of it), without looking up its Unicode properties.
            if scalar.value >= 0x20 && scalar.value < 0x7F && (scalar != "[" || hashes < 2) {
                hashes = scalar == "#" ? hashes + 1 : 0
                out.write(byte: UInt8(truncatingIfNeeded: scalar.value))
                width += 1
                continue
            }
            let (text, w) = scalar == "[" && hashes >= 2 ? escaped(scalar) : display(scalar, at: width)
            hashes = scalar == "#" ? hashes + 1 : 0
            out.write(text)
            width += w
        }
        let endOfText = width
        if clippedEnd { out.write(ascii: "…") }
        out.write(byte: 0x0A)

        func displayColumn(_ index: Int, _ found: Int?) -> Int {
            if index < 0 { return firstWidth ?? 0 }
            return index < i ? found ?? endOfText : endOfText
        }
        let caretStart = displayColumn(startIndex, startWidth)
        let caretEnd = endIndex.map { displayColumn($0, endWidth) } ?? endOfText
        writeCarets(from: caretStart, to: caretEnd, line: range.start.line, severity: severity, color: color, to: &out)
    }

    /// The bar line, then the line's number and bar, before the excerpt.
    private static func writeHead(_ line: Int, color: Bool, to out: inout ReportStream) {
        let digits = DecimalText.withDigits(of: line) { $0.count }
        writeRepeating(0x20, count: digits + 1, to: &out)
        writeBar(color, to: &out)
        out.write(byte: 0x0A)
        if color { out.write(ascii: "\u{1B}[1;34m") }
        out.write(int: line)
        if color { out.write(ascii: "\u{1B}[0m") }
        out.write(byte: 0x20)
        writeBar(color, to: &out)
        out.write(byte: 0x20)
    }

    /// The carets' line: under display columns `start` up to `end` (at least one caret).
    private static func writeCarets(from start: Int, to end: Int, line: Int, severity: Severity, color: Bool,
                                    to out: inout ReportStream) {
        let end = end <= start ? start + 1 : end
        let digits = DecimalText.withDigits(of: line) { $0.count }
        writeRepeating(0x20, count: digits + 1, to: &out)
        writeBar(color, to: &out)
        out.write(byte: 0x20)
        writeRepeating(0x20, count: start, to: &out)
        if color {
            switch severity {
            case .error: out.write(ascii: "\u{1B}[1;31m")
            case .warning: out.write(ascii: "\u{1B}[1;33m")
            case .info: out.write(ascii: "\u{1B}[1;36m")
            }
        }
        writeRepeating(UInt8(ascii: "^"), count: end - start, to: &out)
        if color { out.write(ascii: "\u{1B}[0m") }
        out.write(byte: 0x0A)
    }

    /// The 0-based position in the excerpt of the character at 1-based `column` (negative before it).
    private static func index(ofCharacterColumn column: Int, firstColumn: Int) -> Int {
        let (i, overflow) = column.subtractingReportingOverflow(firstColumn)
        return overflow ? (column < firstColumn ? -1 : Int.max) : i
    }

    private static func writeBar(_ color: Bool, to out: inout ReportStream) {
        if color { out.write(ascii: "\u{1B}[1;34m|\u{1B}[0m") } else { out.write(byte: UInt8(ascii: "|")) }
    }

    private static let spaces = [UInt8](repeating: 0x20, count: 64)
    private static let carets = [UInt8](repeating: UInt8(ascii: "^"), count: 64)

    /// Writes `count` spaces or carets, 64 at a time.
    private static func writeRepeating(_ byte: UInt8, count: Int, to out: inout ReportStream) {
        var left = count
        let run = byte == 0x20 ? spaces : carets
        run.withUnsafeBufferPointer { run in
            while left > 0 {
                let n = Swift.min(left, run.count)
                out.write(bytes: UnsafeBufferPointer(rebasing: run[0..<n]))
                left -= n
            }
        }
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
}
