import ProgressLintEngine
@testable import ProgressLintRun
import ProgressLintWorkspace
import ProgressLintReporters
import ProgressLintYAML
import Testing

/// How the text report draws the source line and carets under a diagnostic.
@Suite struct CodeFrameTests {
    func frame(_ text: String, line: Int = 7, from start: Int, to end: (line: Int, column: Int)? = nil,
               color: Bool = false) -> [String] {
        var d = Diagnostic(ruleID: "r", severity: .error, message: "m", path: "a.yaml",
                           range: SourceRange(start: SourcePosition(line: line, column: start),
                                              end: SourcePosition(line: end?.line ?? line, column: end?.column ?? start)))
        var list = [d]
        SourceLine.attach(to: &list, from: Array((String(repeating: "\n", count: line - 1) + text + "\nnext: 1\n").utf8))
        d = list[0]
        return CodeFrame.lines(d, color: color)
    }

    @Test func aRangeOverSeveralLinesIsUnderlinedToTheEndOfItsFirstLine() {
        #expect(frame("  - id: upload", from: 5, to: (8, 1)) == ["  |", "7 |   - id: upload", "  |     ^^^^^^^^^^"])
    }

    @Test func anEmptyRangeGetsOneCaret() {
        #expect(frame("a: b", from: 3).last == "  |   ^")
    }

    @Test func bidiAndZeroWidthCharactersAreEscapedAndTheCaretsCountTheirEscapes() {
        let lines = frame("a: \"x\u{202E}y\u{200B}\", k: v", from: 12, to: (7, 13))
        #expect(lines[1] == "7 | a: \"x\\u{202E}y\\u{200B}\", k: v")
        #expect(lines[2] == "  | " + String(repeating: " ", count: 25) + "^")  // under `k`
    }

    @Test func theGutterWidensWithTheLineNumber() {
        #expect(frame("k: v", line: 1234, from: 1, to: (1234, 2)) == ["     |", "1234 | k: v", "     | ^"])
    }

    @Test func wideCharactersTakeTwoColumnsAndCombiningMarksNone() {
        #expect(CodeFrame.width(of: "日") == 2 && CodeFrame.width(of: "😀") == 2)
        #expect(CodeFrame.width(of: "\u{301}") == 0 && CodeFrame.width(of: "a") == 1 && CodeFrame.width(of: "é") == 1)
        #expect(frame("日本: 😀", from: 5, to: (7, 6)).last == "  | " + String(repeating: " ", count: 6) + "^^")
    }

    @Test func withoutASourceLineThereIsNoFrame() {
        let d = Diagnostic(ruleID: "r", severity: .error, message: "m", path: "a.yaml",
                           range: SourceRange(at: SourcePosition(line: 1, column: 1)))
        #expect(CodeFrame.lines(d, color: true).isEmpty)
    }
}
