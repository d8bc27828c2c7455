import ProgressLintEngine
import ProgressLintSpec

/// `verification-share`: a verifying step that gets none of the indicator.
public struct VerificationShare: IndicatorRule {
    public static let description = RuleDescription(
        id: "verification-share",
        name: "Give verification a share",
        category: .progressIntegrity,
        defaultSeverity: .warning,
        summary: "A phase in `phases` with `verifies: true` whose `share` is 0 or missing.",
        rationale: """
            When the last part of a task checks that the work succeeded, the indicator should keep a little \
            room for it. A verifying step with no share leaves the indicator sitting at full (or at the end \
            of the previous phase) while the app is still busy, which looks like a hang right at the finish. \
            Giving the check its own slice keeps the indicator moving to the end and tells people the work is \
            in its final step.
            """,
        sources: [SourceReference(.ubuntuActivityIndicators, section: "Indeterminate steps")],
        exceptions: [
            "Phases without `verifies: true`: a share of 0 there is not this rule's concern.",
            "A `share: 0` is reported at that share; a missing share, like every absent key, at the start of the indicator (one diagnostic however many phases lack one).",
        ],
        reads: ["phases"],
        asks: [.change("phases.share")],
        appliesTo: .taskProgress,
        triggeringExamples: [
            RuleExample("""
                screen: Upload photos
                indicators:
                  - id: upload
                    style: bar
                    determinate: true
                    phases:
                      - {name: Uploading, share: 1}
                      - {name: Verifying, share: ↓0, verifies: true}
                """),
            RuleExample("""
                screen: Upload photos
                indicators:
                  - ↓id: upload
                    style: bar
                    determinate: true
                    phases:
                      - name: Uploading
                        share: 1
                      - name: Verifying
                        verifies: true
                """, note: "no share: reported at the start of the indicator, as for every absent key"),
        ],
        nonTriggeringExamples: [
            RuleExample("""
                screen: Upload photos
                indicators:
                  - id: upload
                    style: bar
                    determinate: true
                    phases:
                      - {name: Uploading, share: 0.9}
                      - {name: Verifying, share: 0.1, verifies: true}
                """),
            RuleExample("""
                screen: Upload photos
                indicators:
                  - id: upload
                    style: bar
                    determinate: true
                    phases:
                      - {name: Preparing, share: 0}
                      - {name: Uploading, share: 1}
                """, note: "a share of 0 for a phase that does not verify"),
        ])

    public init() {}

    public func check(_ indicator: Indicator, context: RuleContext) -> [Violation] {
        guard let phases = indicator.phases?.value else { return [] }
        var result: [Violation] = []
        let advice = PhaseShares.advice(phases)
        for phase in phases where phase.verifies?.value == true {
            let name = phase.name.map { "phase '\($0.value.clippedForMessage)'" } ?? "a phase"
            if let share = phase.share {
                guard share.value == 0 else { continue }
                result.append(context.violation(indicator, at: share.node,
                    "\(name) of \(context.subject(indicator)) verifies the result but has `share: 0`, so the "
                    + "indicator stands still while it runs; give it a share and keep the sum at 1: set "
                    + advice.phrase, asks: advice.asks))
            } else {
                result.append(context.violation(indicator, at: indicator.node,
                    "\(name) of \(context.subject(indicator)) verifies the result but has no `share`, so the "
                    + "indicator stands still while it runs; give it a share and keep the sum at 1: set "
                    + advice.phrase, asks: advice.asks))
            }
        }
        return result
    }
}
