/// A value of a closed set, written in the spec as its raw value.
public protocol SpecEnum: RawRepresentable, CaseIterable, Hashable, Sendable where RawValue == String {}

/// A ``SpecEnum`` whose values a key takes (``SpecValueType/choice(_:)``), each with its meaning
/// (for hover, the key tables and the JSON Schema's `enumDescriptions`).
public protocol DocumentedSpecEnum: SpecEnum {
    /// What the value means, in a few words.
    var doc: String { get }
}

/// The platform a screen runs on.
public enum Platform: String, DocumentedSpecEnum {
    case ios, ipados, macos, tvos, watchos, android, web
    case ubuntuTouch = "ubuntu-touch"

    /// iOS, iPadOS, tvOS and watchOS.
    public var isIOSFamily: Bool { [.ios, .ipados, .tvos, .watchos].contains(self) }

    public var doc: String {
        switch self {
        case .ios: "iOS (UIKit or SwiftUI)"
        case .ipados: "iPadOS"
        case .macos: "macOS (AppKit or SwiftUI)"
        case .tvos: "tvOS"
        case .watchos: "watchOS"
        case .android: "Android (Views or Jetpack Compose)"
        case .web: "the web (HTML and ARIA)"
        case .ubuntuTouch: "Ubuntu Touch (QML)"
        }
    }
}

/// What the indicator looks like.
public enum IndicatorStyle: String, DocumentedSpecEnum {
    case bar, spinner
    case refreshControl = "refresh-control"

    public var doc: String {
        switch self {
        case .bar: "a track that fills"
        case .spinner: "a circular spinner"
        case .refreshControl: "a pull-to-refresh control"
        }
    }
}

/// What the indicator stands for.
public enum Purpose: String, DocumentedSpecEnum {
    case taskProgress = "task-progress"
    case waitingForInput = "waiting-for-input"
    case gauge

    public var doc: String {
        switch self {
        case .taskProgress: "work the app is doing, shown until it ends"
        case .waitingForInput: "the app waits for the user or for someone else"
        case .gauge: "a level or quantity (storage used, battery), not work in progress"
        }
    }
}

/// How the indicator sits on the screen.
public enum Presentation: String, DocumentedSpecEnum {
    case inline, card, overlay
    case fullScreen = "full-screen"

    /// `overlay` and `full-screen` block the rest of the screen.
    public var isObstructive: Bool { self == .overlay || self == .fullScreen }

    public var doc: String {
        switch self {
        case .inline: "in the content, beside what it is about (parallel)"
        case .card: "in a card of its own on the screen (parallel)"
        case .overlay: "over the screen, blocking the rest of it (obstructive)"
        case .fullScreen: "the whole screen, blocking the rest of it (obstructive)"
        }
    }
}

/// What the user's other actions would do while the work runs.
public enum OtherActions: String, DocumentedSpecEnum {
    case independent, dependent, destructive

    public var doc: String {
        switch self {
        case .independent: "they do nothing harmful to the work"
        case .dependent: "they need the work's result"
        case .destructive: "they could harm data (re-submit, navigate away)"
        }
    }
}

/// Where the indicator is drawn.
public enum Location: String, DocumentedSpecEnum {
    case content
    case navigationBar = "navigation-bar"
    case toolbar
    case belowTrigger = "below-trigger"
    case statusBar = "status-bar"

    public var doc: String {
        switch self {
        case .content: "in the screen's content"
        case .navigationBar: "in the navigation bar"
        case .toolbar: "in a toolbar"
        case .belowTrigger: "just below the control that started the work"
        case .statusBar: "in the status bar"
        }
    }
}

/// Whether a bar's unfilled track is drawn.
public enum Track: String, DocumentedSpecEnum {
    case visible, hidden

    public var doc: String {
        switch self {
        case .visible: "the unfilled part of the bar is drawn"
        case .hidden: "only the filled part is drawn"
        }
    }
}

/// Where screen-reader focus goes when the indicator appears.
public enum Focus: String, DocumentedSpecEnum {
    case indicator, unchanged

    public var doc: String {
        switch self {
        case .indicator: "focus moves to the indicator"
        case .unchanged: "focus stays where it is"
        }
    }
}

/// Where screen-reader focus goes when the work ends.
public enum FocusAfter: String, DocumentedSpecEnum {
    case trigger
    case screenStart = "screen-start"
    case unchanged

    public var doc: String {
        switch self {
        case .trigger: "focus returns to the control that started the work"
        case .screenStart: "focus goes to the start of the screen"
        case .unchanged: "focus stays where it is"
        }
    }
}

/// What happens when the total amount of work changes mid-way.
public enum TotalChange: String, DocumentedSpecEnum {
    case reallocate, recompute

    public var doc: String {
        switch self {
        case .reallocate: "the remaining part of the indicator is given to the new total"
        case .recompute: "done/total is recomputed, so the indicator can move backwards"
        }
    }
}
