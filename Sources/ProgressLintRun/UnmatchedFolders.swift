import ProgressLintEngine
import ProgressLintWorkspace
/// Folders named on the command line in which nothing was linted (``RunResult/unmatched``): what
/// `--error-on-unmatched-pattern` (the default) and `--no-error-on-unmatched-pattern` make of them.
extension RunResult {
    /// Takes the unmatched folders out of the result. As problems (`asProblems`, the default) they
    /// join ``problems``, which every report shows and which make the run exit 2, each saying how
    /// to turn them into notes; otherwise they are returned as notes for standard error (as
    /// problems, the result is none). ``unmatched`` is empty afterwards.
    public mutating func takeUnmatched(asProblems: Bool) -> [RunProblem] {
        defer { unmatched = [] }
        guard asProblems else { return unmatched }
        problems += unmatched.map { problem in
            var problem = problem
            problem.message += ", or pass --no-error-on-unmatched-pattern"
            problem.kind = .nothingToLint
            return problem
        }
        return []
    }
}
