import ArgumentParser
import Testing
@testable import progress_lint

/// Issue 13, single-file start-up: `progress-lint PATH… [options]` is parsed as `Lint` alone,
/// and anything else is left to the root command, so what users see does not change.
@Suite struct StartupParseTests {
    /// The root's parse of `arguments`, when it runs linting.
    static func rootLint(_ arguments: [String]) -> Lint? {
        (try? ProgressLint.parseAsRoot(arguments)) as? Lint
    }

    @Test func pathsAndLintOptionsParseAsLintAlone() throws {
        for arguments in [
            [], ["specs/a.yaml"], ["specs/a.yaml", "--format", "json", "--output", "report.json"],
            ["--jobs", "1", "--format", "json", "--output", "r.json", "specs"], ["-"], ["--stdin"],
            ["-q", "a.yaml", "b.yml", "--max-warnings", "-1"], ["--", "rules"], ["a.yaml", "rules", "help"],
        ] {
            let fast = try #require(ProgressLint.parseLint(arguments), "\(arguments)")
            let root = try #require(Self.rootLint(arguments), "\(arguments)")
            #expect(fast.paths == root.paths && fast.format == root.format && fast.output == root.output
                    && fast.jobs == root.jobs && fast.quiet == root.quiet && fast.stdin == root.stdin
                    && fast.maxWarnings == root.maxWarnings, "\(arguments)")
        }
    }

    @Test func aFirstArgumentNamingASubcommandIsLeftToTheRoot() {
        for name in ["lint", "rules", "explain", "init", "schema", "generate-docs", "help"] {
            #expect(ProgressLint.parseLint([name]) == nil, "\(name)")
            #expect(ProgressLint.parseLint([name, "--help"]) == nil, "\(name)")
        }
    }

    @Test func helpVersionCompletionsAndMistakesAreLeftToTheRoot() {
        for arguments in [
            ["--help"], ["-h"], ["-help"], ["a.yaml", "--help"], ["--version"], ["--experimental-dump-help"],
            ["--generate-completion-script", "bash"], ["---completion", "--", "--format", "0", "0"],
            ["--bogus"], ["--format", "nope"], ["--jobs", "0"], ["--stdin", "a.yaml"], ["--format"],
        ] {
            #expect(ProgressLint.parseLint(arguments) == nil, "\(arguments)")
        }
    }

    /// Each subcommand names itself as ArgumentParser would from its type, so the names (and
    /// with them help and dispatch) need no reflection over the type's name.
    @Test func everySubcommandHasItsNameSpelledOut() throws {
        let names = try #require(ProgressLint.subcommandNames)
        #expect(names == ["lint", "rules", "explain", "profiles", "init", "generate-docs", "schema", "server", "help"])
        for command in ProgressLint.configuration.subcommands {
            let name = try #require(command.configuration.commandName, "\(command)")
            if command != ListRules.self {
                let typeName = String(describing: command)
                #expect(name == typeName.enumerated().map { index, character in
                    (index > 0 && character.isUppercase ? "-" : "") + character.lowercased()
                }.joined(), "\(command)")
            }
        }
    }
}
