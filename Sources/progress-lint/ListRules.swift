import ArgumentParser
import ProgressLintEngine
import ProgressLintRun
import ProgressLintWorkspace
import ProgressLintReporters
import ProgressLintRules

/// `progress-lint rules`: every rule with its category and severities.
struct ListRules: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rules",
        abstract: "List every rule: id, category, default severity and the severity under the current config.",
        discussion: """
            The configuration is the .progress-lint.yml found from the current folder up, as linting finds it \
            for a file here, or the one named with --config.
            """
    )

    @Option(name: .shortAndLong, help: "Use this configuration file instead of finding .progress-lint.yml.")
    var config: String?

    @Option(help: ArgumentHelp(
        "Only the rules of this category: \(RuleCategory.allCases.map(ListRules.categoryName).joined(separator: ", ")).",
        valueName: "category"))
    var category: String?

    @Option(help: ArgumentHelp("Only the rules at this effective level: off, info, warning, error.", valueName: "level"))
    var severity: String?

    /// A category as typed on the command line: lower case, `-` for spaces.
    static func categoryName(_ category: RuleCategory) -> String {
        String(category.rawValue.lowercased().map { $0 == " " ? "-" : $0 })
    }

    func validate() throws {
        if let category, ListRules.category(named: category) == nil {
            throw ValidationError("unknown category '\(category)'; use one of "
                                  + RuleCategory.allCases.map(ListRules.categoryName).joined(separator: ", "))
        }
        if let severity, !["off", "info", "warning", "error"].contains(severity.lowercased()) {
            throw ValidationError("unknown level '\(severity)'; use one of off, info, warning, error")
        }
    }

    static func category(named name: String) -> RuleCategory? {
        let wanted = String(name.lowercased().map { $0 == " " ? "-" : $0 })
        return RuleCategory.allCases.first { categoryName($0) == wanted }
    }

    func run() throws {
        let resolver = ConfigurationResolver(loader: ConfigurationLoader(rules: RuleRegistry.descriptions), configPath: config)
        let configuration: Configuration
        // As for a spec in the current folder: its .progress-lint.yml counts, not only its parent's.
        switch resolver.configuration(for: "./progress-lint-rules.yaml") {
        case .success(let c): configuration = c
        case .failure(let error):
            Output.standardError("progress-lint: configuration error: \(TerminalText.safe(error.description))\n")
            throw ExitCode(2)
        }
        let wantedCategory = category.flatMap(ListRules.category(named:))
        let rules = RuleRegistry.descriptions.filter { rule in
            (wantedCategory.map { rule.category == $0 } ?? true)
                && (severity.map { configuration.level(of: rule).name == $0.lowercased() } ?? true)
        }
        let idWidth = max(4, rules.map(\.id.count).max() ?? 4)
        let categoryWidth = RuleCategory.allCases.map(\.rawValue.count).max() ?? 10
        func pad(_ s: String, _ n: Int) -> String { s + String(repeating: " ", count: max(0, n - s.count)) }
        var out = pad("RULE", idWidth) + "  " + pad("CATEGORY", categoryWidth) + "  DEFAULT  EFFECTIVE\n"
        for rule in rules {
            let effective = configuration.level(of: rule).name
            out += pad(rule.id, idWidth) + "  " + pad(rule.category.rawValue, categoryWidth) + "  "
                + pad(rule.defaultSeverity.rawValue, 7) + "  " + effective + "\n"
        }
        let shown = rules.count == RuleRegistry.descriptions.count
            ? "\(rules.count) rules" : "\(rules.count) of \(RuleRegistry.descriptions.count) rules"
        out += "\(shown); `progress-lint explain RULE` shows one.\n"
        Output.standardOutput(out)
    }
}
