import ProgressLintEngine
import ProgressLintWorkspace
/// How a lint run ends, decided from its result and the options that bear on it: the exit code
/// and the message, if any, that explains it on standard error. Throwing the code is the command's.
public struct RunExitStatus: Hashable, Sendable {
    /// 0 (success), 1 (errors reported, or more warnings than `--max-warnings`) or 2 (the run
    /// could not do all it was asked: configuration errors, run problems, a report not written).
    public var code: Int32
    /// The line for standard error, without the `progress-lint: ` prefix (only for `--max-warnings`).
    public var message: String?

    /// Creates a status.
    public init(code: Int32, message: String? = nil) {
        self.code = code
        self.message = message
    }

    /// The status of a run that produced `result`.
    ///
    /// - Exit 2 when the result has configuration errors or run problems, or `failedWrite` (a
    ///   report that could not be written; it is also a run problem), whatever the findings.
    /// - Else exit 1 when errors are reported, unless `exitZero`.
    /// - Else, when `maxWarnings` is 0 or more (-1 or nil: no limit) and more warnings are
    ///   reported, the message says so, and the exit is 1 unless `exitZero`. The warnings counted
    ///   are those the report shows: with `quiet`, none.
    public init(_ result: RunResult, failedWrite: Bool = false, quiet: Bool, exitZero: Bool, maxWarnings: Int?) {
        self.init(code: 0)
        if failedWrite || !result.isComplete {
            code = 2
            return
        }
        if result.count(.error) > 0 && !exitZero {
            code = 1
            return
        }
        let warnings = quiet ? 0 : result.count(.warning)
        if let maxWarnings, maxWarnings >= 0, warnings > maxWarnings {
            message = "\(warnings) warnings, more than --max-warnings \(maxWarnings)"
            if !exitZero { code = 1 }
        }
    }
}
