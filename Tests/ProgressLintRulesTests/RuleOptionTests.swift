import Foundation
import ProgressLintEngine
@testable import ProgressLintRun
import ProgressLintWorkspace
import ProgressLintReporters
import ProgressLintRules
import TestSupport
import Testing

/// A rule declares its options in its own file; the loader, `--print-config`, the rule's page and
/// docs/configuration.md all take them from that one declaration.
@Suite struct RuleOptionTests {
    static let packageRoot = TestFolders.packageRoot
    static let specFormat = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/spec-format.md")

    func load(_ text: String) throws(ConfigurationError) -> Configuration {
        try ConfigurationLoader(rules: RuleRegistry.descriptions).load(Array(text.utf8), path: "cfg.yml", directory: "/p")
    }

    @Test func everyOptionBelongsToTheRuleThatDeclaresItAndHasItsOwnKey() {
        var keys = Set(ConfigurationLoader.keys)
        for rule in RuleRegistry.descriptions {
            for option in rule.ownOptions {
                #expect(option.rule == rule.id, "\(option.key) is declared by \(rule.id) but names \(option.rule)")
                #expect(keys.insert(option.key).inserted, "`\(option.key)` is declared twice or is a shared setting")
                #expect(!option.doc.isEmpty && !option.doc.hasSuffix("\n"), "\(option.key)")
            }
        }
        #expect(RuleRegistry.options.contains { $0.key == "vague-labels" && $0.rule == "vague-label" })
    }

    @Test func anOptionNoConfigSetsReadsAsItsDefault() throws {
        #expect(Configuration().options[VagueLabel.labels] == VagueLabel.labels.defaultValue)
        let other = try load("platform: ios\n")
        #expect(other.options[VagueLabel.labels].written == ["Loading", "Please wait", "Authenticating", "Processing", "Working"])
        #expect(other.sources["vague-labels"] == nil)
    }

    @Test func theLoaderReadsAnOptionThroughItsRulesDecoder() throws {
        let c = try load("vague-labels: Hold on\n")
        #expect(c.options[VagueLabel.labels].written == ["Hold on"])
        #expect(c.sources["vague-labels"] == "cfg.yml")
        #expect(try load("vague-labels: []\n").options[VagueLabel.labels].written.isEmpty)
    }

    func error(_ text: String) -> String? {
        do {
            _ = try load(text)
            return nil
        } catch {
            return error.description
        }
    }

    @Test func aBadOptionValueIsReportedAtItsPositionNamingTheKey() {
        #expect(error("platform: ios\nvague-labels: {a: b}\n") == "cfg.yml:2:15: `vague-labels` must be a list of text")
        #expect(error("vague-labels: [Loading, [a]]\n") == "cfg.yml:1:25: `vague-labels` must be a single value")
    }

    @Test func anUnknownTopLevelKeySuggestsAnOption() {
        do {
            _ = try load("vague-label: [Hold on]\n")
            Issue.record("an unknown key was accepted")
        } catch {
            #expect(error.message == "unknown key `vague-label` in `the configuration`; did you mean `vague-labels`?")
        }
    }

    @Test func printConfigWritesEachOptionAndReadsBackTheSame() throws {
        let rules = RuleRegistry.descriptions
        let defaults = ConfigurationText.render(Configuration(), for: "a.yaml", rules: rules)
        #expect(defaults.contains(
            "vague-labels: [\"Loading\", \"Please wait\", \"Authenticating\", \"Processing\", \"Working\"]  # default\n"))
        var configured = try load("vague-labels: [\"Hold \\\"on\\\"\", Wait]\n")
        configured.path = "cfg.yml"
        let printed = ConfigurationText.render(configured, for: "a.yaml", rules: rules)
        #expect(printed.contains("vague-labels: [\"Hold \\\"on\\\"\", \"Wait\"]  # from cfg.yml\n"))
        for (text, expected) in [(defaults, Configuration()), (printed, configured)] {
            let reread = try load(text)
            for option in RuleRegistry.options {
                #expect(option.value(in: reread) == option.value(in: expected), "\(option.key)")
            }
        }
    }

    @Test func eachRulePageShowsItsOptionsDefault() {
        for rule in RuleRegistry.descriptions {
            let page = RulePage.render(rule, reports: RuleRegistry.reports(of:on:))
            for option in rule.ownOptions {
                #expect(page.contains("- `\(option.key)` (default `\(ConfigurationText.yaml(option.defaultValue))`"),
                        "\(rule.id)")
                #expect(page.contains(option.doc), "\(rule.id)")
            }
        }
        #expect(VagueLabel.description.summary.contains("(by default Loading, Please wait, Authenticating, Processing, Working)"))
    }

    /// The first line of `text` that sets `key` at the top level, without its trailing comment, read
    /// as a config: what the document says the default is.
    func documentedDefault(of option: AnyRuleOption, in text: String) throws -> ConfigurationValue? {
        guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix("\(option.key): ") }) else { return nil }
        let setting = line.components(separatedBy: "  #")[0]
        return option.value(in: try load(setting))
    }

    /// docs/configuration.md shows `vague-labels` with its default; any other option it shows must
    /// show its default too (an option it does not show is documented on its rule's page).
    @Test func theConfigurationPageShowsEachOptionsDefault() throws {
        let page = try String(contentsOf: Self.packageRoot.appendingPathComponent("docs/configuration.md"), encoding: .utf8)
        var shown: [String] = []
        for option in RuleRegistry.options {
            guard let documented = try documentedDefault(of: option, in: page) else { continue }
            shown.append(option.key)
            let expected = ConfigurationText.yaml(option.defaultValue)
            #expect(documented == option.defaultValue,
                    "docs/configuration.md's configuration example should set `\(option.key)` to its default, \(expected)")
        }
        #expect(shown.contains("vague-labels"), "docs/configuration.md's configuration example no longer shows `vague-labels`")
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: specFormat.path), "../shared is not beside the project"))
    func theSpecFormatShowsEachOptionsDefault() throws {
        let text = try String(contentsOf: Self.specFormat, encoding: .utf8)
        for option in RuleRegistry.options {
            guard let documented = try documentedDefault(of: option, in: text) else { continue }
            #expect(documented == option.defaultValue, "\(option.key)")
        }
    }
}
