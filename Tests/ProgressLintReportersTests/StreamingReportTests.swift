import Foundation
import ProgressLintEngine
@testable import ProgressLintRun
import ProgressLintWorkspace
import ProgressLintReporters
import ProgressLintRules
import ProgressLintYAML
import Testing

/// The reports walk the files and the findings together through the run's ``RunReport``, holding
/// one file's at a time: a run made by hand in another order is put in report order first, and
/// every report gives a finding to the same file.
@Suite struct StreamingReportTests {
    func finding(_ path: String, line: Int, severity: Severity = .warning, rule: String = "vague-label",
                 yamlPath: String? = "indicators[x].label", screen: String? = "Inbox") -> Diagnostic {
        Diagnostic(ruleID: rule, severity: severity, message: "m\(line)", path: path,
                   range: SourceRange(start: SourcePosition(line: line, column: 1), end: SourcePosition(line: line, column: 4)),
                   screen: screen, indicator: "x", yamlPath: yamlPath, value: "Loading")
    }

    func result(files: [String], _ diagnostics: [Diagnostic]) -> RunResult {
        RunResult(files: files.map { FileSummary(path: $0, screenNames: ["Inbox"], indicators: 1) }, diagnostics: diagnostics)
    }

    func json(_ result: RunResult, quiet: Bool = false) throws -> [String: Any] {
        let text = JSONReporter().render(result, context: ReportContext(rules: RuleRegistry.descriptions, quiet: quiet))
        return try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    func fileCounts(_ object: [String: Any]) -> [[Int]] {
        ((object["files"] as? [[String: Any]]) ?? []).map { file in
            ["errors", "warnings", "infos"].map { file[$0] as? Int ?? -1 }
        }
    }

    func junit(_ result: RunResult) -> String {
        JUnitReporter().render(result, context: ReportContext(rules: RuleRegistry.descriptions))
            .replacing(/timestamp="[^"]*"/, with: "timestamp=\"\"")
    }

    @Test func fingerprintsForgottenFileByFileAreTheSameAsThoseRememberedForTheRun() {
        let diagnostics = [finding("a.yaml", line: 1), finding("a.yaml", line: 2), finding("a.yaml", line: 3, yamlPath: nil),
                           finding("./b.yaml", line: 1), finding("b.yaml", line: 2), finding("c.yaml", line: 1)]
        var order = Fingerprint.Order()
        for d in diagnostics { order.note(d) }
        #expect(order.isByFile)
        var sequence = Fingerprint.Sequence(byFile: true)
        let byFile = diagnostics.map { sequence.next($0) }
        #expect(byFile == Fingerprint.of(diagnostics))
        #expect(byFile[1].hasSuffix(":1"))
        #expect(byFile[4].hasSuffix(":1"))
    }

    @Test func fingerprintOrderNoticesAFileThatComesBack() {
        var order = Fingerprint.Order()
        for d in [finding("a.yaml", line: 1), finding("b.yaml", line: 1), finding("a.yaml", line: 2)] { order.note(d) }
        #expect(!order.isByFile)
    }

    @Test func sarifNumbersRepeatsOfAFileWhoseFindingsWereGivenApart() throws {
        let run = result(files: ["a.yaml", "b.yaml"], [finding("a.yaml", line: 1), finding("b.yaml", line: 1), finding("a.yaml", line: 2)])
        let text = SARIFReporter().render(run, context: ReportContext(rules: RuleRegistry.descriptions))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let results = try #require(((object["runs"] as? [[String: Any]])?.first)?["results"] as? [[String: Any]])
        let fingerprints = results.map { ($0["partialFingerprints"] as? [String: String])?[Fingerprint.sarifKey] ?? "" }
        #expect(fingerprints == Fingerprint.of(run.findings))
        // Put in report order: both of a.yaml's findings first.
        #expect(fingerprints[1] == fingerprints[0] + ":1")
        #expect(run.findings.map(\.path) == ["a.yaml", "a.yaml", "b.yaml"])
    }

    @Test func jsonCountsEachFileWhenFindingsAreInPathOrder() throws {
        let run = result(files: ["a.yaml", "b.yaml", "c.yaml", "d.yaml"], [
            finding("0.yaml", line: 1), finding("a.yaml", line: 1, severity: .error), finding("a.yaml", line: 2),
            finding("c.yaml", line: 1, severity: .info), finding("c2.yaml", line: 1), finding("d.yaml", line: 5),
        ])
        #expect(fileCounts(try json(run)) == [[1, 1, 0], [0, 0, 0], [0, 0, 1], [0, 1, 0]])
        #expect(fileCounts(try json(run, quiet: true)) == [[1, 0, 0], [0, 0, 0], [0, 0, 0], [0, 0, 0]])
    }

    @Test func jsonCountsEachFileOfARunMadeOutOfPathOrder() throws {
        let run = result(files: ["a.yaml", "b.yaml"], [
            finding("b.yaml", line: 1, severity: .error), finding("a.yaml", line: 1), finding("b.yaml", line: 2, severity: .info),
        ])
        #expect(fileCounts(try json(run)) == [[0, 1, 0], [1, 0, 1]])
    }

    @Test func jsonGivesFindingsToTheFirstFileOfTheirPathAsJUnitDoes() throws {
        let run = result(files: ["a.yaml", "a.yaml", "b.yaml"], [finding("a.yaml", line: 1), finding("b.yaml", line: 1)])
        #expect(fileCounts(try json(run)) == [[0, 1, 0], [0, 0, 0], [0, 1, 0]])
    }

    @Test func pathsAreOneFileOnlyWhenTheirBytesAreTheSame() throws {
        // "é" precomposed and "e" with a combining accent are equal `String`s but two files.
        let composed = "caf\u{E9}.yaml", decomposed = "cafe\u{301}.yaml"
        let run = result(files: [composed, decomposed, "z.yaml"], [
            finding(composed, line: 1, severity: .error), finding(decomposed, line: 2), finding(decomposed, line: 3),
            finding(composed, line: 4, severity: .error), finding("z.yaml", line: 1),
        ])
        // In byte order: "e" (0x65) before "é" (0xC3 0xA9).
        #expect(fileCounts(try json(run)) == [[0, 2, 0], [2, 0, 0], [0, 1, 0]])
        let suites = junit(run).matches(of: /<testsuite name="[^"]*"[^>]* failures="(\d+)"/).map { String($0.1) }
        #expect(suites == ["0", "1", "0"])
    }

    @Test func jsonSummaryCountsByRuleAndPlatformAsTheRunCountedThem() throws {
        var ios = finding("a.yaml", line: 1, rule: "offer-cancel")
        ios.platform = "ios"
        let run = result(files: ["a.yaml"], [ios, finding("a.yaml", line: 2), finding("a.yaml", line: 3, severity: .error)])
        let summary = try #require(try json(run)["summary"] as? [String: Any])
        #expect(summary["byRule"] as? [String: Int] == ["offer-cancel": 1, "vague-label": 2])
        #expect(summary["byPlatform"] as? [String: Int] == ["ios": 1, "none": 2])
        let quiet = try #require(try json(run, quiet: true)["summary"] as? [String: Any])
        #expect(quiet["byRule"] as? [String: Int] == ["vague-label": 1])
        #expect(quiet["byPlatform"] as? [String: Int] == ["none": 1])
    }

    @Test func junitSuitesOfARunMadeOutOfOrderAreThoseOfOneMadeInOrder() {
        let a = [finding("a.yaml", line: 1, severity: .error), finding("a.yaml", line: 2, screen: nil)]
        let b = [finding("b.yaml", line: 1), finding("b.yaml", line: 3, severity: .error)]
        let other = [finding("0.yaml", line: 1), finding("zz.yaml", line: 1)]
        let files = ["a.yaml", "b.yaml", "c.yaml"]
        let inOrder = junit(result(files: files, [other[0]] + a + b + [other[1]]))
        let outOfOrder = junit(result(files: files, b + [other[1]] + a + [other[0]]))
        #expect(inOrder == outOfOrder)
        // Findings of paths no file has get suites of their own after the files', sorted.
        let suites = inOrder.matches(of: /<testsuite name="([^"]*)"/).map { String($0.1) }
        #expect(suites == ["a.yaml", "b.yaml", "c.yaml", "0.yaml", "zz.yaml"])
    }

    @Test func junitGivesFindingsToTheFirstFileOfTheirPath() {
        let xml = junit(result(files: ["a.yaml", "a.yaml"], [finding("a.yaml", line: 1, severity: .error)]))
        #expect(xml.contains("failures=\"1\""))
        #expect(xml.components(separatedBy: "failures=\"0\"").count == 2)
    }
}
