import ProgressLintYAML

/// A rule option's value as a config file writes it, for `--print-config`, `init` and rule pages.
public enum ConfigurationValue: Hashable, Sendable {
    /// One text.
    case text(String)
    /// A list of texts.
    case texts([String])
    /// A whole number.
    case integer(Int)
}

/// The values config files gave the rules' options, by rule id then key. An option no file set
/// reads as its default.
public struct RuleOptionValues: Sendable {
    @usableFromInline var values: [String: [String: any Sendable]] = [:]

    /// No option set.
    public init() {}

    /// The value of `option`: the configured one, or its default. Inlinable, so that a rule
    /// reading its option per indicator gets it without the generic (unspecialised) path.
    @inlinable public subscript<Value>(option: RuleOption<Value>) -> Value {
        get {
            // Most configurations set no option: no hashing then (rules read options per indicator).
            if values.isEmpty { return option.defaultValue }
            return values[option.rule]?[option.key] as? Value ?? option.defaultValue
        }
        set { values[option.rule, default: [:]][option.key] = newValue }
    }

    /// Sets a value read through `option`'s decoder.
    package mutating func set(_ value: any Sendable, for option: AnyRuleOption) {
        values[option.rule, default: [:]][option.key] = value
    }
}
