import ProgressLintEngine
import ProgressLintSpec

/// `missing-label`: an indicator that may be watched for a while with nothing saying what it is for.
public struct MissingLabel: IndicatorRule {
    public static let description = RuleDescription(
        id: "missing-label",
        name: "Missing label",
        category: .wording,
        defaultSeverity: .warning,
        summary: """
            An indicator with no `label` that is obstructive (`presentation: overlay` or `full-screen`) or may \
            run for `thresholds.noticeable` or longer, or for an unknown time (`duration: unknown`, the default).
            """,
        rationale: """
            Once a wait lasts long enough to be noticed, people start wondering what they are waiting for. A \
            short description next to the indicator ("Sending your message") answers that and helps them \
            decide whether to wait, and a blocking indicator owes people an explanation for taking the screen \
            away however long it lasts. The text also gives screen-reader users and people who cannot see the \
            animation something to go on. Add a `label` that names the work.
            """,
        sources: [
            SourceReference(.johnSweetIndeterminate, section: "Obstructive Indicators"),
            SourceReference(.appleHumanInterfaceGuidelines, section: "Best practices"),
        ],
        exceptions: [
            "Refresh controls (`style: refresh-control`): their animation says enough, and a `title` is optional.",
            "Spinners on macOS (`platform: macos`), where a label is discouraged (see `labeled-macos-spinner`); with no platform known this exception does not apply.",
            "Parallel indicators whose max is below `thresholds.noticeable`.",
        ],
        sharedSettings: ["thresholds.noticeable"],
        reads: ["style", "label", "presentation", "duration"],
        asks: [.add("label")],
        appliesTo: .taskProgress,
        triggeringExamples: [
            RuleExample("""
                platform: ios
                screen: Inbox
                indicators:
                  - ↓id: fetch
                    style: spinner
                """, note: "`duration` defaults to unknown"),
            RuleExample("""
                screen: Sign in
                indicators:
                  - ↓id: auth
                    style: spinner
                    duration: 300ms
                    presentation: overlay
                """, note: "obstructive: reported however short"),
            RuleExample("""
                screen: Inbox
                indicators:
                  - ↓id: fetch
                    style: spinner
                    duration: 1s
                """, note: "exactly at the noticeable threshold"),
            RuleExample("""
                screen: Inbox
                indicators:
                  - ↓id: fetch
                    style: bar
                    determinate: true
                    duration: 200ms..1.1s
                """, note: "just above the noticeable threshold"),
            RuleExample("""
                screen: Inbox
                indicators:
                  - ↓id: fetch
                    style: spinner
                    duration: 600ms
                """, config: "thresholds: {noticeable: 500ms}", note: "a lowered noticeable threshold"),
            RuleExample("""
                platform: macos
                screen: Export
                indicators:
                  - ↓id: export
                    style: bar
                    determinate: true
                    duration: 5s..1m
                """, note: "on macOS only spinners are exempt"),
        ],
        nonTriggeringExamples: [
            RuleExample("""
                platform: ios
                screen: Inbox
                indicators:
                  - id: fetch
                    style: spinner
                    label: Checking for new mail
                """),
            RuleExample("""
                screen: Inbox
                indicators:
                  - id: fetch
                    style: spinner
                    duration: 900ms
                """, note: "just below the noticeable threshold"),
            RuleExample("""
                screen: Inbox
                indicators:
                  - id: fetch
                    style: spinner
                    duration: 2s
                """, config: "thresholds: {noticeable: 3s}", note: "a raised noticeable threshold"),
            RuleExample("""
                platform: ios
                screen: Inbox
                indicators:
                  - id: refresh
                    style: refresh-control
                    auto-refresh: 5m
                """, note: "refresh controls need no label"),
            RuleExample("""
                platform: macos
                screen: Mail
                indicators:
                  - id: fetch
                    style: spinner
                """, note: "a macOS spinner"),
        ])

    public init() {}

    public func check(_ indicator: Indicator, context: RuleContext) -> [Violation] {
        guard indicator.label == nil, let style = indicator.style?.value, style != .refreshControl else { return [] }
        if context.platform == .macos, style == .spinner { return [] }
        let why: String
        if indicator.isObstructive {
            why = "blocks the screen (`presentation: \(indicator.effectivePresentation.rawValue)`)"
        } else if Phrase.reaches(indicator, context.thresholds.noticeable, orUnknown: true) {
            why = indicator.maxDuration == nil
                ? "may run for an unknown time"
                : Phrase.mayRun(indicator, past: context.thresholds.noticeable, "noticeable") + ","
        } else {
            return []
        }
        let label = WorkText(indicator, context: context).doing
        return [context.violation(indicator, at: indicator.node,
            "indicator '\(indicator.displayID)' \(why) but has no `label`; add one that says what is happening "
            + "(e.g. \"\(label)\")", asks: [.set("label", to: label)])]
    }
}
