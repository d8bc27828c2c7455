import ArgumentParser
import ProgressLintCore
import ProgressLintReporters
import ProgressLintRules

/// `progress-lint generate-docs`: writes `Rules/<rule-id>.md` for every rule and removes orphaned pages,
/// and regenerates the README's spec key tables.
struct GenerateDocs: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate-docs",
        abstract: "Regenerate the rule pages under Rules/ from the rules' descriptions, and the README's key tables."
    )

    @Option(help: "The folder to write the pages to.")
    var output: String = RulePage.folder

    @Option(help: "The README whose spec key tables to regenerate (between its keys:begin and keys:end markers).")
    var readme: String = KeyTable.readme

    /// Rewrites the README's key tables from the key table.
    func updateKeyTable() throws {
        let bytes = try? FileReader.read(SpecFile(path: readme), limit: 16 << 20).get()
        guard let bytes, let text = String(validating: bytes, as: UTF8.self), let updated = KeyTable.replacing(in: text)
        else {
            Output.standardError("progress-lint: cannot update the key tables of \(TerminalText.safe(readme)): "
                                 + "it is missing or lacks the `<!-- keys:begin` and `<!-- keys:end -->` markers\n")
            throw ExitCode(2)
        }
        guard updated != text else { return }
        do {
            try Output.write(updated, to: readme)
        } catch {
            Output.standardError("progress-lint: cannot write \(TerminalText.safe(error.path)): \(error.reason)\n")
            throw ExitCode(2)
        }
        Output.standardOutput("updated the key tables of \(readme)\n")
    }

    func run() throws {
        let pages = RulePage.all(RuleRegistry.descriptions)
        do {
            try DocsFolder.sync(pages, in: output)
        } catch {
            Output.standardError("progress-lint: cannot write \(TerminalText.safe(error.path)): \(error.reason)\n")
            throw ExitCode(2)
        }
        Output.standardOutput("wrote \(pages.count - 1) rule pages and an index to \(output)/\n")
        try updateKeyTable()
    }
}
