import Foundation
import ProgressLintEngine
@testable import ProgressLintRun
import ProgressLintWorkspace
import ProgressLintReporters
import ProgressLintRules
import ProgressLintYAML
import Testing

@Suite struct ReporterTests {
    func result(_ diagnostics: [Diagnostic]) -> RunResult {
        RunResult(files: [FileSummary(path: "a.yaml", screenNames: ["Inbox"], indicators: 2)], diagnostics: diagnostics)
    }

    let diagnostic = Diagnostic(
        ruleID: "vague-label", severity: .warning, message: "indicator 'x' has a vague label \"Loading\"",
        path: "specs/a.yaml", range: SourceRange(start: SourcePosition(line: 3, column: 12), end: SourcePosition(line: 3, column: 19)),
        screen: "Inbox", indicator: "x", yamlPath: "indicators[x].label")

    @Test func textLinesFollowTheEditorConvention() {
        let text = TextReporter().render(result([diagnostic]), context: ReportContext(rules: RuleRegistry.descriptions))
        let lines = text.split(separator: "\n")
        #expect(lines.first == "specs/a.yaml:3:12: warning: indicator 'x' has a vague label \"Loading\" [vague-label]")
        #expect(lines.last == "1 problem (0 errors, 1 warning, 0 info) in 1 file, 1 screen, 2 indicators")
    }

    @Test func textNeverPrintsControlCharactersRaw() {
        var d = diagnostic
        d.message = "label \u{1B}[31mred\u{7} and\nnewline"
        let text = TextReporter().render(result([d]), context: ReportContext(rules: []))
        #expect(!text.contains("\u{1B}"))
        #expect(!text.contains("\u{7}"))
        #expect(text.contains("\\u{1B}[31mred"))
    }

    @Test func quietShowsErrorsOnly() {
        let text = TextReporter().render(result([diagnostic]), context: ReportContext(rules: [], quiet: true))
        #expect(text.hasPrefix("no problems"))
    }

    @Test func jsonHasTheDocumentedShapeAndRoundTrips() throws {
        var d = diagnostic
        d.message = "quote \" backslash \\ escape \u{1B} tab \t"
        let text = JSONReporter().render(result([d]), context: ReportContext(rules: []))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(object["version"] as? Int == 1)
        let summary = try #require(object["summary"] as? [String: Any])
        #expect(summary["warnings"] as? Int == 1)
        #expect(summary["indicators"] as? Int == 2)
        let first = try #require((object["diagnostics"] as? [[String: Any]])?.first)
        #expect(first["message"] as? String == d.message)
        #expect(first["line"] as? Int == 3)
        #expect(first["endColumn"] as? Int == 19)
        #expect(first["screen"] as? String == "Inbox")
        #expect(first["indicator"] as? String == "x")
        #expect(first["yamlPath"] as? String == "indicators[x].label")
        for key in ["rule", "severity", "path", "column", "endLine"] { #expect(first[key] != nil) }
    }
}
