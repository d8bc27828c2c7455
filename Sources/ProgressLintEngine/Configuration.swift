import ProgressLintSpec
import ProgressLintYAML

/// The timing thresholds rules compare durations with.
public struct Thresholds: Hashable, Sendable {
    /// Below this no indicator is needed.
    public var instant = Duration(milliseconds: 100)
    /// Users notice a delay; a description is due.
    public var noticeable = Duration.seconds(1)
    /// Users stop waiting: an exit from anything obstructive (and determinate, until
    /// ``determinateAfter`` is set apart).
    public var attention = Duration.seconds(10)
    /// Latest acceptable `show-after`.
    public var showAfterMax = Duration.seconds(2)
    /// Slowest acceptable update of a determinate value.
    public var updatesEveryMax = Duration.seconds(2)
    /// `determinate-after` as a config or profile set it; nil while it follows ``attention``.
    public var determinateAfterSet: Duration?
    /// Past this expected duration an indeterminate indicator should become determinate
    /// (`long-wait-needs-determinate`); the effective ``attention`` until something sets it.
    public var determinateAfter: Duration {
        get { determinateAfterSet ?? attention }
        set { determinateAfterSet = newValue }
    }
    /// The shortest time an indicator, once shown, should stay on screen (`flash-risk`).
    public var minDisplay = Duration(milliseconds: 400)

    /// The defaults of the spec format.
    public init() {}

    /// The config keys, in order, with their values (`determinate-after` as its effective value);
    /// the two of revision 1.3 come last, so the stored screen timings and the JSON report's
    /// `thresholds` keep the earlier five where they were.
    public var entries: [(key: String, value: Duration)] {
        [("instant", instant), ("noticeable", noticeable), ("attention", attention),
         ("show-after-max", showAfterMax), ("updates-every-max", updatesEveryMax),
         ("determinate-after", determinateAfter), ("min-display", minDisplay)]
    }
}

/// Where a setting's value came from: a line of a config file, or a built-in profile.
public enum SettingOrigin: Hashable, Sendable, CustomStringConvertible {
    /// A config file (as shown in messages) and the position of the value in it.
    case file(String, SourcePosition)
    /// A built-in profile, by its `extends` name (`progress-lint:gnome`).
    case profile(String)

    /// `file:line`, or `profile progress-lint:gnome`.
    public var description: String {
        switch self {
        case .file(let path, let position): return "\(path):\(position.line)"
        case .profile(let name): return "profile `\(name)`"
        }
    }
}

/// Bounds on what one file may cost.
public struct Limits: Hashable, Sendable {
    /// Largest file read, in bytes.
    public var maxFileSize = 10 * 1024 * 1024
    /// Depth and alias budget for the YAML parser.
    public var yaml = YAMLLimits()
    /// Most diagnostics reported for one file; one more says how many were left out.
    public var maxDiagnosticsPerFile = 1000

    /// The defaults of the spec format.
    public init() {}
}

/// The effective configuration for a file: defaults, overlaid with a `.progress-lint.yml`.
public struct Configuration: Sendable {
    /// The default platform for specs that name none.
    public var platform: Platform?
    /// Globs, relative to ``directory``, of the files to lint when walking folders (empty: all).
    public var include: [String] = []
    /// Globs, relative to ``directory``, of files never linted.
    public var exclude: [String] = []
    /// Timing thresholds.
    public var thresholds = Thresholds()
    /// The rules' own options (`vague-labels`, …), by rule id; each rule declares its options,
    /// with their defaults, in its file (``RuleDescription/ownOptions``).
    public var options = RuleOptionValues()
    /// `components:`: the team's own views, each read as the known component it stands for (or
    /// as a custom view), by the decoder and so by every rule.
    public var components = DeclaredComponents()
    /// `docs-url:`: where the rule pages are published (the folder holding `<rule-id>.md`, or an
    /// address with `{rule}`); reports give a rule's address only when it is set.
    public var docsURL: String?

    /// The environment variable that sets the rule pages' address over the config's `docs-url:`.
    public static let docsURLVariable = "PROGRESS_LINT_DOCS_URL"

    /// Where the rule pages are published for a run: `PROGRESS_LINT_DOCS_URL` when set and not
    /// empty (`environment` is its value), else `configured` (a config's `docs-url:`), else none.
    /// An environment value that is not an ``isDocsURL(_:)`` address is never used (the command
    /// refuses to run with one; the language server leaves it out).
    public static func effectiveDocsURL(configured: String?, environment: String?) -> String? {
        if let environment, !environment.isEmpty, isDocsURL(environment) { return environment }
        guard let configured, !configured.isEmpty else { return nil }
        return configured
    }

    /// Whether `text` may be where rule pages are published (`docs-url:`, `PROGRESS_LINT_DOCS_URL`):
    /// an `http` or `https` address (the scheme in any case) with a host, and no white space or
    /// control character. Reports put it in links people follow (the HTML report's, SARIF's
    /// `helpUri`, an editor's), so `javascript:`, `data:`, `file:` and any other scheme are refused.
    public static func isDocsURL(_ text: String) -> Bool {
        let lower = text.lowercased()
        guard let scheme = ["https://", "http://"].first(where: { lower.hasPrefix($0) }) else { return false }
        let rest = text.unicodeScalars.dropFirst(scheme.count)
        guard let first = rest.first, first != "/", first != "?", first != "#" else { return false }
        return !text.unicodeScalars.contains {
            $0.properties.isWhitespace || $0.value < 0x20 || (0x7F...0x9F).contains($0.value)
                || $0.properties.generalCategory == .format
        }
    }

    /// The address of `rule`'s page under `docsURL`: `{rule}` replaced by the rule's id, or
    /// `<docs-url>/<rule>.md`; none when no address is set. Every report and the language server use it.
    public static func documentationURI(for rule: String, docsURL: String?) -> String? {
        guard let base = docsURL, !base.isEmpty else { return nil }
        if base.contains("{rule}") { return base.split(separator: "{rule}", omittingEmptySubsequences: false).joined(separator: rule) }
        return (base.hasSuffix("/") ? base : base + "/") + rule + ".md"
    }
    /// Per-rule levels set by the config.
    public var rules: [String: RuleLevel] = [:]
    /// Size, depth and alias limits.
    public var limits = Limits()
    /// The config file it was read from, nil for the defaults.
    public var path: String?
    /// The folder globs are relative to.
    public var directory: String = "."
    /// The folder of the config file that set `include` (an extended one's, when inherited); nil: ``directory``.
    public var includeDirectory: String?
    /// The folder of the config file that set `exclude`; nil: ``directory``.
    public var excludeDirectory: String?
    /// For each setting a config file set (`platform`, `include`, `thresholds.instant`,
    /// `rules.vague-label`, `limits.max-depth`, …), the file that set it, as shown in messages.
    /// A setting not in it has its default.
    public var sources: [String: String] = [:]
    /// The config files read for this configuration: extended ones first, in reading order, the file itself last.
    public var files: [String] = []
    /// Where each threshold that is not at its default was set, by its config key (`instant`, …).
    public var thresholdOrigins: [String: SettingOrigin] = [:]
    /// The built-in profiles `extends` applied (`progress-lint:gnome`), in reading order.
    public var profiles: [String] = []

    /// The defaults.
    public init() {}

    /// The YAML parser's limits for a file under this configuration: `max-depth` and
    /// `max-alias-nodes`, and aliases never reaching more text than a file may hold.
    public var parserLimits: YAMLLimits {
        var limits = self.limits.yaml
        limits.maxAliasBytes = self.limits.maxFileSize
        return limits
    }

    /// The level of a rule: the config's, or its default severity.
    public func level(of description: RuleDescription) -> RuleLevel {
        if description.isInputRule { return .on(description.defaultSeverity) }
        return rules[description.id] ?? .on(description.defaultSeverity)
    }
}
