import ProgressLintSpec

/// Which indicators a rule judges.
public enum IndicatorScope: Sendable {
    /// Every indicator.
    case anyIndicator
    /// Only indicators that show the progress of a task (`purpose: task-progress`, the default):
    /// rules about a task's progress have nothing to say about a gauge or a wait for input.
    case taskProgress
}

extension RuleDescription {
    /// The keys the engine checks before running the rule: the declared ones, and `purpose` for a
    /// rule that judges only task progress.
    public var checkedKeys: [String] { appliesTo == .taskProgress ? reads + ["purpose"] : reads }

    /// Whether the rule judges `indicator`: it applies to it (coherence 1 of the catalogue), and
    /// no key it reads had an invalid value (nor a mapping holding such a key, nor was a required
    /// key missing).
    public func judges(_ indicator: Indicator) -> Bool {
        if appliesTo == .taskProgress, indicator.effectivePurpose != .taskProgress { return false }
        if indicator.invalidKeys.isEmpty { return true }
        for key in checkedKeys where indicator.hasInvalidValue(at: key) { return false }
        return true
    }
}

extension Indicator {
    /// Whether the key at `path`, or a mapping or list that holds it, had an invalid value.
    public func hasInvalidValue(at path: String) -> Bool {
        if invalidKeys.contains(path) { return true }
        var prefix = Substring(path)
        while let dot = prefix.lastIndex(of: ".") {
            prefix = prefix[..<dot]
            if invalidKeys.contains(String(prefix)) { return true }
        }
        return false
    }
}
