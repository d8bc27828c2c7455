import ProgressLintSpec
import ProgressLintYAML

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
