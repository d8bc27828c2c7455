/// Every key the spec format accepts, by the mapping it belongs to.
///
/// The decoder checks keys against these lists and suggests the closest one
/// for a typo; the JSON Schema of the format is checked against them too.
public enum SpecKeys {
    public static let screen = ["version", "platform", "screen", "indicators"]
    public static let indicator = [
        "id", "style", "determinate", "component", "task", "purpose", "duration", "show-after",
        "presentation", "other-actions", "user-initiated", "location", "track", "label",
        "accessibility", "reduce-motion", "cancel", "close", "pause", "updates-every", "phases",
        "on-total-change", "failure", "stall", "becomes", "title", "auto-refresh",
    ]
    public static let accessibility = ["label", "focus", "focus-after", "announce"]
    public static let announce = ["start", "completion", "progress-every", "repeat-every"]
    public static let reduceMotion = ["replace-with", "follow-up", "follow-up-after"]
    public static let cancel = ["label", "discards-progress", "confirm"]
    public static let phase = ["name", "share", "duration", "verifies"]
    public static let failure = ["fills", "message", "retry"]
    public static let stall = ["after", "message", "retry"]
    public static let becomes = ["when", "style", "determinate"]

    /// The closest of `candidates` to a mistyped `key`, if one is close enough to suggest.
    public static func suggestion(for key: String, among candidates: [String]) -> String? {
        let normalized = normalize(key)
        if let same = candidates.first(where: { normalize($0) == normalized }) { return same }
        var best: (String, Int)?
        for candidate in candidates {
            let distance = editDistance(Array(key.lowercased().utf8), Array(candidate.utf8))
            if distance <= max(1, min(3, candidate.count / 3)), distance < (best?.1 ?? .max) {
                best = (candidate, distance)
            }
        }
        return best?.0
    }

    /// Lower-case with `-`, `_` and spaces removed: `showAfter`, `show_after` → `showafter`.
    private static func normalize(_ key: String) -> String {
        String(key.lowercased().filter { $0 != "-" && $0 != "_" && $0 != " " })
    }

    /// Optimal string alignment distance: insertions, deletions, substitutions and swaps of neighbours.
    private static func editDistance(_ a: [UInt8], _ b: [UInt8]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        if abs(a.count - b.count) > 3 { return 4 }
        var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
                }
            }
        }
        return d[a.count][b.count]
    }
}
