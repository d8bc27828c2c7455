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

        public static let layout = CrossFileLayout(
            Sighting.init, \.task, \.location, \.range, \.screen, \.indicator, \.path)
    }

    /// The paths of the indicators and their `location`s.
    static let paths = YAMLListItemPaths(list: "indicators", field: "location")

    public func collect(_ screen: Screen, context: RuleContext) -> [Sighting] {
        var sightings: [Sighting] = []
        forEachSighting(in: screen, context: context) { sightings.append($0) }
        return sightings
    }

    /// Each sighting written as it is found: no array per screen.
    public func collect(_ screen: Screen, context: RuleContext, into values: inout CrossFileSink<Sighting>) {
        forEachSighting(in: screen, context: context) { values.add($0) }
    }

    private func forEachSighting(in screen: Screen, context: RuleContext, _ body: (Sighting) -> Void) {
        var paths = Self.paths
        // The indicators' fields read in place: no copy of each indicator (its strings retained).
        for i in screen.indicators.indices {
            // Like the engine for indicator rules: silent on what is not task progress, and on an
            // indicator whose `task` or `location` had an invalid value.
            guard let task = screen.indicators[i].task, screen.indicators[i].effectivePurpose == .taskProgress,
                  screen.indicators[i].invalidKeys.isEmpty || Self.description.judges(screen.indicators[i])
            else { continue }
            let node = screen.indicators[i].location?.node ?? screen.indicators[i].node
            body(Sighting(
                task: task.value, location: screen.indicators[i].effectiveLocation.rawValue,
                range: context.document[node].range, screen: screen.name?.value,
                indicator: screen.indicators[i].id?.value,
                path: paths.path(of: node, item: screen.indicators[i].node, id: screen.indicators[i].id?.node,
                                 in: context.document)))
        }
    }

    public func finish(_ sightings: CrossFileValues<Sighting>) -> [CrossFileFinding] {
        finish(sightings, keepingPlaces: Self.placesKept)
    }

    /// How many files' places the first pass keeps, over all tasks and locations (16 bytes each),
    /// so that the second reads only the files that may be reported: past that, the places of the
    /// location seen in most files are dropped, and the second pass reads every file only when a
    /// location it must look at has lost its places.
    static let placesKept = 1 << 16

    func finish(_ sightings: CrossFileValues<Sighting>, keepingPlaces budget: Int) -> [CrossFileFinding] {
        // Two passes in order over the sightings (which may wait on disk), keeping only counts and
        // a bounded number of files' places. First: each task's locations in order of first
        // appearance, with how many indicators are at each and the first of them (compared as
        // Swift compares texts; a task is named as first written). Both passes read a sighting's
        // task and location only, by their bytes (see `Placements`), and the whole of it only for
        // the first at each location or one reported: memory grows with tasks and locations.
        /// A location of a task: its number in `placements`, how many indicators are there, the first
        /// of them (in `firsts`), and the key of that first one's texts (the location as it wrote it).
        typealias Seen = (location: Int, count: Int, first: Int, key: Int)
        var placements = Placements()
        var tasks: [[Seen]] = []
        /// The first sighting at each location of each task, and its file.
        var firsts: [(sighting: Sighting, file: CrossFileSource)] = []
        /// By key (a task and location as written): how many indicators have it, its place among
        /// its task's locations (-1 before its first sighting read back), and the places of the
        /// files it is in, in the order they come (nil once dropped to stay within `budget`).
        var countOfKey: [Int] = [], locationOfKey: [Int] = []
        var placesOfKey: [[CrossFilePlace]?] = []
        var placesKept = 0
        // A record that does not read back (damaged storage) is passed over, in both passes alike.
        sightings.forEachRecord { file, record in
            guard let (t, location, key) = placements.read(record) else { return }
            while countOfKey.count <= key {
                countOfKey.append(0)
                locationOfKey.append(-1)
                placesOfKey.append([])
            }
            while tasks.count <= t { tasks.append([]) }
            // A file's records come together: its place is kept once for each key in it.
            if placesOfKey[key] != nil, placesOfKey[key]?.last != file.place {
                placesOfKey[key]?.append(file.place)
                placesKept += 1
                if placesKept > budget, let most = placesOfKey.indices.max(by: {
                    (placesOfKey[$0]?.count ?? 0) < (placesOfKey[$1]?.count ?? 0)
                }) {
                    placesKept -= placesOfKey[most]?.count ?? 0
                    placesOfKey[most] = nil
                }
            }
            if locationOfKey[key] < 0 {
                // Locations Swift calls equal, written with other bytes, are one place of the task.
                if let l = tasks[t].firstIndex(where: { $0.location == location }) {
                    locationOfKey[key] = l
                } else {
                    guard let sighting = try? record.read(Sighting.self) else { return }
                    locationOfKey[key] = tasks[t].count
                    tasks[t].append((location, 0, firsts.count, key))
                    firsts.append((sighting, file))
                }
            }
            countOfKey[key] += 1
        }
        for key in countOfKey.indices where locationOfKey[key] >= 0 {
            tasks[placements.placement(key).task][locationOfKey[key]].count += countOfKey[key]
        }
        // The most common location of each task seen at more than one (its place among the
        // task's locations); a tie goes to the one seen first.
        var common: [(best: Int, total: Int)?] = Array(repeating: nil, count: tasks.count)
        for (t, locations) in tasks.enumerated() where locations.count > 1 {
            let best = locations.indices.max { locations[$0].count < locations[$1].count } ?? 0
            common[t] = (best, locations.reduce(0) { $0 + $1.count })
        }
        guard common.contains(where: { $0 != nil }) else { return [] }
        // The paths of the sightings a message may point to, read now in the order their files
        // come (the files reported come in that order too, so reading paths never goes back).
        var examplePaths: [Int: String] = [:]
        var lastExample: (file: CrossFileSource, path: String)?
        for first in common.indices.compactMap({ t in common[t].map { tasks[t][$0.best].first } }).sorted() {
            let file = firsts[first].file
            if lastExample?.file != file { lastExample = (file, file.path) }
            examplePaths[first] = lastExample?.path
        }
        // Second: every indicator of such a task drawn elsewhere, read from the files where a task
        // and location as written may be reported (all files when one of them lost its places).
        // A location written once but reached by several indicators (`<<`, aliases) is reported once.
        var revisit: [CrossFilePlace]? = []
        for key in placesOfKey.indices {
            let (t, location) = placements.placement(key)
            guard let usual = common[t], location != tasks[t][usual.best].location else { continue }
            guard let places = placesOfKey[key] else {
                revisit = nil
                break
            }
            revisit? += places
        }
        var findings: [CrossFileFinding] = []
        // The places reported in the current file (its values come together), line and column in one number.
        var (reportedFile, reported): (CrossFileSource?, Set<Int>) = (nil, [])
        func second(_ file: CrossFileSource, _ record: CrossFileRecordView) {
            // Every task read here was numbered by the first pass, which read the same records.
            guard let (t, location, _) = placements.read(record), common.indices.contains(t),
                  let usual = common[t] else { return }
            let best = tasks[t][usual.best]
            // Locations are numbered as Swift compares texts, so this is the first pass's place
            // of the sighting being other than the most common one.
            guard location != best.location, let sighting = try? record.read(Sighting.self) else { return }
            if reportedFile != file { (reportedFile, reported) = (file, []) }
            guard reported.insert(sighting.range.start.line << 32 | sighting.range.start.column & 0xFFFF_FFFF).inserted
            else { return }
            let example = firsts[best.first]
            var whereExample = "indicator '\(example.sighting.indicator ?? "(no id)")' on screen "
                + "'\(example.sighting.screen ?? "(unnamed screen)")'"
            // The same file has the same path.
            if example.file != file, let examplePath = examplePaths[best.first], examplePath != file.path {
                whereExample += " in \(examplePath):\(example.sighting.range.start.line)"
            }
            findings.append(CrossFileFinding(
                file: file, range: sighting.range,
                message: Self.message(sighting, task: placements.taskSpellings[t],
                                      common: placements.location(best.key), count: best.count,
                                      total: usual.total, whereExample: whereExample),
                screen: sighting.screen, indicator: sighting.indicator, yamlPath: sighting.yamlPath,
                value: sighting.location))
        }
        if let revisit { sightings.forEachRecord(in: revisit, second) } else { sightings.forEachRecord(second) }
        return findings
    }

    /// The tasks and locations of sightings, read by their bytes: each different pair of texts is
    /// read as `String`s once, so that texts Swift calls equal (`é` precomposed or not) are one
    /// task or one location, as when every sighting was read as `String`s, and every other
    /// sighting costs one hash of its first two fields' bytes.
    struct Placements {
        /// A sighting's task and location by their bytes.
        private var keys = CrossFileKeys(texts: 2)
        /// By key: the task's number (numbers follow first appearance) and the location's.
        private var ofKey: [(task: Int, location: Int)] = []
        private var taskNumbers: [String: Int] = [:], locationNumbers: [String: Int] = [:]
        /// Each task as first written, by number.
        private(set) var taskSpellings: [String] = []

        /// The numbers of the task and location of the sighting in `record`, and the key of its
        /// texts (see ``location(_:)``); nil when they do not read back.
        mutating func read(_ record: CrossFileRecordView) -> (task: Int, location: Int, key: Int)? {
            guard let key = try? keys.number(of: record) else { return nil }
            if key.isNew {
                let texts = keys.texts(key.number)
                let task = taskNumbers[texts[0]] ?? taskSpellings.count
                if task == taskSpellings.count {
                    taskNumbers[texts[0]] = task
                    taskSpellings.append(texts[0])
                }
                let location = locationNumbers[texts[1]] ?? locationNumbers.count
                locationNumbers[texts[1]] = location
                ofKey.append((task, location))
            }
            let (task, location) = ofKey[key.number]
            return (task, location, key.number)
        }

        /// The numbers of the task and the location of `key` (a key ``read(_:)`` gave).
        func placement(_ key: Int) -> (task: Int, location: Int) { ofKey[key] }

        /// The location as the sightings of `key` write it.
        func location(_ key: Int) -> String { keys.texts(key)[1] }
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
