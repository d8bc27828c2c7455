import ProgressLintYAML

/// How far a fix may be trusted, as Ruff grades them.
public enum FixApplicability: String, Hashable, Sendable, Comparable, CaseIterable {
    /// Shown, never applied.
    case displayOnly = "display-only"
    /// What the person most likely wants, but it changes what the spec says: `--unsafe-fixes`.
    case unsafe
    /// Keeps what the spec means: `--fix`.
    case safe

    private var rank: Int {
        switch self {
        case .displayOnly: return 0
        case .unsafe: return 1
        case .safe: return 2
        }
    }

    public static func < (a: FixApplicability, b: FixApplicability) -> Bool { a.rank < b.rank }
}

/// One change to a file: the bytes `[start, end)` replaced by `content`.
public struct Edit: Hashable, Sendable {
    /// The first byte replaced (0-based, counting a byte order mark).
    public var start: Int
    /// The byte just past the last one replaced (`start` for an insertion).
    public var end: Int
    /// The replacement text.
    public var content: String
    /// Line and column (1-based, columns in characters) of `start` and `end`.
    public var startPosition: SourcePosition
    public var endPosition: SourcePosition

    /// Creates an edit.
    public init(start: Int, end: Int, content: String, startPosition: SourcePosition = .start,
                endPosition: SourcePosition = .start) {
        self.start = start
        self.end = end
        self.content = content
        self.startPosition = startPosition
        self.endPosition = endPosition
    }
}

/// A fix of one finding: edits applied together, how far it may be trusted, and what it does.
public struct Fix: Hashable, Sendable {
    /// Safe, unsafe or display-only.
    public var applicability: FixApplicability
    /// What it does, e.g. "set `track: hidden`".
    public var title: String
    /// The edits, in file order, none overlapping.
    public var edits: [Edit]

    /// Creates a fix.
    public init(applicability: FixApplicability, title: String, edits: [Edit]) {
        self.applicability = applicability
        self.title = title
        self.edits = edits.sorted { ($0.start, $0.end) < ($1.start, $1.end) }
    }

    /// The first byte it touches and the byte past the last.
    public var span: (start: Int, end: Int) {
        (edits.map(\.start).min() ?? 0, edits.map(\.end).max() ?? 0)
    }
}

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

/// What a rule's page says about its fix.
public struct FixDescription: Hashable, Sendable {
    /// The applicability of the rule's fixes.
    public var applicability: FixApplicability
    /// What the fix does and why it has that applicability.
    public var note: String

    /// Creates a description.
    public init(_ applicability: FixApplicability, _ note: String) {
        self.applicability = applicability
        self.note = note
    }
}
