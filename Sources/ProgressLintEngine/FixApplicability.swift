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
