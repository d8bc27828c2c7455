import ProgressLintSpec

/// Counts of what the specs contain, for dashboards: merged across files.
public struct Inventory: Hashable, Sendable {
    /// Indicators in all.
    public var indicators = 0
    /// Indicators by `style`.
    public var byStyle: [String: Int] = [:]
    /// Indicators by effective platform (`none` when no platform is known).
    public var byPlatform: [String: Int] = [:]
    /// Indicators that are determinate.
    public var determinate = 0
    /// Animated indicators (spinners, refresh controls, indeterminate bars).
    public var animated = 0
    /// Animated indicators with a `reduce-motion` mapping that replaces the animation.
    public var reduceMotionFallback = 0
    /// Indicators that offer Cancel.
    public var cancel = 0
    /// Indicators with `accessibility.announce.completion`.
    public var completionAnnouncement = 0

    /// Empty counts.
    public init() {}

    /// Adds another file's counts.
    public mutating func merge(_ other: Inventory) {
        indicators += other.indicators
        byStyle.merge(other.byStyle, uniquingKeysWith: +)
        byPlatform.merge(other.byPlatform, uniquingKeysWith: +)
        determinate += other.determinate
        animated += other.animated
        reduceMotionFallback += other.reduceMotionFallback
        cancel += other.cancel
        completionAnnouncement += other.completionAnnouncement
    }
}

extension Inventory {
    /// Counts the indicators of one screen, whose effective platform is `platform`. Styles are
    /// counted in a small table and added to the dictionaries once per screen, not per indicator.
    public mutating func add(_ screen: Screen, platform: Platform?) {
        guard !screen.indicators.isEmpty else { return }
        // One count per style, in `IndicatorStyle.allCases` order, and one for no style.
        var styles = (bar: 0, spinner: 0, refreshControl: 0, unknown: 0)
        for indicator in screen.indicators {
            indicators += 1
            switch indicator.style?.value {
            case .bar?: styles.bar += 1
            case .spinner?: styles.spinner += 1
            case .refreshControl?: styles.refreshControl += 1
            case nil: styles.unknown += 1
            }
            if indicator.isDeterminate { determinate += 1 }
            if indicator.isAnimated {
                animated += 1
                if case .fallback(let fallback)? = indicator.reduceMotion?.value, fallback.replaceWith != nil {
                    reduceMotionFallback += 1
                }
            }
            if indicator.hasCancel { cancel += 1 }
            if indicator.accessibility?.value.announce?.value.completion != nil { completionAnnouncement += 1 }
        }
        for (style, count) in [(IndicatorStyle.bar.rawValue, styles.bar), (IndicatorStyle.spinner.rawValue, styles.spinner),
                               (IndicatorStyle.refreshControl.rawValue, styles.refreshControl), ("unknown", styles.unknown)]
        where count > 0 {
            byStyle[style, default: 0] += count
        }
        byPlatform[platform?.rawValue ?? "none", default: 0] += screen.indicators.count
    }
}
