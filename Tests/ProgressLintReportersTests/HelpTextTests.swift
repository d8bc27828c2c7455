import ProgressLintEngine
@testable import ProgressLintRun
import ProgressLintWorkspace
import ProgressLintReporters
import ProgressLintRules
import ProgressLintYAML
import Testing

/// The texts behind `progress-lint init`, `explain` and `--statistics`.
@Suite struct HelpTextTests {
    @Test func theInitConfigurationLoadsAsTheDefaults() throws {
        let text = ConfigurationText.starter(rules: RuleRegistry.descriptions)
        let loaded = try ConfigurationLoader(rules: RuleRegistry.descriptions).load(Array(text.utf8), path: ".progress-lint.yml", directory: "/")
        let defaults = Configuration()
        #expect(loaded.platform == defaults.platform)
        #expect(loaded.include == defaults.include && loaded.exclude == defaults.exclude)
        #expect(loaded.thresholds == defaults.thresholds)
        #expect(loaded.options[VagueLabel.labels].written == defaults.options[VagueLabel.labels].written)
        #expect(loaded.limits == defaults.limits)
        for rule in RuleRegistry.descriptions {
            #expect(loaded.level(of: rule) == defaults.level(of: rule), "\(rule.id)")
        }
        // Every rule that can be configured is written, with its name.
        for rule in RuleRegistry.descriptions where !rule.isInputRule {
            #expect(text.contains("\n  \(rule.id): \(rule.defaultSeverity.rawValue)  # \(rule.name)\n"), "\(rule.id)")
        }
        #expect(!text.contains("# default"), "no --print-config provenance comments")
    }

    @Test func terminalMarkdownDropsMarkupAndKeepsTheText() {
        let page = """
            <!-- Generated. Do not edit. -->

            # `rule-id`: A rule

            | category | default severity |
            | --- | --- |
            | Wording | warning |

            ## Why

            Read `label` and **this**, see [Guide](https://example.com/guide).

            ### Incorrect (1)

            ```yaml
            label: `kept`
            ```
            """
        let text = TerminalMarkdown.render(page)
        #expect(text == """
            rule-id: A rule
            ===============

              category   default severity
              Wording    warning

            WHY

            Read label and this, see Guide <https://example.com/guide>.

            Incorrect (1)
            -------------

                label: `kept`

            """)
    }

    @Test func statisticsCountByRuleMostFrequentFirst() {
        func finding(_ rule: String) -> Diagnostic {
            Diagnostic(ruleID: rule, severity: .warning, message: "m", path: "a.yaml",
                       range: SourceRange(at: SourcePosition(line: 1, column: 1)))
        }
        let text = RuleStatistics.render(
            [finding("vague-label"), finding("offer-cancel"), finding("vague-label")] + Array(repeating: finding("missing-label"), count: 10),
            rules: RuleRegistry.descriptions)
        #expect(text == """
            10\tmissing-label\tMissing label
             2\tvague-label  \tVague label
             1\toffer-cancel \tOffer cancel

            """)
        #expect(RuleStatistics.render([], rules: RuleRegistry.descriptions).isEmpty)
    }
}
