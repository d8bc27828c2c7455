import ProgressLintEngine
import ProgressLintSpec

/// `indicator-not-needed`: an indicator for work so quick it would only flash on screen.
public struct IndicatorNotNeeded: IndicatorRule {
    public static let description = RuleDescription(
        id: "indicator-not-needed",
        name: "Indicator not needed",
        category: .timing,
        defaultSeverity: .info,
        summary: """
            An indicator whose `duration` has its upper bound below `thresholds.instant`: it would appear and \
            vanish before anyone could read it.
            """,
        rationale: """
            Below about a tenth of a second a response still feels immediate, so there is nothing to wait for \
            and nothing to explain. An indicator for such work only blinks on screen, which draws the eye, \
            looks like a glitch, and can make a screen reader start an announcement it cannot finish. Leave \
            the indicator out, or check the `duration`: if the work can take longer, write the longer bound.
            """,
        sources: [
            SourceReference(.johnSweetIndeterminate, section: "Introduction (before \"Two Types of Indeterminate Indicators\")"),
        ],
        exceptions: [
            "An unknown `duration` (the default) has no max and never fires.",
            "A range fires only when its upper bound is below the threshold.",
        ],
        sharedSettings: ["thresholds.instant"],
        reads: ["duration"],
        asks: [.change("duration")],
        appliesTo: .taskProgress,
        triggeringExamples: [
            RuleExample("""
                platform: ios
                screen: Settings
                indicators:
                  - id: toggle
                    style: spinner
                    duration: ↓50ms
                """),
            RuleExample("""
                screen: Settings
                indicators:
                  - id: toggle
                    style: spinner
                    duration: ↓20ms..99ms
                """, note: "just below the instant threshold"),
            RuleExample("""
                screen: Settings
                indicators:
                  - id: toggle
                    style: spinner
                    duration: ↓300ms
                """, config: "thresholds: {instant: 500ms}", note: "a raised instant threshold"),
        ],
        nonTriggeringExamples: [
            RuleExample("""
                screen: Settings
                indicators:
                  - id: toggle
                    style: spinner
                    duration: 100ms
                """, note: "exactly at the instant threshold"),
            RuleExample("""
                screen: Settings
                indicators:
                  - id: toggle
                    style: spinner
                    duration: 50ms..101ms
                """, note: "the upper bound is just above the threshold"),
            RuleExample("""
                screen: Settings
                indicators:
                  - id: toggle
                    style: spinner
                    duration: 80ms
                """, config: "thresholds: {instant: 50ms}", note: "a lowered instant threshold"),
            RuleExample("""
                screen: Settings
                indicators:
                  - id: toggle
                    style: spinner
                """, note: "an unknown duration has no max"),
        ])

    public init() {}

    public func check(_ indicator: Indicator, context: RuleContext) -> [Violation] {
        guard let duration = indicator.duration, let max = duration.value.max,
              max < context.thresholds.instant else { return [] }
        return [context.violation(indicator, at: duration.node,
            "indicator '\(indicator.displayID)' is expected to take at most \(max) (`duration: \(duration.value)`), "
            + "below \(Phrase.threshold(context.thresholds.instant, "instant")), so it would only flash; leave it out, "
            + "or write the real upper bound in `duration` if the work can take longer")]
    }
}
