import ProgressLintEngine
import ProgressLintSpec

/// `missing-accessible-name`: a custom indicator that a screen reader has no name for.
public struct MissingAccessibleName: IndicatorRule {
    public static let description = RuleDescription(
        id: "missing-accessible-name",
        name: "Custom indicator without an accessible name",
        category: .accessibility,
        defaultSeverity: .error,
        summary: """
            A custom indicator (no `component`, or one that is not in the spec format's component table) with \
            neither a `label` nor an `accessibility.label`.
            """,
        rationale: """
            Platform components come with a name that screen readers speak; a view drawn by the app has none \
            unless someone gives it one. Without a name a screen reader either skips the indicator or reads \
            something meaningless, and the person never learns that they should wait or why. A visible `label` \
            serves as the name, and `accessibility.label` (the accessibility label or content description) \
            names it when there is no visible text.
            """,
        sources: [SourceReference(.magentaA11yLoadingSpinner, section: "Name")],
        exceptions: [
            "Known components (`UIActivityIndicatorView`, `ProgressBar`, …) carry a name of their own.",
        ],
        reads: ["component", "label", "accessibility.label"],
        asks: [.add("accessibility.label")],
        triggeringExamples: [
            RuleExample("""
                platform: ios
                screen: Feed
                indicators:
                  - ↓id: shimmer
                    style: bar
                    component: ShimmerView
                """, note: "a component outside the table is custom"),
            RuleExample("""
                screen: Feed
                indicators:
                  - ↓id: dots
                    style: spinner
                    accessibility:
                      announce: {start: Loading your feed}
                """, note: "no `component` is a custom view; an announcement is not a name"),
        ],
        nonTriggeringExamples: [
            RuleExample("""
                platform: ios
                screen: Feed
                indicators:
                  - id: shimmer
                    style: bar
                    component: ShimmerView
                    accessibility: {label: Loading your feed}
                """),
            RuleExample("""
                screen: Feed
                indicators:
                  - id: dots
                    style: spinner
                    label: Loading your feed
                """, note: "a visible label names it"),
            RuleExample("""
                platform: android
                screen: Feed
                indicators:
                  - id: spinner
                    style: spinner
                    component: CircularProgressIndicator
                """, note: "a known component"),
            RuleExample("""
                platform: android
                screen: Feed
                indicators:
                  - id: spinner
                    style: spinner
                    component: DSSpinner
                """, config: "components: {DSSpinner: CircularProgressIndicator}",
                note: "a wrapper declared as a known component under `components:`"),
        ])

    public init() {}

    public func check(_ indicator: Indicator, context: RuleContext) -> [Violation] {
        guard indicator.knownComponent == nil, indicator.label == nil,
              indicator.accessibility?.value.label == nil
        else { return [] }
        let what = indicator.component.map { "a custom component (`component: \($0.value.clippedForMessage)`)" }
            ?? "a custom view (no `component`)"
        let name = WorkText(indicator, context: context).doing
        return [context.violation(indicator, at: indicator.node,
            "indicator '\(indicator.displayID)' is \(what) with neither `label` nor `accessibility.label`, so "
            + "screen readers have no name for it; add `accessibility.label` naming the work "
            + "(e.g. \"\(name)\")", asks: [.set("accessibility.label", to: name)])]
    }
}
