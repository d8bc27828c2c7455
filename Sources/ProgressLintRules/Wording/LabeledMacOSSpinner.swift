import ProgressLintEngine
import ProgressLintSpec

/// `labeled-macos-spinner`: a label on a macOS spinner.
public struct LabeledMacOSSpinner: IndicatorRule {
    public static let description = RuleDescription(
        id: "labeled-macos-spinner",
        name: "Labeled macOS spinner",
        category: .wording,
        defaultSeverity: .info,
        summary: "On macOS, a spinner (`style: spinner`) that has a `label`.",
        rationale: """
            On the Mac, spinning indicators are small and unobtrusive, and they usually appear right after \
            the person did something, next to the control they used. In that position the context already \
            explains the wait, and a caption only adds clutter to a tight space. Remove the `label`, or use a \
            bar when the task needs explaining.
            """,
        sources: [SourceReference(.appleHumanInterfaceGuidelines, section: "macOS")],
        exceptions: [
            "Bars, and spinners on other platforms.",
            "Screens with no platform, neither in the spec nor in the config.",
        ],
        reads: ["style", "label"],
        asks: [.remove("label")],
        fix: FixDescription(.unsafe, """
            removes `label` when the spinner keeps a name for screen readers (a known `component`, or an \
            `accessibility.label`). Text people see goes away, so it is applied only with `--unsafe-fixes`.
            """),
        triggeringExamples: [
            RuleExample("""
                platform: macos
                screen: Mail
                indicators:
                  - id: fetch
                    style: spinner
                    label: ↓Checking for new mail
                """),
            RuleExample("""
                screen: Mail
                indicators:
                  - id: fetch
                    style: spinner
                    label: ↓"Checking for new mail"
                """, config: "platform: macos", note: "the platform comes from the config"),
            RuleExample("""
                platform: macos
                screen: Mail
                indicators:
                  - id: fetch
                    style: spinner
                    component: NSProgressIndicator
                    label: ↓Checking for new mail
                    duration: 200ms..800ms
                """, note: "the native component keeps its name for screen readers: `--unsafe-fixes` removes the label"),
        ],
        nonTriggeringExamples: [
            RuleExample("""
                platform: macos
                screen: Mail
                indicators:
                  - id: fetch
                    style: spinner
                """),
            RuleExample("""
                platform: macos
                screen: Export
                indicators:
                  - id: export
                    style: bar
                    determinate: true
                    label: Exporting 3 videos
                """, note: "bars may be labeled"),
            RuleExample("""
                platform: ios
                screen: Mail
                indicators:
                  - id: fetch
                    style: spinner
                    label: Checking for new mail
                """, note: "another platform"),
        ])

    public init() {}

    /// Removing the label, and for a custom component with no `accessibility.label`, keeping its
    /// accessible name there (`missing-accessible-name`): the label's text when it is specific.
    static func removal(_ indicator: Indicator, context: RuleContext) -> (asks: [Ask], how: String) {
        guard indicator.knownComponent == nil, indicator.accessibility?.value.label == nil else {
            return ([.remove("label")], "remove `label`")
        }
        let name = WorkText(indicator, context: context).doing
        return ([.remove("label"), .set("accessibility.label", to: name)],
                "remove `label` and, since a custom component needs a name, set `accessibility.label` "
                + "(e.g. \"\(name)\") for screen readers")
    }

    public func check(_ indicator: Indicator, context: RuleContext) -> [Violation] {
        guard context.platform == .macos, indicator.style?.value == .spinner, let label = indicator.label
        else { return [] }
        let (asks, how) = Self.removal(indicator, context: context)
        return [context.violation(indicator, at: label.node,
            "indicator '\(indicator.displayID)' is a macOS spinner with `label: \(label.value.trimmed().clippedForMessage)`; "
            + "spinners on macOS are best left unlabeled, so \(how)", asks: asks,
            fix: indicator.component != nil || indicator.accessibility?.value.label != nil
                ? FixProposal(.unsafe, "remove `label`", [.remove(path: ["label"], in: indicator.node)]) : nil)]
    }
}
