import ProgressLintCore

/// `duplicate-id`: two indicators of one screen share an id. Reported by the decoder; documented here.
public enum DuplicateID {
    public static let description = RuleDescription(
        id: "duplicate-id",
        name: "Duplicate indicator id",
        category: .input,
        defaultSeverity: .error,
        summary: "Two indicators of the same screen share an `id`.",
        rationale: """
            Ids name indicators in messages, baselines and code-scanning fingerprints; two indicators with \
            one id make every one of those ambiguous. The later `id` is reported.
            """,
        exceptions: ["The same id on different screens (documents or files) is fine."],
        triggeringExamples: [
            RuleExample("""
                screen: Mail
                indicators:
                  - id: sync
                    style: spinner
                  - id: ↓sync
                    style: bar
                """)
        ],
        nonTriggeringExamples: [
            RuleExample("""
                screen: Mail
                indicators:
                  - id: sync
                    style: spinner
                  - id: download
                    style: bar
                """)
        ])
}
