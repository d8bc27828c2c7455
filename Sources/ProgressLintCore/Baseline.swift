import ProgressLintYAML

/// Findings accepted when adopting the linter on an existing tree (`--write-baseline`, `--baseline`).
///
/// An entry is keyed by file, rule and YAML path (never by line), so edits elsewhere in a file and
/// moved lines do not bring old findings back. Each key keeps a count: a second finding of the same
/// rule at the same node is new. Entries that match nothing any more are returned by ``apply(to:)``
/// so the baseline can shrink.
///
/// The file is JSON (which the YAML parser also reads):
/// `{"version": 1, "entries": [{"path": …, "rule": …, "yamlPath": …, "count": 1}]}`.
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
            self.path = Baseline.normalize(path)
            self.rule = rule
            self.yamlPath = yamlPath
        }

        /// The key of a diagnostic.
        public init(_ diagnostic: Diagnostic) {
            self.init(path: diagnostic.path, rule: diagnostic.ruleID, yamlPath: diagnostic.yamlPath ?? "")
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
    public static let formatVersion = 1

    /// Accepted findings and how many of each.
    public var counts: [Key: Int]

    /// A baseline accepting every one of `diagnostics`.
    public init(accepting diagnostics: [Diagnostic]) {
        var counts: [Key: Int] = [:]
        for diagnostic in diagnostics { counts[Key(diagnostic), default: 0] += 1 }
        self.counts = counts
    }

    /// The baseline file's text: JSON, one entry per key, sorted, so it diffs well in review.
    public func rendered() -> String {
        var out = "{\n  \"version\": \(Baseline.formatVersion),\n  \"entries\": ["
        let keys = counts.keys.sorted()
        for (i, key) in keys.enumerated() {
            out += i == 0 ? "\n" : ",\n"
            out += "    {\"path\": \(Baseline.quote(key.path)), \"rule\": \(Baseline.quote(key.rule)), "
            out += "\"yamlPath\": \(Baseline.quote(key.yamlPath)), \"count\": \(counts[key] ?? 1)}"
        }
        out += keys.isEmpty ? "]\n}\n" : "\n  ]\n}\n"
        return out
    }

    /// Reads a baseline file written by ``rendered()``.
    public static func parse(_ bytes: [UInt8], path: String) throws(ConfigurationError) -> Baseline {
        func fail(_ message: String, _ position: SourcePosition? = nil) -> ConfigurationError {
            ConfigurationError(path: path, position: position, message: message)
        }
        let documents: [YAMLDocument]
        do {
            documents = try YAMLParser.parse(bytes)
        } catch {
            throw fail("not a baseline file: \(error.message)", error.position)
        }
        var baseline = Baseline(accepting: [])
        guard let document = documents.first(where: { !$0.isEmpty }), let root = document.root,
              document[root].kind == .mapping else {
            throw fail("not a baseline file; write one with --write-baseline")
        }
        guard let entries = document[root].pairs.first(where: { document[$0.0].value == "entries" })?.1,
              document[entries].kind == .sequence else {
            throw fail("the baseline has no `entries` list; write one with --write-baseline")
        }
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
            let key = Key(path: file, rule: rule, yamlPath: fields["yamlPath"] ?? "")
            // The same key twice adds up; past Int.max it stays at Int.max (more than any run can find).
            let (sum, overflow) = baseline.counts[key, default: 0].addingReportingOverflow(count)
            baseline.counts[key] = overflow ? Int.max : sum
        }
        return baseline
    }

    /// Removes the accepted findings from `result` and returns the
    /// entries, among the files this run linted, that matched fewer findings than they accept.
    public func apply(to result: inout RunResult) -> [StaleEntry] {
        var remaining = counts
        var kept: [Diagnostic] = []
        for diagnostic in result.diagnostics {
            let key = Key(diagnostic)
            if let left = remaining[key], left > 0 {
                remaining[key] = left - 1
            } else {
                kept.append(diagnostic)
            }
        }
        result.diagnostics = kept
        let linted = Set(result.files.indices.map { Baseline.normalize(result.files.path(at: $0)) })
        return remaining.filter { $0.value > 0 && linted.contains($0.key.path) }
            .map { StaleEntry(key: $0.key, unmatched: $0.value) }
            .sorted { $0.key < $1.key }
    }

    /// `./specs/a.yaml` and `specs/a.yaml` are the same file.
    static func normalize(_ path: String) -> String {
        var path = Substring(path)
        while path.hasPrefix("./") { path = path.dropFirst(2) }
        return String(path)
    }

    /// A JSON string literal (also a YAML double-quoted scalar).
    static func quote(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028
                    || scalar.value == 0x2029 || scalar.value == 0xFEFF {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
