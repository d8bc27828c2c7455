import ProgressLintEngine
import ProgressLintSpec

/// `reannounce-long-wait`: a long indeterminate wait announced once and then never again.
public struct ReannounceLongWait: IndicatorRule {
    public static let description = RuleDescription(
        id: "reannounce-long-wait",
        name: "Repeat the announcement in a long wait",
        category: .accessibility,
        defaultSeverity: .info,
        summary: """
            An indicator for work the person started (`user-initiated`, default true) that is not \
            determinate, may run for `thresholds.attention` or longer (or for an \
            unknown time), and has an `accessibility.announce` with `start` but no `repeat-every`.
            """,
        rationale: """
            A spinner gives sighted people a steady sign of life, but a screen-reader user hears about it once, \
            when it appears. After a long silence they cannot tell whether the app is still busy or has quietly \
            stopped. Repeating the start announcement now and then during a long wait keeps them informed. Add \
            `accessibility.announce.repeat-every` (tens of seconds apart is plenty).
            """,
        sources: [SourceReference(.magentaA11yLoadingSpinner, section: "Developer notes")],
        exceptions: [
            "Determinate indicators: their value can be read on request, and periodic progress is discouraged (`progress-chatter`).",
            "Waits whose max is below `thresholds.attention`.",
            "An `announce` without `start`: there is nothing to repeat (see `announce-user-initiated`).",
            "Work the person did not start (`user-initiated: false`): `unsolicited-announcement` asks to drop its `announce.start`, so repeating it would be opposite advice.",
        ],
        sharedSettings: ["thresholds.attention"],
        reads: ["user-initiated", "determinate", "duration", "accessibility.announce.start", "accessibility.announce.repeat-every"],
        asks: [.add("accessibility.announce.repeat-every"), .keep("accessibility.announce.start")],
        appliesTo: .taskProgress,
        triggeringExamples: [
            RuleExample("""
                platform: ios
                screen: Library
                indicators:
                  - id: import
                    style: spinner
                    accessibility:
                      announce: ↓{start: Importing your library}
                """, note: "an unknown duration; reported at the `announce` mapping"),
            RuleExample("""
                platform: android
                screen: Sync
                indicators:
                  - id: sync
                    style: bar
                    duration: 10s
                    accessibility:
                      announce:
                        ↓start: Syncing your notes
                        completion: Notes synced
                """, note: "exactly at the attention threshold"),
            RuleExample("""
                screen: Sync
                indicators:
                  - id: sync
                    style: spinner
                    duration: 1s..10.5s
                    accessibility:
                      announce: ↓{start: Syncing your notes}
                """, note: "just above the attention threshold"),
        ],
        nonTriggeringExamples: [
            RuleExample("""
                screen: Mail
                indicators:
                  - id: sync
                    style: spinner
                    user-initiated: false
                    accessibility:
                      announce: {start: Checking for mail}
                """, note: "background work: `unsolicited-announcement` asks to remove `announce.start` instead"),
            RuleExample("""
                platform: ios
                screen: Library
                indicators:
                  - id: import
                    style: spinner
                    accessibility:
                      announce: {start: Importing your library, repeat-every: 30s}
                """),
            RuleExample("""
                screen: Sync
                indicators:
                  - id: sync
                    style: spinner
                    duration: 9.9s
                    accessibility:
                      announce: {start: Syncing your notes}
                """, note: "just below the attention threshold"),
            RuleExample("""
                screen: Sync
                indicators:
                  - id: sync
                    style: spinner
                    duration: 20s
                    accessibility:
                      announce: {start: Syncing your notes}
                """, config: "thresholds: {attention: 30s}", note: "a raised attention threshold"),
            RuleExample("""
                screen: Download
                indicators:
                  - id: download
                    style: bar
                    determinate: true
                    accessibility:
                      announce: {start: Downloading 23 messages, completion: Download complete}
                """, note: "determinate indicators are not concerned"),
        ])

    public init() {}

    public func check(_ indicator: Indicator, context: RuleContext) -> [Violation] {
        guard indicator.isUserInitiated, !indicator.isDeterminate, let announce = indicator.accessibility?.value.announce,
              announce.value.start != nil, announce.value.repeatEvery == nil,
              Phrase.reaches(indicator, context.thresholds.attention, orUnknown: true)
        else { return [] }
        let every = Phrase.repeatInterval(indicator)
        return [context.violation(indicator, at: announce.node,
            "indicator '\(indicator.displayID)' may run \(Phrase.howLong(indicator)) but announces its start only "
            + "once; add `accessibility.announce.repeat-every: \(every)` so people using a screen reader know it is "
            + "still working", asks: [.set("accessibility.announce.repeat-every", to: every.description),
                                      .keep("accessibility.announce.start")])]
    }
}
