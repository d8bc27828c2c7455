#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import ProgressLintEngine
import ProgressLintWorkspace

/// What `--write-baseline` and `--baseline` do to a run's result, between linting and reporting:
/// record what it can accept (keeping entries of files it did not lint), then remove the accepted
/// findings and note entries that no longer match. Input rules' findings are never accepted.
/// Everything to tell comes back as values (``Note``s, a thrown ``Failure``) for the command to print.
public struct BaselineStep {
    /// A line for standard error, in the order the step produced it.
    public enum Note: Hashable, Sendable, CustomStringConvertible {
        /// `--write-baseline` wrote `count` findings to `path`, and kept `kept` of files not linted in this run.
        case wrote(count: Int, path: String, kept: Int)
        /// `count` findings of `rules` (sorted) cannot be baselined and stay in the report.
        case notBaselined(count: Int, rules: [String])
        /// An entry, among the files linted, that matched fewer findings than it accepts.
        case staleEntry(Baseline.StaleEntry)
        /// How many entries were stale, and the baseline to rewrite to drop them.
        case staleEntries(count: Int, file: String)

        /// The line, without the `progress-lint: ` prefix and not yet made safe for a terminal.
        public var description: String {
            switch self {
            case let .wrote(count, path, kept):
                let others = kept > 0 ? ", kept \(kept) of files not linted in this run" : ""
                return "wrote \(count) findings to \(path)\(others)"
            case let .notBaselined(count, rules):
                return "\(count) \(rules.joined(separator: "/")) findings cannot be baselined; "
                    + "fix them (they stay in the report)"
            case let .staleEntry(entry):
                let at = entry.key.yamlPath.isEmpty ? "" : " at \(entry.key.yamlPath)"
                return "note: baseline entry \(entry.key.path): \(entry.key.rule)\(at) no longer matches "
                    + "(\(entry.unmatched) fixed)"
            case let .staleEntries(count, file):
                return "note: \(count) stale baseline entries; run with --write-baseline \(file) to drop them"
            }
        }
    }

    /// Why the baseline could not be used: the run stops before reporting.
    public enum Failure: Error, Hashable, Sendable, CustomStringConvertible {
        /// The baseline is larger than the `limits.max-file-size` of the configuration found for it.
        case tooLarge(path: String, limit: Int, updating: Bool)
        /// The baseline could not be read (missing, a folder, no permission…).
        case unreadable(path: String, updating: Bool)
        /// The baseline was read but is not one.
        case malformed(ConfigurationError, updating: Bool)
        /// The writer could not write the baseline.
        case cannotWrite(path: String, reason: String)

        /// The message, without the `progress-lint: ` prefix and not yet made safe for a terminal.
        /// When updating, a baseline that cannot be read is one to delete and write anew.
        public var description: String {
            switch self {
            case let .tooLarge(path, limit, updating):
                return "the baseline \(path) is larger than \(ByteText.size(limit)) (limits.max-file-size); "
                    + "it was not read\(Failure.advice(updating))"
            case let .unreadable(path, updating):
                return "cannot read the baseline \(path)\(Failure.advice(updating))"
            case let .malformed(error, updating):
                return "\(error.description)\(Failure.advice(updating))"
            case let .cannotWrite(path, reason):
                return "cannot write \(path): \(reason)"
            }
        }

        private static func advice(_ updating: Bool) -> String { updating ? "; delete it to write a new one" : "" }
    }

    /// Writes `text` to `path`, or throws ``Failure/cannotWrite(path:reason:)``.
    public typealias Writer = (_ text: String, _ path: String) throws(Failure) -> Void

    /// The baseline file: `--write-baseline`'s when given, else `--baseline`'s.
    public let file: String
    /// Whether the baseline is written (`--write-baseline`), not only read.
    public let updating: Bool
    /// Where the baseline is: entries' paths are relative to its folder.
    public let location: Baseline.Location
    private let loader: ConfigurationLoader
    private let configPath: String?
    private let write: Writer

    /// The step for `--baseline` and `--write-baseline` (nil when neither is given; with both, the
    /// baseline is written). `loader` and `configPath` (`--config`) find the configuration whose
    /// `limits.max-file-size` a baseline is held to; `write` writes the baseline when updating.
    public init?(baseline: String?, writeBaseline: String?, loader: ConfigurationLoader, configPath: String?,
                 write: @escaping Writer) {
        guard let file = writeBaseline ?? baseline else { return nil }
        self.file = file
        self.updating = writeBaseline != nil
        self.location = Baseline.Location(file: file)
        self.loader = loader
        self.configPath = configPath
        self.write = write
    }

    /// Applies the baseline to `result` (writing it first when updating) and returns the notes to print.
    public func apply(to result: inout RunResult) throws(Failure) -> [Note] {
        var notes: [Note] = []
        var accepted: Baseline
        if updating {
            accepted = Baseline(accepting: result.findings, location: location)
            let written = accepted.counts.values.reduce(0, +)
            var kept = 0
            if access(file, F_OK) == 0 {
                let previous = try read()
                let merged = previous.replacing(files: Baseline.lintedFiles(result, location: location), with: accepted)
                kept = merged.counts.values.reduce(0, +) - written
                accepted = merged
            }
            try write(accepted.rendered(), file)
            notes.append(.wrote(count: written, path: file, kept: kept))
            // Counted in one pass over the stored findings.
            var refused = 0
            var refusedRules = Set<String>()
            for d in result.findings where !Baseline.accepts(rule: d.ruleID) {
                refused += 1
                refusedRules.insert(d.ruleID)
            }
            if refused > 0 { notes.append(.notBaselined(count: refused, rules: refusedRules.sorted())) }
        } else {
            accepted = try read()
        }
        let stale = accepted.apply(to: &result, location: location)
        notes += stale.map(Note.staleEntry)
        if !stale.isEmpty { notes.append(.staleEntries(count: stale.count, file: file)) }
        return notes
    }

    /// The baseline file, held to the `max-file-size` of the configuration found for it.
    private func read() throws(Failure) -> Baseline {
        let resolver = ConfigurationResolver(loader: loader, configPath: configPath)
        let limit = (try? resolver.configuration(for: file).get())?.limits.maxFileSize ?? Limits().maxFileSize
        switch FileReader.read(SpecFile(path: file), limit: limit) {
        case .failure(.tooLarge(let limit, _)):
            throw .tooLarge(path: file, limit: limit, updating: updating)
        case .failure:
            throw .unreadable(path: file, updating: updating)
        case .success(let bytes):
            do {
                return try Baseline.parse(bytes, path: file, location: location)
            } catch {
                throw .malformed(error, updating: updating)
            }
        }
    }
}
