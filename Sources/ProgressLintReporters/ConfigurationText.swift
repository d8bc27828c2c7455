import ProgressLintEngine
import ProgressLintSupport
import ProgressLintRun
import ProgressLintWorkspace

/// The effective configuration for a file, as `.progress-lint.yml` YAML (`--print-config`).
///
/// Every setting is written, defaults included, and every rule with its effective level, so the
/// output can be saved as a config file and gives the same results; each line says which file
/// set it (`extends` chains merged) or that it is the default.
public enum ConfigurationText {
    /// The YAML text of `configuration`, for the file `path`. Each setting ends with a comment
    /// naming the config file that set it (`# from ../.progress-lint.yml`) or `# default`.
    public static func render(_ configuration: Configuration, for path: String, rules: [RuleDescription]) -> String {
        var out = "# effective configuration for \(TerminalText.safe(path))\n"
        if configuration.files.count > 1 {
            out += "# read from \(configuration.files.map(TerminalText.safe).joined(separator: ", ")) "
                + "(later files override earlier ones), over the defaults\n"
        } else if let source = configuration.path {
            out += "# read from \(TerminalText.safe(source)), over the defaults\n"
        } else {
            out += "# no .progress-lint.yml applies: the defaults\n"
        }
        func from(_ key: String, elsewhere: Bool = false) -> String {
            guard let file = configuration.sources[key] else { return "  # default\n" }
            return "  # from \(TerminalText.safe(file))\(elsewhere ? ", relative to its folder" : "")\n"
        }
        // Globs set by an extended file in another folder stay relative to that folder.
        func globFolder(_ directory: String?) -> Bool { directory.map { $0 != configuration.directory } ?? false }
        if let platform = configuration.platform {
            out += "platform: \(platform.rawValue)" + from("platform")
        } else {
            out += "# platform: none set (rules that name a platform do not run)\n"
        }
        out += "include: \(list(configuration.include))" + from("include", elsewhere: globFolder(configuration.includeDirectory))
        out += "exclude: \(list(configuration.exclude))" + from("exclude", elsewhere: globFolder(configuration.excludeDirectory))
        if !configuration.profiles.isEmpty {
            out += "# built-in profiles applied: \(configuration.profiles.joined(separator: ", ")) "
                + "(`progress-lint profiles NAME` shows their sources)\n"
        }
        out += "thresholds:\n"
        for entry in configuration.thresholds.entries {
            out += "  \(entry.key): \(entry.value)" + thresholdOrigin(entry.key, in: configuration)
        }
        if let docs = configuration.docsURL {
            out += "docs-url: \(quote(docs))" + from("docs-url")
        } else {
            out += "# docs-url: none set (reports give no address for rule pages)\n"
        }
        if configuration.components.isEmpty {
            out += "components: {}  # default\n"
        } else {
            out += "components:\n"
            for (name, meaning) in configuration.components.sorted {
                out += "  \(key(name)): \(meaning.name)" + from("components." + name)
            }
        }
        for option in rules.flatMap(\.ownOptions) {
            out += "\(option.key): \(yaml(option.value(in: configuration)))" + from(option.key)
        }
        out += "rules:\n"
        for rule in rules where !rule.isInputRule {
            out += "  \(rule.id): \(configuration.level(of: rule).name)" + from("rules." + rule.id)
        }
        out += "limits:\n"
        out += "  max-file-size: \(configuration.limits.maxFileSize)B" + from("limits.max-file-size")
        out += "  max-depth: \(configuration.limits.yaml.maxDepth)" + from("limits.max-depth")
        out += "  max-alias-nodes: \(configuration.limits.yaml.maxAliasNodes)" + from("limits.max-alias-nodes")
        out += "  max-diagnostics-per-file: \(configuration.limits.maxDiagnosticsPerFile)" + from("limits.max-diagnostics-per-file")
        return out
    }

    /// Where the threshold `key` came from, as the comment ending its line: `  # from FILE:LINE`,
    /// `  # from profile progress-lint:gnome`, `  # default`, or for a `determinate-after` nobody set,
    /// `  # follows attention`.
    static func thresholdOrigin(_ key: String, in configuration: Configuration) -> String {
        switch configuration.thresholdOrigins[key] {
        case .file(let path, let position)?: return "  # from \(TerminalText.safe(path)):\(position.line)\n"
        case .profile(let name)?: return "  # from profile \(name)\n"
        case nil: return key == "determinate-after" ? "  # follows attention (not set)\n" : "  # default\n"
        }
    }

    /// A rule option's value as YAML (texts double-quoted, as JSON strings, which YAML reads too).
    public static func yaml(_ value: ConfigurationValue) -> String {
        switch value {
        case .text(let text): return quote(text)
        case .texts(let texts): return list(texts)
        case .integer(let number): return String(number)
        }
    }

    /// A flow list of double-quoted strings (JSON string syntax, which YAML reads too).
    static func list(_ items: [String]) -> String {
        "[" + items.map { quote($0) }.joined(separator: ", ") + "]"
    }

    /// A mapping key as YAML: plain when it is a simple name (`BrandProgressBar`), else quoted.
    static func key(_ name: String) -> String {
        let plain = name.utf8.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A)
                || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".")
        }
        return plain && !name.isEmpty ? name : quote(name)
    }

    static func quote(_ s: String) -> String {
        var out = ""
        JSONString.escape(s, into: &out)
        return out
    }
}
