import ProgressLintEngine
import ProgressLintSpec

/// `unsolicited-announcement`: a spoken announcement for work nobody asked for.
public struct UnsolicitedAnnouncement: IndicatorRule {
    public static let description = RuleDescription(
        id: "unsolicited-announcement",
        name: "Unsolicited announcement",
        category: .accessibility,
        defaultSeverity: .info,
        summary: "An indicator with `user-initiated: false` that has an `accessibility.announce.start`.",
        rationale: """
            The start announcement exists to confirm that a person's request was received. When the app starts \
            the work by itself, for example a screen that begins searching as soon as it opens, there is no \
            request to confirm, and the announcement only talks over whatever the screen-reader user was \
            listening to. What matters on such a screen is the content already there, not the background \
            search. Remove `accessibility.announce.start` for work the person did not start.
            """,
        sources: [SourceReference(.johnSweetIndeterminate, section: "Parallel Indicators")],
        exceptions: [
            "User-initiated work (`user-initiated: true`, the default) should be announced.",
            "`accessibility.announce.completion` is not concerned.",
        ],
        reads: ["user-initiated", "accessibility.announce.start"],
        asks: [.remove("accessibility.announce.start")],
        appliesTo: .taskProgress,
        triggeringExamples: [
            RuleExample("""
                platform: ios
                screen: Wi-Fi
                indicators:
                  - id: networks
                    style: spinner
                    user-initiated: false
                    accessibility:
                      announce: {start: ↓Searching for networks}
                """),
            RuleExample("""
                screen: Feed
                indicators:
                  - id: prefetch
                    style: bar
                    user-initiated: false
                    accessibility:
                      announce:
                        start: ↓"Fetching older posts"
                """, note: "reported at the announced text"),
        ],
        nonTriggeringExamples: [
            RuleExample("""
                platform: ios
                screen: Wi-Fi
                indicators:
                  - id: networks
                    style: spinner
                    user-initiated: false
                """),
            RuleExample("""
                screen: Settings
                indicators:
                  - id: cars
                    style: spinner
                    accessibility:
                      announce: {start: Searching for cars}
                """, note: "user-initiated by default"),
        ])

    public init() {}

    public func check(_ indicator: Indicator, context: RuleContext) -> [Violation] {
        guard !indicator.isUserInitiated, let start = indicator.accessibility?.value.announce?.value.start
        else { return [] }
        return [context.violation(indicator, at: start.node,
            "indicator '\(indicator.displayID)' has `user-initiated: false` but announces "
            + "\"\(start.value.trimmed())\" when it starts; nobody asked for this work, so remove "
            + "`accessibility.announce.start`", asks: [.remove("accessibility.announce.start")])]
    }
}
