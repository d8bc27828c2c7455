import ProgressLintEngine

/// `duplicate-id`: two indicators of one screen share an id. Reported by the decoder; documented here.
public enum DuplicateID {
    public static let description = RuleDescription(
        id: InputRuleID.duplicateID,
        name: "Duplicate indicator id",
        category: .input,
        defaultSeverity: .error,
        summary: """
            Two indicators of the same screen share an `id`; or two screens (documents) of one file share a \
            `screen` name for the same platform (the screen's `platform`, or the configured default).
            """,
        rationale: """
            Ids name indicators in messages, baselines and code-scanning fingerprints; two indicators with \
            one id make every one of those ambiguous. Screen names do the same for screens: two screens of \
            one platform under one name cannot be told apart in a report. The later `id` or `screen` is reported.
            """,
        exceptions: [
            "The same id on different screens (documents or files) is fine.",
            "One screen per platform under one name (the usual cross-platform file) is fine.",
            "The same screen name in different files is fine.",
        ],
        triggeringExamples: [
            RuleExample("""
                screen: Mail
                indicators:
                  - id: sync
                    style: spinner
                  - id: ↓sync
                    style: bar
                """),
            RuleExample("""
                platform: ios
                screen: Mail
                indicators: []
                ---
                platform: ios
                screen: ↓Mail
                indicators: []
                """, note: "two screens of one platform under one name, at the later `screen`"),
            RuleExample("""
                screen: Mail
                indicators: []
                ---
                screen: ↓Mail
                indicators: []
                """, config: "platform: android",
                note: "no `platform` written: both take the configured default"),
        ],
        nonTriggeringExamples: [
            RuleExample("""
                screen: Mail
                indicators:
                  - id: sync
                    style: spinner
                  - id: download
                    style: bar
                """),
            RuleExample("""
                platform: ios
                screen: Mail
                indicators: []
                ---
                platform: android
                screen: Mail
                indicators: []
                """, note: "one screen per platform under one name"),
        ])
}
