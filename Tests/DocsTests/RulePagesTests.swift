import Foundation
import ProgressLintReporters
import ProgressLintRules
import TestSupport
@testable import progress_lint
import Testing

/// The pages under `Rules/` are generated from the rules' descriptions; these tests
/// regenerate them in memory and fail, naming the command, when one is stale.
@Suite struct RulePagesTests {
    static let packageRoot = TestFolders.packageRoot
    static let folder = packageRoot.appendingPathComponent(RulePages.folder)
    static let regenerate = "run `swift run progress-lint generate-docs` and commit Rules/"

    @Test("every rule's page matches its description", arguments: RuleRegistry.descriptions.map(\.id))
    func pageIsUpToDate(id: String) throws {
        let rule = try #require(RuleRegistry.description(of: id))
        let url = Self.folder.appendingPathComponent(RulePages.fileName(for: id))
        guard let onDisk = try? String(contentsOf: url, encoding: .utf8) else {
            Issue.record("Rules/\(id).md is missing; \(Self.regenerate)")
            return
        }
        #expect(onDisk == RulePage.render(rule, reports: RuleRegistry.reports(of:on:)), "Rules/\(id).md is stale; \(Self.regenerate)")
    }

    @Test("a rule's page pins what each triggering example reports", arguments: RuleRegistry.descriptions.map(\.id))
    func pageShowsEachTriggeringExamplesMessages(id: String) throws {
        let rule = try #require(RuleRegistry.description(of: id))
        let page = RulePage.render(rule, reports: RuleRegistry.reports(of:on:))
        for example in rule.triggeringExamples {
            let found = RuleRegistry.reports(of: rule, on: example)
            #expect(!found.isEmpty, "\(id): a triggering example reports nothing")
            for d in found {
                let line = "\(d.range.start.line):\(d.range.start.column): \(d.severity.rawValue): \(d.message)\n"
                #expect(page.contains("```text\n" + line) || page.contains("\n" + line), "\(id): \(line)")
            }
        }
    }

    @Test func theIndexListsEveryRule() throws {
        let url = Self.folder.appendingPathComponent(RulePages.indexName)
        let onDisk = try? String(contentsOf: url, encoding: .utf8)
        #expect(onDisk == RulePages.index(RuleRegistry.descriptions), "Rules/README.md is stale or missing; \(Self.regenerate)")
    }

    @Test func noPageWithoutARule() throws {
        let ids = Set(RulePages.all(RuleRegistry.descriptions, reports: RuleRegistry.reports(of:on:)).map(\.name))
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path).filter { $0.hasSuffix(".md") }
        let orphans = files.filter { !ids.contains($0) }
        #expect(orphans.isEmpty, "Rules/ has pages no rule owns: \(orphans); \(Self.regenerate)")
    }
}
