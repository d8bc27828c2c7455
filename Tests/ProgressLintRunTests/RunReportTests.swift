import ProgressLintEngine
import ProgressLintRules
@testable import ProgressLintRun
import ProgressLintWorkspace
import ProgressLintYAML
import Testing
import LintTestSupport

/// The one ordered view reports read a finished run through (``RunReport``): each file with its
/// findings, findings of paths no file has in their place, and what the run counted.
@Suite struct RunReportTests {
    static func finding(_ path: String, line: Int, severity: Severity = .warning, rule: String = "vague-label",
                        platform: String? = nil) -> Diagnostic {
        var d = Diagnostic(ruleID: rule, severity: severity, message: "m\(line)", path: path,
                           range: SourceRange(at: SourcePosition(line: line, column: 1)))
        d.platform = platform
        return d
    }

    static func made(files: [String], _ diagnostics: [Diagnostic]) -> RunResult {
        RunResult(files: files.map { FileSummary(path: $0) }, diagnostics: diagnostics)
    }

    @Test func eachFileComesWithItsFindingsAndOtherPathsInTheirPlace() {
        let run = Self.made(files: ["b.yaml", "d.yaml", "a.yaml"], [
            Self.finding("d.yaml", line: 2), Self.finding("c.yaml", line: 1), Self.finding("a.yaml", line: 1),
            Self.finding("d.yaml", line: 1), Self.finding("z.yaml", line: 1),
        ])
        let groups = run.report().byFile.map { ($0.position, $0.path, $0.diagnostics.map(\.range.start.line)) }
        #expect(groups.map(\.0) == [0, 1, nil, 2, nil])
        #expect(groups.map(\.1) == ["a.yaml", "b.yaml", "c.yaml", "d.yaml", "z.yaml"])
        #expect(groups.map(\.2) == [[1], [], [1], [1, 2], [1]])
    }

    @Test func fileCountsCountEachFilesFindingsShown() {
        let run = Self.made(files: ["a.yaml", "b.yaml"], [
            Self.finding("a.yaml", line: 1, severity: .error), Self.finding("a.yaml", line: 2, severity: .info),
            Self.finding("0.yaml", line: 1), Self.finding("b.yaml", line: 1),
        ])
        let all = run.report().fileCounts.map { [$0.counts.errors, $0.counts.warnings, $0.counts.infos] }
        #expect(all == [[1, 0, 1], [0, 1, 0]])
        let quiet = run.report(errorsOnly: true).fileCounts.map { [$0.counts.errors, $0.counts.warnings, $0.counts.infos] }
        #expect(quiet == [[1, 0, 0], [0, 0, 0]])
        #expect(run.report().fileCounts.map(\.file.path) == ["a.yaml", "b.yaml"])
    }

    @Test func quietShowsOnlyErrorsInTheTallies() {
        let run = Self.made(files: ["a.yaml"], [
            Self.finding("a.yaml", line: 1, severity: .error, rule: "offer-cancel", platform: "ios"),
            Self.finding("a.yaml", line: 2, rule: "vague-label"), Self.finding("a.yaml", line: 3, rule: "offer-cancel"),
        ])
        #expect(run.report().countsByRuleAndPlatform().byRule == ["offer-cancel": 2, "vague-label": 1])
        #expect(run.report().countsByRuleAndPlatform().byPlatform == ["ios": 1, "none": 2])
        #expect(run.report(errorsOnly: true).countsByRuleAndPlatform().byRule == ["offer-cancel": 1])
        #expect(run.report(errorsOnly: true).countsByRuleAndPlatform().byPlatform == ["ios": 1])
        #expect(run.report(errorsOnly: true).counts.total == 1)
    }

    /// The counts by rule are of the findings the report shows, with one job or more: cross-file
    /// findings in, and those a suppression that waited for the cross-file rules took out.
    @Test(arguments: [1, 2])
    func theRunsTallyIsTheCountOfItsFindings(jobs: Int) {
        // Cross-file findings (consistent-location) and a suppression that waits for them are in the count.
        let spec = { (location: String, suppressed: Bool) in
            """
            screen: S
            indicators:
              - id: up
                style: bar
                task: sync
                location: \(location)\(suppressed ? "  # progress-lint-disable-line consistent-location" : "")
                label: Loading
            """
        }
        let sources = [("a.yaml", "toolbar", true), ("b.yaml", "toolbar", false), ("c.yaml", "content", false),
                       ("d.yaml", "content", false), ("e.yaml", "content", false)]
        let run = runner(jobs: jobs).run(inMemory: sources.map { ($0.0, Array(spec($0.1, $0.2).utf8)) },
                                         configuration: Configuration())
        #expect(run.diagnostics.filter { $0.ruleID == "consistent-location" }.map(\.path) == ["b.yaml"])
        // The suppression was used: no `unused-suppression` for it.
        #expect(!run.diagnostics.contains { $0.ruleID == "unused-suppression" })
        var byRule: [String: Int] = [:]
        for d in run.diagnostics { byRule[d.ruleID, default: 0] += 1 }
        #expect(run.report().countsByRuleAndPlatform().byRule == byRule)
        #expect(run.report().byFile.map(\.diagnostics.count).reduce(0, +) == run.diagnostics.count)
    }

    @Test func aBaselineTakesItsFindingsOutOfTheTallyToo() {
        var run = Self.made(files: ["a.yaml"], [Self.finding("a.yaml", line: 1), Self.finding("a.yaml", line: 2, rule: "offer-cancel")])
        let baseline = Baseline(accepting: [Self.finding("a.yaml", line: 9)])
        _ = baseline.apply(to: &run)
        #expect(run.report().countsByRuleAndPlatform().byRule == ["offer-cancel": 1])
        #expect(run.report().fileCounts.map(\.counts.total) == [1])
    }
}
