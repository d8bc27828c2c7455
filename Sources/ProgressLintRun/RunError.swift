import ProgressLintEngine
import ProgressLintWorkspace
/// Something that stopped a run from linting all it was asked to (the command exits 2): a
/// configuration error, a path that could not be read or listed, a pattern that matched no spec.
/// Every report shows these, so a run that failed never looks clean.
public struct RunError: Hashable, Sendable {
    /// What went wrong, without the path.
    public var message: String
    /// The file or folder concerned, when there is one.
    public var path: String?
    /// The 1-based line in `path`, when known.
    public var line: Int?
    /// The 1-based column in `path`, when known.
    public var column: Int?

    /// Creates an error.
    public init(message: String, path: String? = nil, line: Int? = nil, column: Int? = nil) {
        self.message = message
        self.path = path
        self.line = line
        self.column = column
    }

    /// `path:line:column: message`, as far as known.
    public var description: String {
        guard let path else { return message }
        guard let line else { return "\(path): \(message)" }
        return "\(path):\(line)\(column.map { ":\($0)" } ?? ""): \(message)"
    }
}

extension RunResult {
    /// The configuration errors, then the paths that could not be linted, as reports show them.
    public var runErrors: [RunError] {
        configurationErrors.map { error in
            RunError(message: error.message, path: error.path, line: error.position?.line,
                     column: error.position?.column)
        } + problems.map { RunError(message: $0.message, path: $0.path) }
    }

    /// Whether everything asked was linted: no configuration error and no path left out.
    public var isComplete: Bool { configurationErrors.isEmpty && problems.isEmpty }
}
