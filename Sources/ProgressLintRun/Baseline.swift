import ProgressLintSupport
import ProgressLintYAML
import ProgressLintEngine
import ProgressLintWorkspace

/// Findings accepted when adopting the linter on an existing tree (`--write-baseline`, `--baseline`).
///
/// Entries are keyed by file, rule and YAML path (never line) with a count, so moved lines do not
/// bring old findings back and a second finding at the same node is new. The file is JSON:
/// `{"version": 2, "entries": [{"path": …, "rule": …, "yamlPath": …, "count": 1}]}`; from version 2
/// paths are relative to the baseline's folder (``Location``), version 1's to the working folder.
/// Findings of the input rules are never accepted: a baseline neither records nor hides them.
public struct Baseline: Hashable, Sendable {
    /// What one accepted finding is known by.
    public struct Key: Hashable, Sendable, Comparable {
        /// The file, as reported, without a leading `./`.
        public var path: String
        /// The rule id.
        public var rule: String
        /// The node's YAML path; empty when the finding has none (a YAML syntax error).
        public var yamlPath: String

        /// Creates a key.
        public init(path: String, rule: String, yamlPath: String) {
            self.path = PathText.droppingLeadingDotSlash(path)
            self.rule = rule
            self.yamlPath = yamlPath
        }

        /// A key whose `path` is as reported, made relative to the baseline's folder when a `location` is given.
        public init(path: String, rule: String, yamlPath: String, location: Location?) {
            self.init(path: location.map { $0.key(path) } ?? path, rule: rule, yamlPath: yamlPath)
        }

        /// The key of a diagnostic.
        public init(_ diagnostic: Diagnostic, location: Location? = nil) {
            self.init(path: diagnostic.path, rule: diagnostic.ruleID, yamlPath: diagnostic.yamlPath ?? "", location: location)
        }

        public static func < (a: Key, b: Key) -> Bool {
            (a.path, a.rule, a.yamlPath) < (b.path, b.rule, b.yamlPath)
        }
    }

    /// An entry of the baseline that matched fewer findings than it accepts.
    public struct StaleEntry: Hashable, Sendable {
        /// The entry's key.
        public var key: Key
        /// How many of its accepted findings are gone.
        public var unmatched: Int
    }

    /// The format version written in the file.
    public static let formatVersion = 2

    /// Where the baseline file is: entries' paths are relative to its folder.
    public struct Location: Hashable, Sendable {
        /// The baseline file's folder, absolute.
        public var folder: String
        /// The folder reported paths are relative to.
        public var workingDirectory: String

        /// The location of the baseline file at `file` (relative to `workingDirectory`, default the process's).
        public init(file: String, workingDirectory: String? = nil) {
            let cwd = workingDirectory ?? (SystemCalls.currentDirectory() ?? ".")
            self.workingDirectory = cwd
            self.folder = PathText.parent(PathText.absolute(file, in: cwd))
        }

        /// The entry path of a reported path: relative to the baseline's folder.
        public func key(_ reportedPath: String) -> String {
            PathText.relativeWalkingUp(PathText.absolute(reportedPath, in: workingDirectory), to: folder)
        }
    }

    /// Whether findings of `rule` can be accepted: not the input rules', which say the spec cannot
    /// be read as written (or, for `duplicate-id`, which YAML path a finding is at); each has a one-line fix.
    public static func accepts(rule: String) -> Bool { !InputRuleID.all.contains(rule) }

    /// Accepted findings and how many of each.
    public var counts: [Key: Int]

    /// A baseline accepting every one of `diagnostics` but the input rules' (``accepts(rule:)``);
    /// with a `location`, keyed by paths relative to the baseline's folder.
    public init(accepting diagnostics: some Sequence<Diagnostic>, location: Location? = nil) {
        var counts: [Key: Int] = [:]
        for diagnostic in diagnostics where Baseline.accepts(rule: diagnostic.ruleID) {
            counts[Key(diagnostic, location: location), default: 0] += 1
        }
        self.counts = counts
    }

    /// This baseline's entries for files other than `linted` (entry paths), and `current`'s:
    /// what `--write-baseline` writes when a run lints only some of the files.
    public func replacing(files linted: Set<String>, with current: Baseline) -> Baseline {
        var merged = current
        for (key, count) in counts where !linted.contains(key.path) {
            // Counts read from a file: added without overflow (held at Int.max), as `parse` adds them.
            let (sum, overflow) = merged.counts[key, default: 0].addingReportingOverflow(count)
            merged.counts[key] = overflow ? Int.max : sum
        }
        return merged
    }

    /// The entry paths of the files `result` linted.
    public static func lintedFiles(_ result: RunResult, location: Location? = nil) -> Set<String> {
        Set(result.files.indices.map { Key(path: result.files.path(at: $0), rule: "", yamlPath: "", location: location).path })
    }

    /// The baseline file's text: JSON, one entry per key, sorted, so it diffs well in review (one
    /// entry a line, its members in a fixed order, indented by two spaces as the reports' JSON is).
    public func rendered() -> String {
        var out = Array("{\n  \"version\": \(Baseline.formatVersion),\n  \"entries\": ".utf8)
        func write(_ text: StaticString) { text.withUTF8Buffer { out.append(contentsOf: $0) } }
        let keys = counts.keys.sorted()
        write(keys.isEmpty ? "[]" : "[")
        for (i, key) in keys.enumerated() {
            write(i == 0 ? "\n    {\"path\": " : ",\n    {\"path\": ")
            JSONString.escape(key.path, into: &out)
            write(", \"rule\": ")
            JSONString.escape(key.rule, into: &out)
            write(", \"yamlPath\": ")
            JSONString.escape(key.yamlPath, into: &out)
            write(", \"count\": ")
            out.append(contentsOf: String(counts[key] ?? 1).utf8)
            write("}")
        }
        write(keys.isEmpty ? "\n}\n" : "\n  ]\n}\n")
        return String(decoding: out, as: UTF8.self)
    }

    /// Reads a baseline file written by ``rendered()``. With a `location`, the paths of a version-1
    /// file (as given on the command line) are read as relative to its working directory and
    /// rewritten relative to the baseline's folder.
    public static func parse(_ bytes: [UInt8], path: String, location: Location? = nil) throws(ConfigurationError) -> Baseline {
        func fail(_ message: String, _ position: SourcePosition? = nil) -> ConfigurationError {
            ConfigurationError(path: path, position: position, message: message)
        }
        let documents: [YAMLDocument]
        do {
            documents = try YAMLParser.parse(bytes)
        } catch {
            throw fail("not a baseline file: \(error.message)", error.position)
        }
        var baseline = Baseline(accepting: [Diagnostic]())
        guard let document = documents.first(where: { !$0.isEmpty }), let root = document.root,
              document[root].kind == .mapping else {
            throw fail("not a baseline file; write one with --write-baseline")
        }
        guard let entries = document[root].pairs.first(where: { document[$0.0].value == "entries" })?.1,
              document[entries].kind == .sequence else {
            throw fail("the baseline has no `entries` list; write one with --write-baseline")
        }
        let versionNode = document[root].pairs.first(where: { document[$0.0].value == "version" })?.1
        let version = versionNode.flatMap { document[$0].kind == .scalar ? Int(document[$0].value) : nil } ?? 1
        guard (1...formatVersion).contains(version) else {
            throw fail("baseline format version \(versionNode.map { document[$0].value } ?? "") is not one this "
                       + "progress-lint reads (1 to \(formatVersion)); write it again with --write-baseline",
                       versionNode.map { document[$0].range.start })
        }
        let legacy = version < 2 ? location : nil
        for item in document[entries].items {
            guard document[item].kind == .mapping else {
                throw fail("a baseline entry must be a mapping", document[item].range.start)
            }
            var fields: [String: String] = [:]
            var countNode: NodeID?
            for (key, value) in document[item].pairs {
                if document[key].value == "count" { countNode = value }
                if document[value].kind == .scalar { fields[document[key].value] = document[value].value }
            }
            guard let file = fields["path"], let rule = fields["rule"] else {
                throw fail("a baseline entry needs `path` and `rule`", document[item].range.start)
            }
            var count = 1
            if let countNode {
                // A count is a JSON integer from 1 up: not a string, a fraction, an exponent or a sign.
                let node = document[countNode]
                let text = node.value
                guard node.kind == .scalar, node.style == .plain, !text.isEmpty,
                      text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let value = Int(text), value > 0 else {
                    let shown = node.kind != .scalar ? "a collection" : text.count > 40 ? text.prefix(37) + "…" : text
                    throw fail("the entry for \(file) (\(rule)) has `count: \(shown)`; a count is a whole number "
                               + "from 1 to \(Int.max)", node.range.start)
                }
                count = value
            }
            let key = Key(path: file, rule: rule, yamlPath: fields["yamlPath"] ?? "", location: legacy)
            // The same key twice adds up; past Int.max it stays at Int.max (more than any run can find).
            let (sum, overflow) = baseline.counts[key, default: 0].addingReportingOverflow(count)
            baseline.counts[key] = overflow ? Int.max : sum
        }
        return baseline
    }

    /// Removes the accepted findings from `result` and returns the
    /// entries, among the files this run linted, that matched fewer findings than they accept.
    /// Input rules' findings stay, even when an old baseline lists them.
    public func apply(to result: inout RunResult, location: Location? = nil) -> [StaleEntry] {
        var remaining = counts
        var kept = DiagnosticList()
        for diagnostic in result.findings {
            let key = Key(diagnostic, location: location)
            if Baseline.accepts(rule: diagnostic.ruleID), let left = remaining[key], left > 0 {
                remaining[key] = left - 1
            } else {
                kept.append(diagnostic)
            }
        }
        result.findings = kept
        let linted = Baseline.lintedFiles(result, location: location)
        return remaining.filter { $0.value > 0 && linted.contains($0.key.path) }
            .map { StaleEntry(key: $0.key, unmatched: $0.value) }
            .sorted { $0.key < $1.key }
    }
}
