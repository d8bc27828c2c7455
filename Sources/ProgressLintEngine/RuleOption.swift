import ProgressLintYAML

/// A setting a rule owns, declared in its own file: its `.progress-lint.yml` key, default, reading
/// and meaning, so the loader, `--print-config`, `init` and the rule's page all read one place.
/// Thresholds are not rule options: many rules share them (``Thresholds``).
public struct RuleOption<Value: Sendable & Equatable>: Sendable {
    /// The id of the rule that owns it.
    public let rule: String
    /// Its key at the top level of `.progress-lint.yml`, e.g. `vague-labels`.
    public let key: String
    /// The value when no config sets it.
    public let defaultValue: Value
    /// One sentence for the rule's page and the commented config: what it changes.
    public let doc: String
    /// Reads the value a config file writes (errors at the value's position).
    public let decode: @Sendable (ConfigurationNode) throws(ConfigurationError) -> Value
    /// The value as a config file writes it.
    public let encode: @Sendable (Value) -> ConfigurationValue

    /// Declares an option.
    public init(rule: String, key: String, default defaultValue: Value, doc: String,
                decode: @escaping @Sendable (ConfigurationNode) throws(ConfigurationError) -> Value,
                encode: @escaping @Sendable (Value) -> ConfigurationValue) {
        self.rule = rule
        self.key = key
        self.defaultValue = defaultValue
        self.doc = doc
        self.decode = decode
        self.encode = encode
    }

    /// The option without its value type, for descriptions, the loader and the renderers.
    public var erased: AnyRuleOption {
        let option = self
        return AnyRuleOption(
            rule: rule, key: key, doc: doc, defaultValue: encode(defaultValue),
            decode: { node throws(ConfigurationError) in try option.decode(node) },
            value: { configuration in option.encode(configuration.options[option]) })
    }
}

/// A list of texts (one text reads as a list of one), e.g. `vague-labels: [Loading, Working]`.
extension RuleOption where Value == [String] {
    /// Declares an option whose value is a list of texts.
    public static func texts(rule: String, key: String, default defaultValue: [String], doc: String) -> Self {
        RuleOption(rule: rule, key: key, default: defaultValue, doc: doc,
                   decode: { node throws(ConfigurationError) in try node.texts() }, encode: { .texts($0) })
    }
}

/// A whole number from 1 up, e.g. `max-label-length: 40`.
extension RuleOption where Value == Int {
    /// Declares an option whose value is a positive whole number.
    public static func positiveInteger(rule: String, key: String, default defaultValue: Int, doc: String) -> Self {
        RuleOption(rule: rule, key: key, default: defaultValue, doc: doc,
                   decode: { node throws(ConfigurationError) in try node.positiveInteger() }, encode: { .integer($0) })
    }
}
