import ProgressLintEngine
import ProgressLintSpec

/// `parallel-focus-steal`: a non-blocking indicator that pulls screen-reader focus away from the user's work.
public struct ParallelFocusSteal: IndicatorRule {
    public static let description = RuleDescription(
        id: "parallel-focus-steal",
        name: "Parallel indicator steals focus",
        category: .accessibility,
        defaultSeverity: .warning,
        summary: """
            A parallel indicator (`presentation: inline` or `card`, the default) with \
            `accessibility.focus: indicator`.
            """,
        rationale: """
            A parallel indicator leaves the rest of the screen usable, and a screen-reader user may be in the \
            middle of reading or filling it in. Jumping focus to the indicator interrupts them and forces them \
            to find their way back to where they were. Leave focus alone (`accessibility.focus: unchanged`) and \
            tell them about the work with `accessibility.announce.start` instead.
            """,
        sources: [SourceReference(.johnSweetIndeterminate, section: "Parallel Indicators")],
        exceptions: [
            "Obstructive indicators (`overlay`, `full-screen`) should take focus, see `obstructive-focus`.",
        ],
        reads: ["presentation", "accessibility.focus"],
        asks: [.set("accessibility.focus", to: "unchanged")],
        fix: FixDescription(.unsafe, """
            sets `accessibility.focus: unchanged`. Focus then stays where the person left it, which changes what \
            they hear, so it is applied only with `--unsafe-fixes`.
            """),
        appliesTo: .taskProgress,
        triggeringExamples: [
            RuleExample("""
                platform: ios
                screen: Stocks
                indicators:
                  - id: chart
                    style: spinner
                    presentation: card
                    accessibility:
                      focus: ↓indicator
                      announce: {start: Loading the one-day chart}
                """),
            RuleExample("""
                screen: Settings
                indicators:
                  - id: cars
                    style: spinner
                    accessibility: {focus: ↓indicator}
                """, note: "`presentation` defaults to inline, which is parallel"),
        ],
        nonTriggeringExamples: [
            RuleExample("""
                platform: ios
                screen: Stocks
                indicators:
                  - id: chart
                    style: spinner
                    presentation: card
                    accessibility:
                      focus: unchanged
                      announce: {start: Loading the one-day chart}
                """),
            RuleExample("""
                screen: Sign in
                indicators:
                  - id: signing-in
                    style: spinner
                    presentation: overlay
                    accessibility: {focus: indicator, focus-after: screen-start}
                """, note: "obstructive indicators should take focus"),
        ])

    public init() {}

    public func check(_ indicator: Indicator, context: RuleContext) -> [Violation] {
        guard indicator.isParallel, let focus = indicator.accessibility?.value.focus, focus.value == .indicator
        else { return [] }
        let presentation = indicator.presentation.map { "`presentation: \($0.value.rawValue)`" }
            ?? "`presentation` is inline by default"
        var asks: [Ask] = [.set("accessibility.focus", to: "unchanged")]
        var instead = ""
        // Announcing is for work the person started (`unsolicited-announcement` asks to drop it otherwise).
        if indicator.isUserInitiated {
            if indicator.accessibility?.value.announce?.value.start == nil {
                let start = WorkText(indicator, context: context).doing
                asks.append(.set("accessibility.announce.start", to: start))
                instead = " and announce the work with `accessibility.announce.start` (e.g. \"\(start)\")"
            } else {
                instead = "; `accessibility.announce.start` already announces the work"
            }
        }
        let (more, followUps) = Advice.withIt(asks, on: indicator, context: context, rule: Self.description.id)
        return [context.violation(indicator, at: focus.node,
            "indicator '\(indicator.displayID)' does not block the screen (\(presentation)) but moves screen-reader "
            + "focus to itself with `accessibility.focus: indicator`; set `accessibility.focus: unchanged`\(instead)\(more)",
            asks: asks + followUps,
            fix: FixProposal(.unsafe, "set `accessibility.focus: unchanged`",
                             [.replaceScalar(focus.node, with: .token("unchanged"))]))]
    }
}
