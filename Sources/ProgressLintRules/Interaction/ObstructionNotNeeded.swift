import ProgressLintEngine
import ProgressLintSpec

/// `obstruction-not-needed`: an indicator that blocks the screen although nothing else depends on the work.
public struct ObstructionNotNeeded: IndicatorRule {
    public static let description = RuleDescription(
        id: "obstruction-not-needed",
        name: "Obstruction not needed",
        category: .interaction,
        defaultSeverity: .warning,
        summary: """
            An obstructive indicator (`presentation: overlay` or `full-screen`) while `other-actions: independent` \
            says the rest of the screen neither needs the result nor can harm the work.
            """,
        rationale: """
            Blocking the whole screen is justified only when people's other actions would depend on the \
            result or could do damage while the work runs. When they are independent, an overlay just makes \
            people sit and watch for no reason, and screen-reader users are pulled away from what they were \
            doing. Show the indicator inline or in a card and leave the rest of the screen usable.
            """,
        sources: [SourceReference(.johnSweetIndeterminate, section: "Two Types of Indeterminate Indicators")],
        exceptions: [
            "No `other-actions` means the spec does not say, so nothing is reported.",
            "`other-actions: dependent` or `destructive` justify blocking the screen.",
        ],
        reads: ["presentation", "other-actions"],
        asks: [.set("presentation", to: "inline")],
        appliesTo: .taskProgress,
        triggeringExamples: [
            RuleExample("""
                platform: ios
                screen: Stocks
                indicators:
                  - id: chart
                    style: spinner
                    presentation: ↓overlay
                    other-actions: independent
                """),
            RuleExample("""
                screen: Wi-Fi
                indicators:
                  - id: scan
                    style: spinner
                    presentation: ↓full-screen
                    other-actions: independent
                    user-initiated: false
                """),
        ],
        nonTriggeringExamples: [
            RuleExample("""
                platform: ios
                screen: Stocks
                indicators:
                  - id: chart
                    style: spinner
                    presentation: card
                    other-actions: independent
                """),
            RuleExample("""
                screen: Software update
                indicators:
                  - id: install
                    style: spinner
                    presentation: full-screen
                    other-actions: dependent
                """, note: "the rest of the screen needs the result"),
            RuleExample("""
                screen: Stocks
                indicators:
                  - id: chart
                    style: spinner
                    presentation: overlay
                """, note: "other-actions not given"),
        ])

    public init() {}

    public func check(_ indicator: Indicator, context: RuleContext) -> [Violation] {
        guard let presentation = indicator.presentation, presentation.value.isObstructive,
              indicator.otherActions?.value == .independent else { return [] }
        var asks: [Ask] = [.set("presentation", to: "inline")]
        // Focus moved to an indicator that no longer blocks would steal it (`parallel-focus-steal`).
        if indicator.accessibility?.value.focus?.value == .indicator { asks.append(.set("accessibility.focus", to: "unchanged")) }
        let (more, followUps) = Advice.withIt(asks, on: indicator, context: context, rule: Self.description.id)
        return [context.violation(indicator, at: presentation.node,
            "indicator '\(indicator.displayID)' blocks the screen (`presentation: \(presentation.value.rawValue)`) "
            + "although `other-actions: independent`; \(Advice.phrase(asks)) (or `presentation: card`) so people "
            + "can keep using the screen\(more)", asks: asks + followUps)]
    }
}
