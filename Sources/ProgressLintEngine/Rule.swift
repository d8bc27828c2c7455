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

extension Rule {
    /// The rule's id.
    public var id: String { Self.description.id }
    /// A screen rule, unless it adopts ``IndicatorRule`` or ``CrossFileRule``.
    public var kind: RuleKind { .screen }
}
