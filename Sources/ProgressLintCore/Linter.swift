import ProgressLintSpec
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
    /// The ids of the rules that compare files.
    let crossFileRuleIDs: Set<String>
    /// Each rule with its description and, for a cross-file rule, itself as one: worked out
    /// once here rather than by a dynamic cast and a metadata look-up per rule and screen.
    private let table: [RuleEntry]
    /// A rule as the engine runs it: the kind of check it makes is found once, here. Entries are
    /// shared by reference, so making a file's list of rules retains one object per rule rather
    /// than copying each rule's description (a dozen strings and arrays).
    private final class RuleEntry: Sendable {
        enum Kind { case screen, indicator, crossFile }

        let rule: any Rule
        let description: RuleDescription
        let crossFile: (any CrossFileRule)?
        let perIndicator: (any IndicatorRule)?
        /// Which of the three it is, told without copying an optional existential out.
        let kind: Kind
        /// Whether it judges only task progress, and the keys it reads (see ``RuleDescription/judges(_:)``).
        let taskProgressOnly: Bool
        let checkedKeys: [String]

        init(rule: any Rule, description: RuleDescription, crossFile: (any CrossFileRule)?,
             perIndicator: (any IndicatorRule)?) {
            self.rule = rule
            self.description = description
            self.crossFile = crossFile
            self.perIndicator = perIndicator
            self.kind = crossFile != nil ? .crossFile : perIndicator != nil ? .indicator : .screen
            self.taskProgressOnly = description.appliesTo == .taskProgress
            self.checkedKeys = description.checkedKeys
        }

        /// ``RuleDescription/judges(_:)``, without copying the description.
        func judges(_ indicator: Indicator) -> Bool {
            if taskProgressOnly, let purpose = indicator.purpose, purpose.value != .taskProgress { return false }
            if indicator.invalidKeys.isEmpty { return true }
            return !checkedKeys.contains { indicator.hasInvalidValue(at: $0) }
        }
    }

    /// Creates a linter from the rules to run and the descriptions of all rules (input ones included).
    public init(rules: [any Rule], descriptions: [RuleDescription]) {
        self.rules = rules
        var byID: [String: RuleDescription] = [:]
        for description in descriptions { byID[description.id] = description }
        self.descriptions = byID
        self.crossFileRuleIDs = Set(rules.compactMap { $0.asCrossFileRule.map { type(of: $0).description.id } })
        self.table = rules.map {
            RuleEntry(rule: $0, description: type(of: $0).description, crossFile: $0.asCrossFileRule,
                      perIndicator: $0.asIndicatorRule)
        }
    }

    /// Lints `bytes` as the file `path` under `configuration`.
    public func lint(_ bytes: [UInt8], path: String, configuration: Configuration) -> FileResult {
        var result = FileResult(path: path)
        let documents: [YAMLDocument]
        do {
            documents = try YAMLParser.parse(bytes, limits: configuration.limits.yaml)
        } catch {
            let rule = error.kind == .aliasBudget ? InputRuleID.specSchema : InputRuleID.yamlSyntax
            result.diagnostics = [Diagnostic(
                ruleID: rule, severity: .error, message: YAMLSyntaxHint.message(for: error, in: bytes), path: path,
                range: SourceRange(at: error.position))]
            return result
        }

        var collector = Collector(path: path, linter: self, configuration: configuration)
        // The rules this file's configuration turns on, found once per file.
        var crossFileRules: [(entry: RuleEntry, level: Severity)] = []
        var screenRules: [RuleEntry] = []
        var indicatorRules: [RuleEntry] = []
        let configured = !configuration.rules.isEmpty
        for entry in table {
            let level: Severity
            if configured {
                guard case .on(let configuredLevel) = configuration.level(of: entry.description) else { continue }
                level = configuredLevel
            } else {
                level = entry.description.defaultSeverity
            }
            switch entry.kind {
            case .crossFile: crossFileRules.append((entry, level))
            case .indicator: indicatorRules.append(entry)
            case .screen: screenRules.append(entry)
            }
        }
        var screenNames = ScreenNames()
        for (index, document) in documents.enumerated() {
            let (screen, issues) = SpecDecoder.decode(document, documentIndex: index)
            for issue in issues {
                collector.add(issue, document: document, screen: screen, documentIndex: index)
            }
            guard let screen else { continue }
            result.screenNames.append(screen.displayName)
            result.indicators += screen.indicators.count
            let platform = screen.platform?.value ?? configuration.platform
            if let name = screen.name, let issue = screenNames.add(name, platform: platform, in: document) {
                collector.add(issue, document: document, screen: screen, documentIndex: index)
            }
            let context = RuleContext(screen: screen, platform: platform, configuration: configuration,
                                      document: document)
            count(screen, platform: platform, into: &result.inventory)
            for (entry, level) in crossFileRules {
                let id = entry.description.id
                result.crossFileSeverity[id] = level
                result.facts[id, default: []] += entry.crossFile!.facts(screen, context: context).map {
                    var fact = $0
                    fact.path = path
                    return fact
                }
            }
            for entry in screenRules {
                for violation in entry.rule.check(screen, context: context) {
                    collector.add(violation, rule: entry.description, document: document, screen: screen,
                                  documentIndex: index)
                }
            }
            // Indicator rules run indicator by indicator: one context (and one copy of the
            // indicator) serves every rule.
            for indicator in screen.indicators {
                let indicatorContext = context.with(indicator: indicator)
                for entry in indicatorRules where entry.judges(indicator) {
                    for violation in entry.perIndicator!.check(indicator, context: indicatorContext) {
                        collector.add(violation, rule: entry.description, document: document, screen: screen,
                                      documentIndex: index)
                    }
                }
            }
        }
        var diagnostics = collector.diagnostics
        // One pass over the text finds the suppression comments (none in a file without them).
        var suppressions: [Suppression] = []
        for suppression in SuppressionScanner.scan(bytes, documents: documents) {
            // Cross-file rules report after every file is read: their suppressions wait until then.
            var now = suppression
            now.rules = suppression.rules.filter { !crossFileRuleIDs.contains($0) }
            var later = suppression
            later.rules = suppression.rules.filter { crossFileRuleIDs.contains($0) }
            if !now.rules.isEmpty || later.rules.isEmpty { suppressions.append(now) }
            if !later.rules.isEmpty { result.deferredSuppressions.append(later) }
        }
        if !suppressions.isEmpty {
            diagnostics = apply(suppressions, to: diagnostics, path: path)
        }
        diagnostics.sort(by: Diagnostic.ordered)
        result.diagnostics = diagnostics
        return result
    }

    private func count(_ screen: Screen, platform: Platform?, into inventory: inout Inventory) {
        for indicator in screen.indicators {
            inventory.indicators += 1
            inventory.byStyle[indicator.style?.value.rawValue ?? "unknown", default: 0] += 1
            inventory.byPlatform[platform?.rawValue ?? "none", default: 0] += 1
            if indicator.isDeterminate { inventory.determinate += 1 }
            if indicator.isAnimated {
                inventory.animated += 1
                if case .fallback(let fallback)? = indicator.reduceMotion?.value, fallback.replaceWith != nil {
                    inventory.reduceMotionFallback += 1
                }
            }
            if indicator.hasCancel { inventory.cancel += 1 }
            if indicator.accessibility?.value.announce?.value.completion != nil { inventory.completionAnnouncement += 1 }
        }
    }

    /// Removes suppressed diagnostics and reports comments that suppressed nothing.
    func apply(_ suppressions: [Suppression], to diagnostics: [Diagnostic], path: String) -> [Diagnostic] {
        var used = Set<[Int]>()  // [suppression index, rule index]
        var kept: [Diagnostic] = []
        for diagnostic in diagnostics {
            var suppressed = false
            if !InputRuleID.all.contains(diagnostic.ruleID) {
                for (s, suppression) in suppressions.enumerated()
                where suppression.covers(rule: diagnostic.ruleID, line: diagnostic.range.start.line) {
                    if let r = suppression.rules.firstIndex(of: diagnostic.ruleID) { used.insert([s, r]) }
                    suppressed = true
                }
            }
            if !suppressed { kept.append(diagnostic) }
        }
        let severity = descriptions[InputRuleID.unusedSuppression]?.defaultSeverity ?? .warning
        for (s, suppression) in suppressions.enumerated() {
            func report(_ message: String) {
                kept.append(Diagnostic(
                    ruleID: InputRuleID.unusedSuppression, severity: severity, message: message, path: path,
                    range: SourceRange(start: suppression.position, end: suppression.position)))
            }
            guard suppression.scope != nil else {
                report("`# \(suppression.directive)` is not a suppression; use progress-lint-disable-next-line, "
                       + "progress-lint-disable-line or progress-lint-disable-file")
                continue
            }
            let directive = "# \(suppression.directive)"
            if suppression.rules.isEmpty {
                report("`\(directive)` names no rule; list the rules to disable, e.g. `\(directive) vague-label`")
                continue
            }
            for (r, rule) in suppression.rules.enumerated() where !used.contains([s, r]) {
                if let description = descriptions[rule] {
                    if description.isInputRule {
                        report("`\(rule)` is an input rule and cannot be suppressed; fix the spec instead")
                    } else {
                        report("`\(directive)` does not suppress any `\(rule)` diagnostic; remove `\(rule)` from it")
                    }
                } else {
                    var message = "`\(directive)` names unknown rule `\(rule)`"
                    if let suggestion = SpecKeys.suggestion(for: rule, among: Array(descriptions.keys).sorted()) {
                        message += "; did you mean `\(suggestion)`?"
                    }
                    report(message)
                }
            }
        }
        return kept
    }
}

/// Turns issues and violations into diagnostics, once per rule and position.
private struct Collector {
    let path: String
    let linter: Linter
    let configuration: Configuration
    var diagnostics: [Diagnostic] = []
    private var seen: Set<String> = []
    private var pathCache = YAMLPath.Cache()
    private var pathCacheDocument = -1
    private var pathsInDocument = 0

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

    init(path: String, linter: Linter, configuration: Configuration) {
        self.path = path
        self.linter = linter
        self.configuration = configuration
    }

    mutating func add(_ issue: SpecIssue, document: YAMLDocument, screen: Screen?, documentIndex: Int) {
        append(Diagnostic(
            ruleID: issue.kind.rawValue, severity: issue.isWarning ? .warning : .error, message: issue.message, path: path,
            range: Collector.reportedRange(of: issue.node, in: document),
            screen: screen?.name?.value, indicator: nil,
            yamlPath: yamlPath(issue.node, in: document, documentIndex: documentIndex),
            documentIndex: documentIndex, value: scalarValue(issue.node, in: document),
            platform: (screen?.platform?.value ?? configuration.platform)?.rawValue))
    }

    mutating func add(_ violation: Violation, rule: RuleDescription, document: YAMLDocument, screen: Screen,
                      documentIndex: Int) {
        let severity: Severity
        if let configured = configuration.rules[rule.id], case .on(let s) = configured {
            severity = s
        } else {
            severity = violation.severity ?? rule.defaultSeverity
        }
        append(Diagnostic(
            ruleID: rule.id, severity: severity, message: violation.message, path: path,
            range: Collector.reportedRange(of: violation.node, in: document), screen: screen.name?.value,
            indicator: violation.indicatorID,
            yamlPath: yamlPath(violation.node, in: document, documentIndex: documentIndex),
            documentIndex: documentIndex,
            value: scalarValue(violation.node, in: document),
            platform: (screen.platform?.value ?? configuration.platform)?.rawValue,
            asks: violation.asks ?? rule.asks))
    }

    private func scalarValue(_ node: NodeID, in document: YAMLDocument) -> String? {
        document[node].kind == .scalar ? document[node].value : nil
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

    /// A value written once but reached twice (through `<<` or an alias) is reported once.
    private mutating func append(_ diagnostic: Diagnostic) {
        let key = "\(diagnostic.ruleID)\u{0}\(diagnostic.range.start.line):\(diagnostic.range.start.column)"
        if seen.insert(key).inserted { diagnostics.append(diagnostic) }
    }
}
