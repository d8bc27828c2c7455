import ProgressLintEngine
import ProgressLintSpec

/// `style-determinacy`: a style that cannot show the determinacy asked of it.
public struct StyleDeterminacy: IndicatorRule {
    public static let description = RuleDescription(
        id: "style-determinacy",
        name: "Style and determinacy agree",
        category: .platform,
        defaultSeverity: .error,
        summary: """
            A `style: refresh-control` with `determinate: true` on any platform; and in the iOS family \
            (`platform: ios`, `ipados`, `tvos`, `watchos`) a `style: bar` that is not determinate or a \
            `style: spinner` that is.
            """,
        rationale: """
            A refresh control is a special kind of activity indicator: it only says that a reload is under \
            way, so it has no amount of work to fill. On Apple's mobile platforms the two shapes carry a fixed \
            meaning as well: a bar is a track that fills and is always determinate, while a spinner only turns \
            and is always indeterminate. An indicator that breaks this pairing looks like one kind of feedback \
            and behaves like the other, which people read as a broken or frozen control. Pick the style that \
            matches what the indicator can say, or make `determinate` match the style.
            """,
        sources: [
            SourceReference(.appleHumanInterfaceGuidelines, section: "iOS, iPadOS"),
            SourceReference(.appleHumanInterfaceGuidelines, section: "Refresh content controls"),
        ],
        exceptions: [
            "Bars and spinners outside the iOS family (macOS, Android, the web, Ubuntu Touch) may be either "
                + "determinate or indeterminate.",
            "With no platform (neither in the spec nor in the config) only the refresh-control clause runs.",
            "Only the indicator's own `determinate` is checked; `becomes` states are left to `never-backwards` "
                + "and `no-style-switch`.",
        ],
        reads: ["style", "determinate"],
        asks: [.change("determinate")],
        triggeringExamples: [
            RuleExample("""
                platform: ios
                screen: Upload photos
                indicators:
                  - ↓id: upload
                    style: bar
                    label: Uploading 12 photos
                """, note: "`determinate` is false by default: reported at the indicator"),
            RuleExample("""
                platform: ipados
                screen: Upload photos
                indicators:
                  - id: upload
                    style: bar
                    determinate: ↓false
                """),
            RuleExample("""
                platform: watchos
                screen: Workout sync
                indicators:
                  - id: sync
                    style: spinner
                    determinate: ↓true
                """),
            RuleExample("""
                platform: android
                screen: Inbox
                indicators:
                  - id: refresh
                    style: refresh-control
                    determinate: ↓true
                    auto-refresh: 15m
                """, note: "refresh controls are never determinate, on any platform"),
            RuleExample("""
                screen: Inbox
                indicators:
                  - id: refresh
                    style: refresh-control
                    determinate: ↓true
                    auto-refresh: 15m
                """, note: "no platform known: the refresh-control clause still runs"),
        ],
        nonTriggeringExamples: [
            RuleExample("""
                platform: ios
                screen: Upload photos
                indicators:
                  - id: upload
                    style: bar
                    determinate: true
                  - id: thumbnails
                    style: spinner
                  - id: refresh
                    style: refresh-control
                    auto-refresh: 5m
                """),
            RuleExample("""
                platform: macos
                screen: Export
                indicators:
                  - id: export
                    style: bar
                  - id: render
                    style: spinner
                    determinate: true
                """, note: "macOS has determinate and indeterminate bars and spinners"),
            RuleExample("""
                screen: Export
                indicators:
                  - id: export
                    style: bar
                """, note: "no platform known: the iOS-family clause does not run"),
        ])

    public init() {}

    public func check(_ indicator: Indicator, context: RuleContext) -> [Violation] {
        guard let style = indicator.style?.value else { return [] }
        // Made only for a finding: most indicators have none.
        func subject() -> String { context.subject(indicator) }
        let at = indicator.determinate?.node ?? indicator.node
        switch style {
        case .refreshControl:
            guard indicator.isDeterminate else { return [] }
            return [context.violation(indicator, at: at,
                "\(subject()) is a refresh control with `determinate: true`, but a refresh control only shows that "
                + "a reload is under way; remove `determinate: true`")]
        case .bar:
            guard context.isIOSFamily, let platform = context.platform, !indicator.isDeterminate else { return [] }
            let written = indicator.determinate == nil ? "`determinate` is false by default" : "`determinate: false`"
            return [context.violation(indicator, at: at,
                "\(subject()) is an indeterminate bar (\(written)), but on \(platform.rawValue) bars are always "
                + "determinate; set `determinate: true`, or use `style: spinner` while the amount of work is unknown")]
        case .spinner:
            guard context.isIOSFamily, let platform = context.platform, indicator.isDeterminate else { return [] }
            return [context.violation(indicator, at: at,
                "\(subject()) is a determinate spinner (`determinate: true`), but on \(platform.rawValue) spinners "
                + "are always indeterminate; remove `determinate: true`, or use `style: bar` to show how much is done")]
        }
    }
}
