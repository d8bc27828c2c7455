import ProgressLintEngine
@testable import ProgressLintRun
import ProgressLintWorkspace
import ProgressLintRules
import Testing

/// `yaml-syntax` says to quote a plain value that holds `: `.
@Suite struct YAMLSyntaxHintTests {
    func message(_ yaml: String) -> String? {
        let result = RuleRegistry.makeLinter().lint(Array(yaml.utf8), path: "a.yaml", configuration: Configuration())
        return result.diagnostics.first { $0.ruleID == "yaml-syntax" }?.message
    }

    @Test func aColonInAPlainValueGetsTheQuotedLine() {
        #expect(message("screen: S\nindicators:\n  - id: a\n    style: bar\n    label: Step 2: Upload\n")
                == "mapping values are not allowed in this context; "
                + "if `Step 2: Upload` is one text, quote it: `label: \"Step 2: Upload\"`")
        // On a sequence item's first key, and with a comment after the value.
        #expect(message("screen: S\nindicators:\n  - label: Note: wait  # why\n    id: a\n")?
                    .hasSuffix("if `Note: wait` is one text, quote it: `label: \"Note: wait\"`") == true)
        // A value that holds double quotes is single-quoted; one with both is escaped.
        #expect(message("screen: S\nindicators:\n  - id: a\n    label: Say \"hi\": now\n")?
                    .hasSuffix("quote it: `label: 'Say \"hi\": now'`") == true)
        #expect(message("screen: S\nindicators:\n  - id: a\n    label: It's \"x\": y\n")?
                    .hasSuffix("quote it: `label: \"It's \\\"x\\\": y\"`") == true)
    }

    @Test func otherSyntaxErrorsKeepLibyamlsMessage() {
        #expect(message("screen: S\nindicators: [\n")?.contains("quote it") == false)
        // The same libyaml message from a line with no such value (a key after a scalar) has no advice.
        let other = message("screen: S\n  extra: 1\n")
        #expect(other?.hasPrefix("mapping values are not allowed in this context") == true)
        #expect(other?.contains("quote it") == false, "\(other ?? "")")
    }
}
