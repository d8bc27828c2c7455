import ProgressLintEngine
@testable import ProgressLintRun
import ProgressLintWorkspace
import ProgressLintRules
import ProgressLintYAML
import Testing
import LintTestSupport

@Suite struct EngineTests {
    let spinner = """
        platform: ios
        screen: Inbox
        indicators:
          - id: fetch
            style: spinner
            label: Loading
        """

    @Test func diagnosticsAreOrderedByPathLineColumnAndRule() throws {
        let result = runner().run(inMemory: [
            ("b.yaml", Array(spinner.utf8)), ("a.yaml", Array(spinner.utf8)),
        ], configuration: Configuration())
        let keys = result.diagnostics.map { "\($0.path):\($0.range.start.line):\($0.range.start.column):\($0.ruleID)" }
        #expect(keys == keys.sorted { a, b in
            let x = a.split(separator: ":"), y = b.split(separator: ":")
            return (x[0], Int(x[1])!, Int(x[2])!, x[3]) < (y[0], Int(y[1])!, Int(y[2])!, y[3])
        })
        #expect(result.diagnostics.first?.path == "a.yaml")
    }

    @Test func aRuleSetToABareOffIsOff() throws {
        let on = try lint(spinner)
        #expect(on.contains { $0.ruleID == "vague-label" })
        let off = try lint(spinner, config: "rules:\n  vague-label: off\n")
        #expect(!off.contains { $0.ruleID == "vague-label" })
    }

    @Test func theConfiguredSeverityReplacesTheDefault() throws {
        let diagnostics = try lint(spinner, config: "rules: {vague-label: error, reduce-motion-fallback: info}")
        #expect(diagnostics.first { $0.ruleID == "vague-label" }?.severity == .error)
        #expect(diagnostics.first { $0.ruleID == "reduce-motion-fallback" }?.severity == .info)
    }

    @Test func vagueLabelsFromTheConfigReplaceTheDefaults() throws {
        let diagnostics = try lint(spinner, config: "vague-labels: [Hold on]")
        #expect(!diagnostics.contains { $0.ruleID == "vague-label" })
    }

    @Test func theConfigPlatformAppliesWhenTheSpecNamesNone() throws {
        let spec = """
            screen: Sign in
            indicators:
              - id: s
                style: spinner
                component: UIActivityIndicatorView
                accessibility: {label: Signing in}
            """
        #expect(!(try lint(spec)).contains { $0.ruleID == "native-label-renamed" })
        #expect(try lint(spec, config: "platform: ios").contains { $0.ruleID == "native-label-renamed" })
    }

    @Test func aSpecErrorLeavesTheOtherRulesRunning() throws {
        let spec = "screen: S\nindicators:\n  - id: a\n    style: spinner\n    label: Loading\n    duration: 30\n"
        let rules = Set(try lint(spec).map(\.ruleID))
        #expect(rules.contains("spec-schema"))
        #expect(rules.contains("vague-label"))
    }

    @Test func aValueReachedThroughAMergeIsReportedOnceWhereWritten() throws {
        let spec = """
            screen: S
            indicators:
              - &base {id: a, style: bar, determinate: true, label: Loading}
              - <<: *base
                id: b
            """
        let vague = try lint(spec).filter { $0.ruleID == "vague-label" }
        #expect(vague.count == 1)
        #expect(vague.first?.range.start.line == 3)
    }

    @Test func diagnosticsNameTheirScreenIndicatorAndYAMLPath() throws {
        let d = try #require(try lint(spinner).first { $0.ruleID == "vague-label" })
        #expect(d.screen == "Inbox")
        #expect(d.indicator == "fetch")
        #expect(d.yamlPath == "indicators[fetch].label")
        #expect(d.range.end.column == 19)
    }

    @Test func anAbsentKeyIsReportedOverTheIndicatorsFirstPairNotItsWholeMapping() throws {
        let d = try #require(try lint(spinner).first { $0.ruleID == "reduce-motion-fallback" })
        #expect(d.range.start == SourcePosition(line: 4, column: 5, characterOffset: d.range.start.characterOffset))
        #expect(d.range.end.line == 4)
        #expect(d.range.end.column == 14)
    }

    @Test func aBrokenDocumentIsOneDiagnosticForTheFile() throws {
        let diagnostics = try lint("screen: A\nindicators: []\n---\nscreen: [broken\n")
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.ruleID == "yaml-syntax")
    }

    @Test func emptyDocumentsAreSkipped() throws {
        #expect(try lint("# nothing\n---\n---\n").isEmpty)
    }
}
