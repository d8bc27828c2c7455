import ArgumentParser
import ProgressLintCore
import ProgressLintReporters
import ProgressLintRules

/// `progress-lint explain RULE`: a rule's page in the terminal.
struct Explain: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Show a rule's documentation.")

    @Argument(help: "The rule's id, e.g. vague-label.")
    var rule: String

    func run() throws {
        guard let description = RuleRegistry.description(of: rule) else {
            let ids = RuleRegistry.descriptions.map(\.id)
            var message = "progress-lint: unknown rule `\(TerminalText.safe(rule))`"
            if let suggestion = ids.min(by: { distance($0, rule) < distance($1, rule) }), distance(suggestion, rule) <= 4 {
                message += "; did you mean `\(suggestion)`?"
            }
            Output.standardError(message + " (`progress-lint rules` lists them)\n")
            throw ExitCode(2)
        }
        // For a terminal: the page without its Markdown markup (Rules/*.md keeps it).
        Output.standardOutput(TerminalMarkdown.render(RulePage.render(description, reports: RuleRegistry.reports(of:on:))))
    }

    private func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a.utf8), b = Array(b.utf8)
        var row = Array(0...b.count)
        for i in 1...max(1, a.count) where !a.isEmpty {
            var previous = row[0]
            row[0] = i
            for j in stride(from: 1, through: b.count, by: 1) {
                let current = row[j]
                row[j] = min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] == b[j - 1] ? 0 : 1))
                previous = current
            }
        }
        return row[b.count]
    }
}
