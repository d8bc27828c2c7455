import ProgressLintEngine
import ProgressLintSpec

/// `only-task-progress`: an activity indicator used for something other than the progress of a task.
public struct OnlyTaskProgress: IndicatorRule {
    public static let description = RuleDescription(
        id: "only-task-progress",
        name: "Only for the progress of a task",
        category: .progressIntegrity,
        defaultSeverity: .error,
        summary: """
            An indicator whose `purpose` is not `task-progress` (`waiting-for-input` or `gauge`), except a gauge \
            drawn with HTML's `meter` (`component: meter`, or a wrapper declared as one).
            """,
        rationale: """
            People have learned that a spinner or a filling bar means the app is busy with something and will \
            be done at some point. Using the same control while the app is really waiting for the person to \
            act suggests there is nothing to do but wait, so nobody acts. Using it as a gauge (battery, storage, \
            a score) makes a level look like work in progress that is about to finish. Keep progress \
            indicators for work that is running, and show other states with their own controls.
            """,
        sources: [
            SourceReference(.ubuntuActivityIndicators, section: "Use only for task progression"),
            SourceReference(.waiARIA, section: "meter role"),
        ],
        exceptions: [
            "`purpose` absent: it defaults to `task-progress`.",
            "`purpose: gauge` with `component: meter` (or a wrapper declared as `meter`): HTML's gauge element is "
                + "the control this rule asks for.",
        ],
        reads: ["purpose", "component"],
        asks: [.change("purpose")],
        triggeringExamples: [
            RuleExample("""
                screen: Settings
                indicators:
                  - id: storage
                    style: bar
                    determinate: true
                    purpose: ↓gauge
                """),
            RuleExample("""
                screen: Pair device
                indicators:
                  - id: pairing
                    style: spinner
                    purpose: ↓waiting-for-input
                """),
        ],
        nonTriggeringExamples: [
            RuleExample("""
                screen: Upload photos
                indicators:
                  - id: upload
                    style: bar
                    determinate: true
                    purpose: task-progress
                  - id: thumbnails
                    style: spinner
                """, note: "`purpose` defaults to task-progress"),
            RuleExample("""
                platform: web
                screen: Storage
                indicators:
                  - id: disk
                    style: bar
                    determinate: true
                    component: meter
                    purpose: gauge
                    label: 41 GB of 50 GB used
                """, note: "a gauge drawn with HTML's `meter`"),
        ])

    public init() {}

    public func check(_ indicator: Indicator, context: RuleContext) -> [Violation] {
        guard let purpose = indicator.purpose else { return [] }
        let fix: String
        switch purpose.value {
        case .taskProgress: return []
        case .waitingForInput:
            fix = "while waiting for the person, show what they need to do instead of a progress indicator"
        case .gauge:
            // HTML's `meter` is the gauge this rule asks for.
            if indicator.knownComponent == .htmlMeter { return [] }
            fix = context.platform == .web && Self.meterAgrees(indicator, context: context)
                ? "show a level with HTML's `meter` (`component: meter`) instead of a progress indicator"
                : "show a level with a gauge or meter control instead of a progress indicator"
        }
        return [context.violation(indicator, at: purpose.node,
            "\(context.subject(indicator)) has `purpose: \(purpose.value.rawValue)`, but progress indicators "
            + "stand only for the progress of a task; \(fix)")]
    }

    /// Whether naming `component: meter` agrees with `component-mismatch` on this indicator: that rule
    /// does not fire, or names `meter` itself (it cannot for a gauge that is not determinate).
    private static func meterAgrees(_ indicator: Indicator, context: RuleContext) -> Bool {
        let mismatch = ComponentMismatch.suggestion(for: indicator, context: context)
        return !mismatch.fires || mismatch.component == nil || mismatch.component == KnownComponent.htmlMeter.rawValue
    }
}
