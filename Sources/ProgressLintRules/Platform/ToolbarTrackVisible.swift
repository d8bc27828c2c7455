import ProgressLintEngine
import ProgressLintSpec

/// `toolbar-track-visible`: an iOS-family bar placed in the navigation bar or a toolbar that draws its empty track.
public struct ToolbarTrackVisible: IndicatorRule {
    public static let description = RuleDescription(
        id: "toolbar-track-visible",
        name: "Hide the track in bars and toolbars",
        category: .platform,
        defaultSeverity: .warning,
        summary: """
            In the iOS family, a `style: bar` with `location: navigation-bar` or `location: toolbar` whose \
            `track` is not `hidden` (it is `visible` by default).
            """,
        rationale: """
            A navigation bar or toolbar is a thin strip that already has its own background and edge. A \
            progress bar laid across it, such as the one that shows a web page loading, reads best as a fill \
            line alone; drawing the unfilled part of the track as well adds a second bar that competes with \
            the chrome and makes the strip look cluttered or doubled. For iOS and iPadOS, Apple recommends \
            leaving the empty part of the track out in these places.
            """,
        sources: [SourceReference(.appleHumanInterfaceGuidelines, section: "iOS, iPadOS")],
        exceptions: [
            "Bars drawn in the content, below their trigger or in the status bar.",
            "Spinners and refresh controls, which have no track.",
            "Platforms outside the iOS family, and specs with no known platform.",
        ],
        reads: ["style", "location", "track"],
        asks: [.set("track", to: "hidden")],
        fix: FixDescription(.safe, """
            sets `track: hidden`. Only the look of the bar changes: the fill that shows the progress stays, and \
            nothing the person can do or learn is different.
            """),
        triggeringExamples: [
            RuleExample("""
                platform: ios
                screen: Browser
                indicators:
                  - ↓id: page-load
                    style: bar
                    determinate: true
                    location: navigation-bar
                """, note: "the track is visible by default: reported at the indicator"),
            RuleExample("""
                platform: ipados
                screen: Documents
                indicators:
                  - id: sync
                    style: bar
                    determinate: true
                    location: toolbar
                    track: ↓visible
                """),
        ],
        nonTriggeringExamples: [
            RuleExample("""
                platform: ios
                screen: Browser
                indicators:
                  - id: page-load
                    style: bar
                    determinate: true
                    location: navigation-bar
                    track: hidden
                """),
            RuleExample("""
                platform: ios
                screen: Upload photos
                indicators:
                  - id: upload
                    style: bar
                    determinate: true
                    track: visible
                """, note: "in the content the track helps show how much is left"),
            RuleExample("""
                platform: macos
                screen: Browser
                indicators:
                  - id: page-load
                    style: bar
                    determinate: true
                    location: toolbar
                """, note: "not the iOS family"),
            RuleExample("""
                screen: Browser
                indicators:
                  - id: page-load
                    style: bar
                    determinate: true
                    location: toolbar
                """, note: "no platform known"),
        ])

    public init() {}

    public func check(_ indicator: Indicator, context: RuleContext) -> [Violation] {
        guard context.isIOSFamily, indicator.style?.value == .bar,
              let location = indicator.location, location.value == .navigationBar || location.value == .toolbar
        else { return [] }
        if indicator.track?.value == .hidden { return [] }
        let written = indicator.track == nil ? "`track` is visible by default" : "`track: visible`"
        return [context.violation(indicator, at: indicator.track?.node ?? indicator.node,
            "\(context.subject(indicator)) is a bar in `location: \(location.value.rawValue)` that draws its unfilled "
            + "track (\(written)); set `track: hidden` so only the filled part shows", asks: [.set("track", to: "hidden")],
            fix: FixProposal(.safe, "set `track: hidden`", [.set(path: ["track"], to: .token("hidden"), in: indicator.node)]))]
    }
}
