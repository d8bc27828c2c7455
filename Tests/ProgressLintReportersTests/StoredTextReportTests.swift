import ProgressLintEngine
@testable import ProgressLintRun
import ProgressLintReporters
import ProgressLintSupport
import ProgressLintWorkspace
import ProgressLintYAML
import Testing

/// The text report written from diagnostics read in place (their texts' stored bytes) is the report
/// made of `String`s: escapes, code frames, colour and fix marks alike.
@Suite struct StoredTextReportTests {
    static let texts = [
        "plain: ascii", "", "##[error]x", "#[a] ##[b] ###[c] [d]", "a\tb\t\tc", "ESC \u{1B}[31m red", "nul \u{0} del \u{7F}",
        "bidi \u{202E}abc\u{202C} zw\u{200B}", "é 日本語 😀 e\u{301} 한글", "line\u{2028}sep", "k: [1, 2, 3]  # ##[x",
        String(repeating: "ab", count: 120), "  - id: upload  # 🚀 rocket",
        // `##[` and unusual bytes on each side of an eight-byte word's edge.
        "abcdef##[x", "abcdefg##[x", "abcdefgh##[x", String(repeating: "#", count: 16) + "[", "0123456#" + "#[",
        "01234567\u{7F}9abcdefgh", "0123456789\u{1F}bcdefgh", "0123456789abcd\u{7E}~", "ab#cdefg[hij##k[", "12345678é",
    ]

    @Test func terminalTextWrittenFromBytesIsTheSafeString() {
        for text in Self.texts {
            var out = ReportStream()
            var copy = text
            copy.withUTF8 { TerminalText.write($0, to: &out) }
            #expect(out.text == TerminalText.safe(text), "\(text.debugDescription)")
        }
        // Bytes that are not UTF-8 are read as the `String` they decode to.
        let invalid: [UInt8] = [0x61, 0xFF, 0x23, 0x23, 0x5B, 0xC3]
        var out = ReportStream()
        invalid.withUnsafeBufferPointer { TerminalText.write($0, to: &out) }
        #expect(out.text == TerminalText.safe(String(decoding: invalid, as: UTF8.self)))
    }

    /// Diagnostics on each of `texts` (a line of a file), at several ranges, with their source lines.
    static func diagnostics(path: String = "a.yaml") -> [Diagnostic] {
        var all: [Diagnostic] = []
        for (i, text) in texts.enumerated() {
            let count = text.unicodeScalars.count
            let line = 1 + 2 * i
            for (start, end) in [(1, 1), (3, 6), (count, count + 1), (count + 4, count + 9), (2, -1), (60, 70)] {
                let endPosition = end < 0 ? SourcePosition(line: line + 1, column: 1)
                    : SourcePosition(line: line, column: end)
                var d = Diagnostic(ruleID: "r\(i % 3)", severity: [.error, .warning, .info][i % 3],
                                   message: texts[(i + start) % texts.count], path: path,
                                   range: SourceRange(start: SourcePosition(line: line, column: start), end: endPosition))
                if start == 3 { d.fix = Fix(applicability: [.safe, .unsafe, .displayOnly][i % 3], title: "t", edits: []) }
                all.append(d)
            }
        }
        let file = Array(texts.map { $0.replacingOccurrences(of: "\u{2028}", with: " ") + "\nnext: 1" }.joined(separator: "\n").utf8)
        SourceLine.attach(to: &all, from: file)
        return all
    }

    @Test func aStoredDiagnosticsFrameIsTheFrameOfItsDiagnostic() {
        let diagnostics = Self.diagnostics()
        #expect(diagnostics.contains { $0.source != nil && $0.source!.clippedEnd } && diagnostics.contains { $0.source?.firstColumn ?? 1 > 1 })
        let list = DiagnosticList(diagnostics)
        for color in [false, true] {
            for (stored, d) in zip(list.stored, diagnostics) {
                var out = ReportStream()
                CodeFrame.write(RunReport.InPlaceFinding(stored: stored), color: color, to: &out)
                #expect(out.text == CodeFrame.lines(d, color: color).map { $0 + "\n" }.joined())
                #expect(CodeFrame.lines(d, color: color) == Self.frame(d, color: color), "\(d.source?.text.debugDescription ?? "")")
            }
        }
    }

    @Test func theTextReportOfStoredFindingsIsTheOneMadeOfStrings() {
        var diagnostics = Self.diagnostics(path: ":odd \u{1B} path ##[x].yaml")
        diagnostics += Self.diagnostics(path: "b/é.yaml")
        let result = RunResult(files: [FileSummary(path: ":odd \u{1B} path ##[x].yaml"), FileSummary(path: "b/é.yaml")],
                               diagnostics: diagnostics)
        for color in [false, true] {
            for unit in ColumnUnit.allCases {
                for unsafeFixes in [false, true] {
                    var context = ReportContext(rules: [], color: color, columnUnit: unit)
                    context.unsafeFixes = unsafeFixes
                    var out = ReportStream()
                    TextReporter().write(result, context: context, to: &out)
                    var concise = ReportStream()
                    ConciseReporter().write(result, context: context, to: &concise)
                    var expected = "", expectedConcise = ""
                    for d in result.findings {
                        let line = Self.line(d, context: context)
                        expected += line + CodeFrame.lines(d, color: color).map { $0 + "\n" }.joined() + "\n"
                        expectedConcise += line
                    }
                    let summary = out.text.split(separator: "\n", omittingEmptySubsequences: false).suffix(2).joined(separator: "\n")
                    #expect(summary.contains("fixable with"))
                    #expect(out.text == expected + summary)
                    #expect(concise.text == expectedConcise + summary)
                    #expect(summary.contains(context.fixableSummary(result.findings)))
                }
            }
        }
    }

    /// A finding's first line as the text report wrote it with `String`s.
    static func line(_ d: Diagnostic, context: ReportContext) -> String {
        let severity = d.severity.rawValue
        let painted = !context.color ? severity
            : (d.severity == .error ? "\u{1B}[31m" : d.severity == .warning ? "\u{1B}[33m" : "\u{1B}[36m") + severity + "\u{1B}[0m"
        let rule = context.color ? "\u{1B}[2m[\(d.ruleID)]\u{1B}[0m" : "[\(d.ruleID)]"
        return "\(TerminalText.lineStart(TerminalText.safe(d.path))):\(d.range.start.line):\(d.startColumn(context.columnUnit)): "
            + painted + (context.isFixable(d) ? ": [*] " : ": ") + "\(TerminalText.safe(d.message)) " + rule + "\n"
    }

    /// The code frame as it was made of `String`s, character by character (the reference the writer is held to).
    static func frame(_ d: Diagnostic, color: Bool) -> [String] {
        guard let source = d.source else { return [] }
        func paint(_ text: String, _ code: String) -> String { color ? "\(code)\(text)\u{1B}[0m" : text }
        var shown = "", width = 0
        if source.firstColumn > 1 { shown += "…"; width += 1 }
        var starts: [Int] = [], hashes = 0
        for scalar in source.text.unicodeScalars {
            starts.append(width)
            let text: String, w: Int
            let category = scalar.properties.generalCategory
            if scalar == "\t" {
                w = 4 - width % 4
                text = String(repeating: " ", count: w)
            } else if scalar == "[" && hashes >= 2 || [.control, .format, .lineSeparator, .paragraphSeparator, .surrogate].contains(category) {
                text = "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
                w = text.utf8.count
            } else {
                text = String(scalar)
                w = CodeFrame.width(of: scalar)
            }
            hashes = scalar == "#" ? hashes + 1 : 0
            shown += text
            width += w
        }
        let endOfText = width
        if source.clippedEnd { shown += "…" }
        func column(_ c: Int) -> Int {
            let i = c - source.firstColumn
            if i < 0 { return starts.first ?? 0 }
            return i < starts.count ? starts[i] : endOfText
        }
        let caretStart = column(d.range.start.column)
        var caretEnd = d.range.end.line == d.range.start.line ? column(d.range.end.column) : endOfText
        if caretEnd <= caretStart { caretEnd = caretStart + 1 }
        let number = String(d.range.start.line), pad = String(repeating: " ", count: number.count)
        let bar = paint("|", "\u{1B}[1;34m")
        let caretColor = d.severity == .error ? "\u{1B}[1;31m" : d.severity == .warning ? "\u{1B}[1;33m" : "\u{1B}[1;36m"
        return ["\(pad) \(bar)", "\(paint(number, "\u{1B}[1;34m")) \(bar) \(shown)",
                "\(pad) \(bar) \(String(repeating: " ", count: caretStart))\(paint(String(repeating: "^", count: caretEnd - caretStart), caretColor))"]
    }
}
