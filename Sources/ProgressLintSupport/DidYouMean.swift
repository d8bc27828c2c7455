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
            let limit = max(1, min(3, candidate.count / 3))
            if let distance = distance(typed, Array(candidate.utf8), atMost: limit), distance < (best?.1 ?? .max) {
                best = (candidate, distance)
            }
        }
        return best?.0
    }

    /// The UTF-8 of `text` lower-cased, when it is all ASCII (where that is what `lowercased()` does).
    private static func asciiLowercased(_ text: String) -> [UInt8]? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            guard byte < 0x80 else { return nil }
            bytes.append(byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte)
        }
        return bytes
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

    /// The Damerau–Levenshtein distance (optimal string alignment: insertions, deletions,
    /// substitutions and swaps of neighbours) of `a` and `b` when it is at most `limit`, else nil.
    /// Sequences whose lengths differ by more than `limit` are not compared at all, so a long
    /// input costs nothing against a short name; three rolling rows, given up once two rows in a
    /// row exceed `limit` (no later cell can then come back to it).
    public static func distance<Element: Equatable>(_ a: [Element], _ b: [Element], atMost limit: Int) -> Int? {
        guard limit >= 0, abs(a.count - b.count) <= limit else { return nil }
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        let width = b.count + 1
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: 3 * width) { rows -> Int? in
            // Rows i - 2, i - 1 and i live at ((i + 1) % 3) * width, ((i + 2) % 3) * width, (i % 3) * width.
            for j in 0..<width { rows[j] = j }
            var previousMinimum = Int.max
            for i in 1...a.count {
                let row = (i % 3) * width, above = ((i + 2) % 3) * width, twoAbove = ((i + 1) % 3) * width
                rows[row] = i
                var minimum = i
                for j in 1..<width {
                    let cost = a[i - 1] == b[j - 1] ? 0 : 1
                    var value = min(rows[above + j] + 1, rows[row + j - 1] + 1, rows[above + j - 1] + cost)
                    if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                        value = min(value, rows[twoAbove + j - 2] + 1)
                    }
                    rows[row + j] = value
                    minimum = min(minimum, value)
                }
                if minimum > limit, previousMinimum > limit { return nil }
                previousMinimum = minimum
            }
            let distance = rows[(a.count % 3) * width + width - 1]
            return distance <= limit ? distance : nil
        }
    }

    /// `text` folded for comparing names ignoring case: ASCII letters lower-cased byte by byte,
    /// other text by its characters, lower-cased.
    public enum Folded: Equatable, Sendable {
        case ascii([UInt8])
        case characters([Character])

        public init(_ text: String) {
            if let bytes = DidYouMean.asciiLowercased(text) {
                self = .ascii(bytes)
            } else {
                self = .characters(Array(text.lowercased()))
            }
        }

        /// How many characters it has.
        public var count: Int {
            switch self {
            case .ascii(let bytes): return bytes.count
            case .characters(let characters): return characters.count
            }
        }

        /// Its distance from `other` (``DidYouMean/distance(_:_:atMost:)``), compared as characters
        /// when either is not ASCII.
        public func distance(to other: Folded, atMost limit: Int) -> Int? {
            switch (self, other) {
            case (.ascii(let a), .ascii(let b)): return DidYouMean.distance(a, b, atMost: limit)
            default: return DidYouMean.distance(characters, other.characters, atMost: limit)
            }
        }

        private var characters: [Character] {
            switch self {
            case .ascii(let bytes): return bytes.map { Character(Unicode.Scalar($0)) }
            case .characters(let characters): return characters
            }
        }
    }
}
