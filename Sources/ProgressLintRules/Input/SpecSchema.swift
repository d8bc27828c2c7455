import ProgressLintEngine

/// `spec-schema`: the YAML is well formed but is not a valid screen spec.
/// Reported by the decoder; documented here.
public enum SpecSchema {
    public static let description = RuleDescription(
        id: InputRuleID.specSchema,
        name: "Spec schema",
        category: .input,
        defaultSeverity: .error,
        summary: """
            A value of the wrong type, a missing required key, an unknown key, a bad enum value, a bad \
            duration, a duplicate key, a bad `version`, or aliases that expand past the limit.
            """,
        rationale: """
            A typo in a key silently turns a rule off: `show_after` is not `show-after`, so a late indicator \
            would go unreported. Every key and value is checked against the spec format; an unknown key gets \
            the closest valid one as a suggestion, a bare number where a duration belongs says which unit is \
            missing, and YAML 1.1 spellings such as `yes` or `on` are refused because they read differently \
            in different YAML libraries. The invalid value is then treated as absent and the other rules \
            still run.
            """,
        exceptions: [
            "A key given through a `<<` merge or an alias is checked once, where it is written.",
            "A `component` that is not a known one is a custom view, not an error. It gets a warning with "
                + "\"did you mean\" only when it is probably a typo of a known component: the same name in another "
                + "case, a trailing `View` added or dropped, or within two edits (the platform's own component "
                + "preferred among equally close ones). A known name with a word of three or more letters added "
                + "(`BrandProgressBar`) is a wrapper and gets nothing, nor does a name declared under `components:` "
                + "in the config.",
        ],
        sharedSettings: ["limits.max-alias-nodes"],
        fix: FixDescription(.safe, """
            a YAML 1.1 boolean is rewritten as `true` or `false`, which every YAML library reads as the spec \
            meant (safe). An unknown key with exactly one close valid key is renamed to it, which changes \
            what the spec says (unsafe: `--unsafe-fixes`); a rename that would leave the spec invalid is not \
            applied. Other errors have no fix.
            """),
        triggeringExamples: [
            RuleExample("""
                screen: Upload photos
                indicators:
                  - id: upload
                    style: bar
                    ↓show_after: 1s
                """, note: "an unknown key; the message suggests `show-after`"),
            RuleExample("""
                screen: Upload photos
                indicators:
                  - id: upload
                    style: bar
                    duration: ↓30
                """, note: "a duration with no unit"),
            RuleExample("""
                screen: Upload photos
                indicators:
                  - id: upload
                    style: bar
                    pause: ↓yes
                """, note: "a YAML 1.1 boolean"),
            RuleExample("""
                screen: Upload photos
                indicators:
                  - id: upload
                    style: bar
                    label: Uploading
                    ↓label: Uploading photos
                """, note: "a duplicate key, reported at the second"),
            RuleExample("""
                screen: Upload photos
                indicators:
                  - ↓style: bar
                """, note: "a missing required `id`"),
            RuleExample("""
                platform: ios
                screen: Upload photos
                indicators:
                  - id: upload
                    style: bar
                    determinate: true
                    component: ↓UIProgresView
                """, note: "a probable typo of a known component: a warning suggesting `UIProgressView`"),
        ],
        nonTriggeringExamples: [
            RuleExample("""
                version: 1
                platform: ios
                screen: Upload photos
                indicators:
                  - &base
                    id: upload
                    style: bar
                    determinate: true
                    duration: 5s..2m
                  - <<: *base
                    id: upload-again
                """),
            RuleExample("""
                platform: ios
                screen: Upload photos
                indicators:
                  - id: upload
                    style: bar
                    determinate: true
                    component: BrandProgressBar
                    label: Uploading photos
                """, note: "a design system's wrapper (a word added to a known name) is a custom view, not a typo"),
        ])
}
