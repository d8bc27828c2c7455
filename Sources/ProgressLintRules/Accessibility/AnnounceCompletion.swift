import ProgressLintEngine
import ProgressLintSpec

/// `announce-completion`: long work beside the user's own that ends without a word.
public struct AnnounceCompletion: IndicatorRule {
    public static let description = RuleDescription(
        id: "announce-completion",
        name: "Announce completion",
        category: .accessibility,
        defaultSeverity: .warning,
        summary: """
            A parallel indicator (`presentation: inline` or `card`, the default) that is determinate or may run \
            for `thresholds.attention` or longer, with no `accessibility.announce.completion`.
            """,
        rationale: """
            The point of a parallel indicator is that people can do something else while the work runs. A \
            screen-reader user who did so is no longer near the indicator and cannot see it finish, so they \
            may keep waiting for something that is already done. One short announcement at the end \
            ("Download complete") closes that gap without the noise of running commentary. Add \
            `accessibility.announce.completion`.
            """,
        sources: [SourceReference(.johnSweetDeterminate, section: "VoiceOver Updates")],
        exceptions: [
            "Obstructive indicators (`overlay`, `full-screen`): the screen itself changes when they end, see `obstructive-focus-return`.",
            "Short indeterminate work (max below `thresholds.attention`) and an indeterminate `duration: unknown`, which has no max.",
        ],
        sharedSettings: ["thresholds.attention"],
        reads: ["presentation", "determinate", "duration", "accessibility.announce.completion"],
        asks: [.add("accessibility.announce.completion")],
        appliesTo: .taskProgress,
        triggeringExamples: [
            RuleExample("""
                platform: ios
                screen: Download
                indicators:
                  - ↓id: download
                    style: bar
                    determinate: true
                    accessibility:
                      announce: {start: Downloading 23 messages}
                """, note: "determinate: reported at the indicator, whatever its duration"),
            RuleExample("""
                screen: Backup
                indicators:
                  - ↓id: backup
                    style: spinner
                    duration: 10s
                """, note: "exactly at the attention threshold"),
            RuleExample("""
                screen: Backup
                indicators:
                  - ↓id: backup
                    style: spinner
                    duration: 2s..10.1s
                    presentation: card
                """, note: "just above the attention threshold"),
            RuleExample("""
                screen: Backup
                indicators:
                  - ↓id: backup
                    style: spinner
                    duration: 6s
                """, config: "thresholds: {attention: 5s}", note: "a lowered attention threshold"),
        ],
        nonTriggeringExamples: [
            RuleExample("""
                platform: ios
                screen: Download
                indicators:
                  - id: download
                    style: bar
                    determinate: true
                    accessibility:
                      announce: {start: Downloading 23 messages, completion: Download complete}
                """),
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
                screen: Backup
                indicators:
                  - id: backup
                    style: spinner
                """, note: "an unknown duration has no max"),
            RuleExample("""
                screen: Software update
                indicators:
                  - id: install
                    style: bar
                    determinate: true
                    presentation: full-screen
                    cancel: true
                """, note: "obstructive indicators are not concerned"),
        ])

    public init() {}

    public func check(_ indicator: Indicator, context: RuleContext) -> [Violation] {
        guard indicator.isParallel, indicator.accessibility?.value.announce?.value.completion == nil else { return [] }
        let why: String
        if indicator.isDeterminate {
            why = "shows determinate progress"
        } else if Phrase.reaches(indicator, context.thresholds.attention, orUnknown: false) {
            why = Phrase.mayRun(indicator, past: context.thresholds.attention, "attention")
        } else {
            return []
        }
        let done = WorkText(indicator, context: context).done
        return [context.violation(indicator, at: indicator.node,
            "indicator '\(indicator.displayID)' runs beside other work and \(why), but has no "
            + "`accessibility.announce.completion`; add one (e.g. \"\(done)\") so people using a screen reader "
            + "learn when it is done", asks: [.set("accessibility.announce.completion", to: done)])]
    }
}
