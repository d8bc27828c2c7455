import ProgressLintYAML

/// A problem found while decoding a spec: reported as `spec-schema` or `duplicate-id`.
public struct SpecIssue: Hashable, Sendable {
    /// Which input rule reports it.
    public enum Kind: String, Sendable {
        case schema = "spec-schema"
        case duplicateID = "duplicate-id"
    }

    /// Which input rule reports it.
    public var kind: Kind
    /// What is wrong and what to do instead.
    public var message: String
    /// The node it concerns.
    public var node: NodeID
    /// A warning rather than an error: the value is valid but probably not what was meant
    /// (a near miss of a known `component`).
    public var isWarning = false
    /// The remedy, when the spec determines it: the value to write, or the key to rename to.
    public var remedy: Remedy?

    /// A remedy that `--fix` can apply.
    public enum Remedy: Hashable, Sendable {
        /// Write this token in place of the value (`true` for `yes`): it keeps the meaning.
        case value(String)
        /// Rename the key (the one close valid key): it changes what the spec says.
        case renameKey(String)
    }

    /// Creates an issue.
    public init(_ kind: Kind, _ message: String, at node: NodeID) {
        self.kind = kind
        self.message = message
        self.node = node
    }
}
