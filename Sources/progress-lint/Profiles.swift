import ArgumentParser
import ProgressLintEngine
import ProgressLintReporters

/// `progress-lint profiles [NAME]`: the built-in threshold profiles, or one as a config snippet.
struct Profiles: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "profiles",
        abstract: "List the built-in threshold profiles (extends: progress-lint:NAME), or print one with its sources.",
        discussion: """
            Each profile is the timings a design system publishes. With NAME (gnome or progress-lint:gnome), \
            the profile is printed as a thresholds snippet, each value with the sentence it comes from.
            """
    )

    @Argument(help: ArgumentHelp("A profile to print (gnome, or progress-lint:gnome).", valueName: "name"))
    var name: String?

    func run() throws {
        guard let name else { return Output.standardOutput(ProfilesText.list()) }
        let written = name.hasPrefix(ThresholdProfile.prefix) ? name : ThresholdProfile.prefix + name
        if let profile = ThresholdProfile.named(String(written.dropFirst(ThresholdProfile.prefix.count))) {
            return Output.standardOutput(ProfilesText.snippet(profile))
        }
        let message = ThresholdProfile.unknownMessage(written, extends: false) ?? "unknown profile"
        Output.standardError("progress-lint: \(TerminalText.safe(message))\n")
        throw ExitCode(2)
    }
}
