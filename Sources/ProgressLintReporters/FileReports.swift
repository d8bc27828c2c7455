import ProgressLintEngine
import ProgressLintSupport
import ProgressLintRun
import ProgressLintWorkspace

/// Writes the reports that go to files (`--output`), all or none: each is staged whole (the
/// command's staging writes a temporary file beside its target), and the staged reports are put
/// in place only when every one could be staged. A report that cannot be written becomes a run
/// problem (`cannot write the report: …`, exit 2) and the others are staged again so they record
/// it, rather than saying the run succeeded. Devices and FIFOs (`/dev/stdout`, a pipe), which
/// cannot be written twice, are written in place once, after the files are committed.
///
/// The file I/O is passed in (the command's atomic writes; tests inject failures): this type
/// holds only the rule of what is written when.
public struct FileReports<Staged> {
    /// A report that could not be written: its target and why.
    public struct Failure: Error, Hashable, Sendable {
        /// The `--output` path.
        public var path: String
        /// Why it could not be written (as `strerror` says, or what the writer found).
        public var reason: String

        /// Creates a failure.
        public init(path: String, reason: String) {
            self.path = path
            self.reason = reason
        }
    }

    /// What a report's writer is given: the stream to render it into.
    public typealias Body = (inout ReportStream) -> Void

    /// Writes what the body renders somewhere beside `path` without touching `path`.
    public var stage: (_ path: String, _ body: Body) throws(Failure) -> Staged
    /// Puts a staged report in place.
    public var commit: (Staged) throws(Failure) -> Void
    /// Drops a staged report, leaving its target as it was.
    public var discard: (Staged) -> Void
    /// Whether `path` is a device or FIFO, written in place by ``writeInPlace``.
    public var isDevice: (_ path: String) -> Bool
    /// Writes what the body renders straight to the device or FIFO at `path`.
    public var writeInPlace: (_ path: String, _ body: Body) throws(Failure) -> Void
    /// Called with each failure when it happens (the command prints it).
    public var failed: (Failure) -> Void

    /// Creates the writer from its I/O.
    public init(stage: @escaping (_ path: String, _ body: Body) throws(Failure) -> Staged,
                commit: @escaping (Staged) throws(Failure) -> Void,
                discard: @escaping (Staged) -> Void,
                isDevice: @escaping (_ path: String) -> Bool,
                writeInPlace: @escaping (_ path: String, _ body: Body) throws(Failure) -> Void,
                failed: @escaping (Failure) -> Void) {
        self.stage = stage
        self.commit = commit
        self.discard = discard
        self.isDevice = isDevice
        self.writeInPlace = writeInPlace
        self.failed = failed
    }

    /// Writes the report of each of `targets` that has an `--output` (others are skipped) and
    /// returns the failures, in the order they happened. Each failure is added to `result` as a
    /// ``RunProblem`` of kind `.report` before the reports still to write are rendered.
    public func write(_ targets: [ReportTarget], result: inout RunResult, context: ReportContext) -> [Failure] {
        var failures: [Failure] = []
        func fail(_ failure: Failure) {
            failed(failure)
            result.problems.append(RunProblem(path: failure.path, message: "cannot write the report: \(failure.reason)",
                                              kind: .report))
            failures.append(failure)
        }
        var files: [(path: String, reporter: any Reporter)] = []
        var devices: [(path: String, reporter: any Reporter)] = []
        for target in targets {
            guard let path = target.output else { continue }
            guard let reporter = Reporters.named(target.format) else {
                // The command checks formats first; a library caller may not have.
                fail(Failure(path: path, reason: "unknown format '\(target.format)'"))
                continue
            }
            if isDevice(path) { devices.append((path, reporter)) } else { files.append((path, reporter)) }
        }
        var pending = files
        while !pending.isEmpty {
            var staged: [Staged] = []
            var round: [Failure] = []
            for (path, reporter) in pending {
                do throws(Failure) {
                    staged.append(try stage(path) { reporter.write(result, context: context, to: &$0) })
                } catch {
                    round.append(error)
                }
            }
            if round.isEmpty {
                for report in staged {
                    do throws(Failure) { try commit(report) } catch { fail(error) }
                }
                break
            }
            staged.forEach(discard)
            round.forEach(fail)
            pending.removeAll { target in round.contains { $0.path == target.path } }
        }
        for (path, reporter) in devices {
            do throws(Failure) {
                try writeInPlace(path) { reporter.write(result, context: context, to: &$0) }
            } catch {
                fail(error)
            }
        }
        return failures
    }
}
