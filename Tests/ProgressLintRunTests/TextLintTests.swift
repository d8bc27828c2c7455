import Foundation
import ProgressLintEngine
import ProgressLintRules
import ProgressLintRun
import ProgressLintWorkspace
import Testing
import LintTestSupport
import TestSupport

/// `LintRunner.lint(text:path:configuration:nonSpec:)`, the language server's lint of a
/// buffer: exactly what a run over the text alone (`run(inMemory:)`) reports, without its storage.
@Suite struct TextLintTests {
    static let linter = RuleRegistry.makeLinter()

    static func runAlone(_ text: String, path: String = "spec.yaml", configuration: Configuration = Configuration())
        -> (alone: [Diagnostic], run: [Diagnostic])
    {
        let runner = LintRunner(linter: linter, loader: ConfigurationLoader(rules: RuleRegistry.descriptions))
        let bytes = Array(text.utf8)
        let alone = runner.lint(text: bytes, path: path, configuration: configuration, nonSpec: .lint) ?? []
        let run = runner.run(inMemory: [(path, bytes)], configuration: configuration).diagnostics
        return (alone, run)
    }

    /// Screens of one file with a task at two locations, suppressions of the cross-file rule
    /// (used, unused, file-wide, beside other rules'), findings of other rules on the same lines,
    /// and a text that does not parse part-way.
    static let texts: [String] = [
        """
        platform: ios
        screen: Library
        indicators:
          - {id: a, style: spinner, task: sync, location: navigation-bar, label: Syncing library}
        ---
        screen: Albums
        indicators:
          - {id: b, style: spinner, task: sync, location: navigation-bar, label: Loading}
        ---
        screen: Photos
        indicators:
          - {id: c, style: spinner, task: sync, location: toolbar, label: Loading}
        """,
        """
        screen: A
        indicators:
          - {id: a, style: bar, task: t, location: content}
          - {id: b, style: bar, task: t, location: content}
        ---
        screen: B
        indicators:
          # progress-lint-disable-next-line consistent-location, vague-label
          - {id: c, style: bar, task: t, location: toolbar, label: Loading}
          - {id: d, style: bar, task: t, location: toolbar} # progress-lint-disable-line consistent-location
          - {id: e, style: bar, task: u, location: toolbar} # progress-lint-disable-line consistent-location
        """,
        """
        # progress-lint-disable-file consistent-location
        screen: A
        indicators:
          - {id: a, style: spinner, task: t, location: content, label: Loading}
          - {id: b, style: spinner, task: t, location: toolbar, label: Loading}
        """,
        """
        screen: A
        indicators:
          - {id: a, style: spinner, task: t, location: content}
        ---
        screen: B
        indicators:
          - {id: b, style: spinner, task: t, location: toolbar}
          - [unclosed
        """,
        "",
        "screen: S\nindicators: []\n",
    ]

    @Test(arguments: texts.indices)
    func aTextGetsWhatARunOverItAloneReports(_ number: Int) {
        let (alone, run) = Self.runAlone(Self.texts[number])
        #expect(alone == run)
    }

    @Test func theCrossFileRuleComparesTheScreensOfTheText() {
        let (alone, _) = Self.runAlone(Self.texts[0])
        #expect(alone.filter { $0.ruleID == "consistent-location" }.count == 1)
        let (suppressed, _) = Self.runAlone(Self.texts[1])
        #expect(suppressed.contains { $0.ruleID == "unused-suppression" })
        #expect(!suppressed.contains { $0.ruleID == "consistent-location" })
    }

    @Test func eachExampleGetsWhatARunOverItAloneReports() throws {
        let examples = TestFolders.packageRoot.appendingPathComponent("Examples")
        let files = try #require(FileManager.default.enumerator(atPath: examples.path)).compactMap { $0 as? String }
            .filter { $0.hasSuffix(".yaml") }.sorted()
        #expect(files.count >= 10)
        for file in files {
            let text = try String(contentsOf: examples.appendingPathComponent(file), encoding: .utf8)
            let (alone, run) = Self.runAlone(text, path: "Examples/" + file)
            #expect(alone == run, "\(file)")
        }
    }

    @Test func everyRulesExamplesGetWhatARunOverThemAloneReports() throws {
        let loader = ConfigurationLoader(rules: RuleRegistry.descriptions)
        var compared = 0
        for description in RuleRegistry.descriptions {
            for example in description.triggeringExamples + description.nonTriggeringExamples {
                let configuration = try example.config.map {
                    try loader.load(Array($0.utf8), path: "c.yml", directory: "/")
                } ?? Configuration()
                let (alone, run) = Self.runAlone(example.source, configuration: configuration)
                #expect(alone == run, "\(description.id): \(example.source)")
                compared += 1
            }
        }
        #expect(compared > 100)
    }

    @Test func yamlThatIsNotASpecIsSkippedOnlyWhenAsked() {
        let runner = LintRunner(linter: Self.linter, loader: ConfigurationLoader(rules: RuleRegistry.descriptions))
        let workflow = Array("on: push\njobs:\n  build: {runs-on: ubuntu-latest}\n".utf8)
        #expect(runner.lint(text: workflow, path: "ci.yml", configuration: Configuration(), nonSpec: .skip) == nil)
        #expect(runner.lint(text: workflow, path: "ci.yml", configuration: Configuration(), nonSpec: .lint) != nil)
        let broken = Array("screen: [\n".utf8)
        #expect(runner.lint(text: broken, path: "b.yml", configuration: Configuration(), nonSpec: .skip)?
            .first?.ruleID == "yaml-syntax")
    }

    @Test func aTextOverTheSizeLimitGetsTheOversizeDiagnostic() throws {
        let configuration = try ConfigurationLoader(rules: RuleRegistry.descriptions).load(
            Array("limits: {max-file-size: 1KB}\n".utf8), path: "c.yml", directory: "/")
        let text = "screen: S\nindicators: []\n# " + String(repeating: "x", count: 2000) + "\n"
        let runner = LintRunner(linter: Self.linter, loader: ConfigurationLoader(rules: RuleRegistry.descriptions))
        let diagnostics = runner.lint(text: Array(text.utf8), path: "big.yaml", configuration: configuration,
                                      nonSpec: .skip)
        #expect(diagnostics?.count == 1)
        #expect(diagnostics?.first?.message.contains("limits.max-file-size") == true)
    }
}
