/// A value of a closed set, written in the spec as its raw value.
public protocol SpecEnum: RawRepresentable, CaseIterable, Hashable, Sendable where RawValue == String {}

/// The platform a screen runs on.
public enum Platform: String, SpecEnum {
    case ios, ipados, macos, tvos, watchos, android, web
    case ubuntuTouch = "ubuntu-touch"

    /// iOS, iPadOS, tvOS and watchOS.
    public var isIOSFamily: Bool { [.ios, .ipados, .tvos, .watchos].contains(self) }
}

/// What the indicator looks like.
public enum IndicatorStyle: String, SpecEnum {
    case bar, spinner
    case refreshControl = "refresh-control"
}

/// What the indicator stands for.
public enum Purpose: String, SpecEnum {
    case taskProgress = "task-progress"
    case waitingForInput = "waiting-for-input"
    case gauge
}

/// How the indicator sits on the screen.
public enum Presentation: String, SpecEnum {
    case inline, card, overlay
    case fullScreen = "full-screen"

    /// `overlay` and `full-screen` block the rest of the screen.
    public var isObstructive: Bool { self == .overlay || self == .fullScreen }
}

/// What the user's other actions would do while the work runs.
public enum OtherActions: String, SpecEnum {
    case independent, dependent, destructive
}

/// Where the indicator is drawn.
public enum Location: String, SpecEnum {
    case content
    case navigationBar = "navigation-bar"
    case toolbar
    case belowTrigger = "below-trigger"
    case statusBar = "status-bar"
}

/// Whether a bar's unfilled track is drawn.
public enum Track: String, SpecEnum {
    case visible, hidden
}

/// Where screen-reader focus goes when the indicator appears.
public enum Focus: String, SpecEnum {
    case indicator, unchanged
}

/// Where screen-reader focus goes when the work ends.
public enum FocusAfter: String, SpecEnum {
    case trigger
    case screenStart = "screen-start"
    case unchanged
}

/// What happens when the total amount of work changes mid-way.
public enum TotalChange: String, SpecEnum {
    case reallocate, recompute
}
