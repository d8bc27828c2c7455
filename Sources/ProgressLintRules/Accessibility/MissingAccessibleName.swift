import ProgressLintEngine
import ProgressLintSpec

/// `missing-accessible-name`: a custom indicator, or any indicator on the web, that a screen reader has no name for.
public struct MissingAccessibleName: IndicatorRule {
    public static let description = RuleDescription(
        id: "missing-accessible-name",
        name: "Indicator without an accessible name",
        category: .accessibility,
        defaultSeverity: .error,
        summary: """
            A custom indicator (no `component`, or one that is not in the spec format's component table), or on \
            `platform: web` any indicator whatever its component, with neither a `label` nor an \
            `accessibility.label`.
            """,
        rationale: """
            Platform components come with a name that screen readers speak; a view drawn by the app has none \
            unless someone gives it one. Without a name a screen reader either skips the indicator or reads \
            something meaningless, and the person never learns that they should wait or why. A visible `label` \
            serves as the name, and `accessibility.label` (the accessibility label or content description) \
            names it when there is no visible text. On the web even HTML's own elements have no name of their \
            own: WAI-ARIA requires an accessible name for every `progressbar`, and a `progress` or `meter` \
            element without one is announced as a bare number, if at all.
            """,
        sources: [
            SourceReference(.magentaA11yLoadingSpinner, section: "Name"),
            SourceReference(.waiARIA, section: "progressbar role (Accessible Name Required: True)"),
        ],
        exceptions: [
            "Known components of the native platforms (`UIActivityIndicatorView`, `ProgressBar`, …) carry a "
                + "name of their own; on `platform: web` no component does.",
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
            RuleExample("""
                platform: web
                screen: Upload files
                indicators:
                  - ↓id: upload
                    style: bar
                    determinate: true
                    component: progress
                """, note: "on the web a known component needs a name too"),
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
            RuleExample("""
                platform: web
                screen: Upload files
                indicators:
                  - id: upload
                    style: bar
                    determinate: true
                    component: progress
                    accessibility: {label: Uploading your files}
                """, note: "on the web every indicator needs a name, and this one has one"),
        ])

    public init() {}

    public func check(_ indicator: Indicator, context: RuleContext) -> [Violation] {
        guard indicator.label == nil, indicator.accessibility?.value.label == nil else { return [] }
        if let known = indicator.knownComponent {
            guard context.platform == .web else { return [] }
            // On the web no component names itself (WAI-ARIA: a progressbar's name is required).
            let uses = indicator.wrapperName == nil ? "`component: \(known.rawValue)`" : Phrase.component(indicator, known)
            return [context.violation(indicator, at: indicator.node,
                "\(context.subject(indicator)) uses \(uses) on the web "
                + "with neither `label` nor `accessibility.label`, so screen readers have no name for it; add "
                + "`accessibility.label` naming the work (e.g. \"Uploading photos\") or a visible `label`")]
        }
        let what = indicator.component.map { "a custom component (`component: \($0.value.clippedForMessage)`)" }
            ?? "a custom view (no `component`)"
        let name = WorkText(indicator, context: context).doing
        return [context.violation(indicator, at: indicator.node,
            "indicator '\(indicator.displayID)' is \(what) with neither `label` nor `accessibility.label`, so "
            + "screen readers have no name for it; add `accessibility.label` naming the work "
            + "(e.g. \"\(name)\")", asks: [.set("accessibility.label", to: name)])]
    }
}
