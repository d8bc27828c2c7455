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
    /// This rule as an ``IndicatorRule``, or nil. Provided by the protocols' extensions, so the
    /// engine learns a rule's kind without a dynamic cast (which costs milliseconds at start-up).
    var asIndicatorRule: (any IndicatorRule)? { get }
    /// This rule as a ``CrossFileRule``, or nil; provided like ``asIndicatorRule``.
    var asCrossFileRule: (any CrossFileRule)? { get }
}

/// A rule that checks each indicator of a screen on its own.
public protocol IndicatorRule: Rule {
    /// Reports what is wrong with `indicator`.
    func check(_ indicator: Indicator, context: RuleContext) -> [Violation]
}

extension IndicatorRule {
    public func check(_ screen: Screen, context: RuleContext) -> [Violation] {
        var result: [Violation] = []
        for indicator in screen.indicators {
            result += check(indicator, context: context.with(indicator: indicator))
        }
        return result
    }
}

extension Rule {
    /// The rule's id.
    public var id: String { Self.description.id }
    /// Not an indicator rule, unless it adopts ``IndicatorRule``.
    public var asIndicatorRule: (any IndicatorRule)? { nil }
    /// Not a cross-file rule, unless it adopts ``CrossFileRule``.
    public var asCrossFileRule: (any CrossFileRule)? { nil }
}

extension IndicatorRule {
    public var asIndicatorRule: (any IndicatorRule)? { self }
}

/// A rule whose verdict needs facts from every file of the run (``consistent-location``).
///
/// Per screen it records small ``CrossFileFact``s; once every file is read the
/// engine hands it all facts (files in path order, then screens and indicators as written)
/// and it returns its findings.
public protocol CrossFileRule: Rule {
    /// The facts this screen contributes.
    func facts(_ screen: Screen, context: RuleContext) -> [CrossFileFact]
    /// The findings once all facts are in (severity is applied by the engine). Over many files
    /// the facts are many: group them by position and number (``CrossFileFacts/keyNumber(at:)``)
    /// and read back only the ones a message needs.
    func finish(_ facts: CrossFileFacts) -> [CrossFileFinding]
}

extension CrossFileRule {
    public var asCrossFileRule: (any CrossFileRule)? { self }

    /// Cross-file rules report nothing per screen.
    public func check(_ screen: Screen, context: RuleContext) -> [Violation] { [] }
}

/// One small fact about one node, kept across files for a ``CrossFileRule``.
public struct CrossFileFact: Hashable, Sendable {
    /// What is compared across files (for `consistent-location`, the `task`).
    public var key: String
    /// The value compared (the `location`).
    public var value: String
    /// The file; the engine fills it in, so a rule may leave it empty.
    public var path: String
    /// Where the value is written (the indicator's start when it is a default), and who it belongs to.
    public var range: SourceRange
    public var screen: String?
    public var indicator: String?
    public var yamlPath: String?

    /// Creates a fact.
    public init(key: String, value: String, path: String = "", range: SourceRange, screen: String?,
                indicator: String?, yamlPath: String?) {
        self.key = key
        self.value = value
        self.path = path
        self.range = range
        self.screen = screen
        self.indicator = indicator
        self.yamlPath = yamlPath
    }
}

/// What a ``CrossFileRule`` reports about one fact.
public struct CrossFileFinding: Hashable, Sendable {
    /// The position of the fact it concerns in the facts the rule was given (its range is reported).
    public var fact: Int
    /// The message.
    public var message: String

    /// Creates a finding.
    public init(fact: Int, message: String) {
        self.fact = fact
        self.message = message
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
    private final class Shared: Sendable {
        let screen: Screen
        let platform: Platform?
        let configuration: Configuration
        let document: YAMLDocument

        init(screen: Screen, platform: Platform?, configuration: Configuration, document: YAMLDocument) {
            self.screen = screen
            self.platform = platform
            self.configuration = configuration
            self.document = document
        }
    }

    private let shared: Shared

    /// The screen being checked.
    public var screen: Screen { shared.screen }
    /// The indicator being checked, for ``IndicatorRule``s.
    public let indicator: Indicator?
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
        self.indicator = indicator
    }

    private init(shared: Shared, indicator: Indicator?) {
        self.shared = shared
        self.indicator = indicator
    }

    /// The same context for one indicator.
    public func with(indicator: Indicator) -> RuleContext {
        RuleContext(shared: shared, indicator: indicator)
    }

    /// The configured thresholds.
    public var thresholds: Thresholds { configuration.thresholds }

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
