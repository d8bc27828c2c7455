import ProgressLintSpec
import ProgressLintSupport
import Synchronization
import ProgressLintYAML

/// Lints one file's bytes: YAML → spec model → rules → suppressions → diagnostics.
///
/// A `Linter` holds no state between files and can be shared by threads.
public struct Linter: Sendable {
    /// Whether `id` names a rule that compares files (reported by a run over many files, not by ``lint(_:path:configuration:)``).
    public func isCrossFile(_ id: String) -> Bool { crossFileRuleIDs.contains(id) }
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
    /// `nonSpec` says what becomes of a file that is not shaped like a spec (``NonSpecHandling``):
    /// linted (standard input), skipped (the result is empty and ``FileResult/skippedAsNotSpec``:
    /// a file found by walking a folder) or given one finding (a named file). A file that does not
    /// parse is skipped only when no line of it holds a `screen` or `indicators` key, so a spec
    /// broken half-way never passes in silence.
    public func lint(_ bytes: [UInt8], path: String, configuration: Configuration,
                     nonSpec: NonSpecHandling = .lint) -> FileResult {
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
        var collector = DiagnosticCollector(path: path, configuration: configuration, suppressions: suppressions)
        collector.fixSource = FixSource(bytes)
        var screenNames = ScreenNames()
        var readUpTo = SourcePosition.start
        var deciding = nonSpec != .lint
        var skipped = false, flagged = false
        let parseError = YAMLParser.forEachDocument(in: bytes, limits: yamlLimits) { document, index in
            if skipped || flagged { return }
            if deciding, !document.isEmpty {
                // Decided from the first document's top level, from the parse linting uses.
                deciding = false
                if SpecShape.isNotSpec(document) {
                    if nonSpec == .skip { skipped = true } else { flagged = true }
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
        if deciding, nonSpec == .skip {
            // No document that is not empty parsed: an empty file, or one that does not parse
            // and has no `screen` or `indicators` line (a template), is skipped.
            skipped = parseError == nil || !SpecShape.hasSpecKeyLine(bytes)
        }
        if flagged {
            // A named file that is not a spec: one finding, which says how to leave it out.
            var flaggedResult = FileResult(path: path)
            flaggedResult.diagnostics = [Diagnostic(
                ruleID: InputRuleID.specSchema, severity: .error, message: NonSpecHandling.notSpecMessage, path: path,
                range: SourceRange(at: SourcePosition.start))]
            Linter.attachSourceLines(to: &flaggedResult.diagnostics, from: bytes)
            return flaggedResult
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
        diagnostics.sortInReportOrder()
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
        // Whether any name stays once those that did nothing are dropped: if none does, the advice
        // is to remove the whole comment (a comment naming nothing is itself a finding).
        let anyKept = suppression.rules.enumerated().contains { r, rule in
            skipping.contains(rule) || (descriptions[rule].map { !$0.isInputRule } ?? false)
                && index.isUsed(comment: c, rule: r)
        }
        for (r, rule) in suppression.rules.enumerated()
        where !skipping.contains(rule) && !index.isUsed(comment: c, rule: r) {
            if let description = descriptions[rule] {
                if description.isInputRule {
                    report("`\(rule)` is an input rule and cannot be suppressed; fix the spec instead")
                } else {
                    report("`\(directive)` does not suppress any `\(rule)` diagnostic; "
                           + (anyKept ? "remove `\(rule)` from it" : "remove the whole comment"))
                }
            } else {
                report("`\(directive)` names unknown rule `\(rule)`"
                       + DidYouMean.clause(for: rule, among: Array(descriptions.keys).sorted()))
            }
        }
        return found
    }
}
