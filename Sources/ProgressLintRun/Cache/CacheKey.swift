import ProgressLintEngine
import ProgressLintWorkspace
import ProgressLintYAML
/// What, besides a file's bytes and path and the build, decides what linting it gives.
enum CacheKey {
    /// The configuration's canonical form, hashed: everything that changes what a rule reports
    /// (the platform, every rule's level, every rule option, thresholds, limits and declared
    /// `components`), whatever
    /// file set it: `extends` brings its settings in before this is read, so a change to an
    /// extended file changes the key. Where the config file is, which files it read and its
    /// `include`/`exclude` decide which files are linted, not what they report, and `docs-url` is
    /// read by the reports from the run's configurations: not in the key.
    ///
    /// `Thresholds` and `Limits` are written with all their fields as Swift describes them, so
    /// a field added later is in the key without a change here; a test fails when
    /// ``Configuration`` gains a field this does not know.
    static func configuration(_ configuration: Configuration, linter: Linter) -> ConfigurationKey {
        var text = "progress-lint configuration\n"
        text += "platform: \(configuration.platform?.rawValue ?? "-")\n"
        text += "thresholds: \(configuration.thresholds)\n"
        text += "limits: \(configuration.limits)\n"
        for (name, meaning) in configuration.components.sorted { text += "component \(name): \(meaning.name)\n" }
        for (id, description) in linter.descriptions.sorted(by: { $0.key < $1.key }) {
            text += "rule \(id): \(configuration.level(of: description))\n"
            for option in description.ownOptions {
                text += "option \(option.rule).\(option.key): \(option.value(in: configuration))\n"
            }
        }
        let (high, low) = ContentHash.wide(text)
        return ConfigurationKey(high, low)
    }

    /// The fields of ``Configuration`` that ``configuration(_:linter:)`` accounts for, by name.
    static let configurationFields = [
        "platform", "include", "exclude", "thresholds", "options", "components", "docsURL", "rules", "limits", "path",
        "directory",
        "includeDirectory", "excludeDirectory", "sources", "files",
    ]
}
