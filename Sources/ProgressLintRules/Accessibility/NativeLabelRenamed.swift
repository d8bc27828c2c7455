import ProgressLintEngine
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
        sources: [SourceReference(.johnSweetIndeterminate, section: "introduction, on UIActivityIndicatorView")],
        exceptions: [
            "Other platforms, custom components and determinate `ProgressView`s.",
            "No `accessibility.label` at all: the native one is kept.",
        ],
        reads: ["component", "determinate", "user-initiated", "accessibility.label", "accessibility.announce.start"],
        asks: [.remove("accessibility.label")],
        fix: FixDescription(.unsafe, """
            moves the label into `accessibility.announce.start` when that is free and the person started the \
            work, else removes it. What VoiceOver says changes, so it is applied only with `--unsafe-fixes`. \
            When the wait may reach `thresholds.attention`, the move is only shown: `reannounce-long-wait` would \
            then ask for a `repeat-every` that only you can choose.
            """),
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
            RuleExample("""
                platform: ios
                screen: Sign in
                indicators:
                  - id: signing-in
                    style: spinner
                    component: UIActivityIndicatorView
                    duration: 1s..5s
                    accessibility:
                      label: ↓Signing you in # what we say
                """, note: "a short wait: `--unsafe-fixes` moves the label into `accessibility.announce.start`"),
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
        guard LabelText.folded(label.value) != Self.nativeLabel else { return [] }
        // Suggest `announce.start` only where no other finding would ask to remove it (work the
        // person did not start) and it is not written already.
        let hasStart = indicator.accessibility?.value.announce?.value.start != nil
        let instead: String
        var asks: [Ask] = [.remove("accessibility.label")]
        if !indicator.isUserInitiated {
            instead = "remove `accessibility.label`"
        } else if hasStart {
            instead = "remove `accessibility.label`; `accessibility.announce.start` already says what is happening"
        } else {
            // The text every rule suggests for the announcement (the label's own when it is the first specific one).
            let text = WorkText(indicator, context: context).doing
            asks.append(.set("accessibility.announce.start", to: text))
            let (more, followUps) = Advice.withIt(asks, on: indicator, context: context, rule: Self.description.id)
            instead = "remove `accessibility.label` and say what is happening in `accessibility.announce.start` "
                + "(e.g. \"\(text.clippedForMessage)\")" + more
            asks += followUps
        }
        return [context.violation(indicator, at: label.node,
            "indicator '\(indicator.displayID)' renames the native \(Phrase.component(indicator, component)) "
            + "(`accessibility.label: \(label.value.clippedForMessage)`); people using VoiceOver know it as \"In progress\", so "
            + instead, asks: asks, fix: fix(indicator, label: label, moving: asks.count > 1, context: context))]
    }

    /// The native label, folded once.
    private static let nativeLabel = LabelText.folded("In progress")

    /// Moves the label into `announce.start` (`label: X` becomes `announce: {start: X}` when there is
    /// no `announce` yet), or removes it.
    private func fix(_ indicator: Indicator, label: Located<String>, moving: Bool, context: RuleContext) -> FixProposal? {
        guard moving else {
            return FixProposal(.unsafe, "remove `accessibility.label`",
                               [.remove(path: ["accessibility", "label"], in: indicator.node)])
        }
        let title = "move the label into `accessibility.announce.start`"
        // A long wait would then be asked to repeat the announcement, at an interval only you can choose.
        let long = !indicator.isDeterminate && Phrase.reaches(indicator, context.thresholds.attention, orUnknown: true)
        let applicability: FixApplicability = long ? .displayOnly : .unsafe
        if let announce = indicator.accessibility?.value.announce {
            guard context.document.kind(of: announce.node) == .mapping else { return nil }
            return FixProposal(applicability, title, [
                .remove(path: ["accessibility", "label"], in: indicator.node),
                .set(path: ["start"], to: .copy(label.node), in: announce.node),
            ])
        }
        let document = context.document
        guard let mapping = document.parent(of: label.node) else { return nil }
        let pairs = (0..<document.pairCount(of: mapping)).map { document.pair($0, of: mapping) }
        guard let key = pairs.first(where: { $0.value == label.node })?.key else { return nil }
        return FixProposal(applicability, title, [
            .renameKey(key, to: "announce"),
            .replaceScalar(label.node, with: .token("{start: \(FixBuilder.render(label.value))}")),
        ])
    }
}
