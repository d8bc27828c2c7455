import ProgressLintSpec
import ProgressLintYAML

/// What a dashboard draws of one screen: its effective thresholds and each indicator's timing
/// (the `screens[]` of the JSON report, the timelines of the HTML one). Made by the engine from
/// the spec model while the file's nodes are still there; kept by the runner in a
/// ``ScreenTimingList`` on disk.
public struct ScreenTiming: Hashable, Sendable {
    /// The file, as displayed.
    public var path: String
    /// `screen` as written, or nil when the screen has no name.
    public var screen: String?
    /// Which document of the file it is (0-based, empty documents counted).
    public var documentIndex: Int
    /// The effective platform (the spec's, else the configuration's), or nil.
    public var platform: String?
    /// The thresholds of the configuration that applies to the file.
    public var thresholds: Thresholds
    /// The indicators, in the order written.
    public var indicators: [IndicatorTiming]

    /// Creates a screen's timing.
    public init(path: String, screen: String?, documentIndex: Int, platform: String?, thresholds: Thresholds,
                indicators: [IndicatorTiming]) {
        self.path = path
        self.screen = screen
        self.documentIndex = documentIndex
        self.platform = platform
        self.thresholds = thresholds
        self.indicators = indicators
    }

    /// The timing of `screen`, decoded from `document`, under `configuration`.
    public init(_ screen: Screen, path: String, platform: Platform?, configuration: Configuration,
                document: YAMLDocument) {
        self.init(path: path, screen: screen.name?.value, documentIndex: screen.documentIndex,
                  platform: platform?.rawValue, thresholds: configuration.thresholds,
                  indicators: screen.indicators.map { IndicatorTiming($0, document: document) })
    }
}

/// One indicator's timing: what is known of its work's duration, when it appears, its phases
/// and the states it `becomes`.
public struct IndicatorTiming: Hashable, Sendable {
    /// `id`, if written.
    public var id: String?
    /// The line of the indicator's mapping (1-based), and its last line.
    public var line: Int
    public var endLine: Int
    /// `style`, if written.
    public var style: String?
    /// Whether it is determinate (`determinate`, default false).
    public var determinate: Bool
    /// `component`, if written.
    public var component: String?
    /// The effective `presentation` and `location`.
    public var presentation: String
    public var location: String
    /// `show-after` in milliseconds, if written.
    public var showAfterMs: Double?
    /// `duration`: its bounds in milliseconds, or nil when `unknown` (the default).
    public var durationMinMs: Double?
    public var durationMaxMs: Double?
    /// `phases`, in order.
    public var phases: [PhaseTiming]
    /// `becomes`, in order.
    public var becomes: [BecomesTiming]

    /// Whether the duration is `unknown`.
    public var durationUnknown: Bool { durationMaxMs == nil }

    /// Creates an indicator's timing.
    public init(id: String?, line: Int, endLine: Int, style: String?, determinate: Bool, component: String?,
                presentation: String, location: String, showAfterMs: Double?, durationMinMs: Double?,
                durationMaxMs: Double?, phases: [PhaseTiming], becomes: [BecomesTiming]) {
        self.id = id
        self.line = line
        self.endLine = endLine
        self.style = style
        self.determinate = determinate
        self.component = component
        self.presentation = presentation
        self.location = location
        self.showAfterMs = showAfterMs
        self.durationMinMs = durationMinMs
        self.durationMaxMs = durationMaxMs
        self.phases = phases
        self.becomes = becomes
    }

    /// The timing of `indicator`, its lines read from `document`.
    public init(_ indicator: Indicator, document: YAMLDocument) {
        let range = document[indicator.node].range
        var minMs: Double?, maxMs: Double?
        if case .range(let lower, let upper) = indicator.expectedDuration {
            (minMs, maxMs) = (lower.milliseconds, upper.milliseconds)
        }
        self.init(
            id: indicator.id?.value, line: range.start.line, endLine: Swift.max(range.start.line, range.end.line),
            style: indicator.style?.value.rawValue, determinate: indicator.isDeterminate,
            component: indicator.component?.value, presentation: indicator.effectivePresentation.rawValue,
            location: indicator.effectiveLocation.rawValue, showAfterMs: indicator.showAfter?.value.milliseconds,
            durationMinMs: minMs, durationMaxMs: maxMs,
            phases: (indicator.phases?.value ?? []).map {
                PhaseTiming(name: $0.name?.value, share: $0.share?.value, durationMs: $0.duration?.value.milliseconds)
            },
            becomes: (indicator.becomes?.value ?? []).map {
                BecomesTiming(when: $0.when?.value, determinate: $0.determinate?.value, style: $0.style?.value.rawValue)
            })
    }
}

/// One of `phases`: its name, share and duration as written.
public struct PhaseTiming: Hashable, Sendable {
    public var name: String?
    public var share: Double?
    public var durationMs: Double?

    /// Creates a phase.
    public init(name: String?, share: Double?, durationMs: Double?) {
        self.name = name
        self.share = share
        self.durationMs = durationMs
    }
}

/// One of `becomes`: when, and what the indicator is then.
public struct BecomesTiming: Hashable, Sendable {
    public var when: String?
    public var determinate: Bool?
    public var style: String?

    /// Creates a state.
    public init(when: String?, determinate: Bool?, style: String?) {
        self.when = when
        self.determinate = determinate
        self.style = style
    }
}
