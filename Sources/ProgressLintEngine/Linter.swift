import ProgressLintSpec
import ProgressLintSupport
import Synchronization
import ProgressLintYAML

/// Lints one file's bytes: YAML → spec model → rules → suppressions → diagnostics.
///
/// A `Linter` holds no state between files and can be shared by threads.
public struct Linter: Sendable {
    /// The rules it runs (input rules are built in).
    public let rules: [any Rule]
    /// Descriptions of every rule, input rules included, by id.
    public let descriptions: [String: RuleDescription]
    /// The rules that compare files, and their ids.
    package let crossFileRules: [AnyCrossFileRule]
    package let crossFileRuleIDs: Set<String>
    /// Every rule, its kind found once, here.
    private let entries: [RulePlan.Entry]
    /// The plan of a configuration that sets no rule levels, and those of the others met so far.
    private let defaultPlan: RulePlan
    private let plans: PlanCache

    /// Creates a linter from the rules to run and the descriptions of all rules (input ones included).
    public init(rules: [any Rule], descriptions: [RuleDescription]) {
        self.rules = rules
        var byID: [String: RuleDescription] = [:]
        for description in descriptions { byID[description.id] = description }
        self.descriptions = byID
        self.entries = rules.map { RulePlan.Entry(rule: $0) }
        self.crossFileRules = entries.compactMap(\.crossFile)
        self.crossFileRuleIDs = Set(crossFileRules.map(\.id))
        self.defaultPlan = RulePlan(entries, configuration: Configuration())
        self.plans = PlanCache()
    }

    /// The rules `configuration` turns on, with their severities: made once per distinct set of
    /// rule levels and shared by every file of that configuration.
    public func plan(for configuration: Configuration) -> RulePlan {
        if configuration.rules.isEmpty { return defaultPlan }
        return plans.plan(for: configuration.rules) { RulePlan(entries, configuration: configuration) }
    }

    /// Lints `bytes` as the file `path` under `configuration`.
    ///
    /// Documents are parsed, decoded, linted and dropped one at a time. A parse error part-way
    /// (syntax, depth, alias budget) is reported where it was found, after the diagnostics of
    /// the complete documents before it; nothing after it is read.
    ///
    /// With `skippingNonSpec` (a file found by walking a folder), a file whose first document
    /// that holds anything parses and is not shaped like a spec (``SpecShape/isNotSpec(_:)``) is
    /// not linted: the result is empty and ``FileResult/skippedAsNotSpec``. A file that does not
    /// parse is always linted, so a broken spec never passes in silence.
    public func lint(_ bytes: [UInt8], path: String, configuration: Configuration,
                     skippingNonSpec: Bool = false) -> FileResult {
        var result = FileResult(path: path)
        let yamlLimits = configuration.parserLimits
        // Cross-file rules report after every file is read: their suppressions wait until then.
        // The set alone is captured: a closure over `self` copied the whole linter per file.
        let crossFileRuleIDs = self.crossFileRuleIDs
        var suppressions = SuppressionIndex(SuppressionScanner.candidates(bytes),
                                            include: { !crossFileRuleIDs.contains($0) })
        if suppressions.hasFileWide {
            // A file-wide comment covers lines before it: which candidates are comments (not text
            // inside a scalar) must be known before the first document is linted.
            _ = YAMLParser.forEachDocument(in: bytes, limits: yamlLimits) { document, _ in
                suppressions.exclude(scalarsOf: document)
            }
        }
        let plan = plan(for: configuration)
        var collector = Collector(path: path, configuration: configuration, suppressions: suppressions)
        collector.fixSource = FixSource(bytes)
        var screenNames = ScreenNames()
        var readUpTo = SourcePosition.start
        var deciding = skippingNonSpec
        var skipped = false
        let parseError = YAMLParser.forEachDocument(in: bytes, limits: yamlLimits) { document, index in
            if skipped { return }
            if deciding, !document.isEmpty {
                // Decided from the first document's top level, from the parse linting uses.
                deciding = false
                if SpecShape.isNotSpec(document) {
                    skipped = true
                    return
                }
            }
            collector.suppressions.exclude(scalarsOf: document)
            collector.startDocument()
            readUpTo = document.end
            let (screen, issues, omitted) = SpecDecoder.decode(
                document, documentIndex: index, maxIssues: configuration.limits.maxDiagnosticsPerFile,
                components: configuration.components, platform: configuration.platform)
            for issue in issues {
                collector.add(issue, document: document, screen: screen, documentIndex: index)
            }
            if let omitted { collector.omit(omitted.count, at: document[omitted.first].range.start, severity: .error) }
            guard let screen else { return }
            result.screenNames.append(screen.displayName)
            result.screenDocuments.append(index)
            result.indicators += screen.indicators.count
            let platform = screen.platform?.value ?? configuration.platform
            if let name = screen.name, let issue = screenNames.add(name, platform: platform, in: document) {
                collector.add(issue, document: document, screen: screen, documentIndex: index)
            }
            let context = RuleContext(screen: screen, platform: platform, configuration: configuration,
                                      document: document)
            result.inventory.add(screen, platform: platform)
            result.timings.append(ScreenTiming(screen, path: path, platform: platform, configuration: configuration,
                                               document: document))
            plan.run(on: screen, context: context, into: &result, collector: &collector, documentIndex: index)
        }
        if skipped {
            var skippedResult = FileResult(path: path)
            skippedResult.skippedAsNotSpec = true
            return skippedResult
        }
        if parseError != nil {
            // Comments past the last complete document belong to text that was not linted.
            collector.suppressions.dropCandidates(after: readUpTo)
        }
        var diagnostics = collector.finish()
        diagnostics += settle(collector.suppressions, deferring: &result.deferredSuppressions, path: path,
                              source: collector.fixSource)
        diagnostics.sort(by: Diagnostic.ordered)
        diagnostics = collector.bound(diagnostics)
        if let parseError {
            // A file that does not parse is never fixed: its findings offer no fix.
            for i in diagnostics.indices { diagnostics[i].fix = nil }
            let rule = parseError.kind == .aliasBudget ? InputRuleID.specSchema : InputRuleID.yamlSyntax
            diagnostics.append(Diagnostic(
                ruleID: rule, severity: .error, message: YAMLSyntaxHint.message(for: parseError, in: bytes), path: path,
                range: SourceRange(at: parseError.position)))
        }
        Linter.attachSourceLines(to: &diagnostics, from: bytes)
        result.diagnostics = diagnostics
        return result
    }

    /// The file's suppression comments once its rules have run: those naming cross-file rules wait
    /// (in `deferred`) for those rules; the rest are reported if they suppressed nothing.
    private func settle(_ index: SuppressionIndex, deferring deferred: inout [Suppression], path: String,
                        source: FixSource?) -> [Diagnostic]
    {
        var diagnostics: [Diagnostic] = []
        for (c, suppression) in index.candidates.enumerated() where index.isComment(c) {
            var later = suppression
            later.rules = suppression.rules.filter { crossFileRuleIDs.contains($0) }
            if !later.rules.isEmpty { deferred.append(later) }
            if later.rules.isEmpty || suppression.rules.contains(where: { !crossFileRuleIDs.contains($0) }) {
                diagnostics += unused(suppression, number: c, index: index, path: path, skipping: crossFileRuleIDs,
                                      source: source)
            }
        }
        return diagnostics
    }

    /// Gives each diagnostic its source line (for code frames and `--column-unit`).
    static func attachSourceLines(to diagnostics: inout [Diagnostic], from bytes: [UInt8]) {
        SourceLine.attach(to: &diagnostics, from: bytes)
    }

    /// Removes suppressed diagnostics and reports comments that suppressed nothing.
    package func apply(_ suppressions: [Suppression], to diagnostics: [Diagnostic], path: String) -> [Diagnostic] {
        var index = SuppressionIndex(suppressions)
        var kept: [Diagnostic] = []
        for diagnostic in diagnostics {
            if InputRuleID.all.contains(diagnostic.ruleID)
                || !index.suppresses(rule: diagnostic.ruleID, line: diagnostic.range.start.line) {
                kept.append(diagnostic)
            }
        }
        for (c, suppression) in suppressions.enumerated() {
            kept += unused(suppression, number: c, index: index, path: path, skipping: [])
        }
        return kept
    }

    /// What is wrong with comment number `number` of `index`: not a directive, no rule named, or
    /// names (other than those in `skipping`) that suppressed nothing — only those are named.
    func unused(_ suppression: Suppression, number c: Int, index: SuppressionIndex, path: String,
                skipping: Set<String>, source: FixSource? = nil) -> [Diagnostic] {
        var found: [Diagnostic] = []
        let severity = descriptions[InputRuleID.unusedSuppression]?.defaultSeverity ?? .warning
        // One fix for every finding about the comment: it drops all the names that did nothing.
        var fix: Fix?
        if let source, suppression.scope != nil {
            let kept = suppression.rules.enumerated().filter { r, rule in
                skipping.contains(rule) || (descriptions[rule].map { !$0.isInputRule } ?? false)
                    && index.isUsed(comment: c, rule: r)
            }.map(\.element)
            fix = SuppressionFix.fix(suppression, keeping: kept, in: source)
        }
        func report(_ message: String) {
            var diagnostic = Diagnostic(
                ruleID: InputRuleID.unusedSuppression, severity: severity, message: message, path: path,
                range: SourceRange(start: suppression.position, end: suppression.position))
            diagnostic.fix = fix
            found.append(diagnostic)
        }
        guard suppression.scope != nil else {
            report("`# \(suppression.directive)` is not a suppression; use progress-lint-disable-next-line, "
                   + "progress-lint-disable-line or progress-lint-disable-file")
            return found
        }
        let directive = "# \(suppression.directive)"
        if suppression.rules.isEmpty {
            report("`\(directive)` names no rule; list the rules to disable, e.g. `\(directive) vague-label`")
            return found
        }
        for (r, rule) in suppression.rules.enumerated()
        where !skipping.contains(rule) && !index.isUsed(comment: c, rule: r) {
            if let description = descriptions[rule] {
                if description.isInputRule {
                    report("`\(rule)` is an input rule and cannot be suppressed; fix the spec instead")
                } else {
                    report("`\(directive)` does not suppress any `\(rule)` diagnostic; remove `\(rule)` from it")
                }
            } else {
                report("`\(directive)` names unknown rule `\(rule)`"
                       + DidYouMean.clause(for: rule, among: Array(descriptions.keys).sorted()))
            }
        }
        return found
    }
}

/// Turns issues and violations into diagnostics, once per rule and position.
struct Collector {
    let path: String
    let configuration: Configuration
    /// The file's bytes, for fixes.
    var fixSource: FixSource?
    /// The file's suppression comments: a suppressed diagnostic is never built.
    var suppressions: SuppressionIndex
    private var diagnostics: [Diagnostic] = []
    /// Rule and position of every diagnostic of the current document, to report each once.
    private var seen: Set<SeenKey> = []
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

    private struct SeenKey: Hashable {
        let rule: String
        let line: Int
        let column: Int
    }

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
        let range = Collector.reportedRange(of: issue.node, in: document)
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
        let range = Collector.reportedRange(of: violation.node, in: document)
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
        guard seen.insert(SeenKey(rule: rule, line: position.line, column: position.column)).inserted else {
            return false
        }
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
        diagnostics.sort(by: Diagnostic.ordered)
        return diagnostics
    }

    /// The first `limit` of `sorted` (in report order); the rest are counted, and with
    /// `summarize`, one diagnostic at the first left out says how many there were.
    mutating func bound(_ sorted: [Diagnostic], summarize: Bool = true) -> [Diagnostic] {
        var kept = sorted
        if !summarize { kept.sort(by: Diagnostic.ordered) }
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
        kept.sort(by: Diagnostic.ordered)
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
