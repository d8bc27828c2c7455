import ProgressLintSpec

/// Counts of what the specs contain, for dashboards: merged across files.
public struct Inventory: Hashable, Sendable {
    /// Indicators in all.
    public var indicators = 0
    /// Indicators by `style`.
    public var byStyle: [String: Int] {
        get { pending.addingStyles(to: storedByStyle) }
        set { (storedByStyle, pending.styles) = (newValue, Pending.Styles()) }
    }
    /// Indicators by effective platform (`none` when no platform is known).
    public var byPlatform: [String: Int] {
        get { pending.addingPlatforms(to: storedByPlatform) }
        set { (storedByPlatform, pending.platforms) = (newValue, Pending.Platforms()) }
    }
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

    /// The counts by style and platform as set or merged as dictionaries; ``add(_:platform:)``
    /// counts in `pending` instead (no text hashed per screen and file), and the two are summed
    /// when read.
    private var storedByStyle: [String: Int] = [:]
    private var storedByPlatform: [String: Int] = [:]
    private var pending = Pending()

    /// Counts by style and platform kept by their place in the enums' cases.
    private struct Pending: Sendable {
        struct Styles: Sendable {
            var bar = 0, spinner = 0, refreshControl = 0, unknown = 0
        }

        /// By place in `Pending.platformCases`, then one for no platform: held in place (no array
        /// allocated for each file's counts).
        struct Platforms: Sendable {
            /// Sixteen places: `platformCases` has fewer (PerFileWorkTests counts one of each).
            private var counts = SIMD16<Int>()

            subscript(place: Int) -> Int {
                get { counts[place] }
                set { counts[place] = newValue }
            }

            /// Adds `other`'s counts, all at once (counts of indicators held in memory never overflow).
            mutating func add(_ other: Platforms) { counts &+= other.counts }
        }

        var styles = Styles()
        var platforms = Platforms()

        static let platformCases = Platform.allCases

        mutating func merge(_ other: Pending) {
            styles.bar += other.styles.bar
            styles.spinner += other.styles.spinner
            styles.refreshControl += other.styles.refreshControl
            styles.unknown += other.styles.unknown
            platforms.add(other.platforms)
        }

        mutating func count(_ n: Int, platform: Platform?) {
            let place = platform.flatMap { Pending.platformCases.firstIndex(of: $0) } ?? Pending.platformCases.count
            platforms[place] += n
        }

        func addingStyles(to stored: [String: Int]) -> [String: Int] {
            var counts = stored
            // In `IndicatorStyle.allCases` order, then no style, as they were counted before.
            for (style, count) in [(IndicatorStyle.bar.rawValue, styles.bar), (IndicatorStyle.spinner.rawValue, styles.spinner),
                                   (IndicatorStyle.refreshControl.rawValue, styles.refreshControl), ("unknown", styles.unknown)]
            where count > 0 {
                counts[style, default: 0] += count
            }
            return counts
        }

        func addingPlatforms(to stored: [String: Int]) -> [String: Int] {
            var counts = stored
            for place in 0...Pending.platformCases.count where platforms[place] > 0 {
                let count = platforms[place]
                let name = place < Pending.platformCases.count ? Pending.platformCases[place].rawValue : "none"
                counts[name, default: 0] += count
            }
            return counts
        }
    }

    /// Empty counts.
    public init() {}

    /// Adds another file's counts.
    public mutating func merge(_ other: Inventory) {
        indicators += other.indicators
        if !other.storedByStyle.isEmpty { storedByStyle.merge(other.storedByStyle, uniquingKeysWith: +) }
        if !other.storedByPlatform.isEmpty { storedByPlatform.merge(other.storedByPlatform, uniquingKeysWith: +) }
        pending.merge(other.pending)
        determinate += other.determinate
        animated += other.animated
        reduceMotionFallback += other.reduceMotionFallback
        cancel += other.cancel
        completionAnnouncement += other.completionAnnouncement
    }

    /// Equal when the counts read the same, however they were kept.
    public static func == (a: Inventory, b: Inventory) -> Bool {
        a.indicators == b.indicators && a.byStyle == b.byStyle && a.byPlatform == b.byPlatform
            && a.determinate == b.determinate && a.animated == b.animated
            && a.reduceMotionFallback == b.reduceMotionFallback && a.cancel == b.cancel
            && a.completionAnnouncement == b.completionAnnouncement
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(indicators)
        hasher.combine(byStyle)
        hasher.combine(byPlatform)
        hasher.combine(determinate)
        hasher.combine(animated)
        hasher.combine(reduceMotionFallback)
        hasher.combine(cancel)
        hasher.combine(completionAnnouncement)
    }
}

extension Inventory {
    /// Counts the indicators of one screen, whose effective platform is `platform`. Styles and
    /// platforms are counted by their place among the cases, and named only when read.
    public mutating func add(_ screen: Screen, platform: Platform?) {
        guard !screen.indicators.isEmpty else { return }
        // One count per style, in `IndicatorStyle.allCases` order, and one for no style.
        var styles = (bar: 0, spinner: 0, refreshControl: 0, unknown: 0)
        // The indicators read in place: no copy of each (its strings and arrays retained).
        for i in screen.indicators.indices {
            indicators += 1
            switch screen.indicators[i].style?.value {
            case .bar?: styles.bar += 1
            case .spinner?: styles.spinner += 1
            case .refreshControl?: styles.refreshControl += 1
            case nil: styles.unknown += 1
            }
            if screen.indicators[i].isDeterminate { determinate += 1 }
            if screen.indicators[i].isAnimated {
                animated += 1
                if case .fallback(let fallback)? = screen.indicators[i].reduceMotion?.value, fallback.replaceWith != nil {
                    reduceMotionFallback += 1
                }
            }
            if screen.indicators[i].hasCancel { cancel += 1 }
            if screen.indicators[i].accessibility?.value.announce?.value.completion != nil { completionAnnouncement += 1 }
        }
        pending.styles.bar += styles.bar
        pending.styles.spinner += styles.spinner
        pending.styles.refreshControl += styles.refreshControl
        pending.styles.unknown += styles.unknown
        pending.count(screen.indicators.count, platform: platform)
    }
}
