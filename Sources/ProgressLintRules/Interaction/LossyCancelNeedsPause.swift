import ProgressLintEngine
import ProgressLintSpec

/// `lossy-cancel-needs-pause`: a Cancel that throws away work, with no Pause to offer instead.
public struct LossyCancelNeedsPause: IndicatorRule {
    public static let description = RuleDescription(
        id: "lossy-cancel-needs-pause",
        name: "Lossy cancel needs pause",
        category: .interaction,
        defaultSeverity: .info,
        summary: "A `cancel` with `discards-progress: true` and no `pause: true`.",
        rationale: """
            When stopping the work means losing what is already done, Cancel is a harsh way to get the \
            device or the connection back for a moment. A Pause action next to it lets people halt the \
            work now and resume later without starting over. This is a suggestion rather than a rule, since \
            not every task can be paused.
            """,
        sources: [SourceReference(.appleHumanInterfaceGuidelines, section: "Best practices")],
        exceptions: [
            "`cancel: true` or a `cancel` without `discards-progress: true` loses nothing, so no Pause is suggested.",
        ],
        reads: ["cancel", "cancel.discards-progress", "pause"],
        asks: [.set("pause", to: "true")],
        appliesTo: .taskProgress,
        triggeringExamples: [
            RuleExample("""
                platform: ios
                screen: Download
                indicators:
                  - id: download
                    style: bar
                    determinate: true
                    cancel: ↓{discards-progress: true, confirm: true}
                """),
            RuleExample("""
                screen: Download
                indicators:
                  - id: download
                    style: bar
                    determinate: true
                    pause: false
                    cancel:
                      ↓discards-progress: true
                """),
        ],
        nonTriggeringExamples: [
            RuleExample("""
                platform: ios
                screen: Download
                indicators:
                  - id: download
                    style: bar
                    determinate: true
                    cancel: {discards-progress: true, confirm: true}
                    pause: true
                """),
            RuleExample("""
                screen: Download
                indicators:
                  - id: download
                    style: bar
                    determinate: true
                    cancel: true
                """, note: "a plain cancel says nothing about losing progress"),
        ])

    public init() {}

    public func check(_ indicator: Indicator, context: RuleContext) -> [Violation] {
        guard let cancel = indicator.cancel, cancel.value.discardsProgress?.value == true,
              !indicator.hasPause else { return [] }
        return [context.violation(indicator, at: cancel.node,
            "indicator '\(indicator.displayID)' has a `cancel` that discards progress (`discards-progress: true`) "
            + "and no Pause; consider adding `pause: true` so people can stop for now without losing work",
            asks: [.set("pause", to: "true")])]
    }
}
