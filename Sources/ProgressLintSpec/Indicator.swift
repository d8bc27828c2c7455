import ProgressLintYAML

/// One progress indicator of a screen, as written. Keys that are absent or
/// invalid are nil; the computed properties apply the spec's defaults.
public struct Indicator: Sendable {
    /// The indicator's mapping (the `- id: …` line).
    public var node: NodeID

    public var id: Located<String>?
    public var style: Located<IndicatorStyle>?
    public var determinate: Located<Bool>?
    public var component: Located<String>? {
        get { storedComponent }
        // `known` is kept in step with `component` however it is set (the decoder, a rule, a test).
        set {
            storedComponent = newValue
            known = newValue.flatMap { KnownComponent.named($0.value) }
        }
    }
    private var storedComponent: Located<String>?
    /// Sets `component` and `known`, which the decoder has looked up from the value's bytes (and
    /// the config's `components:`).
    mutating func setComponent(_ component: Located<String>?, known: KnownComponent?) {
        storedComponent = component
        self.known = known
    }
    /// `knownComponent`, looked up once each time `component` is set rather than on each read.
    private var known: KnownComponent?
    public var task: Located<String>?
    public var purpose: Located<Purpose>?
    public var duration: Located<ExpectedDuration>?
    public var showAfter: Located<Duration>?
    /// `min-display`: once shown, it stays at least this long (revision 1.3).
    public var minDisplay: Located<Duration>?
    public var presentation: Located<Presentation>?
    public var otherActions: Located<OtherActions>?
    public var userInitiated: Located<Bool>?
    public var location: Located<Location>?
    /// `per-item`: repeated on each item of a list or grid (revision 1.3).
    public var perItem: Located<Bool>?
    public var track: Located<Track>?
    public var label: Located<String>?
    public var accessibility: Located<Accessibility>?
    public var reduceMotion: Located<ReduceMotion>?
    public var cancel: Located<Cancel>?
    public var close: Located<Bool>?
    public var pause: Located<Bool>?
    public var updatesEvery: Located<Duration>?
    public var phases: Located<[Phase]>?
    public var onTotalChange: Located<TotalChange>?
    public var failure: Located<Failure>?
    public var stall: Located<Stall>?
    public var becomes: Located<[BecomesState]>?
    public var title: Located<String>?
    public var autoRefresh: Located<AutoRefresh>?
    /// The keys (dotted paths such as `duration` or `accessibility.announce.start`) whose value
    /// was invalid and left out, and required keys that are missing; `spec-schema` reports them,
    /// and rules that read them do not judge the indicator.
    public var invalidKeys: Set<String> = []

    /// Creates an indicator with no keys at a node.
    public init(node: NodeID) { self.node = node }

    /// The id to use in messages.
    public var displayID: String { id?.value.clippedForMessage ?? "(no id)" }

    /// `determinate`, default false.
    public var isDeterminate: Bool { determinate?.value ?? false }
    /// `presentation` is overlay or full-screen.
    public var isObstructive: Bool { presentation?.value.isObstructive ?? false }
    /// `presentation` is inline or card (the default).
    public var isParallel: Bool { !isObstructive }
    /// `user-initiated`, default true.
    public var isUserInitiated: Bool { userInitiated?.value ?? true }
    /// `duration`, default unknown.
    public var expectedDuration: ExpectedDuration { duration?.value ?? .unknown }
    /// The upper bound of the expected duration, nil when unknown.
    public var maxDuration: Duration? { expectedDuration.max }
    /// `presentation`, default inline.
    public var effectivePresentation: Presentation { presentation?.value ?? .inline }
    /// `location`, default content.
    public var effectiveLocation: Location { location?.value ?? .content }
    /// `purpose`, default task-progress.
    public var effectivePurpose: Purpose { purpose?.value ?? .taskProgress }
    /// A Cancel action is offered.
    public var hasCancel: Bool { cancel?.value.isOffered ?? false }
    /// A Close action is offered.
    public var hasClose: Bool { close?.value ?? false }
    /// `per-item`, default false.
    public var isPerItem: Bool { perItem?.value ?? false }
    /// A Pause action is offered.
    public var hasPause: Bool { pause?.value ?? false }
    /// The known platform component it is built from, nil for a custom one. A wrapper declared
    /// under the config's `components:` is the known component it stands for.
    public var knownComponent: KnownComponent? { known }
    /// The name written in `component` when it is a wrapper declared under the config's
    /// `components:` (`BrandProgressBar`, read as ``knownComponent``); nil otherwise.
    public var wrapperName: String? {
        guard let known, let written = storedComponent?.value, written != known.rawValue else { return nil }
        return written
    }
    /// Whether it animates: a spinner, a refresh control, or an indeterminate bar.
    public var isAnimated: Bool {
        switch style?.value {
        case .spinner?, .refreshControl?: return true
        case .bar?: return !isDeterminate
        case nil: return false
        }
    }
}

/// `accessibility`: screen-reader behaviour.
public struct Accessibility: Sendable {
    public var label: Located<String>?
    public var focus: Located<Focus>?
    public var focusAfter: Located<FocusAfter>?
    public var announce: Located<Announce>?
    public init() {}
}

/// `accessibility.announce`.
public struct Announce: Sendable {
    public var start: Located<String>?
    public var completion: Located<String>?
    public var progressEvery: Located<Duration>?
    public var repeatEvery: Located<Duration>?
    public init() {}
}

/// `reduce-motion`: what replaces the animation when Reduce Motion is on.
public enum ReduceMotion: Sendable {
    /// `reduce-motion: stop-animation`.
    case stopAnimation
    /// `reduce-motion: none`.
    case none
    /// A mapping with replacement text.
    case fallback(ReduceMotionFallback)
}

/// `reduce-motion` as a mapping.
public struct ReduceMotionFallback: Sendable {
    public var replaceWith: Located<String>?
    public var followUp: Located<String>?
    public var followUpAfter: Located<Duration>?
    public init() {}
}

/// `cancel`: `true`/`false` or a mapping.
public struct Cancel: Sendable {
    /// False only for `cancel: false`.
    public var isOffered: Bool
    public var label: Located<String>?
    public var discardsProgress: Located<Bool>?
    public var confirm: Located<Bool>?
    public init(isOffered: Bool) { self.isOffered = isOffered }
}

/// One entry of `phases`.
public struct Phase: Sendable {
    /// The phase's node (a mapping).
    public var node: NodeID
    public var name: Located<String>?
    public var share: Located<Double>?
    public var duration: Located<Duration>?
    public var verifies: Located<Bool>?
    public init(node: NodeID) { self.node = node }
}

/// `failure`.
public struct Failure: Sendable {
    public var fills: Located<Bool>?
    public var message: Located<String>?
    public var retry: Located<Bool>?
    public init() {}
}

/// `stall`.
public struct Stall: Sendable {
    public var after: Located<Duration>?
    public var message: Located<String>?
    public var retry: Located<Bool>?
    public init() {}
}

/// One entry of `becomes`.
public struct BecomesState: Sendable {
    /// The state's node (a mapping).
    public var node: NodeID
    public var when: Located<String>?
    public var style: Located<IndicatorStyle>?
    public var determinate: Located<Bool>?
    public init(node: NodeID) { self.node = node }
}

/// `auto-refresh`: a duration, or `false`.
public enum AutoRefresh: Hashable, Sendable {
    case disabled
    case every(Duration)
}
