/// Shell-style globs over `/`-separated relative paths: `*` and `?` within a
/// segment, `**` across segments, `[abc]` classes and `{a,b}` alternatives.
public struct Glob: Hashable, Sendable {
    /// The pattern as written.
    public let pattern: String
    private let alternatives: [[Substring]]

    /// Compiles a pattern.
    public init(_ pattern: String) {
        self.pattern = pattern
        var trimmed = Substring(pattern)
        while trimmed.hasPrefix("./") { trimmed = trimmed.dropFirst(2) }
        alternatives = Glob.expandBraces(String(trimmed)).map { $0.split(separator: "/", omittingEmptySubsequences: true) }
    }

    /// Whether `path` (relative, `/`-separated) matches.
    public func matches(_ path: String) -> Bool {
        let segments = path.split(separator: "/", omittingEmptySubsequences: true)
        return alternatives.contains { Glob.match($0[...], segments[...]) }
    }

    private static func match(_ pattern: ArraySlice<Substring>, _ path: ArraySlice<Substring>) -> Bool {
        guard let head = pattern.first else { return path.isEmpty }
        if head == "**" {
            let rest = pattern.dropFirst()
            var p = path
            while true {
                if match(rest, p) { return true }
                guard !p.isEmpty else { return false }
                p = p.dropFirst()
            }
        }
        guard let segment = path.first, matchSegment(Array(head), Array(segment)) else { return false }
        return match(pattern.dropFirst(), path.dropFirst())
    }

    private static func matchSegment(_ p: [Character], _ s: [Character]) -> Bool {
        var pi = 0, si = 0
        var star = -1, mark = 0
        while si < s.count {
            if pi < p.count, p[pi] == "[", let (matched, next) = matchClass(p, pi, s[si]) {
                if matched { pi = next; si += 1; continue }
            } else if pi < p.count, p[pi] == "?" || p[pi] == s[si] {
                pi += 1; si += 1; continue
            } else if pi < p.count, p[pi] == "*" {
                star = pi; mark = si; pi += 1; continue
            }
            if star >= 0 {
                pi = star + 1; mark += 1; si = mark; continue
            }
            return false
        }
        while pi < p.count, p[pi] == "*" { pi += 1 }
        return pi == p.count
    }

    private static func matchClass(_ p: [Character], _ start: Int, _ c: Character) -> (Bool, Int)? {
        var i = start + 1
        var negate = false
        if i < p.count, p[i] == "!" || p[i] == "^" { negate = true; i += 1 }
        var matched = false
        var first = true
        while i < p.count, p[i] != "]" || first {
            first = false
            if i + 2 < p.count, p[i + 1] == "-", p[i + 2] != "]" {
                if p[i] <= c && c <= p[i + 2] { matched = true }
                i += 3
            } else {
                if p[i] == c { matched = true }
                i += 1
            }
        }
        guard i < p.count else { return nil }
        return (matched != negate, i + 1)
    }

    private static func expandBraces(_ pattern: String) -> [String] {
        guard let open = pattern.firstIndex(of: "{"),
              let close = pattern[open...].firstIndex(of: "}") else { return [pattern] }
        let before = pattern[..<open]
        let after = String(pattern[pattern.index(after: close)...])
        let options = pattern[pattern.index(after: open)..<close].split(separator: ",", omittingEmptySubsequences: false)
        return options.flatMap { option in expandBraces(before + option + after) }
    }
}
