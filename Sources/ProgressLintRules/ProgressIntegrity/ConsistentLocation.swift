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
        public var indicator: String? {
            didSet {
                // A path named by the indicator's id keeps the id it was found with.
                if case .item(.id, _) = path, oldValue != indicator { path = .text(path.text(indicator: oldValue)) }
            }
        }
        /// The YAML path of `range`'s node, made when read: most sightings are never reported.
        public var yamlPath: String? {
            get { path.text(indicator: indicator) }
            set { path = .text(newValue) }
        }
        private var path: Path

        /// A YAML path as written when found: its text, or, for an indicator written in the
        /// root's `indicators` list (as nearly all are), what `indicators[name]` or
        /// `indicators[name].location` is made of, the name being `indicator` (its `id`) or the
        /// item's place.
        enum Path: Equatable {
            case text(String?)
            case item(Name, location: Bool)

            enum Name: Equatable {
                case id
                case index(Int)
            }

            func text(indicator: String?) -> String? {
                switch self {
                case .text(let text): return text
                case .item(let name, let location):
                    let named: String
                    switch name {
                    case .id: named = indicator ?? ""
                    case .index(let n): named = String(n)
                    }
                    return "indicators[" + named + (location ? "].location" : "]")
                }
            }
        }

        public init(task: String, location: String, range: SourceRange, screen: String?, indicator: String?,
                    yamlPath: String?) {
            self.init(task: task, location: location, range: range, screen: screen, indicator: indicator,
                      path: .text(yamlPath))
        }

        init(task: String, location: String, range: SourceRange, screen: String?, indicator: String?, path: Path) {
            self.task = task
            self.location = location
            self.range = range
            self.screen = screen
            self.indicator = indicator
            self.path = path
        }

        public static func == (a: Sighting, b: Sighting) -> Bool {
            a.task == b.task && a.location == b.location && a.range == b.range && a.screen == b.screen
                && a.indicator == b.indicator && a.yamlPath == b.yamlPath
        }

        public func encode(to record: inout CrossFileWriter) {
            record.write(task)
            record.write(location)
            record.write(range)
            record.write(screen)
            record.write(indicator)
            // The path's form, then what it needs: 0 none, 1 a text; 2 and 3 named by the id,
            // 4 and 5 by the place that follows (3 and 5 end in `.location`).
            switch path {
            case .text(nil): record.write(0)
            case .text(let text?):
                record.write(1)
                record.write(text)
            case .item(.id, let location): record.write(location ? 3 : 2)
            case .item(.index(let n), let location):
                record.write(location ? 5 : 4)
                record.write(n)
            }
        }

        public init(from record: inout CrossFileReader) {
            task = record.string()
            location = record.string()
            range = record.range()
            screen = record.optionalString()
            indicator = record.optionalString()
            switch record.int() {
            case 1: path = .text(record.string())
            case 2: path = .item(.id, location: false)
            case 3: path = .item(.id, location: true)
            case 4: path = .item(.index(record.int()), location: false)
            case 5: path = .item(.index(record.int()), location: true)
            default: path = .text(nil)
            }
        }
    }

    /// A sighting's first two fields: all the first pass over them compares, read without the rest.
    struct Placement: CrossFileValue {
        var task: String
        var location: String

        func encode(to record: inout CrossFileWriter) {
            record.write(task)
            record.write(location)
        }

        init(from record: inout CrossFileReader) {
            task = record.string()
            location = record.string()
        }
    }

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
        let document = context.document
        var paths = IndicatorPaths()
        // The indicators' fields read in place: no copy of each indicator (its strings retained).
        for i in screen.indicators.indices {
            // Like the engine for indicator rules: silent on what is not task progress, and on an
            // indicator whose `task` or `location` had an invalid value.
            guard let task = screen.indicators[i].task, screen.indicators[i].effectivePurpose == .taskProgress,
                  screen.indicators[i].invalidKeys.isEmpty || Self.description.judges(screen.indicators[i])
            else { continue }
            let node = screen.indicators[i].location?.node ?? screen.indicators[i].node
            let path = paths.path(of: node, item: screen.indicators[i].node, id: screen.indicators[i].id?.node,
                                  in: document)
            body(Sighting(
                task: task.value, location: screen.indicators[i].effectiveLocation.rawValue,
                range: document[node].range, screen: screen.name?.value, indicator: screen.indicators[i].id?.value,
                path: path ?? .text(YAMLPath.of(node, in: document))))
        }
    }

    /// The YAML paths of one screen's indicators and their `location`s, as ``YAMLPath/of(_:in:)``
    /// spells them, found without making them: nil where the path is not `indicators[name]` or
    /// `indicators[name].location` (a list or location written elsewhere, through `<<` or an alias).
    struct IndicatorPaths {
        /// The root's `indicators` list, once found; nil until then, or when it is not one.
        private var list: NodeID?
        private var checkedList = false
        /// The walk along the list, as ``YAMLPath`` names items: the next place, and the highest
        /// node before it (a place holds its item first when the item is above all before it).
        private var next = 0
        private var highest = Int32(-1)

        mutating func path(of node: NodeID, item: NodeID, id: NodeID?, in document: YAMLDocument)
            -> Sighting.Path? {
            guard let list = list(of: item, in: document), document.parent(of: item) == list else { return nil }
            // The item's place: the walk goes on from the previous indicator's (the decoder reads
            // the list in order); past the end, it starts again.
            if next >= document.itemCount(of: list) || document.item(next, of: list) != item {
                if !walk(to: item, in: list, document: document) {
                    (next, highest) = (0, -1)
                    guard walk(to: item, in: list, document: document) else { return nil }
                }
            } else if !walk(to: item, in: list, document: document) {
                return nil
            }
            let place = next - 1
            // The item's name: its first `id` with a non-empty scalar, as `YAMLPath` reads it.
            var name = Sighting.Path.Name.index(place)
            for n in 0..<document.pairCount(of: item) {
                let (key, value) = document.pair(n, of: item)
                guard document.valueEquals(key, "id") else { continue }
                if document.kind(of: value) == .scalar, document.valueByteCount(of: value) > 0 {
                    guard value == id else { return nil }
                    name = .id
                    break
                }
            }
            if node == item { return .item(name, location: false) }
            guard document.parent(of: node) == item else { return nil }
            for n in 0..<document.pairCount(of: item) {
                let (key, value) = document.pair(n, of: item)
                if value == node || key == node {
                    return document.valueEquals(key, "location") ? .item(name, location: true) : nil
                }
            }
            return nil
        }

        /// Walks on to `item`; whether it is there, held first (otherwise the walk is at the end).
        private mutating func walk(to item: NodeID, in list: NodeID, document: YAMLDocument) -> Bool {
            let count = document.itemCount(of: list)
            while next < count {
                let candidate = document.item(next, of: list)
                let first = candidate.index > highest
                if first { highest = candidate.index }
                next += 1
                if candidate == item { return first }
            }
            return false
        }

        /// The list holding `item`, when it is the value of the document root's `indicators`.
        private mutating func list(of item: NodeID, in document: YAMLDocument) -> NodeID? {
            if checkedList { return list }
            checkedList = true
            guard let list = document.parent(of: item), document.kind(of: list) == .sequence,
                  let root = document.parent(of: list), document.parent(of: root) == nil else { return nil }
            for n in 0..<document.pairCount(of: root) {
                let (key, value) = document.pair(n, of: root)
                if value == list || key == list {
                    if document.valueEquals(key, "indicators") { self.list = list }
                    return self.list
                }
            }
            return nil
        }
    }

    public func finish(_ sightings: CrossFileValues<Sighting>) -> [CrossFileFinding] {
        // Two passes in order over the sightings (which may wait on disk), keeping only counts.
        // First: each task's locations in order of first appearance, with how many indicators
        // are at each and the first of them. Tasks and locations are compared as Swift compares
        // texts; a task is named as first written. Only a sighting's task and location are read
        // (the whole of it for the first at each location), in both passes: the second reads the
        // whole sighting only for those it reports. Nothing is kept per sighting, so memory grows
        // with tasks and locations, not with files.
        typealias Seen = (location: String, count: Int, first: Int)
        var taskNumbers: [String: Int] = [:]
        var tasks: [(spelling: String, locations: [Seen])] = []
        /// The first sighting at each location of each task, and its file.
        var firsts: [(sighting: Sighting, file: CrossFileSource)] = []
        for (file, record) in sightings.records {
            let placement = record.read(Placement.self)
            let t: Int
            if let known = taskNumbers[placement.task] {
                t = known
            } else {
                t = tasks.count
                taskNumbers[placement.task] = t
                tasks.append((placement.task, []))
            }
            if let l = tasks[t].locations.firstIndex(where: { $0.location == placement.location }) {
                tasks[t].locations[l].count += 1
            } else {
                tasks[t].locations.append((placement.location, 1, firsts.count))
                firsts.append((record.read(Sighting.self), file))
            }
        }
        // The most common location of each task seen at more than one (its place among the
        // task's locations); a tie goes to the one seen first.
        var common: [(best: Int, total: Int)?] = Array(repeating: nil, count: tasks.count)
        for (t, seen) in tasks.enumerated() where seen.locations.count > 1 {
            var best = 0
            for (l, candidate) in seen.locations.enumerated().dropFirst() where candidate.count > seen.locations[best].count {
                best = l
            }
            common[t] = (best, seen.locations.reduce(0) { $0 + $1.count })
        }
        guard common.contains(where: { $0 != nil }) else { return [] }
        // Second: every indicator of such a task drawn elsewhere. A location written once but
        // reached by several indicators (`<<`, aliases) is reported once.
        struct Place: Hashable {
            let file: CrossFileSource
            let line: Int
            let column: Int
        }
        var findings: [CrossFileFinding] = []
        var reported: Set<Place> = []
        for (file, record) in sightings.records {
            let placement = record.read(Placement.self)
            guard let t = taskNumbers[placement.task], let usual = common[t] else { continue }
            let task = tasks[t]
            let best = task.locations[usual.best]
            // Locations of a task are distinct as Swift compares texts, so this is the first
            // pass's place of the sighting being other than the most common one.
            guard placement.location != best.location else { continue }
            let sighting = record.read(Sighting.self)
            guard reported.insert(Place(file: file, line: sighting.range.start.line,
                                        column: sighting.range.start.column)).inserted
            else { continue }
            let example = firsts[best.first]
            var whereExample = "indicator '\(example.sighting.indicator ?? "(no id)")' on screen "
                + "'\(example.sighting.screen ?? "(unnamed screen)")'"
            let examplePath = example.file.path
            if examplePath != file.path { whereExample += " in \(examplePath):\(example.sighting.range.start.line)" }
            findings.append(CrossFileFinding(
                file: file, range: sighting.range,
                message: Self.message(sighting, task: task.spelling, common: best.location, count: best.count,
                                      total: usual.total, whereExample: whereExample),
                screen: sighting.screen, indicator: sighting.indicator, yamlPath: sighting.yamlPath,
                value: sighting.location))
        }
        return findings
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
