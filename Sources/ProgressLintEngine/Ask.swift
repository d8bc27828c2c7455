import ProgressLintSpec

/// What a finding asks the user to do about one spec key (a dotted path such as
/// `accessibility.announce.start`). Declared on each rule, so that a test can check mechanically
/// that no two findings on one indicator give opposite advice.
public enum Ask: Hashable, Sendable, CustomStringConvertible {
    /// Write the key (it is absent).
    case add(String)
    /// Delete the key.
    case remove(String)
    /// Give the key this value.
    case set(String, to: String)
    /// Give the key some other value than the one written.
    case change(String)
    /// Keep the key as written (the advice builds on it, as `repeat-every` builds on `start`).
    case keep(String)

    /// The key it is about.
    public var key: String {
        switch self {
        case .add(let key), .remove(let key), .set(let key, _), .change(let key), .keep(let key): return key
        }
    }

    /// Whether following both would be impossible: removing a key (or a mapping holding it) while
    /// adding, setting, changing or keeping it, or setting it to two different values.
    public func contradicts(_ other: Ask) -> Bool {
        if case .remove(let removed) = other, !isRemove, key == removed || key.hasPrefix(removed + ".") {
            return true
        }
        if case .remove(let removed) = self, !other.isRemove, other.key == removed || other.key.hasPrefix(removed + ".") {
            return true
        }
        if case .set(let k, let a) = self, case .set(let l, let b) = other, k == l { return a != b }
        return false
    }

    private var isRemove: Bool {
        if case .remove = self { return true }
        return false
    }

    /// `add accessibility.announce.start`, `set accessibility.focus to indicator`.
    public var description: String {
        switch self {
        case .add(let key): return "add `\(key)`"
        case .remove(let key): return "remove `\(key)`"
        case .set(let key, let value): return "set `\(key)` to `\(value)`"
        case .change(let key): return "change `\(key)`"
        case .keep(let key): return "keep `\(key)`"
        }
    }
}

/// Which indicators a rule judges.
public enum Applicability: Sendable {
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
