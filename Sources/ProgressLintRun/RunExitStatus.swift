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

    /// The status of a run that produced `result`: 2 with configuration errors, run problems or
    /// `failedWrite`, whatever the findings; else 1 with errors reported, or with more reported
    /// warnings than `maxWarnings` (nil or -1: no limit; with `quiet`, none counted; the message
    /// says so), unless `exitZero`.
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
