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
            let asks: [Ask] = [.remove("determinate")]
            let (more, followUps) = Advice.withIt(asks, on: indicator, context: context, rule: Self.description.id)
            return [context.violation(indicator, at: at,
                "\(subject()) is a refresh control with `determinate: true`, but a refresh control only shows that "
                + "a reload is under way; remove `determinate: true`\(more)", asks: asks + followUps)]
        case .bar:
            guard context.isIOSFamily, let platform = context.platform, !indicator.isDeterminate else { return [] }
            let written = indicator.determinate == nil ? "`determinate` is false by default" : "`determinate: false`"
            var asks: [Ask] = [.set("determinate", to: "true")]
            if indicator.updatesEvery.map({ $0.value > context.thresholds.updatesEveryMax }) ?? true {
                asks.append(.set("updates-every", to: Phrase.updateInterval(context).description))
            }
            let (more, followUps) = Advice.withIt(asks, on: indicator, context: context, rule: Self.description.id)
            return [context.violation(indicator, at: at,
                "\(subject()) is an indeterminate bar (\(written)), but on \(Phrase.platform(platform)) bars are always "
                + "determinate; \(Advice.phrase(asks)), updated as the work goes\(more)", asks: asks + followUps)]
        case .spinner:
            guard context.isIOSFamily, let platform = context.platform, indicator.isDeterminate else { return [] }
            // A long wait needs determinate progress (`long-wait-needs-determinate`), which on this
            // platform only a bar can show; a short one can simply spin.
            let long = indicator.maxDuration.map { $0 >= context.thresholds.attention } ?? false
            var asks: [Ask]
            let how: String
            if long {
                asks = [.set("style", to: "bar")]
                if let component = indicator.knownComponent, !component.styles.contains(.bar),
                   let other = ComponentMismatch.alternative(to: component, style: .bar, determinate: true,
                                                            platform: context.platform) {
                    asks.append(.set("component", to: other.rawValue))
                }
                if indicator.updatesEvery.map({ $0.value > context.thresholds.updatesEveryMax }) ?? true {
                    asks.append(.set("updates-every", to: Phrase.updateInterval(context).description))
                }
                how = "the wait is long enough to show how much is done, so make it a bar: \(Advice.phrase(asks))"
            } else {
                asks = [.remove("determinate")]
                how = "remove `determinate: true`"
            }
            let (more, followUps) = Advice.withIt(asks, on: indicator, context: context, rule: Self.description.id)
            return [context.violation(indicator, at: at,
                "\(subject()) is a determinate spinner (`determinate: true`), but on \(Phrase.platform(platform)) spinners "
                + "are always indeterminate; \(how)\(more)", asks: asks + followUps)]
        }
    }
}
