import ProgressLintEngine
import ProgressLintSpec

/// `long-wait-needs-determinate`: an indeterminate indicator for a wait long enough that people want to know how long.
public struct LongWaitNeedsDeterminate: IndicatorRule {
    public static let description = RuleDescription(
        id: "long-wait-needs-determinate",
        name: "Long wait needs a determinate indicator",
        category: .timing,
        defaultSeverity: .warning,
        summary: """
            An indicator that is not `determinate` (and is not a `refresh-control`) whose `duration` may reach \
            `thresholds.determinate-after` (which follows `thresholds.attention` unless set), with no later \
            `becomes` state that is `determinate: true`.
            """,
        rationale: """
            A spinner only says that something is going on; it gives no hint of how much is left. That is fine \
            for a short pause, but once a wait reaches the point where people start to look elsewhere (about \
            ten seconds), they need a measure of progress to decide whether to wait, do something else, or \
            come back later. Show a determinate indicator for such work, or switch to one through a `becomes` \
            state as soon as the size of the work is known.
            """,
        sources: [
            SourceReference(.johnSweetIndeterminate, section: "Summary"),
            SourceReference(.johnSweetDeterminate, section: "Introduction (before \"Updating Progress\")"),
            SourceReference(.appleHumanInterfaceGuidelines, section: "Best practices"),
        ],
        exceptions: [
            "An unknown `duration` has no max, so it does not fire (see `missing-stall-handling`).",
            "Refresh controls are never determinate, so they are left alone.",
            "An indicator with a later `becomes` state that is `determinate: true` already turns determinate.",
        ],
        sharedSettings: ["thresholds.determinate-after", "thresholds.attention"],
        reads: ["style", "determinate", "duration", "becomes"],
        asks: [.set("determinate", to: "true")],
        appliesTo: .taskProgress,
        triggeringExamples: [
            RuleExample("""
                platform: ios
                screen: Backup
                indicators:
                  - ↓id: backup
                    style: spinner
                    duration: 5s..2m
                    label: Backing up your photos
                """, note: "`determinate` is not written (default false): reported at the indicator"),
            RuleExample("""
                screen: Backup
                indicators:
                  - id: backup
                    style: bar
                    determinate: ↓false
                    duration: 10s
                """, note: "exactly at the attention threshold"),
            RuleExample("""
                screen: Download
                indicators:
                  - id: download
                    style: spinner
                    determinate: ↓false
                    duration: 10.1s
                    becomes:
                      - {when: retrying, determinate: false}
                """, note: "just above the threshold; a later state that stays indeterminate does not help"),
            RuleExample("""
                screen: Download
                indicators:
                  - ↓id: download
                    style: spinner
                    duration: 4s
                """, config: "thresholds: {attention: 3s}", note: "a lowered attention threshold"),
        ],
        nonTriggeringExamples: [
            RuleExample("""
                screen: Backup
                indicators:
                  - id: backup
                    style: spinner
                    duration: 9.9s
                """, note: "just below the attention threshold"),
            RuleExample("""
                screen: Backup
                indicators:
                  - id: backup
                    style: spinner
                    duration: 20s
                """, config: "thresholds: {attention: 30s}", note: "a raised attention threshold"),
            RuleExample("""
                screen: Download
                indicators:
                  - id: download
                    style: spinner
                    duration: 5s..5m
                    becomes:
                      - {when: size known, determinate: true}
                """, note: "turns determinate once the size is known"),
            RuleExample("""
                screen: Upload
                indicators:
                  - id: upload
                    style: bar
                    determinate: true
                    duration: 1m
                """),
            RuleExample("""
                screen: Mail
                indicators:
                  - id: refresh
                    style: refresh-control
                    duration: 30s
                """, note: "refresh controls are never determinate"),
            RuleExample("""
                screen: Sync
                indicators:
                  - id: sync
                    style: spinner
                """, note: "an unknown duration has no max"),
        ])

    public init() {}

    public func check(_ indicator: Indicator, context: RuleContext) -> [Violation] {
        guard !indicator.isDeterminate, indicator.style?.value != .refreshControl,
              let max = indicator.maxDuration, max >= context.thresholds.determinateAfter else { return [] }
        let turnsDeterminate = indicator.becomes?.value.contains { $0.determinate?.value == true } ?? false
        guard !turnsDeterminate else { return [] }
        let written = indicator.determinate == nil ? "not determinate (the default)" : "`determinate: false`"
        let (asks, how) = Self.determinate(indicator, context: context)
        let (more, followUps) = Advice.withIt(asks, on: indicator, context: context, rule: Self.description.id)
        return [context.violation(indicator, at: indicator.determinate?.node ?? indicator.node,
            "indicator '\(indicator.displayID)' is \(written) but may run for up to \(max) (`\(Phrase.durationKey(indicator))`), "
            + "past \(Phrase.threshold(context.thresholds.determinateAfter, Self.thresholdName(context.thresholds))); \(how)\(more)",
            asks: asks + followUps)]
    }

    /// What makes `indicator` determinate where it is drawn: `determinate: true`, or where its
    /// style or component cannot be determinate (a spinner in the iOS family, `UIActivityIndicatorView`),
    /// a bar with a component that can (switching style later would be `no-style-switch`); and an
    /// `updates-every` within `thresholds.updates-every-max`, which a determinate indicator needs.
    static func determinate(_ indicator: Indicator, context: RuleContext) -> (asks: [Ask], how: String) {
        var asks: [Ask] = []
        var how: String
        let component = indicator.knownComponent
        let spinnerOnly = (context.isIOSFamily && indicator.style?.value == .spinner) || component?.determinacy == .never
        if spinnerOnly, indicator.style?.value != .bar {
            asks.append(.set("style", to: "bar"))
            asks.append(.set("determinate", to: "true"))
            if let component, let other = ComponentMismatch.alternative(
                to: component, style: .bar, determinate: true, platform: context.platform) {
                asks.append(.set("component", to: other.rawValue))
            }
            let platform = context.platform.map(Phrase.platform) ?? "this platform"
            let why = context.isIOSFamily && indicator.style?.value == .spinner
                ? "on \(platform) a spinner cannot be determinate" : "its component cannot be determinate"
            how = "\(why), so draw it as a determinate bar from the start: "
        } else {
            asks.append(.set("determinate", to: "true"))
            how = "make it determinate: "
        }
        if indicator.updatesEvery.map({ $0.value > context.thresholds.updatesEveryMax }) ?? true {
            asks.append(.set("updates-every", to: Phrase.updateInterval(context).description))
        }
        how += Advice.phrase(asks)
        return (asks, how)
    }
}

extension LongWaitNeedsDeterminate {
    /// The threshold's name as messages cite it: `determinate-after` once a config or profile
    /// sets it, else `attention`, which it follows.
    fileprivate static func thresholdName(_ thresholds: Thresholds) -> String {
        thresholds.determinateAfterSet == nil ? "attention" : "determinate-after"
    }
}
