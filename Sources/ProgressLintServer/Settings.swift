/// What the user can set, through `initializationOptions` and `workspace/didChangeConfiguration`
/// (at the top level, or under `progress-lint` / `progressLint`, or `settings` as Ruff's server has them).
public struct Settings: Equatable, Sendable {
    /// When documents are linted.
    public enum LintOn: String, Sendable {
        /// After every change.
        case type
        /// When the document is opened and saved.
        case save
    }

    public var lintOn = LintOn.type
    /// `source.fixAll.progress-lint` applies unsafe fixes too (`--fix --unsafe-fixes`).
    public var unsafeFixes = false
    /// Offer "Disable RULE for this line/file".
    public var disableActions = true
    /// Report `spec-schema` (off: leave schema errors to yaml-language-server).
    public var specSchema = true
    /// Lint the workspace's specs in the background (for `consistent-location` and closed files).
    public var workspaceDiagnostics = true
    /// The workspace run reads and writes the command's cache (``ProgressLintRun/RunCache``), as
    /// `progress-lint` over the folder does; off: `--no-cache`.
    public var cache = true

    public init() {}

    /// These settings with what `json` sets; unknown keys and values of the wrong type are listed in `problems`.
    func merging(_ json: JSON?, problems: inout [String]) -> Settings {
        guard var members = json.flatMap({ json -> [String: JSON]? in
            if case .object(let members) = json { return members }
            return nil
        }) else { return self }
        for name in ["settings", "progress-lint", "progressLint"] {
            if case .object(let nested)? = members[name] { members = nested }
        }
        var settings = self
        for (key, value) in members {
            switch key {
            case "lintOn":
                if let text = value.stringValue, let lintOn = LintOn(rawValue: text) { settings.lintOn = lintOn }
                else { problems.append("`lintOn` is `type` or `save`") }
            case "unsafeFixes": settings.unsafeFixes = bool(value, key, &problems) ?? settings.unsafeFixes
            case "disableActions": settings.disableActions = bool(value, key, &problems) ?? settings.disableActions
            case "specSchema": settings.specSchema = bool(value, key, &problems) ?? settings.specSchema
            case "workspaceDiagnostics":
                settings.workspaceDiagnostics = bool(value, key, &problems) ?? settings.workspaceDiagnostics
            case "cache": settings.cache = bool(value, key, &problems) ?? settings.cache
            default:
                problems.append("unknown setting `\(key)`; the settings are lintOn, unsafeFixes, disableActions, "
                                + "specSchema, workspaceDiagnostics and cache")
            }
        }
        return settings
    }

    private func bool(_ value: JSON, _ key: String, _ problems: inout [String]) -> Bool? {
        if let flag = value.boolValue { return flag }
        problems.append("`\(key)` is true or false")
        return nil
    }
}
