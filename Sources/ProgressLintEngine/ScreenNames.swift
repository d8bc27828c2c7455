import ProgressLintSpec
import ProgressLintYAML

/// The screens of one file by name and effective platform, for `duplicate-id`: two screens of
/// one file with the same `screen` name for the same platform are ambiguous in every report;
/// one screen per platform under one name is the usual cross-platform file.
struct ScreenNames {
    /// Each name and platform met, with the line of the first screen that had them.
    private var seen: [Key: Int] = [:]

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
        guard let earlier = seen[key] else {
            seen[key] = line
            return nil
        }
        let which = platform.map { "platform \($0.rawValue)" } ?? "no platform"
        return SpecIssue(.duplicateID,
            "screen name '\(name.value)' is already used on line \(earlier) of this file for \(which); give each "
            + "screen of one platform its own `screen` name, or set `platform` on each", at: name.node)
    }
}
