import ProgressLintEngine
import ProgressLintWorkspace
import ProgressLintYAML
/// What, besides a file's bytes and path and the build, decides what linting it gives.
enum CacheKey {
    /// The configuration's canonical form, hashed: everything that changes what a rule reports (platform,
    /// rule levels and options, thresholds, limits, `components`, after `extends`), not what chooses files
    /// (`include`/`exclude`), `docs-url` or `thresholdOrigins`. Every text has its length and every choice
    /// a tag, so equal forms mean equal fields; tests fail when ``Configuration``, ``Thresholds``, ``Limits``
    /// or ``YAMLLimits`` gains a field this does not know (``configurationFields``).
    static func configuration(_ configuration: Configuration, linter: Linter) -> ConfigurationKey {
        var form = CanonicalForm()
        form.text("progress-lint configuration 2")
        form.text(configuration.platform?.rawValue)
        let t = configuration.thresholds
        for value in [t.instant, t.noticeable, t.attention, t.showAfterMax, t.updatesEveryMax] {
            form.double(value.milliseconds)
        }
        // `determinate-after` only when set (-1 while it follows `attention`), then `min-display`.
        form.double(t.determinateAfterSet?.milliseconds ?? -1)
        form.double(t.minDisplay.milliseconds)
        // The profiles applied, by name: a profile change is a configuration change.
        form.int(configuration.profiles.count)
        for profile in configuration.profiles { form.text(profile) }
        let l = configuration.limits
        for value in [l.maxFileSize, l.yaml.maxDepth, l.yaml.maxAliasNodes, l.yaml.maxAliasBytes, l.maxDiagnosticsPerFile] {
            form.int(value)
        }
        let components = configuration.components.sorted
        form.int(components.count)
        for (name, meaning) in components {
            form.text(name)
            form.text(meaning.name)
        }
        let descriptions = linter.descriptions.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
        form.int(descriptions.count)
        for (id, description) in descriptions {
            form.text(id)
            switch configuration.level(of: description) {
            case .off: form.byte(0)
            case .on(let severity):
                form.byte(1)
                form.text(severity.rawValue)
            }
            form.int(description.ownOptions.count)
            for option in description.ownOptions {
                form.text(option.rule)
                form.text(option.key)
                switch option.value(in: configuration) {
                case .text(let text):
                    form.byte(0)
                    form.text(text)
                case .texts(let texts):
                    form.byte(1)
                    form.int(texts.count)
                    for text in texts { form.text(text) }
                case .integer(let value):
                    form.byte(2)
                    form.int(value)
                }
            }
        }
        return ConfigurationKey(ContentHash.xxh64(form.bytes, seed: 0),
                                ContentHash.xxh64(form.bytes, seed: 0x5052_4F47_5245_5353))
    }

    /// The fields of ``Configuration`` that ``configuration(_:linter:)`` accounts for, by name.
    static let configurationFields = [
        "platform", "include", "exclude", "thresholds", "options", "components", "docsURL", "rules", "limits", "path",
        "directory",
        "includeDirectory", "excludeDirectory", "sources", "files", "thresholdOrigins", "profiles",
    ]
    /// The fields of ``Thresholds`` it writes, in order.
    static let thresholdsFields = [
        "instant", "noticeable", "attention", "showAfterMax", "updatesEveryMax", "determinateAfterSet", "minDisplay",
    ]
    /// The fields of ``Limits`` it writes (`yaml` as the fields of ``YAMLLimits``).
    static let limitsFields = ["maxFileSize", "yaml", "maxDiagnosticsPerFile"]
    /// The fields of ``YAMLLimits`` it writes.
    static let yamlLimitsFields = ["maxDepth", "maxAliasNodes", "maxAliasBytes"]
}

/// Bytes that spell values one after another unambiguously: integers as 8 little-endian bytes,
/// doubles by their bits, texts (and absent ones) with a tag and their length.
private struct CanonicalForm {
    var bytes: [UInt8] = []

    init() { bytes.reserveCapacity(4096) }

    mutating func byte(_ value: UInt8) { bytes.append(value) }

    mutating func int(_ value: Int) {
        var v = UInt64(bitPattern: Int64(value)).littleEndian
        withUnsafeBytes(of: &v) { bytes.append(contentsOf: $0) }
    }

    mutating func double(_ value: Double) {
        var v = value.bitPattern.littleEndian
        withUnsafeBytes(of: &v) { bytes.append(contentsOf: $0) }
    }

    mutating func text(_ value: String?) {
        guard let value else { return byte(0) }
        byte(1)
        int(value.utf8.count)
        bytes.append(contentsOf: value.utf8)
    }
}
