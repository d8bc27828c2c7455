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
