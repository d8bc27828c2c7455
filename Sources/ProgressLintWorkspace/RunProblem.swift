import ProgressLintEngine
/// A file or path that could not be linted at all, or a report that could not be written (the
/// command exits 2).
public struct RunProblem: Error, Hashable, Sendable, CustomStringConvertible {
    /// What could not be done.
    public enum Kind: Hashable, Sendable {
        /// A path could not be linted.
        case lint
        /// A report (`--output`) could not be written.
        case report
        /// A folder named on the command line held nothing to lint (no spec file, the patterns
        /// left them all out, or none of its YAML files is a spec): exit 2, but not a failed run.
        case nothingToLint
    }

    /// The path concerned.
    public var path: String
    /// What went wrong.
    public var message: String
    /// Whether a path could not be linted or a report not written.
    public var kind: Kind

    /// Creates a problem.
    public init(path: String, message: String, kind: Kind = .lint) {
        self.path = path
        self.message = message
        self.kind = kind
    }

    public var description: String { "\(path): \(message)" }
}
