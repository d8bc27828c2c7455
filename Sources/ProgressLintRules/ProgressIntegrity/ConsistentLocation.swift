import ProgressLintEngine
import ProgressLintSpec
import ProgressLintYAML

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
        sources: [SourceReference(.appleHumanInterfaceGuidelines, section: "Best practices")],
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

    /// Where one indicator of a task is drawn, and what a message about it needs.
    public struct Sighting: CrossFileValue, Equatable {
        public var task: String
        public var location: String
        /// Where the location is written (the indicator's start when it is the default).
        public var range: SourceRange
        public var screen: String?
        public var indicator: String?
        /// The YAML path of `range`'s node, spelt when it is read.
        var path: YAMLItemPath

        /// The YAML path of `range`'s node, as ``YAMLPath/of(_:in:)`` spells it.
        public var yamlPath: String? { ConsistentLocation.paths.spelled(path, id: indicator) }

        init(task: String, location: String, range: SourceRange, screen: String?, indicator: String?, path: YAMLItemPath) {
            (self.task, self.location, self.range, self.screen, self.indicator, self.path)
                = (task, location, range, screen, indicator, path)
        }

        public func write(to fields: inout CrossFileWriter) {
            // Task and location first: the first pass of `finish` reads them alone (`Placement`).
            fields.write(task)
            fields.write(location)
            fields.write(range)
            fields.write(screen)
            fields.write(indicator)
            fields.write(path)
        }

        public init(from fields: inout CrossFileReader) throws(CrossFileReadError) {
            (task, location, range) = (try fields.read(), try fields.read(), try fields.read())
            (screen, indicator, path) = (try fields.read(), try fields.read(), try fields.read())
        }
    }

    /// The paths of the indicators and their `location`s.
    static let paths = YAMLListItemPaths(list: "indicators", field: "location")

    public func collect(_ screen: Screen, context: RuleContext) -> [Sighting] {
        var sightings: [Sighting] = []
        var paths = Self.paths
        // The indicators' fields read in place: no copy of each indicator (its strings retained).
        for i in screen.indicators.indices {
            // Like the engine for indicator rules: silent on what is not task progress, and on an
            // indicator whose `task` or `location` had an invalid value.
            guard let task = screen.indicators[i].task, screen.indicators[i].effectivePurpose == .taskProgress,
                  screen.indicators[i].invalidKeys.isEmpty || Self.description.judges(screen.indicators[i])
            else { continue }
            let node = screen.indicators[i].location?.node ?? screen.indicators[i].node
            sightings.append(Sighting(
                task: task.value, location: screen.indicators[i].effectiveLocation.rawValue,
                range: context.document[node].range, screen: screen.name?.value,
                indicator: screen.indicators[i].id?.value,
                path: paths.path(of: node, item: screen.indicators[i].node, id: screen.indicators[i].id?.node,
                                 in: context.document)))
        }
        return sightings
    }

    /// What the first pass reads of a sighting: its first fields.
    struct Placement: CrossFileValue {
        var task: String
        var location: String

        func write(to fields: inout CrossFileWriter) {
            fields.write(task)
            fields.write(location)
        }

        init(from fields: inout CrossFileReader) throws(CrossFileReadError) {
            (task, location) = (try fields.read(), try fields.read())
        }
    }

    /// A location of a task: how many of its indicators are there, the file of the first of them,
    /// and the files they are in (nil once given up to keep memory bounded).
    struct Location {
        var name: String
        var count: Int
        var file: CrossFileSource
        var files: [CrossFileSource]?
    }

    /// How many files the first pass notes, over all tasks and locations, so that the second
    /// reads only the files that may be reported.
    static let filesKept = 1 << 14

    public func finish(_ sightings: CrossFileValues<Sighting>) -> [CrossFileFinding] {
        finish(sightings, filesKept: Self.filesKept)
    }

    func finish(_ sightings: CrossFileValues<Sighting>, filesKept: Int) -> [CrossFileFinding] {
        // Two passes over the sightings (which may wait on disk): memory grows with tasks and
        // locations, not files. First, each task's locations in order of first appearance (tasks
        // and locations compared as Swift compares texts; each named as first written), reading
        // only a sighting's task and location.
        var taskNumbers: [String: Int] = [:]
        var tasks: [(name: String, locations: [Location])] = []
        var filesNoted = 0
        for (file, sighting) in sightings.prefixes(Placement.self) {
            let t = taskNumbers[sighting.task] ?? tasks.count
            if t == tasks.count {
                taskNumbers[sighting.task] = t
                tasks.append((sighting.task, []))
            }
            if let l = tasks[t].locations.firstIndex(where: { $0.name == sighting.location }) {
                tasks[t].locations[l].count += 1
                // A file's sightings come together.
                if let last = tasks[t].locations[l].files?.last, last != file {
                    tasks[t].locations[l].files?.append(file)
                    filesNoted += 1
                }
            } else {
                tasks[t].locations.append(Location(name: sighting.location, count: 1, file: file, files: [file]))
                filesNoted += 1
            }
            if filesNoted > filesKept { filesNoted = Self.giveUpLongestLists(&tasks, keeping: filesKept / 2) }
        }
        // The most common location of each task seen at more than one; a tie goes to the one seen first.
        let common = tasks.map { task in
            task.locations.count < 2 ? nil : task.locations.max { $0.count < $1.count }
        }
        guard common.contains(where: { $0 != nil }) else { return [] }
        // The first indicator at each common location, read whole from its file, for the messages.
        var firsts: [Sighting?] = Array(repeating: nil, count: tasks.count)
        for (file, sighting) in sightings.only(common.compactMap { $0?.file }) {
            guard let t = taskNumbers[sighting.task], let usual = common[t], firsts[t] == nil, file == usual.file,
                  sighting.location == usual.name else { continue }
            firsts[t] = sighting
        }
        // Second, every indicator of such a task drawn elsewhere, read from the files where one may
        // be. A location written once but reached by several indicators (`<<`, aliases) is reported once.
        let mayBeReported = tasks.indices.flatMap { t in
            tasks[t].locations.filter { common[t] != nil && $0.name != common[t]?.name }.map(\.files)
        }
        // Every file when a list of such a location was given up.
        let elsewhere = mayBeReported.contains { $0 == nil } ? nil : mayBeReported.flatMap { $0! }
        var findings: [CrossFileFinding] = []
        // The places reported in the current file, line and column in one number.
        var reported: (file: CrossFileSource?, places: Set<Int>) = (nil, [])
        // Each task's example path read once: a path may be read from the run's storage on disk.
        var examplePaths: [Int: String] = [:]
        for (file, sighting) in elsewhere.map({ sightings.only($0) }) ?? sightings {
            guard let t = taskNumbers[sighting.task], let usual = common[t], let first = firsts[t],
                  sighting.location != usual.name else { continue }
            if reported.file != file { reported = (file, []) }
            let start = sighting.range.start
            guard reported.places.insert(start.line << 32 | start.column & 0xFFFF_FFFF).inserted else { continue }
            var whereExample = "indicator '\(first.indicator ?? "(no id)")' on screen "
                + "'\(first.screen ?? "(unnamed screen)")'"
            if usual.file != file {
                let examplePath = examplePaths[t] ?? usual.file.path
                examplePaths[t] = examplePath
                if examplePath != file.path { whereExample += " in \(examplePath):\(first.range.start.line)" }
            }
            let total = tasks[t].locations.reduce(0) { $0 + $1.count }
            findings.append(CrossFileFinding(
                file: file, range: sighting.range,
                message: Self.message(sighting, task: tasks[t].name, common: usual.name, count: usual.count,
                                      total: total, whereExample: whereExample),
                screen: sighting.screen, indicator: sighting.indicator, yamlPath: sighting.yamlPath,
                value: sighting.location))
        }
        return findings
    }

    /// Gives up the longest lists of files until at most `keeping` files are noted, and returns
    /// how many are: a task's most common location has the longest list most often, and its files
    /// are not read again.
    static func giveUpLongestLists(_ tasks: inout [(name: String, locations: [Location])], keeping: Int) -> Int {
        var lists = tasks.indices.flatMap { t in
            tasks[t].locations.indices.compactMap { l in tasks[t].locations[l].files.map { (t, l, $0.count) } }
        }
        lists.sort { $0.2 > $1.2 }
        var noted = lists.reduce(0) { $0 + $1.2 }
        for (t, l, count) in lists where noted > keeping {
            tasks[t].locations[l].files = nil
            noted -= count
        }
        return noted
    }

    static func message(_ sighting: Sighting, task: String, common: String, count: Int, total: Int,
                        whereExample: String) -> String {
        let who = "indicator '\(sighting.indicator ?? "(no id)")'"
        let others = total == 2
            ? "the other indicator with this task is at `location: \(common)` (\(whereExample))"
            : "\(count) of \(total) indicators with this task are at `location: \(common)` (e.g. \(whereExample))"
        return "\(who) draws task '\(task.clippedForMessage)' at `location: \(sighting.location)`, but \(others); draw it at "
            + "`location: \(common)` too, so people find this task's progress in one place"
    }
}
