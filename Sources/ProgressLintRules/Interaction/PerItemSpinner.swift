import ProgressLintEngine
import ProgressLintSpec

/// `per-item-spinner`: an indeterminate, animated indicator repeated on every item of a list.
public struct PerItemSpinner: IndicatorRule {
    public static let description = RuleDescription(
        id: "per-item-spinner",
        name: "One spinner per list, not per item",
        category: .interaction,
        defaultSeverity: .warning,
        summary: """
            An indicator repeated on each item of a list or grid (`per-item: true`) that is animated and not \
            `determinate`: a spinner, or a bar that is not determinate.
            """,
        rationale: """
            A list whose every row spins at once is a wall of motion: it draws the eye everywhere and tells \
            nothing about how far the whole is, and rows that finish one by one make the screen flicker as it \
            fills in. Windows, GNOME and Atlassian all say the same: show one indicator for the collection (a bar \
            at the top of the list, or a single spinner), not one per item. Where each item really has its own \
            measurable work (each download of a list), a determinate bar per item shows something worth reading \
            and is fine.
            """,
        sources: [
            SourceReference(.windowsProgressControls, section: "the advice against a progress indicator on each list item"),
            SourceReference(.gnomeSpinners, section: "the advice to show one spinner at a time"),
            SourceReference(.atlassianSpinner, section: "the advice to show a single spinner on a page"),
        ],
        exceptions: [
            "A determinate spinner or bar per item shows each item's own progress.",
            "`per-item: false` (the default): one indicator for the whole.",
        ],
        reads: ["per-item", "style", "determinate"],
        asks: [.set("per-item", to: "false")],
        appliesTo: .taskProgress,
        triggeringExamples: [
            RuleExample("""
                platform: web
                screen: Photo library
                indicators:
                  - id: thumbnail
                    style: spinner
                    per-item: ↓true
                    label: Loading a thumbnail
                """),
            RuleExample("""
                platform: android
                screen: Inbox
                indicators:
                  - id: message-preview
                    style: bar
                    determinate: false
                    per-item: ↓true
                    label: Fetching the message
                """, note: "an indeterminate bar on each row"),
        ],
        nonTriggeringExamples: [
            RuleExample("""
                platform: web
                screen: Downloads
                indicators:
                  - id: download
                    style: bar
                    determinate: true
                    per-item: true
                    label: Downloading the file
                """, note: "a determinate bar per item: each download's own progress"),
            RuleExample("""
                platform: web
                screen: Photo library
                indicators:
                  - id: thumbnails
                    style: bar
                    label: Loading your photos
                """, note: "one indicator for the whole list"),
        ])

    public init() {}

    public func check(_ indicator: Indicator, context: RuleContext) -> [Violation] {
        guard let perItem = indicator.perItem, perItem.value, indicator.isAnimated, !indicator.isDeterminate
        else { return [] }
        let what: String
        switch indicator.style?.value {
        case .bar?: what = "an indeterminate bar"
        case .refreshControl?: what = "a refresh control"
        default: what = "a spinner"
        }
        return [context.violation(indicator, at: perItem.node,
            "\(context.subject(indicator)) puts \(what) on each item of the list (`per-item: true`), so the "
            + "screen fills with motion that says nothing about the whole; show one indicator for the list "
            + "(e.g. a bar at its top) and set `per-item: false`, or give each item a determinate bar "
            + "of its own progress")]
    }
}
