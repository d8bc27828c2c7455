import Foundation
import ProgressLintEngine
@testable import ProgressLintRun
import ProgressLintWorkspace
import ProgressLintReporters
import ProgressLintRules
import Testing

/// Every rule's own examples are its tests: each triggering example must produce
/// exactly the diagnostics its `↓` markers show, each non-triggering one none.
///
/// One rule's examples run alone with
/// `PROGRESS_LINT_RULE=vague-label swift test --filter RuleExampleTests` (a comma-separated
/// list names several): `swift test --filter` selects tests, not the arguments of one.
@Suite struct RuleExampleTests {
    /// The rules named by `PROGRESS_LINT_RULE`, or every rule.
    static func selected(_ ids: [String], by variable: String? = ProcessInfo.processInfo.environment["PROGRESS_LINT_RULE"])
        -> [String]
    {
        guard let variable, !variable.isEmpty else { return ids }
        let names = Set(variable.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) })
        return ids.filter { names.contains($0) }
    }

    static let ids = selected(RuleRegistry.descriptions.map(\.id))

    @Test func theRuleSelectionNamesOnlyRulesThatExist() {
        let all = RuleRegistry.descriptions.map(\.id)
        #expect(Self.selected(all, by: nil) == all)
        #expect(Self.selected(all, by: "vague-label") == ["vague-label"])
        #expect(Self.selected(all, by: "offer-cancel, vague-label") == ["offer-cancel", "vague-label"])
        let variable = ProcessInfo.processInfo.environment["PROGRESS_LINT_RULE"] ?? ""
        let unknown = variable.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !all.contains($0) }
        #expect(unknown.isEmpty, "PROGRESS_LINT_RULE names no rule called \(unknown); `progress-lint rules` lists them")
    }

    static func lint(_ example: RuleExample, level: RuleLevel? = nil, of id: String? = nil) throws -> RunResult {
        try RuleRegistry.lint(example) { configuration in
            if let level, let id { configuration.rules[id] = level }
        }
    }

    @Test("triggering examples report exactly the marked positions", arguments: ids)
    func triggeringExamplesReportExactlyTheMarkedPositions(id: String) throws {
        let rule = try #require(RuleRegistry.description(of: id))
        #expect(!rule.triggeringExamples.isEmpty, "\(id) has no triggering example")
        for example in rule.triggeringExamples {
            let expected = ExampleMarkers.positions(in: example.yaml).map { "\($0.line):\($0.column)" }
            #expect(!expected.isEmpty, "a triggering example of \(id) has no ↓ marker:\n\(example.yaml)")
            let result = try Self.lint(example)
            let actual = result.diagnostics.filter { $0.ruleID == id }
                .map { "\($0.range.start.line):\($0.range.start.column)" }
            #expect(actual.sorted() == expected.sorted(),
                    "\(id): expected diagnostics at \(expected), got \(actual) in:\n\(example.source)\n\(messages(result))")
            if !rule.isInputRule {
                let broken = result.diagnostics.filter { $0.ruleID == "yaml-syntax" || $0.ruleID == "spec-schema" }
                #expect(broken.isEmpty, "an example of \(id) is not a valid spec: \(messages(result))")
            }
        }
    }

    @Test("non-triggering examples report nothing for their rule", arguments: ids)
    func nonTriggeringExamplesAreSilent(id: String) throws {
        let rule = try #require(RuleRegistry.description(of: id))
        #expect(!rule.nonTriggeringExamples.isEmpty, "\(id) has no non-triggering example")
        for example in rule.nonTriggeringExamples {
            let result = try Self.lint(example)
            let actual = result.diagnostics.filter { $0.ruleID == id }
            #expect(actual.isEmpty, "\(id) fired on its non-triggering example:\n\(example.source)\n\(messages(result))")
            #expect(!example.yaml.contains(RuleExample.marker), "a non-triggering example of \(id) has a marker")
            if !rule.isInputRule {
                let broken = result.diagnostics.filter { $0.ruleID == "yaml-syntax" || $0.ruleID == "spec-schema" }
                #expect(broken.isEmpty, "an example of \(id) is not a valid spec: \(messages(result))")
            }
        }
    }

    static let configurable = selected(RuleRegistry.descriptions.filter { !$0.isInputRule }.map(\.id))

    @Test("a rule's severity follows the configuration, and off means off", arguments: configurable)
    func severityFollowsTheConfiguration(id: String) throws {
        let rule = try #require(RuleRegistry.description(of: id))
        let example = try #require(rule.triggeringExamples.first)
        for severity in Severity.allCases {
            let found = try Self.lint(example, level: .on(severity), of: id).diagnostics.filter { $0.ruleID == id }
            #expect(!found.isEmpty)
            #expect(found.allSatisfy { $0.severity == severity }, "\(id) set to \(severity)")
        }
        let off = try Self.lint(example, level: .off, of: id).diagnostics.filter { $0.ruleID == id }
        #expect(off.isEmpty, "\(id) set to off still reported")
    }

    private func messages(_ result: RunResult) -> String {
        result.diagnostics.map { "  \($0.range.start.line):\($0.range.start.column) \($0.ruleID): \($0.message)" }
            .joined(separator: "\n")
    }
}

/// Finds the `↓` markers of a rule example.
enum ExampleMarkers {
    /// The 1-based line and column (in characters, markers not counted) of each marker.
    static func positions(in yaml: String) -> [(line: Int, column: Int)] {
        var result: [(line: Int, column: Int)] = []
        var line = 1
        var column = 1
        for character in yaml {
            if character == RuleExample.marker {
                result.append((line, column))
            } else if character == "\n" {
                line += 1
                column = 1
            } else {
                column += 1
            }
        }
        return result
    }
}
