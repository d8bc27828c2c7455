import ProgressLintEngine
import ProgressLintSpec

/// `pause-stop-hide`: motion that starts by itself beside other content, runs past five seconds,
/// and cannot be paused, stopped or hidden (WCAG 2.2 Success Criterion 2.2.2).
public struct PauseStopHide: IndicatorRule {
    /// WCAG's five seconds: a constant of the success criterion, not a configurable threshold.
    static let limit = Duration.seconds(5)

    public static let description = RuleDescription(
        id: "pause-stop-hide",
        name: "Pause, stop or hide moving content",
        category: .accessibility,
        defaultSeverity: .warning,
        summary: """
            An animated indicator (a spinner, or a bar that is not `determinate`; never a refresh control) that \
            starts by itself (`user-initiated: false`), runs beside other content (`presentation: inline` or \
            `card`, or none), and may move for more than 5 seconds (`duration` past 5s, or unknown), with none of \
            `pause: true`, `close: true` or `cancel`.
            """,
        rationale: """
            Motion that people did not start and cannot stop pulls the eye away from what they are reading, and \
            for people with attention or reading difficulties it can make the rest of the screen unusable. WCAG \
            2.2 makes this a Level A requirement: anything that moves, starts automatically, lasts more than five \
            seconds and is shown beside other content needs a way to pause, stop or hide it. A loading animation \
            is exempt only when it is all there is on screen or nothing else can be used while it runs. Offer a \
            Pause action (`pause: true`), a Close action that hides the indicator while the work goes on \
            (`close: true`), or a way to stop the work (`cancel`).
            """,
        sources: [
            SourceReference(.wcagPauseStopHide, section: "Success Criterion 2.2.2 Pause, Stop, Hide"),
            SourceReference(.wcagUnderstandingPauseStopHide, section: "Intent"),
        ],
        exceptions: [
            "Work the person started (`user-initiated: true`, the default): they expect the motion it causes.",
            "Obstructive indicators (`presentation: overlay` or `full-screen`): nothing else can be used while they run.",
            "A `duration` whose max is 5s or less (`1s..5s`): the 5 seconds are WCAG's, not a threshold, and "
                + "exactly 5s does not fire.",
            "Determinate bars and refresh controls. `reduce-motion` is a system setting, not a mechanism the "
                + "content offers, so it does not count; `becomes` states are not looked at.",
        ],
        reads: ["style", "determinate", "user-initiated", "presentation", "duration", "pause", "close", "cancel"],
        asks: [.add("pause")],
        triggeringExamples: [
            RuleExample("""
                platform: web
                screen: Inbox
                indicators:
                  - ↓id: sync
                    style: spinner
                    user-initiated: false
                    label: Checking for new mail
                """, note: "starts by itself beside the inbox, for an unknown time: reported at the indicator"),
            RuleExample("""
                platform: web
                screen: Dashboard
                indicators:
                  - ↓id: refresh-charts
                    style: bar
                    user-initiated: false
                    presentation: card
                    duration: 1s..5.1s
                    label: Updating your charts
                """, note: "an indeterminate bar whose max is just over 5 seconds"),
            RuleExample("""
                platform: android
                screen: Photos
                indicators:
                  - id: backup
                    style: spinner
                    user-initiated: false
                    duration: 30s
                    label: Backing up your photos
                    pause: ↓false
                """, note: "a written `pause: false` is the value to change"),
        ],
        nonTriggeringExamples: [
            RuleExample("""
                platform: web
                screen: Dashboard
                indicators:
                  - id: refresh-charts
                    style: bar
                    user-initiated: false
                    duration: 1s..5s
                    label: Updating your charts
                """, note: "a max of exactly 5 seconds: WCAG asks for more than five"),
            RuleExample("""
                platform: web
                screen: Inbox
                indicators:
                  - id: sync
                    style: spinner
                    user-initiated: false
                    label: Checking for new mail
                    close: true
                """, note: "a Close action hides it while the work goes on"),
            RuleExample("""
                platform: android
                screen: Photos
                indicators:
                  - id: backup
                    style: spinner
                    user-initiated: false
                    duration: 30s
                    label: Backing up your photos
                    pause: true
                """),
            RuleExample("""
                platform: web
                screen: Search
                indicators:
                  - id: search
                    style: spinner
                    label: Searching your mail
                """, note: "the person started it (`user-initiated` defaults to true)"),
            RuleExample("""
                platform: web
                screen: Start
                indicators:
                  - id: boot
                    style: spinner
                    user-initiated: false
                    presentation: full-screen
                    label: Starting the app
                """, note: "obstructive: nothing else can be used while it runs"),
            RuleExample("""
                platform: web
                screen: Sync
                indicators:
                  - id: sync
                    style: bar
                    determinate: true
                    user-initiated: false
                    duration: 1m
                    label: Syncing your files
                """, note: "a determinate bar moves only as the work is done"),
        ])

    public init() {}

    public func check(_ indicator: Indicator, context: RuleContext) -> [Violation] {
        guard indicator.isAnimated, indicator.style?.value != .refreshControl, !indicator.isUserInitiated,
              indicator.isParallel, !indicator.hasPause, !indicator.hasClose, !indicator.hasCancel else { return [] }
        if let max = indicator.maxDuration, !(Self.limit < max) { return [] }
        let what = indicator.style?.value == .bar ? "an indeterminate bar" : "a spinner"
        let how = indicator.maxDuration.map { "for up to \($0) (`duration: \(indicator.expectedDuration)`), more than" }
            ?? "for an unknown time, possibly more than"
        let lead = "indicator '\(indicator.displayID)' (\(what)) starts by itself (`user-initiated: false`) and may "
            + "move beside other content \(how) the 5 s WCAG allows"
        // A written `false` is the value to change (pause first, then close, then cancel).
        if let pause = indicator.pause {
            return [context.violation(indicator, at: pause.node,
                lead + ", with `pause: false`; set `pause: true` (or offer `close: true` or `cancel`) so people "
                + "can stop the motion", asks: [.set("pause", to: "true")])]
        }
        if let close = indicator.close {
            return [context.violation(indicator, at: close.node,
                lead + ", with `close: false`; set `close: true` to let people hide it while the work goes on "
                + "(or offer `pause: true` or `cancel`)", asks: [.set("close", to: "true")])]
        }
        if let cancel = indicator.cancel {
            return [context.violation(indicator, at: cancel.node,
                lead + ", with `cancel: false`; set `cancel: true` if stopping the work causes no harm (or offer "
                + "`pause: true` or `close: true`)", asks: [.set("cancel", to: "true")])]
        }
        return [context.violation(indicator, at: indicator.node,
            lead + ", with no way to pause, stop or hide it; add `pause: true`, `close: true` (hide it while the "
            + "work goes on) or `cancel`")]
    }
}
