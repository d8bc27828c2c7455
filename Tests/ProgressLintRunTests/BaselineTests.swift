import ProgressLintEngine
@testable import ProgressLintRun
import ProgressLintWorkspace
import Testing
import LintTestSupport

/// Adopting the linter on an existing tree: accepted findings stay hidden while lines move.
@Suite struct BaselineTests {
    static let spec = """
        screen: Inbox
        indicators:
          - id: a
            style: bar
            label: Loading
        """

    func result(_ sources: [(String, String)]) -> RunResult {
        runner().run(inMemory: sources.map { ($0.0, Array($0.1.utf8)) }, configuration: Configuration())
    }

    @Test func movedLinesAndEditsElsewhereDoNotBringBaselinedFindingsBack() throws {
        let baseline = Baseline(accepting: result([("specs/a.yaml", Self.spec)]).diagnostics)
        let edited = "# a new comment\n\n" + Self.spec.replacingOccurrences(of: "style: bar", with: "style: bar\n    determinate: false")
        var later = result([("./specs/a.yaml", edited)])
        #expect(!later.diagnostics.isEmpty)
        let stale = baseline.apply(to: &later)
        #expect(later.diagnostics.isEmpty)
        #expect(stale.isEmpty)
    }

    @Test func aNewFindingOfTheSameRuleElsewhereIsReported() throws {
        let baseline = Baseline(accepting: result([("specs/a.yaml", Self.spec)]).diagnostics)
        var later = result([("specs/a.yaml", Self.spec + "\n  - {id: b, style: bar, label: Loading}\n")])
        _ = baseline.apply(to: &later)
        #expect(later.diagnostics.filter { $0.ruleID == "vague-label" }.map(\.yamlPath) == ["indicators[b].label"])
    }

    @Test func entriesThatMatchNothingAreReturnedSoTheBaselineShrinks() throws {
        let baseline = Baseline(accepting: result([("specs/a.yaml", Self.spec), ("specs/b.yaml", Self.spec)]).diagnostics)
        var later = result([("specs/a.yaml", Self.spec.replacingOccurrences(of: "Loading", with: "Uploading 12 photos"))])
        let stale = baseline.apply(to: &later)
        #expect(stale.map(\.key.rule) == ["vague-label"])
        #expect(stale.allSatisfy { $0.key.path == "specs/a.yaml" })  // b.yaml was not linted: not stale
    }

    @Test func theBaselineFileRoundTrips() throws {
        let weird = Diagnostic(ruleID: "vague-label", severity: .warning, message: "m", path: "specs/\"q\" \\ é\u{1B}.yaml",
                               range: .init(at: .start), yamlPath: "indicators[a:b].label")
        let baseline = Baseline(accepting: result([("specs/a.yaml", Self.spec)]).diagnostics + [weird, weird])
        let text = baseline.rendered()
        let read = try Baseline.parse(Array(text.utf8), path: "b.json")
        #expect(read == baseline)
        #expect(read.counts[Baseline.Key(weird)] == 2)
        #expect(throws: ConfigurationError.self) { try Baseline.parse(Array("- not a baseline\n".utf8), path: "b.json") }
    }

    @Test func theBaselineFileHasOneEntryALineSortedWithTwoSpacesOfIndent() {
        let a = Diagnostic(ruleID: "vague-label", severity: .warning, message: "m", path: "specs/b.yaml",
                           range: .init(at: .start), yamlPath: "indicators[a].label")
        var b = a
        b.path = "specs/a.yaml"
        b.yamlPath = nil
        #expect(Baseline(accepting: [a, b, a]).rendered() == """
            {
              "version": 2,
              "entries": [
                {"path": "specs/a.yaml", "rule": "vague-label", "yamlPath": "", "count": 1},
                {"path": "specs/b.yaml", "rule": "vague-label", "yamlPath": "indicators[a].label", "count": 2}
              ]
            }

            """)
        #expect(Baseline(accepting: [Diagnostic]()).rendered() == "{\n  \"version\": 2,\n  \"entries\": []\n}\n")
    }

    @Test func aBaselineEscapesStringsAsTheJSONReportDoesAndReadsThemBack() throws {
        // `##[` would be a GitHub Actions command when the file is printed; a CR and a byte order mark
        // are invisible. The JSON reporter writes them `\u005b`, `\r` and `\ufeff`, and so does the baseline.
        let odd = Diagnostic(ruleID: "vague-label", severity: .warning, message: "m", path: "specs/##[error]\r\u{FEFF}.yaml",
                             range: .init(at: .start), yamlPath: "indicators[a].label")
        let baseline = Baseline(accepting: [odd])
        let text = baseline.rendered()
        #expect(text.contains(#""path": "specs/##\u005berror]\r\ufeff.yaml""#), "\(text)")
        #expect(try Baseline.parse(Array(text.utf8), path: "b.json") == baseline)
    }

    func parse(_ entries: String) throws(ConfigurationError) -> Baseline {
        try Baseline.parse(Array("{\"version\": 1, \"entries\": [\n\(entries)\n]}\n".utf8), path: "b.json")
    }

    static func entry(count: String) -> String {
        "{\"path\": \"a.yaml\", \"rule\": \"vague-label\", \"yamlPath\": \"indicators[a].label\", \"count\": \(count)}"
    }

    @Test func repeatedEntriesAddUpAndSaturateInsteadOfOverflowing() throws {
        let key = Baseline.Key(path: "a.yaml", rule: "vague-label", yamlPath: "indicators[a].label")
        let two = try parse(Self.entry(count: "2") + ",\n" + Self.entry(count: "3"))
        #expect(two.counts == [key: 5])
        let largest = Self.entry(count: "9223372036854775807")
        let saturated = try parse(largest + ",\n" + largest)
        #expect(saturated.counts == [key: Int.max])
        let noCount = try parse("{\"path\": \"a.yaml\", \"rule\": \"vague-label\", \"yamlPath\": \"indicators[a].label\"}")
        #expect(noCount.counts == [key: 1])
    }

    @Test(arguments: ["\"1e3\"", "\"abc\"", "1e3", "abc", "-1", "0", "1.5", "\"2\"", "99999999999999999999", "[1]", "null", "~"])
    func aCountThatIsNotAWholeNumberFromOneIsAnErrorNamingTheEntry(count: String) {
        let entry = Self.entry(count: count)
        do {
            _ = try parse(entry)
            Issue.record("expected an error for count \(count)")
        } catch {
            #expect(error.message.hasPrefix("the entry for a.yaml (vague-label) has `count: "), "\(error.message)")
            #expect(error.message.hasSuffix("a count is a whole number from 1 to 9223372036854775807"))
            #expect(error.position?.line == 2)
            #expect(error.position?.column == entry.count - count.count)
        }
    }
}
