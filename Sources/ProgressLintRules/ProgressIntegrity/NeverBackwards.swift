import ProgressLintEngine
import ProgressLintSpec

/// `never-backwards`: an indicator that can lose progress it has already shown.
public struct NeverBackwards: IndicatorRule {
    public static let description = RuleDescription(
        id: "never-backwards",
        name: "Progress never goes backwards",
        category: .progressIntegrity,
        defaultSeverity: .error,
        summary: """
            `on-total-change: recompute` (the fill is recomputed as done/total and can drop when the total \
            grows); or a `becomes` state with `determinate: false` that turns a determinate indicator \
            indeterminate again.
            """,
        rationale: """
            Progress that people have seen is a promise: an indicator that shrinks, or that stops measuring \
            and starts spinning again, tells them that work was lost or that the estimate was never real. \
            When the amount of work grows part-way through, keep what is already filled and spread the new \
            total over the part of the indicator that is left (`on-total-change: reallocate`). Once an \
            indicator has turned determinate, keep it determinate until the work ends; switching from \
            indeterminate to determinate is the direction people welcome.
            """,
        sources: [
            SourceReference(.ubuntuActivityIndicators, section: "Determinate steps"),
            SourceReference(.appleHumanInterfaceGuidelines, section: "Best practices"),
        ],
        exceptions: [
            "`on-total-change: reallocate`, or no `on-total-change`.",
            "States that turn an indeterminate indicator determinate, or keep it as it is. Determinacy is "
                + "followed through the states in order: the indicator's `determinate`, then each state's "
                + "`determinate` where one is written (a state without it keeps the previous one).",
        ],
        reads: ["on-total-change", "determinate", "becomes"],
        asks: [.set("on-total-change", to: "reallocate")],
        fix: FixDescription(.unsafe, """
            sets `on-total-change: reallocate` where `recompute` is written. The bar then moves differently when \
            the total changes (the app must give the rest of the bar to the new total), so it is applied only with \
            `--unsafe-fixes`. A state that turns indeterminate again has no fix.
            """),
        appliesTo: .taskProgress,
        triggeringExamples: [
            RuleExample("""
                screen: Sync library
                indicators:
                  - id: sync
                    style: bar
                    determinate: true
                    on-total-change: ↓recompute
                """),
            RuleExample("""
                screen: Download
                indicators:
                  - id: download
                    style: bar
                    determinate: true
                    becomes:
                      - {when: server busy, determinate: ↓false}
                """),
            RuleExample("""
                screen: Download
                indicators:
                  - id: download
                    style: spinner
                    becomes:
                      - {when: size known, determinate: true}
                      - {when: unpacking}
                      - {when: size changes, determinate: ↓false}
                """, note: "turned determinate by the first state, kept by the second, lost by the third"),
        ],
        nonTriggeringExamples: [
            RuleExample("""
                screen: Download
                indicators:
                  - id: download
                    style: spinner
                    on-total-change: reallocate
                    becomes:
                      - {when: size known, determinate: true}
                """),
            RuleExample("""
                screen: Download
                indicators:
                  - id: download
                    style: spinner
                    becomes:
                      - {when: connecting, determinate: false}
                      - {when: size known, determinate: true}
                """, note: "indeterminate to indeterminate, then to determinate"),
        ])

    public init() {}

    public func check(_ indicator: Indicator, context: RuleContext) -> [Violation] {
        var result: [Violation] = []
        // Made only for a finding: most indicators have none.
        func subject() -> String { context.subject(indicator) }
        if let change = indicator.onTotalChange, change.value == .recompute {
            result.append(context.violation(indicator, at: change.node,
                "\(subject()) recomputes done/total when the total changes (`on-total-change: recompute`), so it can "
                + "move backwards; use `on-total-change: reallocate` to give the rest of the indicator to the new total",
                fix: FixProposal(.unsafe, "set `on-total-change: reallocate`",
                                 [.replaceScalar(change.node, with: .token("reallocate"))])))
        }
        var determinate = indicator.isDeterminate
        for state in indicator.becomes?.value ?? [] {
            guard let written = state.determinate else { continue }
            if determinate && !written.value {
                let when = state.when.map { " when \($0.value.clippedForMessage)" } ?? ""
                result.append(context.violation(indicator, at: written.node,
                    "\(subject()) turns from determinate back to indeterminate\(when) (`determinate: false`), "
                    + "taking back the progress it showed; remove `determinate: false` from that `becomes` state to "
                    + "keep it determinate, and hold or slow the fill instead", asks: [.change("becomes.determinate")]))
            }
            determinate = written.value
        }
        return result
    }
}
