import ArgumentParser
import ProgressLintEngine
import ProgressLintRun
import ProgressLintWorkspace
import ProgressLintReporters
import ProgressLintSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The promise that a report or baseline never replaces a spec: every `--output` and
/// `--write-baseline` path is checked before linting and again before writing.
enum OutputGuard {
    /// One file the run will write.
    struct Write {
        /// The format's name, or nil for the baseline.
        var format: String?
        var path: String

        var what: String { format.map { "the \($0) report" } ?? "the baseline" }
    }

    typealias Identity = FileIdentity

    /// The identity of the regular file (links followed) at `path`, or nil.
    static func identity(of path: String) -> Identity? { FileIdentity.of(path) }

    /// The files that `writes` would replace: those that exist now.
    static func targets(_ writes: [Write]) -> Set<Identity> { Set(writes.compactMap { identity(of: $0.path) }) }

    /// Why `write` must not go ahead, or nil. `linted` holds the files the run lints (or names);
    /// `reading` is the `--baseline` file, never to be written over by a report.
    static func refusal(_ write: Write, linted: Set<Identity>, reading baseline: String?) -> String? {
        let shown = TerminalText.safe(write.path)
        let refusing = "refusing to write \(write.what) to \(shown)"
        guard let target = identity(of: write.path) else { return nil }
        if linted.contains(target) {
            return "\(refusing): this run lints that file; give \(write.format == nil ? "--write-baseline" : "--output") "
                + "a path of its own"
        }
        if let baseline, write.format != nil, identity(of: baseline) == target {
            return "\(refusing): it is the --baseline this run reads; write the report elsewhere"
        }
        if isYAMLName(write.path) || realPath(write.path).map(isYAMLName) == true {
            return "\(refusing): it is an existing YAML file and progress-lint never writes over a spec; "
                + "choose a path that is not .yaml or .yml"
        }
        guard let prefix = readPrefix(write.path) else {
            return "\(refusing): it exists and cannot be read to check that it is a report; choose another path"
        }
        if !looksLike(write.format, prefix) {
            let kind = write.format.map { "a progress-lint \($0) report" } ?? "a progress-lint baseline"
            return "\(refusing): the existing file is not \(kind); delete it or choose another path"
        }
        return nil
    }

    static func isYAMLName(_ path: String) -> Bool {
        let lower = path.lowercased()
        return lower.hasSuffix(".yaml") || lower.hasSuffix(".yml")
    }

    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The first 4 KiB of a regular file (every report names what it is in its first lines), or nil
    /// when it cannot be read.
    static func readPrefix(_ path: String) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 4 * 1024)
        let (count, failure) = buffer.withUnsafeMutableBytes { SystemCalls.readFully(fd, into: $0.baseAddress!, count: $0.count) }
        if failure != nil { return nil }
        return Array(buffer[..<count])
    }

    /// Whether an existing file's start looks like what is about to replace it: the baseline's
    /// own header, or what the format's reporter recognises as its output (``Reporter/recognises(_:)``).
    /// An empty file is always fine.
    static func looksLike(_ format: String?, _ bytes: [UInt8]) -> Bool {
        let prefix = ReportPrefix(bytes)
        if prefix.isBlank { return true }
        guard let format else { return prefix.hasPrefix("{\"version\":") && prefix.contains("\"entries\":[") }
        guard let reporter = Reporters.named(format) else { return !prefix.looksLikeSpec }
        return type(of: reporter).recognises(prefix)
    }

    /// Prints the first refusal and exits 2; `linted` are paths whose regular files the run reads.
    static func check(_ writes: [Write], linted paths: some Sequence<String>, reading baseline: String?) throws {
        // Only a file that exists can be written over: with none, nothing to compare.
        let targets = targets(writes)
        guard !targets.isEmpty else { return }
        // Of the linted files, only those that are targets are kept (not one entry per file of a large run).
        var linted = Set<Identity>()
        for path in paths { if let id = identity(of: path), targets.contains(id) { linted.insert(id) } }
        try refuse(writes, linted: linted, reading: baseline)
    }

    /// The check after a run, from the files its workers `taken` among those `watched` (no second
    /// `stat` of every file); a target made during the run is compared with every linted path.
    static func check(_ writes: [Write], watched: Set<Identity>, taken: Set<Identity>, named: [String],
                      linted paths: () -> some Sequence<String>, reading baseline: String?) throws {
        let targets = targets(writes)
        guard !targets.isEmpty else { return }
        guard targets.isSubset(of: watched) else { return try check(writes, linted: paths(), reading: baseline) }
        var linted = taken.intersection(targets)
        for path in named { if let id = identity(of: path), targets.contains(id) { linted.insert(id) } }
        try refuse(writes, linted: linted, reading: baseline)
    }

    /// Prints the first refusal of `writes` and exits 2.
    private static func refuse(_ writes: [Write], linted: Set<Identity>, reading baseline: String?) throws {
        for write in writes {
            if let refusal = refusal(write, linted: linted, reading: baseline) {
                Output.standardError("progress-lint: \(refusal)\n")
                throw ExitCode(2)
            }
        }
    }
}
