import ProgressLintYAML

/// A decoded value and the node it was written at, so a rule can point at it.
public struct Located<Value: Sendable>: Sendable {
    /// The decoded value.
    public var value: Value
    /// The node that holds the value (for a key's value, the value node).
    public var node: NodeID

    /// Creates a located value.
    public init(_ value: Value, at node: NodeID) {
        self.value = value
        self.node = node
    }
}
