import ProgressLintEngine
import ProgressLintSpec

/// `obstruction-needed`: a parallel indicator while the screen's other actions depend on the work or could harm it.
public struct ObstructionNeeded: IndicatorRule {
    public static let description = RuleDescription(
        id: "obstruction-needed",
        name: "Obstruction needed",
        category: .interaction,
        defaultSeverity: .error,
        summary: """
            A parallel indicator (`presentation: inline` or `card`, or no `presentation`) while `other-actions` is \
            `dependent` (other actions need the result) or `destructive` (they could harm data).
            """,
        rationale: """
            When the rest of the screen cannot work until the task is done, or when tapping around could \
            submit data twice or abandon the work half-way, leaving the screen open invites mistakes. In that \
            case the indicator should take over: cover the screen with an overlay or replace it, so people \
            cannot start something that fails or does damage, and so a screen reader has only the indicator \
            to read.
            """,
        sources: [SourceReference(.johnSweetIndeterminate, section: "Two Types of Indeterminate Indicators")],
        exceptions: [
            "No `other-actions` means the spec does not say, so nothing is reported.",
            "`other-actions: independent` is fine with a parallel indicator.",
        ],
        reads: ["presentation", "other-actions"],
        asks: [.set("presentation", to: "overlay")],
        appliesTo: .taskProgress,
        triggeringExamples: [
            RuleExample("""
                platform: ios
                screen: Checkout
                indicators:
                  - id: pay
                    style: spinner
                    presentation: ↓inline
                    other-actions: destructive
                """, note: "tapping Pay again could charge twice"),
            RuleExample("""
                screen: Software update
                indicators:
                  - ↓id: install
                    style: bar
                    determinate: true
                    other-actions: dependent
                """, note: "no presentation means inline: reported at the indicator"),
            RuleExample("""
                screen: Software update
                indicators:
                  - id: install
                    style: bar
                    determinate: true
                    presentation: ↓card
                    other-actions: dependent
                """),
        ],
        nonTriggeringExamples: [
            RuleExample("""
                platform: ios
                screen: Checkout
                indicators:
                  - id: pay
                    style: spinner
                    presentation: overlay
                    other-actions: destructive
                """),
            RuleExample("""
                screen: Mail
                indicators:
                  - id: fetch
                    style: spinner
                    other-actions: independent
                """),
            RuleExample("""
                screen: Mail
                indicators:
                  - id: fetch
                    style: spinner
                    presentation: inline
                """, note: "other-actions not given"),
        ])

    public init() {}

    public func check(_ indicator: Indicator, context: RuleContext) -> [Violation] {
        guard indicator.isParallel, let other = indicator.otherActions?.value,
              other == .dependent || other == .destructive else { return [] }
        let written = indicator.presentation.map { "`presentation: \($0.value.rawValue)`" }
            ?? "`presentation: inline`, the default"
        let why = other == .dependent ? "other actions need its result" : "other actions could harm data"
        let asks: [Ask] = [.set("presentation", to: "overlay")]
        let (more, followUps) = Advice.withIt(asks, on: indicator, context: context, rule: Self.description.id)
        return [context.violation(indicator, at: indicator.presentation?.node ?? indicator.node,
            "indicator '\(indicator.displayID)' leaves the screen usable (\(written)) although "
            + "`other-actions: \(other.rawValue)` (\(why)); use `presentation: overlay` (or `full-screen`)\(more)",
            asks: asks + followUps)]
    }
}
