import ProgressLintSpec
import ProgressLintYAML

/// The screens of one file by name and effective platform, for `duplicate-id`: two screens of
/// one file with the same `screen` name for the same platform are ambiguous in every report;
/// one screen per platform under one name is the usual cross-platform file.
struct ScreenNames {
    /// The first screen's name and line: most files have one screen, which needs no dictionary.
    private var first: (key: Key, line: Int)?
    /// The other screens' names and lines, in order, while there are few (a handful of string
    /// comparisons cost less than hashing each name into a dictionary); past that, `seen`.
    private var few: [(key: Key, line: Int)] = []
    private var seen: [Key: Int] = [:]
    private static let fewLimit = 16

    private struct Key: Hashable {
        let name: String
        let platform: Platform?
    }

    /// Records a screen's name; the issue to report at it when an earlier screen of the file has the
    /// same name (compared as Swift compares strings: canonically equivalent spellings are equal) and
    /// the same effective platform.
    mutating func add(_ name: Located<String>, platform: Platform?, in document: YAMLDocument) -> SpecIssue? {
        let line = document[name.node].range.start.line
        let key = Key(name: name.value, platform: platform)
        guard let earliest = first else {
            first = (key, line)
            return nil
        }
        guard let earlier = earlierLine(of: key, first: earliest) else {
            if seen.isEmpty && few.count < ScreenNames.fewLimit {
                few.append((key, line))
            } else {
                if seen.isEmpty {
                    seen[earliest.key] = earliest.line
                    for (key, line) in few where seen[key] == nil { seen[key] = line }
                    few = []
                }
                seen[key] = line
            }
            return nil
        }
        let which = platform.map { "platform \($0.rawValue)" } ?? "no platform"
        return SpecIssue(.duplicateID,
            "screen name '\(name.value)' is already used on line \(earlier) of this file for \(which); give each "
            + "screen of one platform its own `screen` name, or set `platform` on each", at: name.node)
    }

    /// The line of the earliest screen recorded with `key`, if any.
    private func earlierLine(of key: Key, first: (key: Key, line: Int)) -> Int? {
        if !seen.isEmpty { return seen[key] }
        if first.key == key { return first.line }
        return few.first { $0.key == key }?.line
    }
}
