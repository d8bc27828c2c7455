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
        subcommands: [Lint.self, ListRules.self, Explain.self, Profiles.self, Init.self, GenerateDocs.self, Schema.self,
                      Server.self],
        defaultSubcommand: Lint.self
    )

    static func main() {
        do {
            let arguments = Array(CommandLine.arguments.dropFirst())
            var command = try parseLint(arguments) ?? parseAsRoot(arguments)
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

    /// The common case, `progress-lint PATH… [options]`, parsed as ``Lint`` on its own: ArgumentParser
    /// then builds no tree of every subcommand. Whatever else it is (a subcommand, help, version,
    /// completions, any error) is nil, and `parseAsRoot` parses it again from the start, so output
    /// and exit codes stay the root's. Lint alone reads arguments as the root does: the root takes
    /// none of its own and passes on everything unless the first argument names a subcommand.
    static func parseLint(_ arguments: [String]) -> Lint? {
        if let first = arguments.first {
            guard first != "---completion", let names = subcommandNames, !names.contains(first) else { return nil }
        }
        return (try? Lint.parseAsRoot(arguments)) as? Lint
    }

    /// The names (and aliases) the root dispatches on, `help` included; nil when a subcommand has
    /// no explicit name (its name would come from its type's, through reflection).
    static let subcommandNames: Set<String>? = {
        var names: Set<String> = ["help"]
        for command in configuration.subcommands {
            guard let name = command.configuration.commandName else { return nil }
            names.insert(name)
            names.formUnion(command.configuration.aliases)
        }
        return names
    }()
}
