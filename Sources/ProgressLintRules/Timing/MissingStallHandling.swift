import ProgressLintEngine
import ProgressLintSpec

/// `missing-stall-handling`: a long or open-ended wait with no plan for when progress stops.
public struct MissingStallHandling: IndicatorRule {
    public static let description = RuleDescription(
        id: "missing-stall-handling",
        name: "Missing stall handling",
        category: .timing,
        defaultSeverity: .warning,
        summary: """
            An indicator, not a refresh control, whose `duration` is unknown or may reach `thresholds.attention` and that has no \
            `stall`; or any `stall` that has no `message`.
            """,
        rationale: """
            Work that runs long or open-ended can get stuck on a slow network or a busy device, and an \
            indicator that keeps moving while nothing happens misleads people into waiting forever. Decide \
            what the screen does when no progress is made for a while: say what went wrong and what people \
            can do about it, such as checking their connection and trying again. A `stall` without a \
            `message` has the timing but not the words, so it still leaves people guessing.
            """,
        sources: [
            SourceReference(.johnSweetIndeterminate, section: "Stalled Out"),
            SourceReference(.appleHumanInterfaceGuidelines, section: "Best practices"),
        ],
        exceptions: [
            "Work whose max is below `thresholds.attention` needs no `stall` (but a `stall` that is written still needs a `message`).",
            "A `stall` (or `duration`) with an invalid value is reported by `spec-schema` only: this rule does not judge that indicator.",
            "Refresh controls (`style: refresh-control`) refresh content already on screen; people leave one by scrolling away.",
        ],
        sharedSettings: ["thresholds.attention"],
        reads: ["style", "duration", "stall", "stall.message"],
        asks: [.add("stall")],
        appliesTo: .taskProgress,
        triggeringExamples: [
            RuleExample("""
                platform: ios
                screen: Sync
                indicators:
                  - ↓id: sync
                    style: spinner
                    label: Syncing your notes
                """, note: "duration unknown (the default) and no stall: reported at the indicator"),
            RuleExample("""
                screen: Sync
                indicators:
                  - ↓id: sync
                    style: bar
                    determinate: true
                    duration: 10s
                """, note: "exactly at the attention threshold"),
            RuleExample("""
                screen: Sync
                indicators:
                  - id: sync
                    style: bar
                    determinate: true
                    duration: 5s..2m
                    stall:
                      ↓after: 20s
                      retry: true
                """, note: "a stall with no message: reported at the stall mapping"),
            RuleExample("""
                screen: Sync
                indicators:
                  - id: sync
                    style: spinner
                    duration: 2s
                    stall: ↓{after: 5s}
                """, note: "a written stall needs a message even for a short wait"),
            RuleExample("""
                screen: Sync
                indicators:
                  - ↓id: sync
                    style: spinner
                    duration: 4s
                """, config: "thresholds: {attention: 3s}", note: "a lowered attention threshold"),
        ],
        nonTriggeringExamples: [
            RuleExample("""
                platform: ios
                screen: Inbox
                indicators:
                  - id: refresh
                    style: refresh-control
                    component: UIRefreshControl
                    title: Checking for mail
                    auto-refresh: 5m
                """, note: "a refresh control: people leave it by scrolling away"),
            RuleExample("""
                platform: ios
                screen: Sync
                indicators:
                  - id: sync
                    style: spinner
                    stall:
                      after: 20s
                      message: No progress for a while. Check your connection, then tap Retry.
                      retry: true
                """),
            RuleExample("""
                screen: Sync
                indicators:
                  - id: sync
                    style: spinner
                    duration: 9.9s
                """, note: "just below the attention threshold"),
            RuleExample("""
                screen: Sync
                indicators:
                  - id: sync
                    style: spinner
                    duration: 20s
                """, config: "thresholds: {attention: 30s}", note: "a raised attention threshold"),
        ])

    public init() {}

    public func check(_ indicator: Indicator, context: RuleContext) -> [Violation] {
        guard indicator.style?.value != .refreshControl else { return [] }
        if let stall = indicator.stall {
            guard stall.value.message == nil else { return [] }
            return [context.violation(indicator, at: stall.node,
                "indicator '\(indicator.displayID)' has a `stall` without `message`; add `stall.message` that says "
                + "what went wrong and what people can do (e.g. \"\(WorkText.stalled)\")",
                asks: [.set("stall.message", to: WorkText.stalled)])]
        }
        guard Phrase.reaches(indicator, context.thresholds.attention, orUnknown: true) else { return [] }
        let how = indicator.maxDuration == nil
            ? "may run for an unknown time (`\(Phrase.durationKey(indicator))`)"
            : Phrase.mayRun(indicator, past: context.thresholds.attention, "attention") + ","
        let after = context.thresholds.attention
        return [context.violation(indicator, at: indicator.node,
            "indicator '\(indicator.displayID)' \(how) but has no `stall`; add `stall.after: \(after)` and "
            + "`stall.message` (e.g. \"\(WorkText.stalled)\"), which says what to do when no progress is made",
            asks: [.set("stall.after", to: after.description), .set("stall.message", to: WorkText.stalled)])]
    }
}
