import Foundation
import ProgressLintEngine
import ProgressLintReporters
import ProgressLintRules
import ProgressLintSpec
import ProgressLintWorkspace
@testable import progress_lint
import Testing
import TestSupport

/// The profiles' one table is what `docs/profiles.md`, `progress-lint profiles`, `--print-config`
/// and the configuration's JSON Schema show: the committed files are current and agree with it.
@Suite struct ProfilesTextTests {
    static let page = Python.packageRoot.appendingPathComponent(ProfilesText.page)
    static let schema = Python.packageRoot.appendingPathComponent(ConfigJSONSchema.path)

    @Test func theProfilesPageIsWhatGenerateDocsWrites() throws {
        let text = try String(contentsOf: Self.page, encoding: .utf8)
        #expect(text == ProfilesText.markdown(),
                "\(ProfilesText.page) is stale; run `swift run progress-lint generate-docs` and commit \(ProfilesText.page)")
    }

    @Test func theProfilesPageShowsEveryValueWithItsSourceAndWhySomeSystemsHaveNone() throws {
        let text = try String(contentsOf: Self.page, encoding: .utf8)
        #expect(text.contains("| `progress-lint:gnome` | 3s | 3s* | | | | 30s | |"), "\(text)")
        #expect(text.contains("| `progress-lint:acorn` | 200ms | | | | | | 400ms |"))
        #expect(text.contains("| `progress-lint:windows-legacy` (legacy) | 2s | 2s* | | | 5s | 5s | |"))
        for profile in ThresholdProfile.all {
            if let address = profile.address { #expect(text.contains(address), "\(profile.name)") }
            for value in profile.values where !value.raised { #expect(text.contains(value.says), "\(profile.name).\(value.key)") }
        }
        for name in ["Apple", "Material", "Polaris", "WinUI", "KDE"] { #expect(text.contains(name), "\(name)") }
        #expect(text.contains("publish no timings"))
    }

    @Test func theListNamesEachProfileWithItsThresholdsAddressAndLegacyOnItsLine() {
        let lines = ProfilesText.list().split(separator: "\n")
        for profile in ThresholdProfile.all {
            let line = lines.first { $0.hasPrefix(profile.id + " ") }
            #expect(line != nil, "\(profile.id)")
            for value in profile.values { #expect(line?.contains("\(value.key): \(value.value)") == true, "\(profile.id)") }
            if let address = profile.address { #expect(line?.contains(address) == true, "\(profile.id)") }
            #expect(line?.contains(" legacy") == (profile.name == "windows-legacy"), "\(profile.id)")
        }
        let gnome = lines.first { $0.hasPrefix("progress-lint:gnome ") }
        #expect(gnome?.contains("instant: 3s, noticeable: 3s*, determinate-after: 30s") == true)
        #expect(gnome?.contains("https://developer.gnome.org/hig/patterns/feedback/spinners.html") == true)
    }

    @Test func aProfilesSnippetIsLoadableYAMLWithEachValuesSourceAsAComment() throws {
        let primer = try #require(ThresholdProfile.named("primer"))
        let text = ProfilesText.snippet(primer)
        #expect(text.contains("  instant: 1s  # \"Less than 1 second: Don't show a loading state\"\n"))
        #expect(text.contains("  noticeable: 1s  # raised to `instant`"))
        #expect(text.contains("  show-after-max: 1s  # token `motion.loading.delay.default` in primer/primitives: "))
        #expect(text.contains("  determinate-after: 3s  # \"3–10 seconds: Use a determinate loading state if possible\"\n"))
        #expect(text.contains("https://primer.style/ui-patterns/loading"))
        // Saved as a config, it sets what the profile sets.
        let loader = ConfigurationLoader(rules: RuleRegistry.descriptions)
        for profile in ThresholdProfile.all {
            let fromSnippet = try loader.load(Array(ProfilesText.snippet(profile).utf8), path: "s.yml", directory: "/")
            let fromProfile = try loader.load(Array("extends: \(profile.id)".utf8), path: "p.yml", directory: "/")
            #expect(fromSnippet.thresholds == fromProfile.thresholds, "\(profile.name)")
        }
    }

    // MARK: --print-config

    func printed(_ text: String, files: [String: String] = [:]) throws -> String {
        let folder = try TemporaryFolder()
        for (name, content) in files { try folder.write(name, content) }
        let configuration = try ConfigurationLoader(rules: RuleRegistry.descriptions).load(
            Array(text.utf8), path: "c.yml", directory: folder.path, workingDirectory: folder.path)
        return ConfigurationText.render(configuration, for: "a.yaml", rules: RuleRegistry.descriptions)
    }

    @Test func printConfigShowsEachThresholdsOrigin() throws {
        let text = try printed("extends: [base.yml, progress-lint:gnome]\nthresholds:\n  attention: 20s\n",
                               files: ["base.yml": "thresholds:\n  show-after-max: 1s\n"])
        #expect(text.contains("  instant: 3s  # from profile progress-lint:gnome\n"), "\(text)")
        #expect(text.contains("  noticeable: 3s  # from profile progress-lint:gnome\n"))
        #expect(text.contains("  attention: 20s  # from c.yml:3\n"))
        #expect(text.contains("  show-after-max: 1s  # from base.yml:2\n"))
        #expect(text.contains("  updates-every-max: 2s  # default\n"))
        #expect(text.contains("  determinate-after: 30s  # from profile progress-lint:gnome\n"))
        #expect(text.contains("  min-display: 400ms  # default\n"))
        #expect(text.contains("progress-lint:gnome"))
    }

    @Test func printConfigSaysADeterminateAfterNobodySetFollowsAttention() throws {
        let text = try printed("thresholds: {attention: 20s}")
        #expect(text.contains("  determinate-after: 20s  # follows attention (not set)\n"), "\(text)")
        #expect(!text.contains("built-in profiles"))
    }

    // MARK: the configuration's JSON Schema

    @Test func theCommittedConfigSchemaIsWhatTheSchemaCommandPrints() throws {
        let text = try String(contentsOf: Self.schema, encoding: .utf8)
        #expect(text == ConfigJSONSchema.rendered(rules: RuleRegistry.descriptions),
                "\(ConfigJSONSchema.path) is stale; run `swift run progress-lint schema --config > \(ConfigJSONSchema.path)`")
    }

    @Test func theConfigSchemaKnowsEveryKeyThresholdAndProfileName() throws {
        let data = try Data(contentsOf: Self.schema)
        let schema = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let properties = try #require(schema["properties"] as? [String: Any])
        let options = RuleRegistry.descriptions.flatMap(\.ownOptions).map(\.key)
        #expect(Set(properties.keys) == Set(ConfigurationLoader.keys + options))
        let thresholds = try #require((properties["thresholds"] as? [String: Any])?["properties"] as? [String: Any])
        #expect(Set(thresholds.keys) == Set(Thresholds.keys))
        #expect(thresholds.keys.contains("determinate-after") && thresholds.keys.contains("min-display"))
        let profile = (schema["definitions"] as? [String: Any])?["profile"] as? [String: Any]
        #expect(profile?["enum"] as? [String] == ThresholdProfile.all.map(\.id))
        #expect(profile?["enum"] as? [String] == ["progress-lint:nielsen", "progress-lint:salt", "progress-lint:primer",
                                                  "progress-lint:fluent2", "progress-lint:astro", "progress-lint:atlassian",
                                                  "progress-lint:carbon", "progress-lint:gnome", "progress-lint:acorn",
                                                  "progress-lint:windows-legacy"])
    }

    @Test func theStarterConfigurationKnowsTheNewThresholdsAndTheProfiles() throws {
        let text = ConfigurationText.starter(rules: RuleRegistry.descriptions)
        #expect(text.contains("  min-display: 400ms\n"), "\(text)")
        #expect(text.contains("  # determinate-after: 10s  # follows attention until set"))
        #expect(text.contains("progress-lint:gnome"))
        // As written, it loads to the defaults: `determinate-after` still follows `attention`.
        let c = try ConfigurationLoader(rules: RuleRegistry.descriptions).load(Array(text.utf8), path: "init.yml", directory: "/")
        #expect(c.thresholds == Thresholds())
    }
}

