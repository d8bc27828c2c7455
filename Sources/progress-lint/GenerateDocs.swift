import ArgumentParser
import ProgressLintReporters
import ProgressLintRules

/// `progress-lint generate-docs`: writes `Rules/<rule-id>.md` for every rule and removes orphaned pages.
struct GenerateDocs: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate-docs",
        abstract: "Regenerate the rule pages under Rules/ from the rules' descriptions."
    )

    @Option(help: "The folder to write the pages to.")
    var output: String = RulePage.folder

    func run() throws {
        let pages = RulePage.all(RuleRegistry.descriptions, reports: RuleRegistry.reports(of:on:))
        do {
            try DocsFolder.sync(pages, in: output)
        } catch {
            Output.standardError("progress-lint: cannot write \(TerminalText.safe(error.path)): \(error.reason)\n")
            throw ExitCode(2)
        }
        Output.standardOutput("wrote \(pages.count - 1) rule pages and an index to \(output)/\n")
    }
}
