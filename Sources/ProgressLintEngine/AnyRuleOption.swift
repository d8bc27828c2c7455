import ProgressLintYAML

/// A ``RuleOption`` of any value type.
public struct AnyRuleOption: Sendable {
    /// The id of the rule that owns it.
    public let rule: String
    /// Its key at the top level of `.progress-lint.yml`.
    public let key: String
    /// What it changes.
    public let doc: String
    /// Its default, as a config file writes it.
    public let defaultValue: ConfigurationValue
    package let decode: @Sendable (ConfigurationNode) throws(ConfigurationError) -> any Sendable
    let value: @Sendable (Configuration) -> ConfigurationValue

    /// Its value in `configuration` (the default when no config file set it), as a config file writes it.
    public func value(in configuration: Configuration) -> ConfigurationValue { value(configuration) }
}
