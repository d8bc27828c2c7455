import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What fixing one file's text came to.
public struct FixOutcome: Sendable {
    /// The text after every pass that was kept.
    public var bytes: [UInt8]
    /// How many fixes were applied.
    public var applied: Int
    /// The lint of the original text.
    public var original: FileResult
    /// The lint of `bytes` (the original's when nothing was applied).
    public var result: FileResult
    /// What the user should know: the pass bound was hit, a pass was dropped.
    public var notes: [String] = []
    /// Whether the text changed.
    public var changed: Bool { applied > 0 }
}

/// Applies fixes to one file's text until nothing more applies, as Ruff's fix loop does: each
/// pass applies the fixes whose edits do not overlap (sorted by position; an overlapping one waits
/// for the next pass, after a fresh lint), at most ``maxPasses`` passes.
///
/// Text with a `yaml-syntax` error is never fixed, and a pass whose result would have a
/// `yaml-syntax` error or a `spec-schema` error the original does not have is dropped.
public enum Fixer {
    /// The most passes over one file.
    public static let maxPasses = 10

    /// Whether a fix is applied with or without `--unsafe-fixes`.
    public static func applies(_ fix: Fix, unsafe: Bool) -> Bool {
        fix.applicability == .safe || (unsafe && fix.applicability == .unsafe)
    }

    /// Fixes `bytes` (the file `path`).
    public static func fix(_ bytes: [UInt8], path: String, configuration: Configuration, linter: Linter,
                           unsafe: Bool, skippingNonSpec: Bool = false) -> FixOutcome {
        let original = linter.lint(bytes, path: path, configuration: configuration, skippingNonSpec: skippingNonSpec)
        var outcome = FixOutcome(bytes: bytes, applied: 0, original: original, result: original)
        if original.diagnostics.contains(where: { $0.ruleID == InputRuleID.yamlSyntax }) { return outcome }
        let before = schemaErrors(original)
        var pass = 0
        while true {
            let chosen = choose(outcome.result.diagnostics, unsafe: unsafe)
            if chosen.isEmpty { break }
            if pass == maxPasses {
                outcome.notes.append("fixes did not settle after \(maxPasses) passes; "
                                     + "\(chosen.count) more could apply; run --fix again")
                break
            }
            pass += 1
            let candidate = apply(chosen, to: outcome.bytes)
            let result = linter.lint(candidate, path: path, configuration: configuration)
            if result.diagnostics.contains(where: { $0.ruleID == InputRuleID.yamlSyntax })
                || addsErrors(schemaErrors(result), to: before) {
                outcome.notes.append("\(chosen.count) fix\(chosen.count == 1 ? "" : "es") left out: applying them "
                                     + "would make the spec invalid (\(chosen.map(\.title).joined(separator: "; ")))")
                break
            }
            outcome.bytes = candidate
            outcome.result = result
            outcome.applied += chosen.count
        }
        return outcome
    }

    /// How many `spec-schema` and `yaml-syntax` errors of a lint there are of each kind: by rule and
    /// message with its numbers left out, so an edit above an error that only moves it (a duplicate
    /// key's "already set on line 99" becomes "line 98") adds none, while a second error of a kind
    /// does. Not by YAML path: past `limits.max-diagnostics-per-file` a pass shows errors of a kind
    /// that were held back. The count of diagnostics past that limit is not one (fixing changes it).
    static func schemaErrors(_ result: FileResult) -> [String: Int] {
        var counts: [String: Int] = [:]
        for d in result.diagnostics where d.severity == .error
            && (d.ruleID == InputRuleID.specSchema || d.ruleID == InputRuleID.yamlSyntax)
            && !d.message.contains("(limits.max-diagnostics-per-file is ") {
            counts[d.ruleID + "\u{0}" + String(d.message.unicodeScalars.filter { !("0"..."9").contains($0) }), default: 0] += 1
        }
        return counts
    }

    /// Whether `after` has an error of a kind, or more of a kind, than `before`.
    static func addsErrors(_ after: [String: Int], to before: [String: Int]) -> Bool {
        after.contains { $0.value > before[$0.key, default: 0] }
    }

    /// The applicable fixes of `diagnostics` that do not overlap, in file order; the same fix
    /// offered by several findings counts once.
    public static func choose(_ diagnostics: [Diagnostic], unsafe: Bool) -> [Fix] {
        var fixes = Array(Set(diagnostics.compactMap { $0.fix }.filter { applies($0, unsafe: unsafe) }))
        fixes.sort { ($0.span.start, $0.span.end, $0.title) < ($1.span.start, $1.span.end, $1.title) }
        var chosen: [Fix] = []
        var end = -1
        var lastStart = -1
        for fix in fixes {
            let span = fix.span
            // An insertion where another fix ends or starts waits: their order would be a guess.
            if span.start < end || span.start == lastStart || (span.start == end && span.start == span.end) { continue }
            chosen.append(fix)
            end = max(end, span.end)
            lastStart = span.start
        }
        return chosen
    }

    /// `bytes` with the edits of `fixes` (which do not overlap) applied.
    public static func apply(_ fixes: [Fix], to bytes: [UInt8]) -> [UInt8] {
        let edits = fixes.flatMap(\.edits).sorted { ($0.start, $0.end) < ($1.start, $1.end) }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 64)
        var at = 0
        for edit in edits {
            let start = min(max(edit.start, at), bytes.count)
            out += bytes[at..<start]
            out += Array(edit.content.utf8)
            at = min(max(edit.end, start), bytes.count)
        }
        out += bytes[at...]
        return out
    }
}

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
