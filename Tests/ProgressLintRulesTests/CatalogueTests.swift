import Foundation
import ProgressLintEngine
@testable import ProgressLintRun
import ProgressLintWorkspace
import ProgressLintRules
import ProgressLintSpec
import TestSupport
import Testing

/// The registry is the one list of rules: the contract's catalogue, the input-rule ids and the
/// engine's view of each rule are checked against it rather than copied.
@Suite struct CatalogueTests {
    static let packageRoot = TestFolders.packageRoot
    /// `../shared` beside the project, or beside the folder of worktrees it sits in.
    static let shared = TestFolders.shared("rules-catalogue.md")
        ?? packageRoot.deletingLastPathComponent().appendingPathComponent("shared/rules-catalogue.md")

    /// The rows of the catalogue's tables, in order: id, severity, and the category of the section
    /// the table is in. Input rows give no severity column: `(warning)` after the id, else error.
    /// The table of a section of additions (`## Additions in catalogue 1.3`) names each rule's
    /// category in its own column (`| id | group | sev | … |`).
    static func catalogueRows(_ text: String) -> [(id: String, severity: String, category: String)] {
        var rows: [(id: String, severity: String, category: String)] = []
        var category: String?
        var additions = false
        let categories = RuleCategory.allCases.map(\.rawValue)
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("## ") {
                let heading = line.dropFirst(3)
                category = categories.first { heading.hasPrefix($0) }
                additions = heading.hasPrefix("Additions")
                continue
            }
            guard category != nil || additions, line.hasPrefix("| `") else { continue }
            let cells = line.split(separator: "|", omittingEmptySubsequences: false)
                .map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count > 2 else { continue }
            let idCell = cells[1]
            let id = String(idCell.dropFirst().prefix { $0 != "`" })
            if additions {
                guard cells.count > 3, categories.contains(cells[2]) else { continue }
                rows.append((id, cells[3], cells[2]))
                continue
            }
            guard let category else { continue }
            let severity = category == RuleCategory.input.rawValue
                ? (idCell.contains("(warning)") ? "warning" : "error")
                : cells[2]
            rows.append((id, severity, category))
        }
        return rows
    }

    /// The order of the registry: by category, each category's rules as the catalogue lists them,
    /// those of later additions after the rest.
    static func registryOrder(_ rows: [(id: String, severity: String, category: String)]) -> [String] {
        let categories = RuleCategory.allCases.map(\.rawValue)
        return categories.flatMap { category in rows.filter { $0.category == category }.map(\.id) }
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: shared.path), "../shared is not beside the project"))
    func theRegistryHoldsTheContractsCatalogueInItsOrderWithItsCategoriesAndSeverities() throws {
        let rows = Self.catalogueRows(try String(contentsOf: Self.shared, encoding: .utf8))
        #expect(rows.count > 40, "the catalogue's tables were not found")
        // Every rule of the catalogue, in its order. A rule the catalogue does not list yet (a new one,
        // before the contract's next revision) may sit among them: its own tests and page cover it.
        let listed = Set(rows.map(\.id))
        #expect(RuleRegistry.descriptions.map(\.id).filter(listed.contains) == Self.registryOrder(rows))
        for row in rows {
            let rule = RuleRegistry.description(of: row.id)
            #expect(rule?.category.rawValue == row.category, "\(row.id)")
            #expect(rule?.defaultSeverity.rawValue == row.severity, "\(row.id)")
        }
    }

    @Test func catalogueRowsAreReadWithTheirSectionsCategoryAndSeverity() {
        let text = """
            ## Input (always on)
            | id | fires when |
            | --- | --- |
            | `yaml-syntax` | broken |
            | `unused-suppression` (warning) | unused |
            ## Readings
            | `not-a-rule` | x |
            ## Progress integrity
            | id | sev | fires when | src |
            | `consistent-location` | info | elsewhere | D |
            """
        let rows = Self.catalogueRows(text)
        #expect(rows.map(\.id) == ["yaml-syntax", "unused-suppression", "consistent-location"])
        #expect(rows.map(\.severity) == ["error", "warning", "info"])
        #expect(rows.map(\.category) == ["Input", "Input", "Progress integrity"])
    }

    @Test func rulesOfAnAdditionsTableTakeTheirGroupsColumnAndFollowTheirCategoriesRules() {
        let text = """
            ## Timing
            | id | sev | fires when | src |
            | `late-indicator` | warning | late | A |
            ## Progress integrity
            | id | sev | fires when | src |
            | `consistent-location` | info | elsewhere | D |
            ## Additions in catalogue 1.3
            | id | group | sev | fires when | src |
            | `meter-for-progress` | Progress integrity | error | a meter | G |
            | `flash-risk` | Timing | info | a flash | I |
            Widened: `missing-accessible-name` on the web.
            """
        let rows = Self.catalogueRows(text)
        #expect(rows.map(\.id) == ["late-indicator", "consistent-location", "meter-for-progress", "flash-risk"])
        #expect(rows.map(\.severity) == ["warning", "info", "error", "info"])
        #expect(rows.map(\.category) == ["Timing", "Progress integrity", "Progress integrity", "Timing"])
        #expect(Self.registryOrder(rows) == ["late-indicator", "flash-risk", "consistent-location", "meter-for-progress"])
    }

    @Test func inputRuleIDsAreTheInputRulesOwnAndTheDecodersSpelling() {
        let input = RuleRegistry.descriptions.filter(\.isInputRule).map(\.id)
        #expect(input == RuleRegistry.inputRules.map(\.id))
        #expect(Set(input) == InputRuleID.all)
        #expect(input.count == InputRuleID.all.count)
        #expect(InputRuleID.specSchema == SpecIssue.Kind.schema.rawValue)
        #expect(InputRuleID.duplicateID == SpecIssue.Kind.duplicateID.rawValue)
    }

    @Test func everyRuleHasAnIDNameSummaryRationaleAndSources() {
        for rule in RuleRegistry.descriptions {
            #expect(!rule.name.isEmpty && !rule.summary.isEmpty && rule.rationale.count > 80, "\(rule.id)")
            if !rule.isInputRule { #expect(!rule.sources.isEmpty, "\(rule.id) cites no guideline") }
        }
    }

    @Test func ruleIDsAreUnique() {
        let ids = RuleRegistry.descriptions.map(\.id)
        #expect(Set(ids).count == ids.count)
    }
}

/// The engine learns each rule's kind from the protocol the rule adopts, once, without casts.
@Suite struct RuleKindTests {
    @Test func eachRulesKindIsTheProtocolItAdopts() {
        for rule in RuleRegistry.rules {
            let id = type(of: rule).description.id
            switch rule.kind {
            case .screen:
                #expect(!(rule is any IndicatorRule) && !(rule is any CrossFileRule), "\(id)")
            case .indicator(let indicatorRule):
                #expect(rule is any IndicatorRule, "\(id)")
                #expect(type(of: indicatorRule).description.id == id)
            case .crossFile(let crossFileRule):
                #expect(rule is any CrossFileRule, "\(id)")
                #expect(crossFileRule.id == id)
            }
        }
    }

    @Test func aPlanRunsEveryRuleTheConfigurationLeavesOnAtItsSeverity() throws {
        let linter = RuleRegistry.makeLinter()
        #expect(linter.plan(for: Configuration()).ruleIDs.sorted() == RuleRegistry.rules.map(\.id).sorted())
        var configuration = Configuration()
        configuration.rules = ["vague-label": .off, "consistent-location": .on(.error)]
        let plan = linter.plan(for: configuration)
        #expect(!plan.ruleIDs.contains("vague-label"))
        #expect(plan.severities["consistent-location"] == .error)
        #expect(plan.severities["missing-label"] == RuleRegistry.description(of: "missing-label")?.defaultSeverity)
        #expect(plan.ruleIDs.count == RuleRegistry.rules.count - 1)
    }
}
