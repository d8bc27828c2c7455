import ProgressLintSupport

/// The spec format's key table: every key of every mapping, spelled once, with its type, default,
/// allowed values and meaning; the decoder, the JSON Schema and docs/spec-format.md's tables read it.
public protocol SpecKeySet: RawRepresentable, CaseIterable, Sendable where RawValue == String {
    /// The key's type, default and meaning.
    var info: SpecKeyInfo { get }
}

/// One key's type, default and meaning.
public struct SpecKeyInfo: Sendable {
    /// What the key's value is.
    public var type: SpecValueType
    /// Whether the key must be written.
    public var isRequired: Bool
    /// The value that applies when the key is absent (as written in a spec), nil when none does.
    public var defaultValue: String?
    /// What the key means, lower-case, no trailing period.
    public var doc: String
    /// Names people write for this key out of habit from a platform or another tool (`type` for
    /// `style`, `aria-label` for `accessibility.label`): an unknown key written so is answered with
    /// "did you mean" this key, where spelling alone would not find it.
    public var alsoWritten: [String] = []

    /// A key's type, default and meaning.
    public init(_ type: SpecValueType, required: Bool = false, default defaultValue: String? = nil, _ doc: String) {
        self.type = type
        self.isRequired = required
        self.defaultValue = defaultValue
        self.doc = doc
    }

    /// This info, with names people also write for the key.
    public func alsoWritten(_ names: String...) -> SpecKeyInfo {
        var info = self
        info.alsoWritten += names
        return info
    }
}

/// One key of a mapping of the table: its name and its ``SpecKeyInfo``.
public struct SpecKey: Sendable {
    public var name: String
    public var info: SpecKeyInfo

    /// The keys of a mapping, in their enum's order.
    public static func all<K: SpecKeySet>(_: K.Type) -> [SpecKey] {
        K.allCases.map { SpecKey(name: $0.rawValue, info: $0.info) }
    }
}

/// What a key's value is.
public indirect enum SpecValueType: Sendable {
    /// Text a person reads or hears (a number or a bool is taken as text too).
    case text
    /// `true` or `false`.
    case bool
    /// A number with a unit: `250ms`, `3s`, `2m`, `1h`.
    case duration
    /// A duration, a range such as `2s..30s`, or `unknown`.
    case expectedDuration
    /// A number from 0 to 1.
    case fraction
    /// The format's version: `1`.
    case version
    /// One of a closed set (a ``DocumentedSpecEnum``'s raw values), with what each means (`docs`, in the same order).
    case choice([String], docs: [String])
    /// A mapping of its own keys.
    case mapping([SpecKey])
    /// A list of mappings; `item` says what one is.
    case list(item: String, [SpecKey])
    /// The screen's list of indicators (each an ``IndicatorKey`` mapping).
    case indicators
    /// `true`/`false`, or a mapping (described by `mapping`).
    case boolOrMapping(mapping: String, [SpecKey])
    /// One of `keywords`, or a mapping (described by `mapping`).
    case keywordOrMapping([String], mapping: String, [SpecKey])
    /// A duration, or `false`.
    case durationOrFalse

    /// One of the raw values of `E`, in declaration order.
    public static func choice<E: DocumentedSpecEnum>(_: E.Type) -> SpecValueType {
        .choice(E.allCases.map(\.rawValue), docs: E.allCases.map(\.doc))
    }
}

/// The top-level keys of a screen (one YAML document).
public enum ScreenKey: String, SpecKeySet {
    case version, platform, screen, indicators

    public var info: SpecKeyInfo {
        switch self {
        case .version: SpecKeyInfo(.version, "1 is the only version")
        case .platform: SpecKeyInfo(.choice(Platform.self), "the platform the screen runs on")
        case .screen: SpecKeyInfo(.text, required: true, "the screen's name, used in messages")
        case .indicators: SpecKeyInfo(.indicators, required: true, "the screen's progress indicators (may be empty)")
        }
    }
}

/// The keys of an indicator (an item of `indicators`).
public enum IndicatorKey: String, SpecKeySet {
    case id, style, determinate, component, task, purpose, duration
    case showAfter = "show-after"
    case minDisplay = "min-display"
    case presentation
    case otherActions = "other-actions"
    case userInitiated = "user-initiated"
    case location
    case perItem = "per-item"
    case track, label, accessibility
    case reduceMotion = "reduce-motion"
    case cancel, close, pause
    case updatesEvery = "updates-every"
    case phases
    case onTotalChange = "on-total-change"
    case failure, stall, becomes, title
    case autoRefresh = "auto-refresh"

    public var info: SpecKeyInfo {
        switch self {
        case .id: SpecKeyInfo(.text, required: true, "unique within the screen")
        case .style:
            SpecKeyInfo(.choice(IndicatorStyle.self), required: true,
                        "track that fills / circular spinner / pull-to-refresh control")
                .alsoWritten("type", "kind", "variant")
        case .determinate: SpecKeyInfo(.bool, default: "false", "shows how much is done")
        case .component:
            SpecKeyInfo(.text, "the platform component it is built from, e.g. UIProgressView; any other name is custom")
                .alsoWritten("widget", "view", "control")
        case .task:
            SpecKeyInfo(.text, "a short name for the kind of work; indicators with the same task are compared across screens")
        case .purpose: SpecKeyInfo(.choice(Purpose.self), default: "task-progress", "what the indicator stands for")
        case .duration:
            SpecKeyInfo(.expectedDuration, default: "unknown",
                        "how long the work is expected to take: a duration, a range such as 2s..30s, or unknown")
                .alsoWritten("expected-duration", "estimated-duration")
        case .showAfter: SpecKeyInfo(.duration, default: "0s", "delay before the indicator appears").alsoWritten("delay")
        case .minDisplay:
            SpecKeyInfo(.duration, "once shown, the indicator stays at least this long even if the work ends sooner")
                .alsoWritten("min-duration", "minimum-duration")
        case .presentation:
            SpecKeyInfo(.choice(Presentation.self), default: "inline", "overlay and full-screen block the screen")
        case .otherActions:
            SpecKeyInfo(.choice(OtherActions.self), "what the user's other actions would do while the work runs")
        case .userInitiated: SpecKeyInfo(.bool, default: "true", "did the person start this work")
        case .location: SpecKeyInfo(.choice(Location.self), default: "content", "where it is drawn")
        case .perItem:
            SpecKeyInfo(.bool, default: "false",
                        "the indicator is repeated on each item of a list or grid (one per row, card or cell)")
                .alsoWritten("per-row", "each-item")
        case .track:
            SpecKeyInfo(.choice(Track.self), default: "visible", "bars only: whether the unfilled track is drawn")
        case .label: SpecKeyInfo(.text, "visible text shown with the indicator").alsoWritten("text", "caption")
        case .accessibility:
            SpecKeyInfo(.mapping(SpecKey.all(AccessibilityKey.self)), "screen-reader behaviour").alsoWritten("a11y")
        case .reduceMotion:
            SpecKeyInfo(.keywordOrMapping(ReduceMotionKeyword.allCases.map(\.rawValue),
                                          mapping: "text that replaces the animation", SpecKey.all(ReduceMotionKey.self)),
                        "what replaces the animation when Reduce Motion is on")
                .alsoWritten("prefers-reduced-motion")
        case .cancel:
            SpecKeyInfo(.boolOrMapping(mapping: "a Cancel action and how it behaves", SpecKey.all(CancelKey.self)),
                        default: "false", "a Cancel action")
        case .close: SpecKeyInfo(.bool, default: "false", "a Close/Dismiss action that leaves the work running")
        case .pause: SpecKeyInfo(.bool, default: "false", "a Pause action")
        case .updatesEvery: SpecKeyInfo(.duration, "how often a determinate indicator's value is updated")
        case .phases:
            SpecKeyInfo(.list(item: "a phase", SpecKey.all(PhaseKey.self)),
                        "the parts of the work in order and the share of the indicator each fills")
        case .onTotalChange: SpecKeyInfo(.choice(TotalChange.self), "when the total changes mid-way")
        case .failure:
            SpecKeyInfo(.mapping(SpecKey.all(FailureKey.self)), "what the indicator and screen show when the work fails")
        case .stall:
            SpecKeyInfo(.mapping(SpecKey.all(StallKey.self)), "what happens when no progress is made for `after`")
        case .becomes:
            SpecKeyInfo(.list(item: "a later state", SpecKey.all(BecomesKey.self)),
                        "later states of the same indicator, in order")
        case .title: SpecKeyInfo(.text, "refresh controls only: the control's title")
        case .autoRefresh:
            SpecKeyInfo(.durationOrFalse, "refresh controls only: how often the content refreshes by itself, or false")
        }
    }
}

/// The keys of `accessibility`.
public enum AccessibilityKey: String, SpecKeySet {
    case label, focus
    case focusAfter = "focus-after"
    case announce

    public var info: SpecKeyInfo {
        switch self {
        case .label:
            SpecKeyInfo(.text, "the accessibility label / content description")
                .alsoWritten("content-description", "aria-label", "accessibility-label")
        case .focus:
            SpecKeyInfo(.choice(Focus.self), default: "unchanged", "where focus goes when the indicator appears")
        case .focusAfter:
            SpecKeyInfo(.choice(FocusAfter.self), default: "unchanged", "where focus goes when the work ends")
        case .announce: SpecKeyInfo(.mapping(SpecKey.all(AnnounceKey.self)), "announcements")
        }
    }
}

/// The keys of `accessibility.announce`.
public enum AnnounceKey: String, SpecKeySet {
    case start, completion
    case progressEvery = "progress-every"
    case repeatEvery = "repeat-every"

    public var info: SpecKeyInfo {
        switch self {
        case .start: SpecKeyInfo(.text, "announced when it appears")
        case .completion: SpecKeyInfo(.text, "announced when the work ends")
        case .progressEvery: SpecKeyInfo(.duration, "periodic progress announcements")
        case .repeatEvery: SpecKeyInfo(.duration, "the start announcement repeated while it runs")
        }
    }
}

/// `reduce-motion` written as a word rather than a mapping.
public enum ReduceMotionKeyword: String, SpecEnum {
    case stopAnimation = "stop-animation"
    case none
}

/// The keys of `reduce-motion` as a mapping.
public enum ReduceMotionKey: String, SpecKeySet {
    case replaceWith = "replace-with"
    case followUp = "follow-up"
    case followUpAfter = "follow-up-after"

    public var info: SpecKeyInfo {
        switch self {
        case .replaceWith: SpecKeyInfo(.text, "the text shown instead of the animation")
        case .followUp: SpecKeyInfo(.text, "the text that replaces it if the work is still running after follow-up-after")
        case .followUpAfter: SpecKeyInfo(.duration, default: "3s", "when follow-up replaces replace-with")
        }
    }
}

/// The keys of `cancel` as a mapping.
public enum CancelKey: String, SpecKeySet {
    case label
    case discardsProgress = "discards-progress"
    case confirm

    public var info: SpecKeyInfo {
        switch self {
        case .label: SpecKeyInfo(.text, "the action's label")
        case .discardsProgress: SpecKeyInfo(.bool, "cancelling loses work done so far")
        case .confirm: SpecKeyInfo(.bool, "cancelling asks first")
        }
    }
}

/// The keys of an item of `phases`.
public enum PhaseKey: String, SpecKeySet {
    case name, share, duration, verifies

    public var info: SpecKeyInfo {
        switch self {
        case .name: SpecKeyInfo(.text, "the phase's name")
        case .share: SpecKeyInfo(.fraction, "the fraction of the indicator it fills")
        case .duration: SpecKeyInfo(.duration, "how long the phase takes")
        case .verifies: SpecKeyInfo(.bool, "a step that checks the result")
        }
    }
}

/// The keys of `failure`.
public enum FailureKey: String, SpecKeySet {
    case fills, message, retry

    public var info: SpecKeyInfo {
        switch self {
        case .fills: SpecKeyInfo(.bool, "whether the indicator fills up on failure")
        case .message: SpecKeyInfo(.text, "the failure message")
        case .retry: SpecKeyInfo(.bool, "whether Retry is offered")
        }
    }
}

/// The keys of `stall`.
public enum StallKey: String, SpecKeySet {
    case after, message, retry

    public var info: SpecKeyInfo {
        switch self {
        case .after: SpecKeyInfo(.duration, "how long without progress")
        case .message: SpecKeyInfo(.text, "the stall message")
        case .retry: SpecKeyInfo(.bool, "whether Retry is offered")
        }
    }
}

/// The keys of an item of `becomes`.
public enum BecomesKey: String, SpecKeySet {
    case when, style, determinate

    public var info: SpecKeyInfo {
        switch self {
        case .when: SpecKeyInfo(.text, "when it changes")
        case .style: SpecKeyInfo(.choice(IndicatorStyle.self), "its style from then on")
        case .determinate: SpecKeyInfo(.bool, "whether it is determinate from then on")
        }
    }
}

/// Every key the spec format accepts, by the mapping it belongs to: the names of the key table's
/// enums, in order. The decoder checks keys against these lists and suggests the closest one for a typo.
public enum SpecKeys {
    public static let screen = names(ScreenKey.self)
    public static let indicator = names(IndicatorKey.self)
    public static let accessibility = names(AccessibilityKey.self)
    public static let announce = names(AnnounceKey.self)
    public static let reduceMotion = names(ReduceMotionKey.self)
    public static let cancel = names(CancelKey.self)
    public static let phase = names(PhaseKey.self)
    public static let failure = names(FailureKey.self)
    public static let stall = names(StallKey.self)
    public static let becomes = names(BecomesKey.self)

    private static func names<K: SpecKeySet>(_: K.Type) -> [String] { K.allCases.map(\.rawValue) }

    /// The key of `K` that people also write as `name` (``SpecKeyInfo/alsoWritten``), compared
    /// without regard to case, `-`, `_` and spaces (`contentDescription` is `content-description`).
    public static func usualName<K: SpecKeySet>(for name: String, in _: K.Type) -> String? {
        func normalized(_ text: String) -> String {
            String(text.lowercased().filter { $0 != "-" && $0 != "_" && $0 != " " })
        }
        let written = normalized(name)
        return K.allCases.first { $0.info.alsoWritten.contains { normalized($0) == written } }?.rawValue
    }

    /// The closest of `candidates` to a mistyped `key` (``DidYouMean/closest(to:among:)``).
    public static func suggestion(for key: String, among candidates: [String]) -> String? {
        DidYouMean.closest(to: key, among: candidates)
    }
}
