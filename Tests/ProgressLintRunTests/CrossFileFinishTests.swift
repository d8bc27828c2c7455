@testable import ProgressLintEngine
@testable import ProgressLintRules
@testable import ProgressLintRun
import ProgressLintSupport
import ProgressLintYAML
import Testing
import TestSupport

/// `consistent-location`'s `finish` reads sightings in place by their bytes; what it reports must be
/// what reading every sighting as `String`s reported (the reference below is that earlier `finish`,
/// kept as the oracle), whatever the texts' bytes, the files' order and the store's size.
@Suite struct CrossFileFinishTests {
    typealias Sighting = ConsistentLocation.Sighting

    /// A sighting's first two fields, read as `String`s (as the earlier `finish` read them).
    struct Placement: CrossFileValue {
        var task, location: String
        static let layout = CrossFileLayout(Placement.init, \.task, \.location)
    }

    /// The earlier `finish`, reading every sighting's task and location as `String`s.
    static func reference(_ sightings: CrossFileValues<Sighting>) -> [CrossFileFinding] {
        typealias Seen = (location: String, count: Int, first: Int)
        var taskNumbers: [String: Int] = [:]
        var tasks: [(spelling: String, locations: [Seen])] = []
        var firsts: [(sighting: Sighting, file: CrossFileSource)] = []
        for (file, record) in sightings.records {
            guard let placement = try? record.read(Placement.self) else { continue }
            let t = taskNumbers[placement.task] ?? tasks.count
            if t == tasks.count {
                taskNumbers[placement.task] = t
                tasks.append((placement.task, []))
            }
            if let l = tasks[t].locations.firstIndex(where: { $0.location == placement.location }) {
                tasks[t].locations[l].count += 1
            } else {
                guard let sighting = try? record.read(Sighting.self) else { continue }
                tasks[t].locations.append((placement.location, 1, firsts.count))
                firsts.append((sighting, file))
            }
        }
        var common: [(best: Int, total: Int)?] = Array(repeating: nil, count: tasks.count)
        for (t, seen) in tasks.enumerated() where seen.locations.count > 1 {
            let best = seen.locations.indices.max { seen.locations[$0].count < seen.locations[$1].count } ?? 0
            common[t] = (best, seen.locations.reduce(0) { $0 + $1.count })
        }
        guard common.contains(where: { $0 != nil }) else { return [] }
        var findings: [CrossFileFinding] = []
        var (reportedFile, reported): (CrossFileSource?, Set<Int>) = (nil, [])
        for (file, record) in sightings.records {
            guard let placement = try? record.read(Placement.self),
                  let t = taskNumbers[placement.task], let usual = common[t] else { continue }
            let task = tasks[t]
            let best = task.locations[usual.best]
            guard placement.location != best.location else { continue }
            guard let sighting = try? record.read(Sighting.self) else { continue }
            if reportedFile != file { (reportedFile, reported) = (file, []) }
            guard reported.insert(sighting.range.start.line << 32 | sighting.range.start.column & 0xFFFF_FFFF).inserted
            else { continue }
            let example = firsts[best.first]
            var whereExample = "indicator '\(example.sighting.indicator ?? "(no id)")' on screen "
                + "'\(example.sighting.screen ?? "(unnamed screen)")'"
            if example.file.path != file.path { whereExample += " in \(example.file.path):\(example.sighting.range.start.line)" }
            findings.append(CrossFileFinding(
                file: file, range: sighting.range,
                message: ConsistentLocation.message(sighting, task: task.spelling, common: best.location,
                                                    count: best.count, total: usual.total, whereExample: whereExample),
                screen: sighting.screen, indicator: sighting.indicator, yamlPath: sighting.yamlPath,
                value: sighting.location))
        }
        return findings
    }

    /// SplitMix64: the same sightings on every run and platform.
    typealias SplitMix = SplitMix64

    /// Tasks and locations whose bytes differ where Swift calls some of them equal (`é`
    /// precomposed and decomposed, `Å` as a letter and as the angstrom sign), with an empty one.
    static let tasks = ["sync", "caf\u{E9}", "cafe\u{301}", "upload", "\u{C5}ngstr\u{F6}m", "\u{212B}ngstro\u{308}m",
                        "📷 photos", "", "Sync"]
    static let locations = ["content", "toolbar", "navigation-bar", "below-trigger", "caf\u{E9}", "cafe\u{301}"]

    /// `files` files of up to `most` sightings each, drawn from `tasks` and `locations`; places
    /// repeat within a file (a location reached by several indicators is reported once).
    static func store(seed: UInt64, files: Int, most: Int, memoryLimit: Int = ByteStore.defaultMemoryLimit)
        -> (store: CrossFileStore, count: Int)
    {
        var random = SplitMix(state: seed)
        let store = CrossFileStore(memoryLimit: memoryLimit)
        var count = 0
        for file in 0..<files {
            var writer = CrossFileWriter()
            for _ in 0..<random.below(most + 1) {
                let line = 1 + random.below(6)
                let start = SourcePosition(line: line, column: 1 + random.below(3), characterOffset: line * 10)
                let indicator: String? = random.below(5) == 0 ? nil : "i\(random.below(4))"
                writer.record(Sighting(
                    task: tasks[random.below(tasks.count)], location: locations[random.below(locations.count)],
                    range: SourceRange(start: start, end: start), screen: random.below(4) == 0 ? nil : "S\(file)",
                    indicator: indicator,
                    path: YAMLItemPath(text: nil, item: random.below(2) == 0 ? -1 : random.below(5), atField: random.below(2) == 0)))
                count += 1
            }
            store.append(writer, file: file, severity: random.below(2) == 0 ? .info : .warning)
        }
        return (store, count)
    }

    /// The sightings ``store(seed:files:most:memoryLimit:)`` makes, their files reported in the
    /// order stored or the reverse, five files to a path.
    static func values(seed: UInt64, files: Int, most: Int, reversed: Bool) -> CrossFileValues<Sighting> {
        let (store, _) = store(seed: seed, files: files, most: most)
        let positions = reversed ? Array((0..<files).reversed()) : Array(0..<files)
        return CrossFileValues<Sighting>(store: store, order: store.order(by: positions),
                                         pathOfFile: { "specs/f\($0 % 5).yaml" })
    }

    @Test func findingsAreTheSameAsReadingEverySightingAsStringsWhateverTheBytesAndTheOrder() {
        var compared = 0
        for seed in UInt64(1)...40 {
            let files = 1 + Int(seed % 23) * 3
            // Files reported in stored order, and in another (as when linted on several threads).
            let values = Self.values(seed: seed, files: files, most: 6, reversed: seed % 2 == 0)
            let expected = Self.reference(values)
            let found = ConsistentLocation().finish(values)
            #expect(found == expected, "seed \(seed)")
            #expect(found.map(\.message) == expected.map(\.message), "seed \(seed)")
            #expect(found.map(\.file.severity) == expected.map(\.file.severity), "seed \(seed)")
            compared += expected.count
        }
        #expect(compared > 100, "the sightings must give findings to compare")
    }

    @Test func manySightingsOfFewTextsWaitingOnDiskGiveTheSameFindings() {
        let (store, count) = Self.store(seed: 77, files: 3000, most: 4, memoryLimit: 4096)
        #expect(count > 4000 && store.bytes.count > 100_000)
        let values = CrossFileValues<Sighting>(store: store, order: nil, pathOfFile: { "specs/f\($0).yaml" })
        let expected = Self.reference(values)
        #expect(!expected.isEmpty)
        #expect(ConsistentLocation().finish(values) == expected)
    }

    @Test func theSecondPassReadsOnlyFilesThatMayBeReportedOrEveryFileWhenPlacesWereDroppedAlike() {
        var compared = 0
        for seed in UInt64(100)...115 {
            let files = 20 + Int(seed % 7) * 15
            let values = Self.values(seed: seed, files: files, most: 5, reversed: seed % 2 == 1)
            let expected = Self.reference(values)
            // No place kept, a few (the largest lists dropped as it goes), and all of them.
            for budget in [0, 3, 40, ConsistentLocation.placesKept] {
                #expect(ConsistentLocation().finish(values, keepingPlaces: budget) == expected, "seed \(seed), \(budget)")
            }
            compared += expected.count
        }
        #expect(compared > 50)
    }

    @Test func anEmptyStoreOrOneTaskAtOneLocationReportsNothing() {
        let empty = CrossFileStore()
        #expect(ConsistentLocation().finish(CrossFileValues(store: empty, order: nil, pathOfFile: { _ in "" })).isEmpty)
        let store = CrossFileStore()
        for file in 0..<50 {
            var writer = CrossFileWriter()
            let start = SourcePosition(line: 3, column: 5, characterOffset: 30)
            writer.record(Sighting(task: "sync", location: "toolbar", range: SourceRange(start: start, end: start),
                                   screen: "S", indicator: "i", path: YAMLItemPath(text: nil, item: -1, atField: true)))
            store.append(writer, file: file, severity: .info)
        }
        #expect(ConsistentLocation().finish(CrossFileValues(store: store, order: nil, pathOfFile: { "f\($0)" })).isEmpty)
    }
}
