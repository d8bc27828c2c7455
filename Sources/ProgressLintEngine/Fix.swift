import ProgressLintYAML

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
