import ProgressLintEngine
import ProgressLintSpec

/// `flash-risk`: an indicator that can vanish a moment after it appears.
public struct FlashRisk: IndicatorRule {
    public static let description = RuleDescription(
        id: "flash-risk",
        name: "Indicator may flash",
        category: .timing,
        defaultSeverity: .info,
        summary: """
            An indicator (not a refresh control) with a known `duration` that can appear (its max is past \
            `show-after`) but may then stay on screen for less than `thresholds.min-display`, with no \
            `min-display` key at or above that threshold. The shortest time it stays is the `duration`'s min \
            less `show-after`, or none at all when the work can end before `show-after` has passed.
            """,
        rationale: """
            An indicator that appears and is gone a moment later reads as a flicker: people see something \
            flash, cannot tell what it was, and wonder whether something went wrong. It happens when the work \
            is usually quick but sometimes slower, and most often just after a `show-after` delay, when work \
            that ends right after the delay makes the indicator appear for an instant. Once an indicator is \
            shown, keep it on screen for a minimum time (`min-display`; Firefox's Acorn design system \
            recommends 400 ms), or raise `show-after` so it appears only for waits long enough to be read.
            """,
        sources: [
            SourceReference(.acornLoadingIndicators, section: "the advice to set a minimum display time (400 ms)"),
            SourceReference(.gnomeSpinners, section: "the advice not to show spinners for very short periods"),
        ],
        exceptions: [
            "An unknown `duration` (the default): how short the work can be is not known.",
            "Work whose max is below `thresholds.instant`: `indicator-not-needed` asks to leave the indicator out.",
            "Work whose max is not past `show-after`: the indicator never appears.",
            "Refresh controls: the person pulls and sees the control through.",
        ],
        sharedSettings: ["thresholds.min-display", "thresholds.instant"],
        reads: ["style", "duration", "show-after", "min-display"],
        asks: [.add("min-display")],
        appliesTo: .taskProgress,
        triggeringExamples: [
            RuleExample("""
                platform: ios
                screen: Search
                indicators:
                  - ↓id: search
                    style: spinner
                    duration: 399ms..2s
                    label: Searching your mail
                """, note: "the shortest visible time is just under the 400ms min-display threshold"),
            RuleExample("""
                platform: web
                screen: Checkout
                indicators:
                  - ↓id: coupon
                    style: spinner
                    duration: 1s..6s
                    show-after: 1s
                    label: Checking your coupon
                """, note: "work that ends just after `show-after` would make it appear for an instant"),
            RuleExample("""
                platform: android
                screen: Inbox
                indicators:
                  - id: refresh-list
                    style: bar
                    duration: 200ms..3s
                    min-display: ↓250ms
                    label: Fetching your messages
                """, note: "a `min-display` below the threshold is the value to change"),
        ],
        nonTriggeringExamples: [
            RuleExample("""
                platform: ios
                screen: Search
                indicators:
                  - id: search
                    style: spinner
                    duration: 400ms..2s
                    label: Searching your mail
                """, note: "the shortest visible time equals the 400ms min-display threshold"),
            RuleExample("""
                platform: web
                screen: Checkout
                indicators:
                  - id: coupon
                    style: spinner
                    duration: 1s..6s
                    show-after: 1s
                    min-display: 400ms
                    label: Checking your coupon
                """, note: "once shown, it stays at least 400ms"),
            RuleExample("""
                platform: ios
                screen: Settings
                indicators:
                  - id: toggle
                    style: spinner
                    duration: 50ms
                """, note: "below the instant threshold: `indicator-not-needed` speaks instead"),
            RuleExample("""
                platform: web
                screen: Sign in
                indicators:
                  - id: sign-in
                    style: spinner
                    duration: 300ms..800ms
                    show-after: 1s
                """, note: "the work is always done before `show-after`: it never appears"),
            RuleExample("""
                platform: web
                screen: Sync
                indicators:
                  - id: sync
                    style: spinner
                    label: Syncing your notes
                """, note: "an unknown duration"),
        ])

    public init() {}

    public func check(_ indicator: Indicator, context: RuleContext) -> [Violation] {
        guard indicator.style?.value != .refreshControl, let duration = indicator.duration,
              let min = duration.value.min, let max = duration.value.max else { return [] }
        let thresholds = context.configuration.thresholds
        let showAfter = indicator.showAfter?.value ?? Duration(milliseconds: 0)
        // It can appear, and `indicator-not-needed` does not ask to leave it out.
        guard showAfter < max, !(max < thresholds.instant) else { return [] }
        let shortest = showAfter < min ? Duration(milliseconds: min.milliseconds - showAfter.milliseconds)
            : Duration(milliseconds: 0)
        let threshold = thresholds.minDisplay
        guard shortest < threshold else { return [] }
        let limit = "the \(Self.spaced(threshold)) min-display threshold"
        if let written = indicator.minDisplay {
            guard written.value < threshold else { return [] }
            return [context.violation(indicator, at: written.node,
                "\(context.subject(indicator)) has `min-display: \(written.value)`, below \(limit), so it can "
                + "still flash; set `min-display: \(threshold)` or more", asks: [.change("min-display")])]
        }
        let when = indicator.showAfter.map { "after `show-after: \($0.value)`" } ?? "at once"
        let stays = shortest.milliseconds == 0
            ? "may vanish as soon as it appears"
            : "may stay on screen for only \(Self.spaced(shortest))"
        return [context.violation(indicator, at: indicator.node,
            "\(context.subject(indicator)) appears \(when) and \(stays) (`duration: \(duration.value)`), below "
            + "\(limit), so it can flash; add `min-display: \(threshold)` to keep it on screen at least that long")]
    }

    /// A duration as a message cites a threshold: `400 ms`, `1.5 s` (a space before the unit, the
    /// letters that end the description, found among its bytes).
    static func spaced(_ duration: Duration) -> String {
        var bytes = Array(duration.description.utf8)
        let number = bytes.lastIndex { $0 < UInt8(ascii: "a") || $0 > UInt8(ascii: "z") }
        guard let number, number + 1 < bytes.count else { return duration.description }
        bytes.insert(UInt8(ascii: " "), at: number + 1)
        return String(decoding: bytes, as: UTF8.self)
    }
}
