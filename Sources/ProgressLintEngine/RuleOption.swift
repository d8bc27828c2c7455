import ProgressLintYAML

/// A setting a rule owns, declared in the rule's own file: its key in `.progress-lint.yml`,
/// its default, how to read it and what it means.
///
/// The rule lists it in its description (``RuleDescription/ownOptions``); the configuration
/// loader reads the key through ``decode``, `--print-config` and `init` write the value through
/// ``encode``, and the rule's page shows the default. The rule reads the value with
/// `context.configuration.options[option]`.
///
/// Thresholds are not rule options: many rules share them, so they stay in ``Thresholds``.
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

/// The value of a rule option in a config file, for the option's decoder: it reads the node
/// and reports a bad value at its position, naming the key.
public struct ConfigurationNode {
    let document: YAMLDocument
    let node: NodeID
    let path: String
    /// The key whose value it is, as messages name it.
    public let key: String

    package init(document: YAMLDocument, node: NodeID, path: String, key: String) {
        self.document = document
        self.node = node
        self.path = path
        self.key = key
    }

    /// An error at the value's position in its config file.
    public func fail(_ message: String) -> ConfigurationError {
        ConfigurationError(path: path, position: document[node].range.start, message: message)
    }

    /// A single value (not a list, a mapping or null).
    public func text() throws(ConfigurationError) -> String {
        let n = document[node]
        guard n.kind == .scalar, !n.isNull else { throw fail("`\(key)` must be a single value") }
        return n.value
    }

    /// A list of single values; one value reads as a list of one.
    public func texts() throws(ConfigurationError) -> [String] {
        let n = document[node]
        if n.kind == .scalar && !n.isNull { return [n.value] }
        guard n.kind == .sequence else { throw fail("`\(key)` must be a list of text") }
        var result: [String] = []
        for item in n.items {
            result.append(try ConfigurationNode(document: document, node: item, path: path, key: key).text())
        }
        return result
    }

    /// A whole number from 1 up (underscores between digits are ignored: `10_000`).
    public func positiveInteger() throws(ConfigurationError) -> Int {
        let written = try text()
        guard let value = Int(String(written.filter { $0 != "_" })), value > 0 else {
            throw fail("`\(key)` must be a positive whole number, found `\(written)`")
        }
        return value
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
