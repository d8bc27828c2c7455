import ProgressLintEngine
import ProgressLintSpec

/// `offer-cancel`: long work someone started, with no way to stop it.
public struct OfferCancel: IndicatorRule {
    public static let description = RuleDescription(
        id: "offer-cancel",
        name: "Offer cancel",
        category: .interaction,
        defaultSeverity: .info,
        summary: """
            A parallel indicator (`presentation: inline` or `card`, or none) that is not a refresh control, for work the person started \
            (`user-initiated`, default true) whose `duration` is unknown or may reach `thresholds.attention`, \
            with no `cancel`.
            """,
        rationale: """
            People who start a long task change their minds: they picked the wrong file, the network is \
            slow, or they need the device for something else. Where stopping causes no harm, a Cancel \
            action lets them take back control instead of waiting it out or leaving the screen. It matters \
            most for work that runs long or for an unknown time.
            """,
        sources: [SourceReference(.appleHumanInterfaceGuidelines, section: "Best practices")],
        exceptions: [
            "Obstructive indicators are covered by `obstructive-needs-exit` instead.",
            "Work the person did not start (`user-initiated: false`) is not theirs to cancel.",
            "Work whose max is below `thresholds.attention` is short enough to wait out.",
            "Refresh controls (`style: refresh-control`) refresh content already on screen; people leave one by scrolling away.",
        ],
        sharedSettings: ["thresholds.attention"],
        reads: ["style", "presentation", "user-initiated", "cancel", "duration"],
        asks: [.add("cancel")],
        appliesTo: .taskProgress,
        triggeringExamples: [
            RuleExample("""
                platform: ios
                screen: Upload photos
                indicators:
                  - ↓id: upload
                    style: bar
                    determinate: true
                    duration: 5s..2m
                """),
            RuleExample("""
                screen: Search
                indicators:
                  - ↓id: search
                    style: spinner
                    presentation: card
                """, note: "duration unknown (the default)"),
            RuleExample("""
                screen: Search
                indicators:
                  - id: search
                    style: spinner
                    duration: 10s
                    cancel: ↓false
                """, note: "exactly at the attention threshold; `cancel: false` offers none and is reported where it is written"),
            RuleExample("""
                screen: Search
                indicators:
                  - ↓id: search
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
                screen: Storage
                indicators:
                  - id: disk
                    style: bar
                    determinate: true
                    purpose: gauge
                """, note: "a gauge is not task progress: only `only-task-progress` speaks"),
            RuleExample("""
                platform: ios
                screen: Upload photos
                indicators:
                  - id: upload
                    style: bar
                    determinate: true
                    duration: 5s..2m
                    cancel: true
                """),
            RuleExample("""
                screen: Search
                indicators:
                  - id: search
                    style: spinner
                    duration: 9.9s
                """, note: "just below the attention threshold"),
            RuleExample("""
                screen: Search
                indicators:
                  - id: search
                    style: spinner
                    duration: 20s
                """, config: "thresholds: {attention: 30s}", note: "a raised attention threshold"),
            RuleExample("""
                screen: Wi-Fi
                indicators:
                  - id: scan
                    style: spinner
                    user-initiated: false
                """, note: "not started by the person"),
            RuleExample("""
                screen: Software update
                indicators:
                  - id: install
                    style: bar
                    determinate: true
                    presentation: full-screen
                    close: true
                """, note: "obstructive: left to obstructive-needs-exit"),
        ])

    public init() {}

    public func check(_ indicator: Indicator, context: RuleContext) -> [Violation] {
        guard indicator.isParallel, indicator.isUserInitiated, !indicator.hasCancel,
              indicator.style?.value != .refreshControl,
              Phrase.reaches(indicator, context.thresholds.attention, orUnknown: true) else { return [] }
        let how = indicator.maxDuration == nil
            ? "for an unknown time"
            : "for up to \(indicator.maxDuration!), past \(Phrase.threshold(context.thresholds.attention, "attention")),"
        if let written = indicator.cancel {
            // `cancel: false` is written: that is the value to change (coherence 4).
            return [context.violation(indicator, at: written.node,
                "indicator '\(indicator.displayID)' runs work the person started \(how) with `cancel: false`, so "
                + "there is no way to stop it; set `cancel: true` if stopping causes no harm",
                asks: [.set("cancel", to: "true")])]
        }
        return [context.violation(indicator, at: indicator.node,
            "indicator '\(indicator.displayID)' runs work the person started \(how) with no way to stop it; "
            + "add `cancel: true` if stopping causes no harm", asks: [.set("cancel", to: "true")])]
    }
}
