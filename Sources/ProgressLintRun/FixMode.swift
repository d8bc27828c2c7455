import Synchronization
import ProgressLintEngine
import ProgressLintSupport
import ProgressLintWorkspace

/// How a run fixes files: `--fix` writes them, `--diff` only records what would change.
public final class FixMode: Sendable {
    /// What happened to one file.
    public struct Record: Sendable {
        public var path: String
        /// The text read and the text fixed (kept for `--diff` only).
        public var before: [UInt8]
        public var after: [UInt8]
        public var applied: Int
        public var notes: [String]
        public var written: Bool
    }

    /// Whether unsafe fixes apply too.
    public let unsafe: Bool
    /// Whether files are written (`--fix`) or only diffed (`--diff`).
    public let write: Bool
    /// Called just before writing, with the file and the bytes it had when read: false skips the
    /// write (the file changed on disk meanwhile). Tests inject their own.
    let unchanged: @Sendable (SpecFile, [UInt8]) -> Bool
    private let records = Mutex<[Record]>([])

    /// Creates a mode.
    public init(unsafe: Bool, write: Bool,
                unchanged: @escaping @Sendable (SpecFile, [UInt8]) -> Bool = FixMode.isUnchanged) {
        self.unsafe = unsafe
        self.write = write
        self.unchanged = unchanged
    }

    /// What happened to each file that had fixes, in path order.
    public var recorded: [Record] {
        records.withLock { $0 }.sorted { Diagnostic.pathPrecedes($0.path, $1.path) }
    }

    func record(_ record: Record) { records.withLock { $0.append(record) } }

    /// Whether the file still holds `bytes`.
    @Sendable public static func isUnchanged(_ file: SpecFile, _ bytes: [UInt8]) -> Bool {
        guard case .success(let now) = FileReader.read(file, limit: bytes.count) else { return false }
        return now == bytes
    }

    /// Reads, fixes and (with `write`) writes one file; the result is the lint of what the file
    /// holds afterwards.
    func run(_ file: SpecFile, configuration: Configuration, linter: Linter,
             nonSpec: NonSpecHandling = .lint) -> Result<FileResult, RunProblem> {
        guard case .success(let bytes) = FileReader.read(file, limit: configuration.limits.maxFileSize) else {
            // Over the limit, unreadable, not a regular file: never written; linted as usual.
            return LintRunner.lintFile(file, configuration: configuration, linter: linter)
        }
        let outcome = Fixer.fix(bytes, path: file.path, configuration: configuration, linter: linter, unsafe: unsafe,
                                nonSpec: nonSpec)
        // YAML that is not a spec is left as it is.
        if outcome.original.skippedAsNotSpec { return .success(outcome.original) }
        var notes = outcome.notes
        guard outcome.changed else {
            if !notes.isEmpty {
                record(Record(path: file.path, before: [], after: [], applied: 0, notes: notes, written: false))
            }
            return .success(outcome.result)
        }
        guard write else {
            record(Record(path: file.path, before: bytes, after: outcome.bytes, applied: outcome.applied,
                          notes: notes, written: false))
            return .success(outcome.original)
        }
        guard unchanged(file, bytes) else {
            notes.append("skipped: the file changed on disk while it was being fixed; run --fix again")
            record(Record(path: file.path, before: [], after: [], applied: 0, notes: notes, written: false))
            return .success(outcome.original)
        }
        if let failure = AtomicFile.replace(file.rawPath, with: outcome.bytes) {
            notes.append("not fixed: cannot write it: \(failure)")
            record(Record(path: file.path, before: [], after: [], applied: 0, notes: notes, written: false))
            return .success(outcome.original)
        }
        record(Record(path: file.path, before: [], after: [], applied: outcome.applied, notes: notes, written: true))
        return .success(outcome.result)
    }
}

extension FixMode {
    /// Records what fixing standard input would change (for `--diff`).
    public func recordForStandardInput(path: String, before: [UInt8], after: [UInt8], applied: Int) {
        record(Record(path: path, before: before, after: after, applied: applied, notes: [], written: false))
    }
}
