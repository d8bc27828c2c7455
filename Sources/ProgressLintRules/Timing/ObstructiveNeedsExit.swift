import ProgressLintEngine
import ProgressLintSpec

/// `obstructive-needs-exit`: an indicator that blocks the screen for a long or unknown time with no way out.
public struct ObstructiveNeedsExit: IndicatorRule {
    public static let description = RuleDescription(
        id: "obstructive-needs-exit",
        name: "Obstructive indicator needs a way out",
        category: .timing,
        defaultSeverity: .error,
        summary: """
            An obstructive indicator (`presentation: overlay` or `full-screen`) that is determinate, or may run \
            for `thresholds.attention` or longer, or for an unknown time, with neither `cancel` nor `close`.
            """,
        rationale: """
            An overlay or full-screen indicator takes the whole app hostage. For a short wait that is \
            acceptable; for a long one, or one nobody can predict, people must be able to stop the work or \
            send it to the background, or the only exit left is killing the app. A determinate indicator \
            says the task is long enough to measure, so it needs an exit too. Offer `cancel` (stop the work) \
            or `close` (dismiss the indicator and let the work go on).
            """,
        sources: [
            SourceReference(.johnSweetDeterminate, section: "Introduction (before \"Updating Progress\")"),
            SourceReference(.appleHumanInterfaceGuidelines, section: "Best practices"),
        ],
        exceptions: [
            "Parallel indicators (`inline`, `card`) never block, so they are left to `offer-cancel`.",
            "A short indeterminate overlay (max below `thresholds.attention`) needs no exit.",
        ],
        sharedSettings: ["thresholds.attention"],
        reads: ["presentation", "cancel", "close", "determinate", "duration"],
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
                    presentation: overlay
                """),
            RuleExample("""
                platform: android
                screen: Software update
                indicators:
                  - ↓id: install
                    style: spinner
                    presentation: full-screen
                """, note: "duration is unknown by default"),
            RuleExample("""
                screen: Export video
                indicators:
                  - ↓id: export
                    style: spinner
                    duration: 10s
                    presentation: overlay
                """, note: "exactly at the attention threshold"),
            RuleExample("""
                screen: Export video
                indicators:
                  - id: export
                    style: spinner
                    presentation: overlay
                    cancel: ↓false
                """, note: "a written `cancel: false` is reported where it is written"),
            RuleExample("""
                screen: Export video
                indicators:
                  - id: export
                    style: spinner
                    presentation: overlay
                    close: ↓false
                """, note: "likewise a written `close: false`"),
        ],
        nonTriggeringExamples: [
            RuleExample("""
                screen: Sign in
                indicators:
                  - id: passcode
                    style: spinner
                    purpose: waiting-for-input
                    presentation: overlay
                """, note: "not task progress: only `only-task-progress` speaks"),
            RuleExample("""
                platform: ios
                screen: Upload photos
                indicators:
                  - id: upload
                    style: bar
                    determinate: true
                    duration: 5s..2m
                    presentation: overlay
                    cancel: {discards-progress: false}
                """),
            RuleExample("""
                screen: Export video
                indicators:
                  - id: export
                    style: spinner
                    duration: 9.9s
                    presentation: overlay
                """, note: "just below the attention threshold"),
            RuleExample("""
                screen: Export video
                indicators:
                  - id: export
                    style: spinner
                    duration: 20s
                    presentation: overlay
                """, config: "thresholds: {attention: 30s}", note: "a raised attention threshold"),
            RuleExample("""
                screen: Export video
                indicators:
                  - id: export
                    style: bar
                    determinate: true
                    presentation: inline
                """, note: "parallel indicators do not block"),
            RuleExample("""
                screen: Sync
                indicators:
                  - id: sync
                    style: spinner
                    presentation: full-screen
                    close: true
                """),
        ])

    public init() {}

    public func check(_ indicator: Indicator, context: RuleContext) -> [Violation] {
        guard indicator.isObstructive, !indicator.hasCancel, !indicator.hasClose else { return [] }
        let presentation = indicator.effectivePresentation.rawValue
        let why: String
        if indicator.isDeterminate {
            why = "while showing determinate progress (a long task)"
        } else if indicator.maxDuration == nil {
            why = "for an unknown time"
        } else if Phrase.reaches(indicator, context.thresholds.attention, orUnknown: false) {
            why = Phrase.howLong(indicator)
        } else {
            return []
        }
        // A written `cancel: false` or `close: false` is the value to change (coherence 4).
        if let written = indicator.cancel ?? indicator.close.map({ Located(Cancel(isOffered: $0.value), at: $0.node) }) {
            let key = indicator.cancel != nil ? "cancel" : "close"
            return [context.violation(indicator, at: written.node,
                "indicator '\(indicator.displayID)' blocks the screen (`presentation: \(presentation)`) \(why) "
                + "with `\(key): false`, so there is no way out; set `cancel: true` (stop the work) or `close: true` "
                + "(let it go on in the background)", asks: [.set(key, to: "true")])]
        }
        return [context.violation(indicator, at: indicator.node,
            "indicator '\(indicator.displayID)' blocks the screen (`presentation: \(presentation)`) \(why) "
            + "with no way out; add `cancel: true` (stop the work) or `close: true` (let it go on in the background)",
            asks: [.set("cancel", to: "true")])]
    }
}
