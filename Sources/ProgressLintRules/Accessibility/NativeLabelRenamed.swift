import ProgressLintCore
import ProgressLintSpec

/// `native-label-renamed`: a native iOS spinner whose VoiceOver label was changed from "In progress".
public struct NativeLabelRenamed: IndicatorRule {
    public static let description = RuleDescription(
        id: "native-label-renamed",
        name: "Native spinner label renamed",
        category: .accessibility,
        defaultSeverity: .warning,
        summary: """
            On the iOS family, a `UIActivityIndicatorView` (or a SwiftUI `ProgressView` that is not \
            determinate) whose `accessibility.label` is anything but "In progress".
            """,
        rationale: """
            The system spinner already tells VoiceOver users "In progress", and they have learned what that \
            announcement means. Renaming it trades a familiar cue for a custom one they must interpret anew. \
            Say what is happening with `accessibility.announce.start` or a visible `label` instead, and leave \
            the spinner's own name alone.
            """,
        sources: [SourceReference(.a, section: "introduction, on UIActivityIndicatorView")],
        exceptions: [
            "Other platforms, custom components and determinate `ProgressView`s.",
            "No `accessibility.label` at all: the native one is kept.",
        ],
        reads: ["component", "determinate", "user-initiated", "accessibility.label", "accessibility.announce.start"],
        asks: [.remove("accessibility.label")],
        triggeringExamples: [
            RuleExample("""
                platform: ios
                screen: Sign in
                indicators:
                  - id: signing-in
                    style: spinner
                    component: UIActivityIndicatorView
                    accessibility:
                      label: ↓Signing you in
                """),
            RuleExample("""
                platform: watchos
                screen: Sync workouts
                indicators:
                  - id: sync
                    style: spinner
                    component: ProgressView
                    accessibility: {label: ↓Syncing}
                """),
        ],
        nonTriggeringExamples: [
            RuleExample("""
                platform: ios
                screen: Sign in
                indicators:
                  - id: signing-in
                    style: spinner
                    component: UIActivityIndicatorView
                    accessibility:
                      label: In progress
                      announce: {start: Signing you in}
                """),
            RuleExample("""
                platform: ios
                screen: Upload photos
                indicators:
                  - id: upload
                    style: bar
                    determinate: true
                    component: ProgressView
                    accessibility: {label: Uploading photos}
                """, note: "a determinate ProgressView may be named"),
            RuleExample("""
                platform: android
                screen: Sign in
                indicators:
                  - id: signing-in
                    style: spinner
                    component: CircularProgressIndicator
                    accessibility: {label: Signing you in}
                """),
        ])

    public init() {}

    public func check(_ indicator: Indicator, context: RuleContext) -> [Violation] {
        guard context.isIOSFamily, let component = indicator.knownComponent,
              component == .uiActivityIndicatorView || (component == .progressView && !indicator.isDeterminate),
              let label = indicator.accessibility?.value.label
        else { return [] }
        guard LabelText.folded(label.value) != LabelText.folded("In progress") else { return [] }
        // Suggest `announce.start` only where no other finding would ask to remove it (work the
        // person did not start) and it is not written already.
        let hasStart = indicator.accessibility?.value.announce?.value.start != nil
        let instead: String
        var asks: [Ask] = [.remove("accessibility.label")]
        if !indicator.isUserInitiated {
            instead = "remove the label"
        } else if hasStart {
            instead = "remove the label; `accessibility.announce.start` already says what is happening"
        } else {
            instead = "remove the label and say what is happening in `accessibility.announce.start`"
            asks.append(.add("accessibility.announce.start"))
        }
        return [context.violation(indicator, at: label.node,
            "indicator '\(indicator.displayID)' renames the native \(component.rawValue) "
            + "(accessibility.label: \"\(label.value.clippedForMessage)\"); VoiceOver users know it as \"In progress\", so "
            + instead, asks: asks)]
    }
}
