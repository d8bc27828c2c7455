import ProgressLintCore
import Testing

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
}
