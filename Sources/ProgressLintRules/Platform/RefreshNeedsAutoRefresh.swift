import ProgressLintEngine
import ProgressLintSpec

/// `refresh-needs-auto-refresh`: a refresh control is the only way the content gets fresh.
public struct RefreshNeedsAutoRefresh: IndicatorRule {
    public static let description = RuleDescription(
        id: "refresh-needs-auto-refresh",
        name: "Refresh control needs automatic refresh",
        category: .platform,
        defaultSeverity: .warning,
        summary: """
            A `style: refresh-control` with no `auto-refresh`, or with `auto-refresh: false`.
            """,
        rationale: """
            A pull-to-refresh control is a shortcut for people who want new content right now; it is not \
            meant to be the only way content is ever updated. When nothing refreshes on its own, people have \
            to remember to pull every time they come back, and stale data looks like current data. Refresh \
            the content periodically by itself (`auto-refresh: 5m`, say) and keep the control for the \
            moments when someone does not want to wait for the next update.
            """,
        sources: [SourceReference(.appleHumanInterfaceGuidelines, section: "Refresh content controls")],
        exceptions: [
            "Bars and spinners: they show work, not a way to reload.",
            "It runs on every platform, whether or not one is known.",
        ],
        reads: ["style", "auto-refresh"],
        asks: [.add("auto-refresh")],
        triggeringExamples: [
            RuleExample("""
                platform: ios
                screen: Inbox
                indicators:
                  - ↓id: refresh
                    style: refresh-control
                    component: UIRefreshControl
                """, note: "no `auto-refresh`: reported at the indicator"),
            RuleExample("""
                platform: android
                screen: News
                indicators:
                  - id: refresh
                    style: refresh-control
                    auto-refresh: ↓false
                """),
        ],
        nonTriggeringExamples: [
            RuleExample("""
                platform: ios
                screen: Inbox
                indicators:
                  - id: refresh
                    style: refresh-control
                    component: UIRefreshControl
                    auto-refresh: 5m
                """),
            RuleExample("""
                screen: Inbox
                indicators:
                  - id: sync
                    style: spinner
                """, note: "not a refresh control"),
        ])

    public init() {}

    public func check(_ indicator: Indicator, context: RuleContext) -> [Violation] {
        guard indicator.style?.value == .refreshControl else { return [] }
        switch indicator.autoRefresh?.value {
        case .every?:
            return []
        case .disabled?:
            return [context.violation(indicator, at: indicator.autoRefresh!.node,
                "\(context.subject(indicator)) is a refresh control with `auto-refresh: false`, so the content is "
                + "updated only when someone pulls; refresh it by itself too, e.g. `auto-refresh: 5m`",
                asks: [.set("auto-refresh", to: "5m")])]
        case nil:
            return [context.violation(indicator, at: indicator.node,
                "\(context.subject(indicator)) is a refresh control with no `auto-refresh`, so the content is "
                + "updated only when someone pulls; refresh it by itself too, e.g. `auto-refresh: 5m`",
                asks: [.set("auto-refresh", to: "5m")])]
        }
    }
}
