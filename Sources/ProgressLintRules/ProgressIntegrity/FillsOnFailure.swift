import ProgressLintEngine
import ProgressLintSpec

/// `fills-on-failure`: an indicator that fills up when the work fails.
public struct FillsOnFailure: IndicatorRule {
    public static let description = RuleDescription(
        id: "fills-on-failure",
        name: "Do not fill on failure",
        category: .progressIntegrity,
        defaultSeverity: .error,
        summary: "`failure.fills: true`: the indicator fills completely when the work fails.",
        rationale: """
            A full indicator is how people recognise that a task succeeded, often before they read anything \
            else. Filling it when the work has failed sends the opposite signal: people glance at it, assume \
            the upload or download is done, and move on with a result that does not exist. Leave the \
            indicator where it stopped (or remove it) and say what went wrong in `failure.message`.
            """,
        sources: [
            SourceReference(.ubuntuActivityIndicators, section: "Avoid confusion"),
            SourceReference(.ubuntuActivityIndicators, section: "Steps of completeness"),
        ],
        exceptions: ["`failure.fills: false`, or no `failure.fills` at all."],
        reads: ["failure.fills"],
        asks: [.set("failure.fills", to: "false")],
        fix: FixDescription(.unsafe, """
            sets `failure.fills: false`. What the person sees when the work fails changes (the bar no longer \
            fills), so it is applied only with `--unsafe-fixes`; write `failure.message` yourself.
            """),
        appliesTo: .taskProgress,
        triggeringExamples: [
            RuleExample("""
                screen: Download track
                indicators:
                  - id: download
                    style: bar
                    determinate: true
                    failure:
                      fills: ↓true
                      message: The download stopped. Tap Retry to try again.
                """),
            RuleExample("""
                screen: Download track
                indicators:
                  - id: download
                    style: spinner
                    determinate: true
                    failure: {fills: ↓true}
                """),
        ],
        nonTriggeringExamples: [
            RuleExample("""
                screen: Download track
                indicators:
                  - id: download
                    style: bar
                    determinate: true
                    failure:
                      fills: false
                      message: The download stopped. Tap Retry to try again.
                      retry: true
                """),
            RuleExample("""
                screen: Download track
                indicators:
                  - id: download
                    style: bar
                    determinate: true
                    failure: {message: The download stopped.}
                """),
        ])

    public init() {}

    public func check(_ indicator: Indicator, context: RuleContext) -> [Violation] {
        guard let fills = indicator.failure?.value.fills, fills.value else { return [] }
        return [context.violation(indicator, at: fills.node,
            "\(context.subject(indicator)) fills up when the work fails (`failure.fills: true`), which reads as "
            + "success; set `failure.fills: false`" + (indicator.failure?.value.message == nil
                ? " and say what went wrong in `failure.message` (e.g. \"\(WorkText(indicator, context: context).failed)\")" : ""),
            asks: [.set("failure.fills", to: "false")] + (indicator.failure?.value.message == nil
                ? [.set("failure.message", to: WorkText(indicator, context: context).failed)] : []),
            fix: FixProposal(.unsafe, "set `failure.fills: false`", [.replaceScalar(fills.node, with: .token("false"))]))]
    }
}
