import ProgressLintSpec
import ProgressLintYAML

/// What a rule may know besides the screen: the effective platform and the configuration.
public struct RuleContext: Sendable {
    /// What every indicator of a screen shares, held by reference: an ``IndicatorRule`` gets a
    /// context per indicator, and copying the screen, configuration and document into each
    /// (retaining every array and string they hold) was a large part of the rules' cost.
    @usableFromInline final class Shared: Sendable {
        let screen: Screen
        let platform: Platform?
        @usableFromInline let configuration: Configuration
        let document: YAMLDocument

        init(screen: Screen, platform: Platform?, configuration: Configuration, document: YAMLDocument) {
            self.screen = screen
            self.platform = platform
            self.configuration = configuration
            self.document = document
        }
    }

    @usableFromInline let shared: Shared

    /// The screen being checked.
    public var screen: Screen { shared.screen }
    /// The indicator being checked, for ``IndicatorRule``s.
    public var indicator: Indicator? {
        guard let indicatorIndex else { return ownIndicator }
        let indicators = shared.screen.indicators
        return indicators.indices.contains(indicatorIndex) ? indicators[indicatorIndex] : nil
    }
    /// The indicator given to ``with(indicator:)``, or the one at `indicatorIndex` of the screen
    /// (the engine's way: no copy of the indicator, with its strings retained, per indicator).
    private let ownIndicator: Indicator?
    private let indicatorIndex: Int?
    /// The screen's platform, or the config's default; nil when neither names one.
    public var platform: Platform? { shared.platform }
    /// Thresholds and word lists.
    public var configuration: Configuration { shared.configuration }
    /// The document, for rules that need a node's text or position.
    public var document: YAMLDocument { shared.document }

    /// Creates a context.
    public init(screen: Screen, indicator: Indicator? = nil, platform: Platform?, configuration: Configuration,
                document: YAMLDocument) {
        self.shared = Shared(screen: screen, platform: platform, configuration: configuration, document: document)
        self.ownIndicator = indicator
        self.indicatorIndex = nil
    }

    private init(shared: Shared, indicator: Indicator?, index: Int?) {
        self.shared = shared
        self.ownIndicator = indicator
        self.indicatorIndex = index
    }

    /// The same context for one indicator.
    public func with(indicator: Indicator) -> RuleContext {
        RuleContext(shared: shared, indicator: indicator, index: nil)
    }

    /// The same context for the screen's indicator number `index`.
    func with(indicatorAt index: Int) -> RuleContext {
        RuleContext(shared: shared, indicator: nil, index: index)
    }

    /// The configured thresholds.
    public var thresholds: Thresholds { configuration.thresholds }

    /// The value of a rule's option under the configuration, read without copying the configuration.
    /// Inlinable (with what it reads), so that a rule reading its option per indicator gets it
    /// without the generic path across modules.
    @inlinable public func option<Value>(_ option: RuleOption<Value>) -> Value { shared.configuration.options[option] }

    /// Whether the platform is one of the iOS family (false when no platform is known).
    public var isIOSFamily: Bool { platform?.isIOSFamily ?? false }

    /// `indicator 'upload' on screen 'Upload photos'`-style subject for messages.
    public func subject(_ indicator: Indicator) -> String { "indicator '\(indicator.displayID)'" }

    /// A violation about `indicator`, at `node`.
    public func violation(_ indicator: Indicator, at node: NodeID, _ message: String, severity: Severity? = nil,
                          asks: [Ask]? = nil, fix: FixProposal? = nil) -> Violation
    {
        Violation(at: node, message, severity: severity, indicator: indicator, asks: asks, fix: fix)
    }
}
