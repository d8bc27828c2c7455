import ProgressLintEngine
import ProgressLintSpec

/// `lossy-cancel-needs-confirm`: a Cancel that throws away work without asking first.
public struct LossyCancelNeedsConfirm: IndicatorRule {
    public static let description = RuleDescription(
        id: "lossy-cancel-needs-confirm",
        name: "Lossy cancel needs confirmation",
        category: .interaction,
        defaultSeverity: .warning,
        summary: "A `cancel` with `discards-progress: true` and no `confirm: true`.",
        rationale: """
            A Cancel that discards what has been done so far is costly, and it is easy to hit by accident \
            next to the indicator. Before throwing the work away, ask: explain that the progress will be \
            lost and offer both to cancel anyway and to keep going. That way one slip does not cost a long \
            download or upload.
            """,
        sources: [SourceReference(.appleHumanInterfaceGuidelines, section: "Best practices")],
        exceptions: [
            "`cancel: true` or a `cancel` without `discards-progress: true` loses nothing, so needs no confirmation.",
        ],
        reads: ["cancel", "cancel.discards-progress", "cancel.confirm"],
        asks: [.set("cancel.confirm", to: "true")],
        fix: FixDescription(.unsafe, """
            sets `cancel.confirm: true`. Cancelling then asks first, a step the person did not have before, so \
            it is applied only with `--unsafe-fixes`.
            """),
        appliesTo: .taskProgress,
        triggeringExamples: [
            RuleExample("""
                platform: ios
                screen: Download
                indicators:
                  - id: download
                    style: bar
                    determinate: true
                    cancel: ↓{discards-progress: true}
                """),
            RuleExample("""
                screen: Download
                indicators:
                  - id: download
                    style: bar
                    determinate: true
                    cancel:
                      ↓label: Stop download
                      discards-progress: true
                      confirm: false
                """),
        ],
        nonTriggeringExamples: [
            RuleExample("""
                platform: ios
                screen: Download
                indicators:
                  - id: download
                    style: bar
                    determinate: true
                    cancel: {discards-progress: true, confirm: true}
                """),
            RuleExample("""
                screen: Download
                indicators:
                  - id: download
                    style: bar
                    determinate: true
                    cancel: true
                """, note: "a plain cancel says nothing about losing progress"),
            RuleExample("""
                screen: Download
                indicators:
                  - id: download
                    style: bar
                    determinate: true
                    cancel: {discards-progress: false}
                """),
        ])

    public init() {}

    public func check(_ indicator: Indicator, context: RuleContext) -> [Violation] {
        guard let cancel = indicator.cancel, cancel.value.discardsProgress?.value == true,
              cancel.value.confirm?.value != true else { return [] }
        return [context.violation(indicator, at: cancel.node,
            "indicator '\(indicator.displayID)' has a `cancel` that discards progress (`discards-progress: true`) "
            + "without asking first; add `cancel.confirm: true` so people can cancel anyway or keep going",
            asks: [.set("cancel.confirm", to: "true")],
            fix: FixProposal(.unsafe, "set `cancel.confirm: true`",
                             [.set(path: ["cancel", "confirm"], to: .token("true"), in: indicator.node)]))]
    }
}
