import ProgressLintEngine
import ProgressLintSpec

/// `component-mismatch`: a known platform component used against its nature or on another platform.
public struct ComponentMismatch: IndicatorRule {
    public static let description = RuleDescription(
        id: "component-mismatch",
        name: "Component matches the indicator",
        category: .platform,
        defaultSeverity: .error,
        summary: """
            A known `component` whose nature does not match the indicator: a `style` it cannot take (e.g. \
            `UIActivityIndicatorView` as a bar, `UIRefreshControl` as anything but a refresh control), a \
            `determinate` it cannot show (e.g. `UIProgressView` indeterminate), or a `platform` it does not \
            exist on (e.g. `UIProgressView` on `android`).
            """,
        rationale: """
            Platform components come with a fixed shape and behaviour: on iOS the progress view is a track that \
            always fills, the activity indicator only spins and never measures, and the refresh control is \
            the pull-to-reload spinner of a list. A spec that asks one of them to be something else describes \
            a screen that cannot be built as written; whoever implements it will either silently pick another \
            component or bend this one into a shape people do not recognise. A component that does not exist \
            on the screen's platform points to a copied spec that was never adapted. Name the component that \
            really fits, or change the indicator to match the component.
            """,
        sources: [
            SourceReference(.appleHumanInterfaceGuidelines, section: "iOS, iPadOS"),
            SourceReference(.appleHumanInterfaceGuidelines, section: "Refresh content controls"),
            SourceReference(.appleHumanInterfaceGuidelines, section: "macOS"),
        ],
        exceptions: [
            "Custom components (any `component` not in the spec format's table, or none) are not checked; a "
                + "wrapper declared under `components:` in the config is checked as the known component it stands for.",
            "The platform is checked only when one is known (in the spec or the config).",
            "Components that can be a bar or a spinner, determinate or not (`ProgressView`, "
                + "`NSProgressIndicator`, `ProgressBar`, `progress`), are checked for platform and for "
                + "`refresh-control` only.",
            "One diagnostic per indicator, at `component`, naming every mismatch.",
        ],
        reads: ["component", "style", "determinate"],
        asks: [.change("component")],
        triggeringExamples: [
            RuleExample("""
                platform: ios
                screen: Upload photos
                indicators:
                  - id: upload
                    style: bar
                    determinate: true
                    component: ↓UIActivityIndicatorView
                """, note: "an activity indicator is a spinner and never determinate"),
            RuleExample("""
                platform: android
                screen: Upload photos
                indicators:
                  - id: upload
                    style: spinner
                    component: ↓UIProgressView
                """, note: "wrong style, wrong determinacy and wrong platform: one diagnostic naming all three"),
            RuleExample("""
                screen: Upload photos
                indicators:
                  - id: upload
                    style: bar
                    component: ↓UIProgressView
                """, note: "a progress view is always determinate; no platform needed for that"),
            RuleExample("""
                platform: ios
                screen: Inbox
                indicators:
                  - id: refresh
                    style: spinner
                    component: ↓UIRefreshControl
                """),
            RuleExample("""
                platform: web
                screen: Export
                indicators:
                  - id: export
                    style: bar
                    determinate: true
                    component: ↓"ProgressView"
                """, note: "SwiftUI's ProgressView does not exist on the web"),
            RuleExample("""
                platform: ios
                screen: Upload photos
                indicators:
                  - id: upload
                    style: spinner
                    component: ↓BrandProgressBar
                """, config: "components: {BrandProgressBar: UIProgressView}",
                note: "a wrapper declared under `components:` is checked as the component it stands for"),
        ],
        nonTriggeringExamples: [
            RuleExample("""
                platform: ios
                screen: Upload photos
                indicators:
                  - id: upload
                    style: bar
                    determinate: true
                    component: UIProgressView
                  - id: thumbnails
                    style: spinner
                    component: UIActivityIndicatorView
                  - id: refresh
                    style: refresh-control
                    component: UIRefreshControl
                    auto-refresh: 5m
                """),
            RuleExample("""
                screen: Upload photos
                indicators:
                  - id: upload
                    style: bar
                    determinate: true
                    component: UIProgressView
                """, note: "no platform known: only style and determinacy are checked"),
            RuleExample("""
                platform: android
                screen: Upload photos
                indicators:
                  - id: upload
                    style: spinner
                    component: MyUploadSpinner
                """, note: "a custom component"),
            RuleExample("""
                platform: macos
                screen: Export
                indicators:
                  - id: export
                    style: spinner
                    determinate: true
                    component: NSProgressIndicator
                """),
        ])

    public init() {}

    public func check(_ indicator: Indicator, context: RuleContext) -> [Violation] {
        guard let written = indicator.component, let component = indicator.knownComponent else { return [] }
        let known = Self.table[component.ordinal]
        var mismatches: [String] = []
        let style = indicator.style?.value
        if let style, known.styles & Self.bit(style, among: Self.styleCases) == 0 {
            let allowed = IndicatorStyle.allCases.filter(component.styles.contains).map(Self.noun)
            mismatches.append("is \(allowed.joined(separator: " or ")), not \(Self.noun(style))")
        }
        switch component.determinacy {
        case .never where indicator.isDeterminate:
            mismatches.append("is never determinate, not `determinate: true`")
        case .always where !indicator.isDeterminate:
            let how = indicator.determinate == nil ? "indeterminate by default" : "`determinate: false`"
            mismatches.append("is always determinate, not \(how)")
        default:
            break
        }
        if let platform = context.platform, known.platforms & Self.bit(platform, among: Self.platformCases) == 0 {
            let platforms = Platform.allCases.filter(component.platforms.contains).map(Phrase.platform)
            mismatches.append("exists on \(platforms.joined(separator: ", ")), not \(Phrase.platform(platform))")
        }
        guard !mismatches.isEmpty else { return [] }
        var list = mismatches[0]
        for (index, part) in mismatches.enumerated().dropFirst() {
            list += index == mismatches.count - 1 ? ", and \(part)" : ", \(part)"
        }
        // A wrapper declared under `components:` is named as written, with what it stands for.
        let name = Phrase.component(indicator, component, quoted: true)
        let match = indicator.wrapperName.map { "`\($0.clippedForMessage)`" } ?? "`\(component.rawValue)`"
        let fix: String
        var asks: [Ask] = [.change("component")]
        var more = ""
        // Where a long wait must become a determinate bar (`long-wait-needs-determinate`), the
        // component is the one that advice names, so the two agree.
        let longWait = !Advice.simulating && !LongWaitNeedsDeterminate().check(indicator, context: context).isEmpty
        let plan = longWait ? LongWaitNeedsDeterminate.determinate(indicator, context: context) : nil
        // A long determinate spinner in the iOS family is to become a bar (`style-determinacy`).
        let becomesBar = context.isIOSFamily && style == .spinner && indicator.isDeterminate
            && (indicator.maxDuration.map { $0 >= context.thresholds.attention } ?? false)
        if let plan, plan.asks.contains(where: { $0.key == "component" }) {
            let (with, followUps) = Advice.withIt(plan.asks, on: indicator, context: context, rule: Self.description.id)
            asks = plan.asks + followUps
            more = with
            fix = "make it a determinate bar with a component that can be one: \(Advice.phrase(plan.asks))"
        } else if let other = Self.alternative(to: component, style: becomesBar ? .bar : style,
                                               determinate: indicator.isDeterminate, platform: context.platform,
                                               gauge: indicator.purpose?.value == .gauge) {
            asks = becomesBar ? [.set("style", to: "bar"), .set("component", to: other.rawValue)]
                : [.set("component", to: other.rawValue)]
            let (with, followUps) = Advice.withIt(asks, on: indicator, context: context, rule: Self.description.id)
            asks += followUps
            more = with
            fix = becomesBar
                ? "a determinate wait this long is a bar there, so \(Advice.phrase(Array(asks.prefix(2))))"
                : "use `component: \(other.rawValue)`, or change the indicator to match \(match)"
        } else {
            fix = "use a component made for this indicator, or change the indicator to match \(match)"
        }
        let uses = indicator.wrapperName == nil ? "`component: \(component.rawValue)`" : name
        return [context.violation(indicator, at: written.node,
            "\(context.subject(indicator)) uses \(uses), but \(component.rawValue) \(list); \(fix)\(more)", asks: asks)]
    }

    /// Each component's ``KnownComponent/styles`` and ``KnownComponent/platforms`` as bits (by
    /// their place in `allCases`), by the component's place in the table, made once: a `Set` of
    /// these enums hashes their raw texts, which cost more than the rest of the check.
    private static let table: [(styles: UInt64, platforms: UInt64)] = KnownComponent.allCases.map { component in
        (component.styles.reduce(0) { $0 | bit($1, among: styleCases) },
         component.platforms.reduce(0) { $0 | bit($1, among: platformCases) })
    }
    private static let styleCases = IndicatorStyle.allCases
    private static let platformCases = Platform.allCases

    /// `value`'s bit: its place among `cases` (made once; `allCases` makes an array per call).
    private static func bit<Value: Equatable>(_ value: Value, among cases: [Value]) -> UInt64 {
        cases.firstIndex(of: value).map { 1 << UInt64(min($0, 63)) } ?? 0
    }

    /// `a bar`, `a spinner`, `a refresh control`.
    static func noun(_ style: IndicatorStyle) -> String {
        switch style {
        case .bar: return "a bar"
        case .spinner: return "a spinner"
        case .refreshControl: return "a refresh control"
        }
    }

    /// What `component-mismatch` says of `indicator`: whether it fires, and the component it asks
    /// for (nil when it names none). Rules that suggest a component call it, so they agree with it.
    static func suggestion(for indicator: Indicator, context: RuleContext) -> (fires: Bool, component: String?) {
        guard let finding = ComponentMismatch().check(indicator, context: context).first else { return (false, nil) }
        for ask in finding.asks ?? [] {
            if case .set("component", let value) = ask { return (true, value) }
        }
        return (true, nil)
    }

    /// The first component of the table that fits the indicator, on its platform (or, with no platform, on one
    /// of the platforms of the component it replaces).
    static func alternative(to component: KnownComponent, style: IndicatorStyle?, determinate: Bool,
                            platform: Platform?, gauge: Bool = false) -> KnownComponent? {
        guard let style else { return nil }
        let platforms: Set<Platform> = platform.map { [$0] } ?? component.platforms
        // A determinate gauge's component is `meter` wherever one can be drawn (`only-task-progress` asks for it).
        let meter = KnownComponent.htmlMeter
        if gauge, determinate, component != meter, meter.styles.contains(style), !meter.platforms.isDisjoint(with: platforms) {
            return meter
        }
        return KnownComponent.allCases.first { candidate in
            // `meter` is a gauge: never offered for an indicator that may show a task's progress.
            guard candidate != component, candidate != .htmlMeter, candidate.styles.contains(style),
                  !candidate.platforms.isDisjoint(with: platforms) else { return false }
            switch candidate.determinacy {
            case .never: return !determinate
            case .always: return determinate
            case .either: return true
            }
        }
    }
}
