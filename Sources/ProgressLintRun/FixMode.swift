import Synchronization
import ProgressLintEngine
import ProgressLintWorkspace

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

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
             skippingNonSpec: Bool = false) -> Result<FileResult, RunProblem> {
        guard case .success(let bytes) = FileReader.read(file, limit: configuration.limits.maxFileSize) else {
            // Over the limit, unreadable, not a regular file: never written; linted as usual.
            return LintRunner.lintFile(file, configuration: configuration, linter: linter)
        }
        let outcome = Fixer.fix(bytes, path: file.path, configuration: configuration, linter: linter, unsafe: unsafe,
                                skippingNonSpec: skippingNonSpec)
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
        if let failure = AtomicFile.replace(file, with: outcome.bytes) {
            notes.append("not fixed: cannot write it: \(failure)")
            record(Record(path: file.path, before: [], after: [], applied: 0, notes: notes, written: false))
            return .success(outcome.original)
        }
        record(Record(path: file.path, before: [], after: [], applied: outcome.applied, notes: notes, written: true))
        return .success(outcome.result)
    }
}

/// Writes a file atomically: a temporary file in the same folder, synced, given the original's
/// mode, renamed over it.
public enum AtomicFile {
    /// Replaces the file's content; returns why it could not, or nil.
    public static func replace(_ file: SpecFile, with bytes: [UInt8]) -> String? {
        var raw = file.rawPath
        var info = stat()
        raw.append(0)
        let statResult = raw.withUnsafeBufferPointer { p in
            p.baseAddress!.withMemoryRebound(to: CChar.self, capacity: p.count) { stat($0, &info) }
        }
        guard statResult == 0 else { return FileReader.errorText(errno) }
        raw.removeLast()
        var temporary = raw
        let slash = raw.lastIndex(of: UInt8(ascii: "/")).map { $0 + 1 } ?? 0
        temporary.insert(contentsOf: Array(".".utf8), at: slash)
        temporary += Array(".progress-lint-fix-\(getpid())".utf8)
        temporary.append(0)
        raw.append(0)
        let fd = temporary.withUnsafeBufferPointer { p in
            p.baseAddress!.withMemoryRebound(to: CChar.self, capacity: p.count) {
                open($0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, info.st_mode & 0o7777)
            }
        }
        guard fd >= 0 else { return FileReader.errorText(errno) }
        func unlinkTemporary() {
            _ = temporary.withUnsafeBufferPointer { p in
                p.baseAddress!.withMemoryRebound(to: CChar.self, capacity: p.count) { unlink($0) }
            }
        }
        var written = 0
        while written < bytes.count {
            let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + written, bytes.count - written) }
            if n < 0 {
                if errno == EINTR { continue }
                let error = FileReader.errorText(errno)
                close(fd)
                unlinkTemporary()
                return error
            }
            written += n
        }
        // The mode is set again past the umask that `open` applied.
        if fchmod(fd, info.st_mode & 0o7777) != 0 || fsync(fd) != 0 {
            let error = FileReader.errorText(errno)
            close(fd)
            unlinkTemporary()
            return error
        }
        close(fd)
        let renamed = temporary.withUnsafeBufferPointer { t in
            raw.withUnsafeBufferPointer { r in
                t.baseAddress!.withMemoryRebound(to: CChar.self, capacity: t.count) { tp in
                    r.baseAddress!.withMemoryRebound(to: CChar.self, capacity: r.count) { rename(tp, $0) }
                }
            }
        }
        if renamed != 0 {
            let error = FileReader.errorText(errno)
            unlinkTemporary()
            return error
        }
        return nil
    }
}

extension FixMode {
    /// Records what fixing standard input would change (for `--diff`).
    public func recordForStandardInput(path: String, before: [UInt8], after: [UInt8], applied: Int) {
        record(Record(path: path, before: before, after: after, applied: applied, notes: [], written: false))
    }
}
