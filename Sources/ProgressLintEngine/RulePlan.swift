import ProgressLintSpec
import Synchronization

/// The rules one configuration turns on, each with its severity there, sorted by how the engine
/// runs them. Made once per distinct configuration (``Linter/plan(for:)``) and shared by its files.
public struct RulePlan: Sendable {
    /// A rule as the engine runs it: its kind found once, when the linter is made. Entries are
    /// shared by reference, so a plan retains one object per rule rather than copying each
    /// rule's description (a dozen strings and arrays).
    final class Entry: Sendable {
        let rule: any Rule
        let description: RuleDescription
        /// An indicator rule's check, made for the rule's own type (see ``IndicatorCheck``).
        let checkIndicator: (@Sendable (Indicator, RuleContext) -> [Violation])?
        let crossFile: AnyCrossFileRule?
        /// Whether it judges only task progress, and the keys it reads (see ``RuleDescription/judges(_:)``).
        let taskProgressOnly: Bool
        let checkedKeys: [String]

        init(rule: any Rule) {
            self.rule = rule
            self.description = type(of: rule).description
            switch rule.kind {
            case .screen: (checkIndicator, crossFile) = (nil, nil)
            case .indicator(let indicatorRule): (checkIndicator, crossFile) = (indicatorRule.indicatorCheck.call, nil)
            case .crossFile(let crossFileRule): (checkIndicator, crossFile) = (nil, crossFileRule)
            }
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

    /// An enabled rule and its severity under the configuration.
    struct Step: Sendable {
        let entry: Entry
        /// The configured level, or the rule's default severity.
        let level: Severity
        /// Whether the configuration set the level (then it holds for every finding of the rule).
        let configured: Bool

        /// The severity of a finding: the configured level; else the finding's own (a rule's milder
        /// case), else the rule's default. The one place a diagnostic's severity is decided.
        func severity(of violation: Violation) -> Severity {
            configured ? level : violation.severity ?? level
        }
    }

    let screenRules: [Step]
    let indicatorRules: [Step]
    let crossFileRules: [Step]
    /// `indicatorRules`' entries, unretained: the plan holds them (through `indicatorRules`) for
    /// as long as it runs, so calling a rule needs no retain and release per rule and indicator.
    private let indicatorEntries: [Unmanaged<Entry>]
    /// An empty collection per cross-file rule, in the order of `crossFileRules`: each file starts from these.
    private let crossFileCollections: [CrossFileCollection]

    init(_ entries: [Entry], configuration: Configuration) {
        var screen: [Step] = [], indicator: [Step] = [], crossFile: [Step] = []
        for entry in entries {
            guard case .on(let level) = configuration.level(of: entry.description) else { continue }
            let step = Step(entry: entry, level: level, configured: configuration.rules[entry.description.id] != nil)
            if entry.crossFile != nil {
                crossFile.append(step)
            } else if entry.checkIndicator != nil {
                indicator.append(step)
            } else {
                screen.append(step)
            }
        }
        (screenRules, indicatorRules, crossFileRules) = (screen, indicator, crossFile)
        indicatorEntries = indicator.map { Unmanaged.passUnretained($0.entry) }
        crossFileCollections = crossFile.map { CrossFileCollection(id: $0.entry.description.id, severity: $0.level) }
    }

    /// The ids of the rules it runs, in the linter's order.
    public var ruleIDs: [String] { (screenRules + indicatorRules + crossFileRules).map(\.entry.description.id) }

    /// The severity of each rule it runs, by id.
    public var severities: [String: Severity] {
        Dictionary((screenRules + indicatorRules + crossFileRules).map { ($0.entry.description.id, $0.level) },
                   uniquingKeysWith: { a, _ in a })
    }

    /// Runs every rule on one decoded screen: cross-file rules collect their values into `result`,
    /// the others report to `collector`.
    func run(on screen: Screen, context: RuleContext, into result: inout FileResult, collector: inout DiagnosticCollector,
             documentIndex: Int) {
        let document = context.document
        if !crossFileRules.isEmpty {
            // A file has one plan: its first screen takes the plan's empty collections (shared
            // until written), the others find them there, place for place with `crossFileRules`.
            if result.crossFile.count != crossFileRules.count { result.crossFile = crossFileCollections }
            for r in crossFileRules.indices {
                crossFileRules[r].entry.crossFile!.collect(screen, context: context, into: &result.crossFile[r])
            }
        }
        for step in screenRules {
            for violation in step.entry.rule.check(screen, context: context) {
                collector.add(violation, rule: step.entry.description, severity: step.severity(of: violation),
                              document: document, screen: screen, documentIndex: documentIndex)
            }
        }
        // Indicator rules run indicator by indicator: one context serves every rule, and it names
        // the indicator by its place in the context's screen (the one linted) rather than copying it.
        for (i, indicator) in context.screen.indicators.enumerated() {
            let indicatorContext = context.with(indicatorAt: i)
            for r in indicatorEntries.indices {
                let violations = indicatorEntries[r]._withUnsafeGuaranteedRef { entry -> [Violation] in
                    entry.judges(indicator) ? entry.checkIndicator!(indicator, indicatorContext) : []
                }
                // Most checks find nothing: no iterator over an empty result.
                if violations.isEmpty { continue }
                let step = indicatorRules[r]
                for violation in violations {
                    collector.add(violation, rule: step.entry.description, severity: step.severity(of: violation),
                                  document: document, screen: screen, documentIndex: documentIndex)
                }
            }
        }
    }
}

/// The plans of the configurations a linter has met, by their rule levels (all a plan depends on).
final class PlanCache: Sendable {
    /// Each plan with its levels, by the levels' hash: a dictionary keyed by the levels themselves
    /// costs, at its first use, two scans of every protocol conformance record in the process.
    private let plans = Mutex<[Int: [(levels: [String: RuleLevel], plan: RulePlan)]]>([:])

    func plan(for levels: [String: RuleLevel], make: () -> RulePlan) -> RulePlan {
        let hash = levels.hashValue
        if let known = plans.withLock({ $0[hash]?.first { $0.levels == levels }?.plan }) { return known }
        let made = make()
        return plans.withLock { plans in
            if let known = plans[hash]?.first(where: { $0.levels == levels })?.plan { return known }
            plans[hash, default: []].append((levels, made))
            return made
        }
    }
}
