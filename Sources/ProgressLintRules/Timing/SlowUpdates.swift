import ProgressLintEngine
import ProgressLintSpec

/// `slow-updates`: a determinate indicator whose value moves too rarely to look alive.
public struct SlowUpdates: IndicatorRule {
    public static let description = RuleDescription(
        id: "slow-updates",
        name: "Slow updates",
        category: .timing,
        defaultSeverity: .warning,
        summary: """
            A `determinate: true` indicator whose `updates-every` is longer than `thresholds.updates-every-max`.
            """,
        rationale: """
            A bar that sits still for several seconds looks exactly like a frozen app, even when the work \
            is running fine. Progress should be redrawn often, ideally smoothly, so people can see it move; \
            when the work itself reports rarely, fill in between reports with an estimate based on time. \
            Update the value at least every `thresholds.updates-every-max`.
            """,
        sources: [
            SourceReference(.johnSweetDeterminate, section: "Updating Progress"),
            SourceReference(.appleHumanInterfaceGuidelines, section: "Best practices"),
        ],
        exceptions: [
            "Indeterminate indicators animate on their own, so `updates-every` is not checked for them.",
            "No `updates-every` is not reported: the rate is unknown.",
        ],
        sharedSettings: ["thresholds.updates-every-max"],
        reads: ["determinate", "updates-every"],
        asks: [.change("updates-every")],
        appliesTo: .taskProgress,
        triggeringExamples: [
            RuleExample("""
                platform: ios
                screen: Download
                indicators:
                  - id: download
                    style: bar
                    determinate: true
                    updates-every: ↓5s
                """),
            RuleExample("""
                screen: Download
                indicators:
                  - id: download
                    style: bar
                    determinate: true
                    updates-every: ↓2.1s
                """, note: "just above the updates-every-max threshold"),
            RuleExample("""
                screen: Download
                indicators:
                  - id: download
                    style: bar
                    determinate: true
                    updates-every: ↓1s
                """, config: "thresholds: {updates-every-max: 500ms}", note: "a lowered threshold"),
        ],
        nonTriggeringExamples: [
            RuleExample("""
                screen: Download
                indicators:
                  - id: download
                    style: bar
                    determinate: true
                    updates-every: 2s
                """, note: "exactly at the threshold"),
            RuleExample("""
                screen: Download
                indicators:
                  - id: download
                    style: bar
                    determinate: true
                    updates-every: 1.9s
                """, note: "just below the threshold"),
            RuleExample("""
                screen: Download
                indicators:
                  - id: download
                    style: bar
                    determinate: true
                    updates-every: 3s
                """, config: "thresholds: {updates-every-max: 5s}", note: "a raised threshold"),
            RuleExample("""
                screen: Download
                indicators:
                  - id: download
                    style: spinner
                    updates-every: 5s
                """, note: "not determinate"),
        ])

    public init() {}

    public func check(_ indicator: Indicator, context: RuleContext) -> [Violation] {
        guard indicator.isDeterminate, let every = indicator.updatesEvery,
              every.value > context.thresholds.updatesEveryMax else { return [] }
        return [context.violation(indicator, at: every.node,
            "indicator '\(indicator.displayID)' updates its value only every \(every.value) (`updates-every: "
            + "\(every.value)`), past \(Phrase.threshold(context.thresholds.updatesEveryMax, "updates-every-max")), "
            + "so it looks stuck; update it more often, estimating between reports if needed, e.g. "
            + "`updates-every: \(Phrase.updateInterval(context))`",
            asks: [.set("updates-every", to: Phrase.updateInterval(context).description)])]
    }
}
