import ProgressLintEngine
import ProgressLintSpec

/// `obstructive-focus`: a blocking indicator that leaves screen-reader focus behind on content nobody can use.
public struct ObstructiveFocus: IndicatorRule {
    public static let description = RuleDescription(
        id: "obstructive-focus",
        name: "Move focus to an obstructive indicator",
        category: .accessibility,
        defaultSeverity: .warning,
        summary: """
            An obstructive indicator (`presentation: overlay` or `full-screen`) whose `accessibility.focus` is \
            not `indicator` (it is `unchanged`, or absent, which means unchanged).
            """,
        rationale: """
            While an overlay or full-screen indicator is up, everything behind it is out of reach, so the only \
            thing a screen-reader user can usefully hear about is the indicator itself. If focus stays where it \
            was, VoiceOver keeps reading controls that no longer respond and gives no hint that the app is busy. \
            Moving focus is normally something to avoid, but here it is the honest signal that the rest of the \
            screen is on hold. Set `accessibility.focus: indicator`.
            """,
        sources: [SourceReference(.johnSweetIndeterminate, section: "Obstructive Indicators")],
        exceptions: [
            "Parallel indicators (`inline`, `card`, the default): for them focus must not move, see `parallel-focus-steal`.",
        ],
        reads: ["presentation", "accessibility.focus"],
        asks: [.set("accessibility.focus", to: "indicator")],
        fix: FixDescription(.unsafe, """
            sets `accessibility.focus: indicator`. Screen-reader focus then moves when the indicator appears, \
            which changes what the person hears, so it is applied only with `--unsafe-fixes`.
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
                    label: Signing you in
                """, note: "no `accessibility` at all: reported at the indicator"),
            RuleExample("""
                screen: Software update
                indicators:
                  - id: install
                    style: bar
                    determinate: true
                    presentation: full-screen
                    accessibility:
                      focus: ↓unchanged
                      focus-after: screen-start
                """, note: "a written `unchanged` is reported where it is written"),
            RuleExample("""
                screen: Checkout
                indicators:
                  - ↓id: pay
                    style: spinner
                    presentation: overlay
                    accessibility: {label: Paying, focus-after: trigger}
                """, note: "`accessibility` without `focus`: the default is unchanged"),
        ],
        nonTriggeringExamples: [
            RuleExample("""
                platform: ios
                screen: Sign in
                indicators:
                  - id: signing-in
                    style: spinner
                    presentation: overlay
                    label: Signing you in
                    accessibility: {focus: indicator, focus-after: screen-start}
                """),
            RuleExample("""
                screen: Stocks
                indicators:
                  - id: chart
                    style: spinner
                    presentation: card
                """, note: "a parallel indicator keeps focus where it is"),
        ])

    public init() {}

    public func check(_ indicator: Indicator, context: RuleContext) -> [Violation] {
        guard indicator.isObstructive else { return [] }
        let focus = indicator.accessibility?.value.focus
        guard focus?.value != .indicator else { return [] }
        let presentation = indicator.effectivePresentation.rawValue
        let written = focus == nil ? "no `accessibility.focus` (unchanged by default)" : "`accessibility.focus: unchanged`"
        return [context.violation(indicator, at: focus?.node ?? indicator.node,
            "indicator '\(indicator.displayID)' blocks the screen (`presentation: \(presentation)`) but has \(written), "
            + "so screen-reader focus stays on controls that cannot be used; set `accessibility.focus: indicator`",
            asks: [.set("accessibility.focus", to: "indicator")],
            fix: FixProposal(.unsafe, "set `accessibility.focus: indicator`",
                             [.set(path: ["accessibility", "focus"], to: .token("indicator"), in: indicator.node)]))]
    }
}
