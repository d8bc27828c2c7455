import ProgressLintSpec
import ProgressLintYAML

/// One indicator's timing: what is known of its work's duration, when it appears, its phases
/// and the states it `becomes`.
public struct IndicatorTiming: Hashable, Sendable {
    /// `id`, if written.
    public var id: String?
    /// The line of the indicator's mapping (1-based).
    public var line: Int
    /// The last line of the indicator's mapping.
    public var endLine: Int
    /// `style`, if written.
    public var style: String?
    /// Whether it is determinate (`determinate`, default false).
    public var determinate: Bool
    /// `component`, if written.
    public var component: String?
    /// The effective `presentation`.
    public var presentation: String
    /// The effective `location`.
    public var location: String
    /// `show-after` in milliseconds, if written.
    public var showAfterMs: Double?
    /// `duration`'s lower bound in milliseconds, or nil when `unknown` (the default).
    public var durationMinMs: Double?
    /// `duration`'s upper bound in milliseconds, or nil when `unknown`.
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
