import ProgressLintSpec
import ProgressLintSupport
import Synchronization
import ProgressLintYAML

/// Turns issues and violations into diagnostics, once per rule and position.
struct DiagnosticCollector {
    let path: String
    let configuration: Configuration
    /// The file's bytes, for fixes.
    var fixSource: FixSource?
    /// The file's suppression comments: a suppressed diagnostic is never built.
    var suppressions: SuppressionIndex
    private var diagnostics: [Diagnostic] = []
    /// The rules of the diagnostics of the current document, by position (line and column in one
    /// number, exact for the positions of a file of at most 4 GiB), to report each once. Not a set of
    /// a key type of its own: hashing a new type costs, at its first use, a scan of every protocol
    /// conformance in the process (Benchmarks/README.md).
    private var seen: [Int: [String]] = [:]
    private var pathCache = YAMLPath.Cache()
    private var pathCacheDocument = -1
    private var pathsInDocument = 0
    /// `limits.max-diagnostics-per-file`.
    private let limit: Int
    /// Diagnostics past the limit: how many, where the first is, and the most severe.
    private var omitted = 0
    private var firstOmitted: SourcePosition?
    private var omittedSeverity = Severity.info
    /// Once the limit is reached, a diagnostic after this position is counted, never built.
    private var threshold: SourcePosition?

    /// The YAML path of `node`. The first few of a document are found directly; past those, a
    /// path cache (one per document) names many nodes of one long list in one pass over it.
    private mutating func yamlPath(_ node: NodeID, in document: YAMLDocument, documentIndex: Int) -> String {
        if documentIndex != pathCacheDocument {
            pathCache = YAMLPath.Cache()
            pathCacheDocument = documentIndex
            pathsInDocument = 0
        }
        pathsInDocument += 1
        if pathsInDocument <= 8 { return YAMLPath.of(node, in: document) }
        return YAMLPath.of(node, in: document, cache: &pathCache)
    }

    init(path: String, configuration: Configuration, suppressions: SuppressionIndex) {
        self.path = path
        self.configuration = configuration
        self.suppressions = suppressions
        self.limit = max(configuration.limits.maxDiagnosticsPerFile, 0)
    }

    /// A new document: a position is reached twice only within one document (through `<<` or an alias).
    mutating func startDocument() {
        seen.removeAll(keepingCapacity: true)
    }

    mutating func add(_ issue: SpecIssue, document: YAMLDocument, screen: Screen?, documentIndex: Int) {
        let range = DiagnosticCollector.reportedRange(of: issue.node, in: document)
        guard admit(rule: issue.kind.rawValue, at: range.start, severity: issue.isWarning ? .warning : .error) else { return }
        var diagnostic = Diagnostic(
            ruleID: issue.kind.rawValue, severity: issue.isWarning ? .warning : .error, message: issue.message,
            path: path, range: range,
            screen: screen?.name?.value, indicator: nil,
            yamlPath: yamlPath(issue.node, in: document, documentIndex: documentIndex),
            documentIndex: documentIndex, value: scalarValue(issue.node, in: document),
            platform: (screen?.platform?.value ?? configuration.platform)?.rawValue)
        if let remedy = issue.remedy, let fixSource {
            diagnostic.fix = FixBuilder(source: fixSource, document: document).build(remedy.proposal(at: issue.node))
        }
        append(diagnostic)
    }

    mutating func add(_ violation: Violation, rule: RuleDescription, severity: Severity, document: YAMLDocument,
                      screen: Screen, documentIndex: Int) {
        let range = DiagnosticCollector.reportedRange(of: violation.node, in: document)
        guard admit(rule: rule.id, at: range.start, severity: severity) else { return }
        var diagnostic = Diagnostic(
            ruleID: rule.id, severity: severity, message: violation.message, path: path,
            range: range, screen: screen.name?.value,
            indicator: violation.indicatorID,
            yamlPath: yamlPath(violation.node, in: document, documentIndex: documentIndex),
            documentIndex: documentIndex,
            value: scalarValue(violation.node, in: document),
            platform: (screen.platform?.value ?? configuration.platform)?.rawValue,
            asks: violation.asks ?? rule.asks)
        if let proposal = violation.fix, let fixSource {
            diagnostic.fix = FixBuilder(source: fixSource, document: document).build(proposal)
        }
        append(diagnostic)
    }

    /// Counts `count` diagnostics that are not built, the first at `position`.
    mutating func omit(_ count: Int, at position: SourcePosition, severity: Severity) {
        let (sum, overflow) = omitted.addingReportingOverflow(count)
        omitted = overflow ? Int.max : sum
        if firstOmitted.map({ position < $0 }) ?? true { firstOmitted = position }
        omittedSeverity = max(omittedSeverity, severity)
    }

    /// Whether a diagnostic of `rule` at `position` is to be built: not reported already, not
    /// suppressed, not past the limit (then it is only counted).
    private mutating func admit(rule: String, at position: SourcePosition, severity: Severity) -> Bool {
        let place = position.line << 32 | position.column & 0xFFFF_FFFF
        if seen[place, default: []].contains(rule) { return false }
        seen[place, default: []].append(rule)
        if !InputRuleID.all.contains(rule), suppressions.suppresses(rule: rule, line: position.line) { return false }
        if let threshold, threshold < position {
            omit(1, at: position, severity: severity)
            return false
        }
        return true
    }

    private mutating func append(_ diagnostic: Diagnostic) {
        diagnostics.append(diagnostic)
        // Keep at most about twice the limit: past that, the first `limit` in report order stay.
        if diagnostics.count > 2 * limit + 64 { diagnostics = bound(diagnostics, summarize: false) }
    }

    /// The diagnostics collected, in report order, at most the limit of them.
    mutating func finish() -> [Diagnostic] {
        diagnostics.sortInReportOrder()
        return diagnostics
    }

    /// The first `limit` of `sorted` (in report order); the rest are counted, and with
    /// `summarize`, one diagnostic at the first left out says how many there were.
    mutating func bound(_ sorted: [Diagnostic], summarize: Bool = true) -> [Diagnostic] {
        var kept = sorted
        if !summarize { kept.sortInReportOrder() }
        if kept.count > limit {
            for diagnostic in kept[limit...] { omit(1, at: diagnostic.range.start, severity: diagnostic.severity) }
            kept.removeSubrange(limit...)
            threshold = kept.last?.range.start ?? .start
        }
        guard summarize, omitted > 0, let first = firstOmitted else { return kept }
        // Reported under `spec-schema`, the input rule about the file as a whole, at the most
        // severe level of those left out, so that the exit status is the one they would give.
        kept.append(Diagnostic(
            ruleID: InputRuleID.specSchema, severity: omittedSeverity,
            message: "\(omitted) more diagnostic\(omitted == 1 ? "" : "s") in this file not shown "
                + "(limits.max-diagnostics-per-file is \(limit)); fix the ones shown, or raise the limit",
            path: path, range: SourceRange(at: first)))
        kept.sortInReportOrder()
        return kept
    }

    private func scalarValue(_ node: NodeID, in document: YAMLDocument) -> String? {
        document.kind(of: node) == .scalar ? document.value(of: node).clippedForMessage : nil
    }

    /// The range to report for a node. A mapping (an indicator, for a key it lacks) is reported
    /// from its start to the end of its first pair — `id: upload` — rather than over every line.
    static func reportedRange(of id: NodeID, in document: YAMLDocument) -> SourceRange {
        let node = document[id]
        guard node.kind == .mapping, let first = node.pairs.first else { return node.range }
        let value = document[first.value]
        let end = value.kind == .scalar && value.range.start.line == node.range.start.line
            ? value.range.end : document[first.key].range.end
        return SourceRange(start: node.range.start, end: end)
    }
}
