import ProgressLintEngine
@testable import ProgressLintRun
import ProgressLintWorkspace
import Testing
import LintTestSupport

@Suite struct SuppressionTests {
    func rules(_ diagnostics: [Diagnostic]) -> [String] {
        diagnostics.map { "\($0.range.start.line):\($0.ruleID)" }
    }

    @Test func disableNextLineCoversExactlyTheNextLine() throws {
        let spec = """
            screen: S
            indicators:
              - id: a
                style: bar
                determinate: true
                # progress-lint-disable-next-line vague-label -- product insists
                label: Loading

              - id: b
                style: bar
                determinate: true
                label: Loading
            """
        let d = try lint(spec)
        #expect(!rules(d).contains("7:vague-label"))
        #expect(rules(d).contains("12:vague-label"))
        #expect(!d.contains { $0.ruleID == "unused-suppression" })
    }

    @Test func disableLineWorksTrailingInFlowStyle() throws {
        let spec = "screen: S\nindicators:\n  - {id: a, style: bar, determinate: true, label: Loading}  # progress-lint-disable-line vague-label\n"
        let d = try lint(spec)
        #expect(!d.contains { $0.ruleID == "vague-label" || $0.ruleID == "unused-suppression" })
    }

    @Test func disableFileCoversEveryDocument() throws {
        let spec = """
            # progress-lint-disable-file vague-label
            screen: A
            indicators: [{id: a, style: bar, determinate: true, label: Loading}]
            ---
            screen: B
            indicators: [{id: a, style: bar, determinate: true, label: Working}]
            """
        let d = try lint(spec)
        #expect(!d.contains { $0.ruleID == "vague-label" || $0.ruleID == "unused-suppression" })
    }

    @Test func aHashInsideAQuotedLabelIsNotAComment() throws {
        let spec = """
            screen: S
            indicators:
              - id: a
                style: bar
                determinate: true
                label: "Loading # progress-lint-disable-line vague-label"
              - id: b
                style: bar
                determinate: true
                label: 'x #progress-lint-disable-file vague-label'
                title: "#progress-lint-disable-file vague-label"
              - {id: c, style: bar, determinate: true, label: Loading}
            """
        let d = try lint(spec)
        #expect(!d.contains { $0.ruleID == "unused-suppression" })
        #expect(rules(d).contains("12:vague-label"))
    }

    @Test func aSuppressionThatSuppressesNothingIsReportedAtTheComment() throws {
        let spec = "screen: S\nindicators: []\n  # progress-lint-disable-next-line vague-label\n"
        let d = try lint(spec).filter { $0.ruleID == "unused-suppression" }
        #expect(d.count == 1)
        #expect(d.first?.range.start.line == 3)
        #expect(d.first?.range.start.column == 3)
    }

    @Test func unknownInputAndMissingRuleNamesAreUnusedSuppressions() throws {
        let spec = """
            screen: S  # progress-lint-disable-line vage-label
            indicators: []  # progress-lint-disable-line spec-schema
            # progress-lint-disable-next-line
            # progress-lint-disable-lines vague-label
            """
        let messages = try lint(spec).filter { $0.ruleID == "unused-suppression" }.map(\.message)
        #expect(messages.count == 4)
        #expect(messages.contains { $0.contains("did you mean `vague-label`?") })
        #expect(messages.contains { $0.contains("input rule") })
        #expect(messages.contains { $0.contains("names no rule") })
        #expect(messages.contains { $0.contains("is not a suppression") })
    }

    @Test func inputRulesCannotBeSuppressed() throws {
        let spec = "screen: S\nindicators:\n  - id: a\n    style: bar\n    # progress-lint-disable-next-line spec-schema\n    lable: x\n"
        #expect(try lint(spec).contains { $0.ruleID == "spec-schema" })
    }

    @Test func parsingKeepsRulesAndReason() {
        let s = SuppressionScanner.scan(Array("a: 1 # progress-lint-disable-line vague-label, missing-label -- why not\n".utf8),
                                        documents: [])
        #expect(s.count == 1)
        #expect(s.first?.rules == ["vague-label", "missing-label"])
        #expect(s.first?.reason == "why not")
        #expect(s.first?.scope == .line)
    }
}
