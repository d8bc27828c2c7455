import ProgressLintEngine
import ProgressLintSpec

/// `no-style-switch`: an indicator that turns from a bar into a spinner or back.
public struct NoStyleSwitch: IndicatorRule {
    public static let description = RuleDescription(
        id: "no-style-switch",
        name: "No switch between bar and spinner",
        category: .progressIntegrity,
        defaultSeverity: .error,
        summary: "A `becomes` state that changes `style` from bar to spinner or from spinner to bar.",
        rationale: """
            A bar and a spinner say different things: one measures, the other only waits. Swapping one for \
            the other mid-task reads as a new task starting, or as progress lost. Keep one shape for the \
            whole task; a spinner-shaped indicator can still turn determinate (a filling circle) once the \
            size of the work is known.
            """,
        sources: [SourceReference(.appleHumanInterfaceGuidelines, section: "Best practices")],
        exceptions: [
            "A state that keeps the style, or names none, and changes only `determinate`.",
            "Changes to or from `refresh-control` are left to the other platform rules.",
        ],
        reads: ["style", "becomes"],
        asks: [.change("becomes.style")],
        appliesTo: .taskProgress,
        triggeringExamples: [
            RuleExample("""
                screen: Download
                indicators:
                  - id: download
                    style: spinner
                    becomes:
                      - {when: size known, style: ↓bar, determinate: true}
                """),
            RuleExample("""
                screen: Download
                indicators:
                  - id: download
                    style: bar
                    determinate: true
                    becomes:
                      - when: verifying
                        determinate: true
                      - when: finishing
                        style: ↓spinner
                        determinate: true
                """, note: "a later state compared with the style before it"),
        ],
        nonTriggeringExamples: [
            RuleExample("""
                screen: Download
                indicators:
                  - id: download
                    style: spinner
                    becomes:
                      - {when: size known, style: spinner, determinate: true}
                """)
        ])

    public init() {}

    public func check(_ indicator: Indicator, context: RuleContext) -> [Violation] {
        guard var current = indicator.style?.value, let states = indicator.becomes?.value else { return [] }
        var result: [Violation] = []
        for state in states {
            guard let style = state.style else { continue }
            let pair: Set<IndicatorStyle> = [current, style.value]
            if pair == [.bar, .spinner] {
                let when = state.when.map { " when \($0.value.clippedForMessage)" } ?? ""
                result.append(context.violation(indicator, at: style.node,
                    "indicator '\(indicator.displayID)' turns from a \(current.rawValue) into a \(style.value.rawValue)"
                    + "\(when); remove `style: \(style.value.rawValue)` from that `becomes` state, so that one style "
                    + "shows the whole task", asks: [.change("becomes.style")]))
            }
            current = style.value
        }
        return result
    }
}
