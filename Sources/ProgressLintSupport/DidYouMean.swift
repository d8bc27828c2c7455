/// "Did you mean" for a mistyped name: a key of a spec or a configuration, a rule id, an enum
/// value, a component. One measure of closeness and one wording for every place that suggests.
public enum DidYouMean {
    /// The closest of `candidates` to a mistyped `name`, if one is close enough to suggest: the same
    /// name but for case, `-`, `_` and spaces (`showAfter`, `show_after` → `show-after`), else the
    /// nearest within a few edits (insertions, deletions, substitutions, swaps of neighbours).
    public static func closest(to name: String, among candidates: [String]) -> String? {
        let normalized = normalize(name)
        if let same = candidates.first(where: { normalize($0) == normalized }) { return same }
        let typed = Array(name.lowercased().utf8)
        var best: (String, Int)?
        for candidate in candidates {
            let distance = editDistance(typed, Array(candidate.utf8))
            if distance <= max(1, min(3, candidate.count / 3)), distance < (best?.1 ?? .max) {
                best = (candidate, distance)
            }
        }
        return best?.0
    }

    /// `; did you mean `x`?` for the closest of `candidates` to `name`, or nothing.
    public static func clause(for name: String, among candidates: [String]) -> String {
        closest(to: name, among: candidates).map { "; did you mean `\($0)`?" } ?? ""
    }

    /// `; did you mean `x`?`, or when nothing is close, `; expected one of `a`, `b`, …`.
    public static func clauseOrChoices(for name: String, among candidates: [String]) -> String {
        if let suggestion = closest(to: name, among: candidates) { return "; did you mean `\(suggestion)`?" }
        return "; expected one of \(candidates.map { "`\($0)`" }.joined(separator: ", "))"
    }

    /// Lower-case with `-`, `_` and spaces removed: `showAfter`, `show_after` → `showafter`.
    private static func normalize(_ key: String) -> String {
        String(key.lowercased().filter { $0 != "-" && $0 != "_" && $0 != " " })
    }

    /// Optimal string alignment distance: insertions, deletions, substitutions and swaps of
    /// neighbours; past a length difference of 3, 4.
    static func editDistance(_ a: [UInt8], _ b: [UInt8]) -> Int {
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
