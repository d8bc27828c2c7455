import ProgressLintCore

/// The effective configuration for a file, as `.progress-lint.yml` YAML (`--print-config`).
///
/// Every setting is written, defaults included, and every rule with its effective level, so the
/// output can be saved as a config file and gives the same results.
public enum ConfigurationText {
    /// The YAML text of `configuration`, for the file `path`.
    public static func render(_ configuration: Configuration, for path: String, rules: [RuleDescription]) -> String {
        var out = "# effective configuration for \(TerminalText.safe(path))\n"
        if let source = configuration.path {
            out += "# read from \(TerminalText.safe(source)), over the defaults\n"
        } else {
            out += "# no .progress-lint.yml applies: the defaults\n"
        }
        if let platform = configuration.platform {
            out += "platform: \(platform.rawValue)\n"
        } else {
            out += "# platform: none set (rules that name a platform do not run)\n"
        }
        out += "include: \(list(configuration.include))\n"
        out += "exclude: \(list(configuration.exclude))\n"
        out += "thresholds:\n"
        for entry in configuration.thresholds.entries { out += "  \(entry.key): \(entry.value)\n" }
        out += "vague-labels: \(list(configuration.vagueLabels))\n"
        out += "rules:\n"
        for rule in rules where !rule.isInputRule {
            out += "  \(rule.id): \(configuration.level(of: rule).name)\n"
        }
        out += "limits:\n"
        out += "  max-file-size: \(configuration.limits.maxFileSize)B\n"
        out += "  max-depth: \(configuration.limits.yaml.maxDepth)\n"
        out += "  max-alias-nodes: \(configuration.limits.yaml.maxAliasNodes)\n"
        out += "  max-diagnostics-per-file: \(configuration.limits.maxDiagnosticsPerFile)\n"
        return out
    }

    /// A flow list of double-quoted strings (JSON string syntax, which YAML reads too).
    static func list(_ items: [String]) -> String {
        "[" + items.map { quote($0) }.joined(separator: ", ") + "]"
    }

    static func quote(_ s: String) -> String {
        var out = ""
        JSONValue.escape(s, into: &out)
        return out
    }
}
