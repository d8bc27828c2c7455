/// Why a YAML stream could not be read. Each carries the position where it was found.
public struct YAMLError: Error, Hashable, Sendable {
    /// What kind of problem stopped the parse.
    public enum Kind: String, Sendable {
        /// libyaml rejected the text (scanner or parser error).
        case syntax
        /// The bytes are not UTF-8 text (invalid sequences, UTF-16, control characters).
        case encoding
        /// Collections nest deeper than the configured limit.
        case depth
        /// Aliases reach more nodes than the configured budget.
        case aliasBudget
        /// An alias names an anchor that was never defined.
        case unknownAlias
    }

    /// What kind of problem it is.
    public var kind: Kind
    /// A lower-case message that says what is wrong.
    public var message: String
    /// Where it was found.
    public var position: SourcePosition

    /// Creates an error.
    public init(kind: Kind, message: String, position: SourcePosition) {
        self.kind = kind
        self.message = message
        self.position = position
    }
}

/// Bounds on what one file may cost to read.
public struct YAMLLimits: Hashable, Sendable {
    /// Deepest nesting of collections allowed.
    public var maxDepth: Int
    /// Most nodes that aliases may reach in one document, counted with what they contain.
    public var maxAliasNodes: Int
    /// Most bytes of text (one more per node) that aliases may reach in one document, counted
    /// with what they contain. The linter sets it to `limits.max-file-size`: aliases never
    /// reach more text than a file may hold.
    public var maxAliasBytes: Int = 10 * 1024 * 1024

    /// The deepest `maxDepth` a configuration may ask for. libyaml's time grows with the
    /// square of flow nesting (`[[[[…`): 10,000 levels parse in about a second, a million in hours.
    public static let maxDepthCeiling = 10_000

    /// Creates limits.
    public init(maxDepth: Int = 1000, maxAliasNodes: Int = 10_000) {
        self.maxDepth = maxDepth
        self.maxAliasNodes = maxAliasNodes
    }

    /// A byte count as a config writes it: `10MB`, `512KB`, `100 bytes`.
    static func sizeText(_ bytes: Int) -> String {
        if bytes >= 1024 * 1024 && bytes % (1024 * 1024) == 0 { return "\(bytes / (1024 * 1024))MB" }
        if bytes >= 1024 && bytes % 1024 == 0 { return "\(bytes / 1024)KB" }
        return "\(bytes) bytes"
    }
}
