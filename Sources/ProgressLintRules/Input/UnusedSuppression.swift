import ProgressLintEngine

/// `unused-suppression`: a suppression comment that suppressed nothing. Reported by the engine; documented here.
public enum UnusedSuppression {
    public static let description = RuleDescription(
        id: InputRuleID.unusedSuppression,
        name: "Unused suppression",
        category: .input,
        defaultSeverity: .warning,
        summary: """
            An inline `# progress-lint-disable…` comment that suppressed nothing, names an unknown rule or an \
            input rule, or names no rule at all.
            """,
        rationale: """
            A suppression outlives the problem it hid: once the spec is fixed it hides the next, unrelated \
            mistake on that line. Reporting the ones that do nothing keeps them few and honest, as ESLint's \
            `--report-unused-disable-directives` does.
            """,
        exceptions: ["It cannot itself be suppressed or turned off."],
        fix: FixDescription(.safe, """
            removes the names that suppressed nothing (unknown rules and input rules included) from the \
            comment, or the whole comment (its line, when it stands alone) when no name is left; the report \
            is the same without them. A comment that names no rule, or is not a directive, has no fix.
            """),
        triggeringExamples: [
            RuleExample("""
                screen: Sign in
                indicators:
                  ↓# progress-lint-disable-next-line vague-label
                  - id: spinner
                    style: spinner
                    label: Signing you in…
                    reduce-motion: {replace-with: Signing you in…}
                """, config: "platform: ios", note: "the label it was written for has since been fixed"),
            RuleExample("""
                screen: Sign in
                indicators: []  ↓# progress-lint-disable-line no-such-rule
                """),
        ],
        nonTriggeringExamples: [
            RuleExample("""
                screen: Sign in
                indicators:
                  - id: spinner
                    style: spinner
                    # progress-lint-disable-next-line vague-label -- the brand voice insists
                    label: Loading
                    reduce-motion: {replace-with: Signing you in…}
                """)
        ])
}
