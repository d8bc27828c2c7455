import ArgumentParser
import ProgressLintReporters

/// `progress-lint`: the root command. Linting is the default subcommand.
@main
struct ProgressLint: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "progress-lint",
        abstract: "Lint progress-indicator UI specs against platform guidelines and accessibility practice.",
        discussion: """
            Exit status: 0 when no error was reported, 1 when one was, 2 for usage, configuration or I/O failures.
            """,
        version: Tool.version,
        subcommands: [Lint.self, ListRules.self, Explain.self, Init.self, GenerateDocs.self, Schema.self],
        defaultSubcommand: Lint.self
    )

    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            let code = exitCode(for: error)
            if code == .success, fullMessage(for: error) == helpMessage() {
                // `progress-lint --help` is the help of what `progress-lint` runs: linting.
                Output.standardOutput(RootHelp.render(root: helpMessage(), lint: helpMessage(for: Lint.self)))
                exit(withError: ExitCode.success)
            }
            if code == .success || error is ExitCode {
                exit(withError: error)
            }
            // Usage mistakes exit 2, like the other failures that are not findings.
            // Argument text is echoed in these messages: escaped line by line, never raw.
            let message = fullMessage(for: error).split(separator: "\n", omittingEmptySubsequences: false)
                .map { TerminalText.safe(String($0)) }.joined(separator: "\n")
            Output.standardError(message + "\n" + "Run 'progress-lint --help' for usage.\n")
            exit(withError: ExitCode(2))
        }
    }
}
