import ProgressLintCore
import ProgressLintSpec

/// `consistent-location`: the same kind of work shown in different places across screens and files.
public struct ConsistentLocation: CrossFileRule {
    public static let description = RuleDescription(
        id: "consistent-location",
        name: "Consistent location per task",
        category: .progressIntegrity,
        defaultSeverity: .info,
        summary: """
            Across all linted files, indicators with the same `task` drawn at different `location`s (`content` \
            by default); each one that is not at the task's most common location is reported.
            """,
        rationale: """
            People learn where an app tells them about a kind of work: the sync status lives in the toolbar, \
            the upload bar sits under the button that started it. When the same task shows its progress in \
            one place on one screen and somewhere else on the next, people have to search for it each time, \
            and may miss it and think nothing is happening. Drawing every indicator of a task in the same \
            spot lets them find its status at a glance, wherever they are in the app. The rule compares all \
            screens of all files in one run and points at the ones that differ from the majority.
            """,
        sources: [SourceReference(.d, section: "Best practices")],
        exceptions: [
            "Indicators without a `task` are not compared.",
            "A task seen at one location only (however many indicators) is consistent.",
            "When two or more locations are equally common, the one that appears first wins: files in path "
                + "order, then screens and indicators in the order they are written; the others are reported.",
            "Only the files linted in the same run are compared; lint the whole project to compare all screens.",
            "A `location` shared by several indicators through `<<` or an alias is reported once, where it is "
                + "written (each indicator still counts).",
        ],
        reads: ["task", "location"],
        asks: [.change("location")],
        appliesTo: .taskProgress,
        triggeringExamples: [
            RuleExample("""
                platform: ios
                screen: Library
                indicators:
                  - id: sync
                    style: spinner
                    task: sync
                    location: navigation-bar
                ---
                platform: ios
                screen: Playlists
                indicators:
                  - id: sync
                    style: spinner
                    task: sync
                    location: navigation-bar
                ---
                platform: ios
                screen: Settings
                indicators:
                  - id: sync
                    style: spinner
                    task: sync
                    location: ↓toolbar
                """, note: "two screens draw the sync in the navigation bar, the third in the toolbar"),
            RuleExample("""
                screen: Photos
                indicators:
                  - id: upload
                    style: bar
                    determinate: true
                    task: upload
                    location: below-trigger
                ---
                screen: Albums
                indicators:
                  - ↓id: upload
                    style: bar
                    determinate: true
                    task: upload
                """, note: "a tie: the first location written wins; the default `content` is reported at the indicator"),
        ],
        nonTriggeringExamples: [
            RuleExample("""
                screen: Photos
                indicators:
                  - id: upload
                    style: bar
                    determinate: true
                    task: upload
                  - id: thumbnails
                    style: spinner
                    location: below-trigger
                ---
                screen: Albums
                indicators:
                  - id: upload
                    style: bar
                    determinate: true
                    task: upload
                    location: content
                """, note: "`content` written or by default is the same location; no task, no comparison"),
            RuleExample("""
                screen: Photos
                indicators:
                  - id: upload
                    style: bar
                    determinate: true
                    task: upload
                    location: toolbar
                  - id: sync
                    style: spinner
                    task: sync
                    location: navigation-bar
                """, note: "different tasks may live in different places"),
        ])

    public init() {}

    public func facts(_ screen: Screen, context: RuleContext) -> [CrossFileFact] {
        screen.indicators.compactMap { indicator in
            // Like the engine for indicator rules: silent on what is not task progress, and on an
            // indicator whose `task` or `location` had an invalid value.
            guard let task = indicator.task, indicator.effectivePurpose == .taskProgress,
                  indicator.invalidKeys.isEmpty || Self.description.judges(indicator) else { return nil }
            let node = indicator.location?.node ?? indicator.node
            return CrossFileFact(
                key: task.value, value: indicator.effectiveLocation.rawValue,
                range: context.document[node].range, screen: screen.name?.value, indicator: indicator.id?.value,
                yamlPath: YAMLPath.of(node, in: context.document))
        }
    }

    public func finish(_ facts: CrossFileFacts) -> [CrossFileFinding] {
        // Two passes in order over the facts (which may wait on disk), keeping only counts.
        // First: each task's locations in order of first appearance, with how many indicators
        // are at each and where the first of them is.
        var tasks: [Int: [(location: Int, count: Int, first: Int)]] = [:]
        for position in facts.indices {
            let (task, location) = facts.numbers(at: position)
            if let i = tasks[task]?.firstIndex(where: { $0.location == location }) {
                tasks[task]![i].count += 1
            } else {
                tasks[task, default: []].append((location, 1, position))
            }
        }
        // The most common location of each task seen at more than one; a tie goes to the one seen first.
        var common: [Int: (location: Int, count: Int, total: Int, example: CrossFileFact)] = [:]
        for (task, locations) in tasks where locations.count > 1 {
            var best = locations[0]
            for candidate in locations.dropFirst() where candidate.count > best.count { best = candidate }
            common[task] = (best.location, best.count, locations.reduce(0) { $0 + $1.count }, facts[best.first])
        }
        guard !common.isEmpty else { return [] }
        // Second: every indicator of such a task drawn elsewhere. A location written once but
        // reached by several indicators (`<<`, aliases) is reported once.
        var findings: [CrossFileFinding] = []
        var reported: Set<[Int]> = []
        for position in facts.indices {
            let (task, location) = facts.numbers(at: position)
            guard let usual = common[task], location != usual.location else { continue }
            let fact = facts[position]
            guard reported.insert([facts.file(at: position), fact.range.start.line, fact.range.start.column]).inserted
            else { continue }
            findings.append(CrossFileFinding(fact: position, message: Self.message(
                fact, task: fact.key, common: usual.example.value, count: usual.count, total: usual.total,
                example: usual.example)))
        }
        return findings
    }

    static func message(_ fact: CrossFileFact, task: String, common: String, count: Int, total: Int,
                        example: CrossFileFact) -> String {
        let who = "indicator '\(fact.indicator ?? "(no id)")'"
        var whereExample = "indicator '\(example.indicator ?? "(no id)")' on screen '\(example.screen ?? "(unnamed screen)")'"
        if example.path != fact.path {
            whereExample += " in \(example.path):\(example.range.start.line)"
        }
        let others = total == 2
            ? "the other indicator with this task is at `location: \(common)` (\(whereExample))"
            : "\(count) of \(total) indicators with this task are at `location: \(common)` (e.g. \(whereExample))"
        return "\(who) draws task '\(task.clippedForMessage)' at `location: \(fact.value)`, but \(others); draw it at "
            + "`location: \(common)` too, so people find this task's progress in one place"
    }
}
