import ArgumentParser
import ProgressLintCore
import ProgressLintReporters
import ProgressLintRules

/// `progress-lint rules`: every rule with its category and severities.
struct ListRules: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rules",
        abstract: "List every rule: id, category, default severity and the severity under the current config."
    )

    @Option(name: .shortAndLong, help: "Use this configuration file instead of finding .progress-lint.yml.")
    var config: String?

    func run() throws {
        let resolver = ConfigurationResolver(loader: RuleRegistry.makeConfigurationLoader(), configPath: config)
        let configuration: Configuration
        switch resolver.configuration(for: "./.") {
        case .success(let c): configuration = c
        case .failure(let error):
            Output.standardError("progress-lint: configuration error: \(TerminalText.safe(error.description))\n")
            throw ExitCode(2)
        }
        let rules = RuleRegistry.descriptions
        let idWidth = rules.map(\.id.count).max() ?? 10
        let categoryWidth = RuleCategory.allCases.map(\.rawValue.count).max() ?? 10
        func pad(_ s: String, _ n: Int) -> String { s + String(repeating: " ", count: max(0, n - s.count)) }
        var out = pad("RULE", idWidth) + "  " + pad("CATEGORY", categoryWidth) + "  DEFAULT  EFFECTIVE\n"
        for rule in rules {
            let effective = configuration.level(of: rule).name
            out += pad(rule.id, idWidth) + "  " + pad(rule.category.rawValue, categoryWidth) + "  "
                + pad(rule.defaultSeverity.rawValue, 7) + "  " + effective + "\n"
        }
        out += "\(rules.count) rules; `progress-lint explain RULE` shows one.\n"
        Output.standardOutput(out)
    }
}
