import ProgressLintEngine
import ProgressLintSpec

/// `obstructive-focus-return`: a blocking indicator that does not say where focus goes when it is gone.
public struct ObstructiveFocusReturn: IndicatorRule {
    public static let description = RuleDescription(
        id: "obstructive-focus-return",
        name: "Return focus after an obstructive indicator",
        category: .accessibility,
        defaultSeverity: .warning,
        summary: """
            An obstructive indicator (`presentation: overlay` or `full-screen`) whose `accessibility.focus-after` \
            is `unchanged` or absent.
            """,
        rationale: """
            When a blocking indicator disappears, the element that held screen-reader focus disappears with it, \
            and VoiceOver users are left somewhere arbitrary with no cue that the wait is over. Decide where \
            they land: the start of the screen (its title or back button) after a new page has loaded, or the \
            control that started the work after part of the screen has been refreshed. Set \
            `accessibility.focus-after` to `screen-start` or `trigger`.
            """,
        sources: [SourceReference(.johnSweetIndeterminate, section: "Obstructive Indicators")],
        exceptions: [
            "Parallel indicators (`inline`, `card`, the default) never take focus, so there is nothing to return.",
        ],
        reads: ["presentation", "accessibility.focus-after"],
        asks: [.change("accessibility.focus-after")],
        fix: FixDescription(.displayOnly, """
            shows `accessibility.focus-after: trigger`, never applies it: `screen-start` is right when a new \
            screen appears, and the spec does not say which.
            """),
        appliesTo: .taskProgress,
        triggeringExamples: [
            RuleExample("""
                platform: ios
                screen: Sign in
                indicators:
                  - ↓id: signing-in
                    style: spinner
                    presentation: overlay
                    accessibility: {focus: indicator}
                """, note: "no `focus-after`: reported at the indicator"),
            RuleExample("""
                screen: Software update
                indicators:
                  - id: install
                    style: bar
                    determinate: true
                    presentation: full-screen
                    accessibility:
                      focus: indicator
                      focus-after: ↓unchanged
                """),
        ],
        nonTriggeringExamples: [
            RuleExample("""
                platform: ios
                screen: Sign in
                indicators:
                  - id: signing-in
                    style: spinner
                    presentation: overlay
                    accessibility: {focus: indicator, focus-after: screen-start}
                """, note: "a new screen loads: focus goes to its start"),
            RuleExample("""
                screen: Stocks
                indicators:
                  - id: chart
                    style: spinner
                    presentation: full-screen
                    accessibility: {focus: indicator, focus-after: trigger}
                """, note: "part of the screen refreshes: focus goes back to the control that started it"),
            RuleExample("""
                screen: Stocks
                indicators:
                  - id: chart
                    style: spinner
                    presentation: inline
                """, note: "parallel indicators are not concerned"),
        ])

    public init() {}

    public func check(_ indicator: Indicator, context: RuleContext) -> [Violation] {
        guard indicator.isObstructive else { return [] }
        let focusAfter = indicator.accessibility?.value.focusAfter
        guard focusAfter == nil || focusAfter?.value == .unchanged else { return [] }
        let presentation = indicator.effectivePresentation.rawValue
        let written = focusAfter == nil
            ? "no `accessibility.focus-after` (unchanged by default)" : "`accessibility.focus-after: unchanged`"
        return [context.violation(indicator, at: focusAfter?.node ?? indicator.node,
            "indicator '\(indicator.displayID)' blocks the screen (`presentation: \(presentation)`) and has \(written), "
            + "so people using a screen reader are left nowhere when it goes away; set `accessibility.focus-after: "
            + "trigger` (a partial refresh; `screen-start` for a new screen)",
            asks: [.set("accessibility.focus-after", to: "trigger")],
            fix: FixProposal(.displayOnly, "set `accessibility.focus-after: trigger` (or `screen-start` for a new screen)",
                             [.set(path: ["accessibility", "focus-after"], to: .token("trigger"), in: indicator.node)]))]
    }
}
