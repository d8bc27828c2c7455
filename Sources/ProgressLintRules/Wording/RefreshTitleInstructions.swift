import ProgressLintEngine
import ProgressLintSpec

/// `refresh-title-instructions`: a refresh control whose title explains the pull gesture.
public struct RefreshTitleInstructions: IndicatorRule {
    public static let description = RuleDescription(
        id: "refresh-title-instructions",
        name: "Refresh title gives instructions",
        category: .wording,
        defaultSeverity: .warning,
        summary: """
            A refresh control (`style: refresh-control`) whose `title` tells people how to refresh: a gesture \
            (pull, swipe, drag, release, in any case and form) combined with refresh, reload or update, as in \
            "Pull down to refresh", "Swipe to reload", "Release to update" or "Refresh by pulling down".
            """,
        rationale: """
            By the time a refresh control's title is visible, the person has already pulled, so explaining the \
            gesture tells them what they just did. The title is also spoken by screen readers, and a how-to \
            there is noise on every refresh. The control's own animation already signals that new content is \
            on its way. Either drop the `title`, or use it for something worth knowing about the content, such \
            as when it was last updated.
            """,
        sources: [SourceReference(.appleHumanInterfaceGuidelines, section: "Refresh content controls")],
        exceptions: [
            "Titles that report status rather than explain the gesture (\"Updating your feed\", \"Last updated 5 min ago\").",
            "A gesture word on its own, or a refresh word on its own, is not an instruction; neither is a gesture word in another clause (after `.`, `,`, `;`, `:`, `!`, `?` or a dash).",
            "Forms like \"pulling\" or \"pulled\" count only with a direction (\"pulling down\") or after \"by\", so \"Pulling data to update your feed\" is a status.",
            "Indicators that are not refresh controls.",
        ],
        reads: ["style", "title"],
        asks: [.change("title")],
        fix: FixDescription(.unsafe, """
            removes `title` (the other remedy, a title about the content, only you can write). Text people \
            see goes away, so it is applied only with `--unsafe-fixes`.
            """),
        triggeringExamples: [
            RuleExample("""
                platform: ios
                screen: Inbox
                indicators:
                  - id: refresh
                    style: refresh-control
                    auto-refresh: 5m
                    title: ↓Pull to refresh
                """),
            RuleExample("""
                screen: Inbox
                indicators:
                  - id: refresh
                    style: refresh-control
                    title: ↓"  PULL DOWN TO REFRESH…"
                """, note: "any case; reported at the quoted title"),
            RuleExample("""
                platform: android
                screen: Feed
                indicators:
                  - id: refresh
                    style: refresh-control
                    component: SwipeRefreshLayout
                    title: ↓Swipe down to reload
                """),
            RuleExample("""
                screen: Feed
                indicators:
                  - id: refresh
                    style: refresh-control
                    title: ↓Release to update
                """),
            RuleExample("""
                screen: Feed
                indicators:
                  - id: refresh
                    style: refresh-control
                    title: ↓Refresh the feed by pulling down
                """, note: "the refresh word first"),
            RuleExample("""
                screen: Feed
                indicators:
                  - id: refresh
                    style: refresh-control
                    title: ↓Dragging down reloads your stories
                """, note: "another form of the gesture, with its direction"),
        ],
        nonTriggeringExamples: [
            RuleExample("""
                platform: ios
                screen: Podcasts
                indicators:
                  - id: refresh
                    style: refresh-control
                    auto-refresh: 1h
                    title: Last updated 5 min ago
                """),
            RuleExample("""
                screen: Feed
                indicators:
                  - id: refresh
                    style: refresh-control
                    title: Updating your feed
                """, note: "a status, not an instruction"),
            RuleExample("""
                screen: Releases
                indicators:
                  - id: refresh
                    style: refresh-control
                    title: New release available — updated 2 min ago
                """, note: "a gesture word and a refresh word in different clauses"),
            RuleExample("""
                screen: Repository
                indicators:
                  - id: refresh
                    style: refresh-control
                    title: Pulling data to update your feed
                """, note: "\"pulling\" without a direction is fetching, not a gesture"),
        ])

    public init() {}

    public func check(_ indicator: Indicator, context: RuleContext) -> [Violation] {
        guard indicator.style?.value == .refreshControl, let title = indicator.title,
              RefreshInstruction.matches(title.value)
        else { return [] }
        return [context.violation(indicator, at: title.node,
            "indicator '\(indicator.displayID)' has `title: \(title.value.trimmed().clippedForMessage)`, which explains how to "
            + "refresh; people have already pulled when they see it, so remove `title` or say something about "
            + "the content (e.g. \"Last updated 5 min ago\")", asks: [.remove("title")],
            fix: FixProposal(.unsafe, "remove `title`", [.remove(path: ["title"], in: indicator.node)]))]
    }
}

/// Recognizes titles that explain the refresh gesture.
enum RefreshInstruction {
    /// Imperative gestures: "Pull …", "Swipe …", "Drag …", "Release …".
    static let baseGestures: Set<String> = ["pull", "swipe", "drag", "release"]
    /// Other forms of the gestures; they count only with a direction after them, or after "by".
    static let otherGestures: Set<String> = [
        "pulls", "pulled", "pulling", "swipes", "swiped", "swiping",
        "drags", "dragged", "dragging", "releases", "released", "releasing",
    ]
    static let directions: Set<String> = ["down", "up", "downward", "downwards", "upward", "upwards", "left", "right"]
    static let refreshWords: Set<String> = [
        "refresh", "refreshes", "refreshed", "refreshing", "reload", "reloads", "reloaded", "reloading",
        "update", "updates", "updated", "updating",
    ]
    /// Words that link a gesture to its purpose: "pull down to refresh", "pull for update", "pull and refresh".
    static let connectors: Set<String> = ["to", "for", "and"]
    /// At most this many words between an imperative gesture and its connector ("Pull down on the list to …").
    static let maxFillers = 4

    /// Whether `title` tells how to refresh.
    static func matches(_ title: String) -> Bool {
        clauses(of: title).contains(where: clauseMatches)
    }

    static func clauseMatches(_ words: [String]) -> Bool {
        let n = words.count
        for i in 0..<n {
            let word = words[i]
            // "Pull down to refresh", "Release to update", "Swipe for reload".
            if baseGestures.contains(word), !(word == "pull" && i + 1 < n && words[i + 1].hasPrefix("request")) {
                var j = i + 1
                while j + 1 < n, j - i - 1 <= maxFillers {
                    if connectors.contains(words[j]), refreshWords.contains(words[j + 1]) { return true }
                    j += 1
                }
            }
            // "Pulling down refreshes the list", "Swiped down to reload".
            if otherGestures.contains(word), i + 1 < n, directions.contains(words[i + 1]) {
                for j in (i + 2)..<min(n, i + 6) where refreshWords.contains(words[j]) { return true }
            }
            // "Refresh by pulling down", "Update the list by swiping".
            if refreshWords.contains(word) {
                for j in (i + 1)..<min(n, i + 5) where words[j] == "by" {
                    for k in (j + 1)..<min(n, j + 3)
                    where baseGestures.contains(words[k]) || otherGestures.contains(words[k]) {
                        return true
                    }
                }
            }
        }
        return false
    }

    /// The title's clauses, each a list of lower-case words. Clauses end at `.` `,` `;` `:` `!` `?`, dashes,
    /// bars, bullets and line breaks; a run of dots is an ellipsis, not an end. `&` and `+` read as "and".
    static func clauses(of title: String) -> [[String]] {
        let characters = Array(title.lowercased())
        var clauses: [[String]] = [[]]
        var word = ""
        func endWord() {
            if !word.isEmpty { clauses[clauses.count - 1].append(word) }
            word = ""
        }
        func endClause() {
            endWord()
            if !clauses[clauses.count - 1].isEmpty { clauses.append([]) }
        }
        for (index, c) in characters.enumerated() {
            if c.isLetter {
                word.append(c)
            } else if c == "&" || c == "+" {
                endWord()
                clauses[clauses.count - 1].append("and")
            } else if c == "." {
                let inRun = (index > 0 && characters[index - 1] == ".")
                    || (index + 1 < characters.count && characters[index + 1] == ".")
                if inRun { endWord() } else { endClause() }
            } else if ",;:!?—–|•·".contains(c) || c.isNewline {
                endClause()
            } else {
                endWord()
            }
        }
        endWord()
        return clauses.filter { !$0.isEmpty }
    }
}
