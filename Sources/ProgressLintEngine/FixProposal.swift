import ProgressLintYAML

/// A value a fix writes.
public enum FixValue: Hashable, Sendable {
    /// A plain token (`true`, `hidden`), written as is.
    case token(String)
    /// Text: written plain when YAML reads it back as the same text, else double-quoted.
    case text(String)
    /// The source text of a scalar node, copied as written (its quoting kept).
    case copy(NodeID)
}

/// A change a rule asks for, in terms of the document; ``FixBuilder`` turns it into byte edits.
public enum FixOperation: Hashable, Sendable {
    /// Replace a scalar: a token is written plain, text keeps the scalar's quoting style where possible.
    case replaceScalar(NodeID, with: FixValue)
    /// Give the key at `path` (under the mapping `in`) the value: replace it where it is written,
    /// or insert it (and the mappings above it that are missing).
    case set(path: [String], to: FixValue, in: NodeID)
    /// Remove the key at `path` (under `in`) and its value; a mapping left empty goes with it.
    case remove(path: [String], in: NodeID)
    /// Rename a mapping key.
    case renameKey(NodeID, to: String)
}

/// What a rule proposes for a violation: operations, their applicability and a title.
public struct FixProposal: Hashable, Sendable {
    public var applicability: FixApplicability
    public var title: String
    public var operations: [FixOperation]

    /// Creates a proposal.
    public init(_ applicability: FixApplicability, _ title: String, _ operations: [FixOperation]) {
        self.applicability = applicability
        self.title = title
        self.operations = operations
    }
}
