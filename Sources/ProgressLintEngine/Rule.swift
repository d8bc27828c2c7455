import ProgressLintSpec
import ProgressLintYAML

/// A lint rule: a description and a check over one screen.
///
/// Most rules look at one indicator at a time: adopt ``IndicatorRule`` instead.
public protocol Rule: Sendable {
    /// The rule's id, name, rationale, examples and the rest of its page.
    static var description: RuleDescription { get }
    /// Rules are stateless values.
    init()
    /// Reports what is wrong with `screen`.
    func check(_ screen: Screen, context: RuleContext) -> [Violation]
    /// How the engine runs this rule: screen by screen, indicator by indicator, or across files.
    /// Provided by the protocols' extensions, so the engine learns a rule's kind once, when it
    /// plans, without a dynamic cast (which costs milliseconds at start-up).
    var kind: RuleKind { get }
}

/// How the engine runs a rule; see ``Rule/kind``.
public enum RuleKind: Sendable {
    /// ``Rule/check(_:context:)`` once per screen.
    case screen
    /// ``IndicatorRule/check(_:context:)`` once per indicator it judges.
    case indicator(any IndicatorRule)
    /// ``CrossFileRule/collect(_:context:)`` per screen, ``CrossFileRule/finish(_:)`` once per run.
    case crossFile(AnyCrossFileRule)
}

/// A rule that checks each indicator of a screen on its own.
public protocol IndicatorRule: Rule {
    /// Reports what is wrong with `indicator`.
    func check(_ indicator: Indicator, context: RuleContext) -> [Violation]
    /// ``check(_:context:)`` as the engine calls it per indicator. Provided by the extension.
    var indicatorCheck: IndicatorCheck { get }
}

extension IndicatorRule {
    public func check(_ screen: Screen, context: RuleContext) -> [Violation] {
        var result: [Violation] = []
        for indicator in screen.indicators {
            result += check(indicator, context: context.with(indicator: indicator))
        }
        return result
    }

    public var kind: RuleKind { .indicator(self) }

    /// Inlinable, so that each rule's conformance (in the rule's module) makes the call for the
    /// rule's own type.
    @inlinable public var indicatorCheck: IndicatorCheck { IndicatorCheck(self) }
}

/// An indicator rule's ``IndicatorRule/check(_:context:)`` as the engine calls it once per
/// indicator: a closure made for the rule's concrete type (see ``IndicatorRule/indicatorCheck``),
/// so a call neither copies nor opens an existential and goes straight to the rule's check.
public struct IndicatorCheck: Sendable {
    @usableFromInline let call: @Sendable (Indicator, RuleContext) -> [Violation]

    /// The check of `rule`.
    @inlinable public init<R: IndicatorRule>(_ rule: R) {
        call = { indicator, context in rule.check(indicator, context: context) }
    }

    /// Calls the rule's check.
    public func check(_ indicator: Indicator, context: RuleContext) -> [Violation] { call(indicator, context) }
}

extension Rule {
    /// The rule's id.
    public var id: String { Self.description.id }
    /// A screen rule, unless it adopts ``IndicatorRule`` or ``CrossFileRule``.
    public var kind: RuleKind { .screen }
}

/// A rule whose verdict needs something from every file of the run (``consistent-location``),
/// in the shape of SwiftLint's `CollectingRule`.
///
/// Per screen it collects values of its own type ``Info``; once every file is read the engine
/// hands it all of them, with the file each came from (files in path order, then each file's
/// values in the order collected), and it returns its findings. Where the values wait meanwhile
/// (in memory, or on disk past a bound) is the engine's business.
public protocol CrossFileRule: Rule {
    /// What one screen contributes: what the rule compares, and what it needs to report.
    associatedtype Info: CrossFileValue
    /// The values this screen contributes.
    func collect(_ screen: Screen, context: RuleContext) -> [Info]
    /// Hands this screen's values to `values` one at a time, as the engine keeps them. The default
    /// hands over what ``collect(_:context:)`` returns; a rule may hand each value over as it finds it.
    func collect(_ screen: Screen, context: RuleContext, into values: inout CrossFileSink<Info>)
    /// The findings once every value is in (severity is the engine's: the file's configured one).
    /// `infos` may be iterated more than once; each pass reads the values again in the same order.
    func finish(_ infos: CrossFileValues<Info>) -> [CrossFileFinding]
}

extension CrossFileRule {
    public var kind: RuleKind { .crossFile(AnyCrossFileRule(self)) }

    public func collect(_ screen: Screen, context: RuleContext, into values: inout CrossFileSink<Info>) {
        for info in collect(screen, context: context) { values.add(info) }
    }

    /// Cross-file rules report nothing per screen.
    public func check(_ screen: Screen, context: RuleContext) -> [Violation] { [] }
}

/// What a ``CrossFileRule`` reports about one value: where, about whom, and what.
public struct CrossFileFinding: Hashable, Sendable {
    /// The file the value came from (its configuration gives the severity).
    public var file: CrossFileSource
    /// Where to report it.
    public var range: SourceRange
    /// The message.
    public var message: String
    /// The screen, indicator, YAML path and scalar value reported with it.
    public var screen: String?
    public var indicator: String?
    public var yamlPath: String?
    public var value: String?

    /// Creates a finding.
    public init(file: CrossFileSource, range: SourceRange, message: String, screen: String? = nil,
                indicator: String? = nil, yamlPath: String? = nil, value: String? = nil) {
        self.file = file
        self.range = range
        self.message = message
        self.screen = screen
        self.indicator = indicator
        self.yamlPath = yamlPath
        self.value = value
    }
}

/// One thing a rule found: where, what, and optionally a severity other than the rule's default.
public struct Violation: Hashable, Sendable {
    /// The node the user must change.
    public var node: NodeID
    /// What is wrong and what to do instead.
    public var message: String
    /// A severity for this case only (when a rule has a milder case); the config still overrides it.
    public var severity: Severity?
    /// The indicator it concerns, if any (its mapping node).
    public var indicatorNode: NodeID?
    /// The indicator's id, for reporters.
    public var indicatorID: String?
    /// What this finding asks the user to do, when it differs from its rule's ``RuleDescription/asks``.
    public var asks: [Ask]?
    /// How to fix it, when the spec itself determines the remedy.
    public var fix: FixProposal?

    /// Creates a violation.
    public init(at node: NodeID, _ message: String, severity: Severity? = nil, indicator: Indicator? = nil,
                asks: [Ask]? = nil, fix: FixProposal? = nil) {
        self.node = node
        self.fix = fix
        self.message = message
        self.severity = severity
        self.asks = asks
        self.indicatorNode = indicator?.node
        self.indicatorID = indicator?.id?.value
    }
}

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
