import ProgressLintYAML

/// The findings of an earlier JSON report (`--compare PREVIOUS.json`), so a report can mark what
/// is new since then and list what was fixed, by fingerprint.
public struct PreviousReport: Sendable {
    /// One finding of the earlier report, with what the page shows of a fixed one.
    public struct Finding: Hashable, Sendable {
        public var fingerprint: String
        public var rule: String
        public var severity: String
        public var message: String
        public var path: String
        public var line: Int?

        /// Creates a finding.
        public init(fingerprint: String, rule: String, severity: String, message: String, path: String, line: Int?) {
            self.fingerprint = fingerprint
            self.rule = rule
            self.severity = severity
            self.message = message
            self.path = path
            self.line = line
        }
    }

    /// Why a file is not a report this can compare with.
    public struct ReadError: Error, Hashable, Sendable, CustomStringConvertible {
        public var description: String
    }

    /// The earlier findings, in the earlier report's order.
    public var findings: [Finding]
    /// Their fingerprints.
    public let fingerprints: Set<String>

    /// A report with these findings.
    public init(findings: [Finding]) {
        self.findings = findings
        fingerprints = Set(findings.map(\.fingerprint))
    }

    /// Reads a report written by `--format json` (`diagnostics[].fingerprint` and what each says).
    public static func parse(_ bytes: [UInt8], path: String) throws(ReadError) -> PreviousReport {
        func fail(_ message: String) -> ReadError { ReadError(description: "\(path): \(message)") }
        let documents: [YAMLDocument]
        do {
            documents = try YAMLParser.parse(bytes)
        } catch {
            throw fail("not a JSON report (\(error.message)); give a file written by --format json")
        }
        guard let document = documents.first(where: { !$0.isEmpty }), let root = document.root,
              document[root].kind == .mapping,
              let list = document[root].pairs.first(where: { document[$0.0].value == "diagnostics" })?.1,
              document[list].kind == .sequence else {
            throw fail("not a JSON report: it has no `diagnostics` list; give a file written by --format json")
        }
        var findings: [Finding] = []
        for item in document[list].items where document[item].kind == .mapping {
            var fields: [String: String] = [:]
            for (key, value) in document[item].pairs where document[value].kind == .scalar {
                fields[document[key].value] = document[value].value
            }
            guard let fingerprint = fields["fingerprint"], !fingerprint.isEmpty else { continue }
            findings.append(Finding(
                fingerprint: fingerprint, rule: fields["rule"] ?? "", severity: fields["severity"] ?? "",
                message: fields["message"] ?? "", path: fields["path"] ?? "", line: fields["line"].flatMap { Int($0) }))
        }
        return PreviousReport(findings: findings)
    }
}
