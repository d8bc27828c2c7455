import ProgressLintEngine
import ProgressLintSpec

/// `late-indicator`: an indicator that appears so late that people wonder whether anything happened.
public struct LateIndicator: IndicatorRule {
    public static let description = RuleDescription(
        id: "late-indicator",
        name: "Late indicator",
        category: .timing,
        defaultSeverity: .warning,
        summary: "An indicator whose `show-after` delay is longer than `thresholds.show-after-max`.",
        rationale: """
            Holding an indicator back for a moment keeps very quick work from flickering, and a delay of up to \
            a couple of seconds is a common default. Wait much longer and the screen sits still after a tap, \
            so people cannot tell whether their action registered; they tap again or give up. Keep \
            `show-after` short enough that feedback arrives while people still expect it.
            """,
        sources: [
            SourceReference(.johnSweetIndeterminate, section: "Introduction (before \"Two Types of Indeterminate Indicators\")"),
            SourceReference(.ubuntuActivityIndicators, section: "Determinate indicators"),
        ],
        exceptions: [
            "No `show-after` means the indicator shows at once (`0s`).",
            "A `show-after` exactly at `thresholds.show-after-max` is accepted.",
        ],
        sharedSettings: ["thresholds.show-after-max"],
        reads: ["show-after"],
        asks: [.change("show-after")],
        appliesTo: .taskProgress,
        triggeringExamples: [
            RuleExample("""
                platform: ios
                screen: Upload photos
                indicators:
                  - id: upload
                    style: bar
                    determinate: true
                    show-after: ↓3s
                """),
            RuleExample("""
                screen: Upload photos
                indicators:
                  - id: upload
                    style: spinner
                    show-after: ↓2.1s
                """, note: "just above the show-after-max threshold"),
            RuleExample("""
                screen: Upload photos
                indicators:
                  - id: upload
                    style: spinner
                    show-after: ↓1.5s
                """, config: "thresholds: {show-after-max: 1s}", note: "a lowered threshold"),
        ],
        nonTriggeringExamples: [
            RuleExample("""
                screen: Upload photos
                indicators:
                  - id: upload
                    style: spinner
                    show-after: 2s
                """, note: "exactly at the show-after-max threshold"),
            RuleExample("""
                screen: Upload photos
                indicators:
                  - id: upload
                    style: spinner
                    show-after: 1.9s
                """, note: "just below the threshold"),
            RuleExample("""
                screen: Upload photos
                indicators:
                  - id: upload
                    style: spinner
                    show-after: 3s
                """, config: "thresholds: {show-after-max: 5s}", note: "a raised threshold"),
            RuleExample("""
                screen: Upload photos
                indicators:
                  - id: upload
                    style: spinner
                """, note: "no show-after: shown at once"),
        ])

    public init() {}

    public func check(_ indicator: Indicator, context: RuleContext) -> [Violation] {
        guard let showAfter = indicator.showAfter, showAfter.value > context.thresholds.showAfterMax else { return [] }
        let sooner = min(.seconds(1), context.thresholds.showAfterMax)
        return [context.violation(indicator, at: showAfter.node,
            "indicator '\(indicator.displayID)' shows up only after `show-after: \(showAfter.value)`, past "
            + "\(Phrase.threshold(context.thresholds.showAfterMax, "show-after-max")); show it sooner, e.g. "
            + "`show-after: \(sooner)`", asks: [.set("show-after", to: sooner.description)])]
    }
}
