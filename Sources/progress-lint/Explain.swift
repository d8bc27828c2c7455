import ArgumentParser
import ProgressLintEngine
import ProgressLintRun
import ProgressLintWorkspace
import ProgressLintReporters
import ProgressLintRules
import ProgressLintSupport

/// `progress-lint explain RULE`: a rule's page in the terminal.
struct Explain: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "explain", abstract: "Show a rule's documentation.")

    @Argument(help: "The rule's id, e.g. vague-label.")
    var rule: String

    func run() throws {
        guard let description = RuleRegistry.description(of: rule) else {
            let ids = RuleRegistry.descriptions.map(\.id)
            var message = "progress-lint: unknown rule `\(TerminalText.safe(rule))`"
            if let suggestion = DidYouMean.closest(to: rule, among: ids) {
                message += "; did you mean `\(suggestion)`?"
            }
            Output.standardError(message + " (`progress-lint rules` lists them)\n")
            throw ExitCode(2)
        }
        // For a terminal: the page without its Markdown markup (Rules/*.md keeps it).
        Output.standardOutput(TerminalMarkdown.render(RulePage.render(description, reports: RuleRegistry.reports(of:on:))))
    }
}
