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

    /// Creates an issue.
    public init(_ kind: Kind, _ message: String, at node: NodeID) {
        self.kind = kind
        self.message = message
        self.node = node
    }
}
