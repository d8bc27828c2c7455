import ProgressLintEngine
import ProgressLintSpec

/// `progress-chatter`: periodic spoken progress updates.
public struct ProgressChatter: IndicatorRule {
    public static let description = RuleDescription(
        id: "progress-chatter",
        name: "Periodic progress announcements",
        category: .accessibility,
        defaultSeverity: .warning,
        summary: "An indicator with `accessibility.announce.progress-every` set.",
        rationale: """
            Speaking the percentage every few seconds buries whatever else the screen-reader user is doing \
            under a stream of numbers they did not ask for. Progress that runs beside other work should stay \
            quiet: anyone who wants the current value can move focus to the indicator, which reads its value \
            on request. Announce the end of the work (`accessibility.announce.completion`) instead of its \
            middle.
            """,
        sources: [SourceReference(.johnSweetDeterminate, section: "VoiceOver Updates")],
        exceptions: [
            "Repeating the start announcement during a long indeterminate wait (`announce.repeat-every`) is a different thing, see `reannounce-long-wait`.",
        ],
        reads: ["accessibility.announce.progress-every", "accessibility.announce.completion"],
        asks: [.remove("accessibility.announce.progress-every")],
        fix: FixDescription(.unsafe, """
            removes `accessibility.announce.progress-every` (and an `announce` or `accessibility` mapping left \
            empty). Screen-reader users stop hearing the periodic announcements, so it is applied only with \
            `--unsafe-fixes`.
            """),
        appliesTo: .taskProgress,
        triggeringExamples: [
            RuleExample("""
                platform: ios
                screen: Download
                indicators:
                  - id: download
                    style: bar
                    determinate: true
                    accessibility:
                      announce:
                        start: Downloading 23 messages
                        progress-every: ↓2s
                        completion: Download complete
                """),
            RuleExample("""
                screen: Export
                indicators:
                  - id: export
                    style: bar
                    determinate: true
                    accessibility: {announce: {progress-every: ↓1m}}
                """, note: "even a slow interval is reported"),
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
                      announce:
                        start: Downloading 23 messages
                        completion: Download complete
                """),
        ])

    public init() {}

    public func check(_ indicator: Indicator, context: RuleContext) -> [Violation] {
        guard let every = indicator.accessibility?.value.announce?.value.progressEvery else { return [] }
        var asks: [Ask] = [.remove("accessibility.announce.progress-every")]
        var end = ""
        if indicator.accessibility?.value.announce?.value.completion == nil {
            let done = WorkText(indicator, context: context).done
            asks.append(.set("accessibility.announce.completion", to: done))
            end = " and announce the end with `accessibility.announce.completion` (e.g. \"\(done)\")"
        }
        return [context.violation(indicator, at: every.node,
            "indicator '\(indicator.displayID)' announces its progress periodically "
            + "(`accessibility.announce.progress-every: \(every.value)`), interrupting people using a screen reader; "
            + "remove `accessibility.announce.progress-every`\(end)", asks: asks,
            fix: FixProposal(.unsafe, "remove `accessibility.announce.progress-every`",
                             [.remove(path: ["accessibility", "announce", "progress-every"], in: indicator.node)]))]
    }
}
