import ProgressLintEngine
import ProgressLintSpec

/// `meter-for-progress`: HTML's `meter`, a gauge, used to show the progress of a task.
public struct MeterForProgress: IndicatorRule {
    public static let description = RuleDescription(
        id: "meter-for-progress",
        name: "Meter shows a level, not progress",
        category: .progressIntegrity,
        defaultSeverity: .error,
        summary: """
            An indicator with `component: meter` (or a wrapper declared as `meter` under `components:`) whose \
            `purpose` is `task-progress`, written or by default.
            """,
        rationale: """
            HTML's `meter` element is a gauge: it shows where a value sits in a known range (disk use, a \
            password's strength, a score). Browsers give it the `meter` role, and screen readers speak it as a \
            level, not as work under way, so people who cannot see the screen are never told that something is \
            loading or when it is done. WAI-ARIA says plainly that the meter role should not indicate progress: \
            that is what `progressbar` (HTML's `progress` element) is for. Use `component: progress` for the \
            progress of a task, and keep `meter` for levels (`purpose: gauge`).
            """,
        sources: [
            SourceReference(.waiARIA, section: "meter role"),
            SourceReference(.waiARIA, section: "progressbar role"),
        ],
        exceptions: [
            "`purpose: gauge`: a level drawn as a meter is what `meter` is for (`only-task-progress` accepts it too).",
            "`purpose: waiting-for-input`: `only-task-progress` speaks for it.",
        ],
        reads: ["component", "purpose"],
        asks: [.change("component")],
        appliesTo: .taskProgress,
        triggeringExamples: [
            RuleExample("""
                platform: web
                screen: Upload files
                indicators:
                  - id: upload
                    style: bar
                    determinate: true
                    component: ↓meter
                    label: Uploading your files
                """, note: "`purpose` defaults to task-progress"),
            RuleExample("""
                platform: web
                screen: Import
                indicators:
                  - id: import
                    style: bar
                    determinate: true
                    component: ↓BrandMeter
                    purpose: task-progress
                    label: Importing your contacts
                """, config: "components: {BrandMeter: meter}", note: "a wrapper declared as `meter`"),
        ],
        nonTriggeringExamples: [
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
                """, note: "a gauge drawn as a meter"),
            RuleExample("""
                platform: web
                screen: Upload files
                indicators:
                  - id: upload
                    style: bar
                    determinate: true
                    component: progress
                    label: Uploading your files
                """, note: "HTML's `progress` element shows the progress of a task"),
        ])

    public init() {}

    public func check(_ indicator: Indicator, context: RuleContext) -> [Violation] {
        guard indicator.knownComponent == .htmlMeter, let written = indicator.component,
              indicator.effectivePurpose == .taskProgress else { return [] }
        let purpose = indicator.purpose == nil ? "the progress of a task (`purpose` defaults to `task-progress`)"
            : "the progress of a task (`purpose: task-progress`)"
        let uses = indicator.wrapperName == nil ? "`component: meter`" : Phrase.component(indicator, .htmlMeter)
        let replacement = Self.replacement(indicator, context: context)
        let use = replacement.map { "use `component: \($0)` for work under way" }
            ?? "use a component made for the progress of a task (`component-mismatch` names one)"
        return [context.violation(indicator, at: written.node,
            "\(context.subject(indicator)) uses \(uses) for "
            + "\(purpose), but a meter shows a level and screen readers speak it as one; \(use), "
            + "or set `purpose: gauge` if it shows a level")]
    }

    /// The component to use instead: `progress` where a meter is otherwise right (a determinate bar
    /// on the web), else the one `component-mismatch` names for this indicator, so the two agree;
    /// nil when that rule names none.
    static func replacement(_ indicator: Indicator, context: RuleContext) -> String? {
        let mismatch = ComponentMismatch.suggestion(for: indicator, context: context)
        return mismatch.fires ? mismatch.component : KnownComponent.htmlProgress.rawValue
    }
}
