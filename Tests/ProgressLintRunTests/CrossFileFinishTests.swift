@testable import ProgressLintEngine
@testable import ProgressLintRules
@testable import ProgressLintRun
import ProgressLintSupport
import ProgressLintYAML
import Testing
import TestSupport

/// `consistent-location`'s `finish` reads its sightings from the run's store in two passes: what
/// it reports must not depend on where they wait (in memory or in the temporary file) or on the
/// order the files were linted in, and texts Swift calls equal are one task and one location.
@Suite struct CrossFileFinishTests {
    typealias Sighting = ConsistentLocation.Sighting

    /// Tasks and locations whose bytes differ where Swift calls some of them equal (`é`
    /// precomposed and decomposed, `Å` as a letter and as the angstrom sign), with an empty one.
    static let tasks = ["sync", "caf\u{E9}", "cafe\u{301}", "upload", "\u{C5}ngstr\u{F6}m", "\u{212B}ngstro\u{308}m",
                        "📷 photos", "", "Sync"]
    static let locations = ["content", "toolbar", "navigation-bar", "below-trigger", "caf\u{E9}", "cafe\u{301}"]

    static func sighting(task: String, location: String, line: Int, column: Int = 1, screen: String? = "S",
                         indicator: String? = "i") -> Sighting {
        let start = SourcePosition(line: line, column: column, characterOffset: line * 10)
        return Sighting(task: task, location: location, range: SourceRange(start: start, end: start), screen: screen,
                        indicator: indicator, path: YAMLItemPath(text: nil, item: -1, atField: true))
    }

    /// `files` files of up to `most` sightings each, drawn from `tasks` and `locations`; places
    /// repeat within a file (a location reached by several indicators is reported once).
    static func store(seed: UInt64, files: Int, most: Int, memoryLimit: Int = ByteStore.defaultMemoryLimit)
        -> CrossFileStore
    {
        var random = SplitMix64(state: seed)
        let store = CrossFileStore(memoryLimit: memoryLimit)
        for file in 0..<files {
            var writer = CrossFileWriter()
            for _ in 0..<random.below(most + 1) {
                writer.append(sighting(
                    task: tasks[random.below(tasks.count)], location: locations[random.below(locations.count)],
                    line: 1 + random.below(6), column: 1 + random.below(3),
                    screen: random.below(4) == 0 ? nil : "S\(file)", indicator: random.below(5) == 0 ? nil : "i\(random.below(4))"))
            }
            store.append(writer.bytes, file: file, severity: random.below(2) == 0 ? .info : .warning)
        }
        return store
    }

    static func values(_ store: CrossFileStore, files: Int, reversed: Bool) -> CrossFileValues<Sighting> {
        let positions = reversed ? Array((0..<files).reversed()) : Array(0..<files)
        return CrossFileValues<Sighting>(store: store, order: store.order(by: positions),
                                         pathOfFile: { "specs/f\($0 % 5).yaml" })
    }

    @Test func findingsAreTheSameInMemoryOrWaitingOnDisk() {
        var compared = 0
        for seed in UInt64(1)...30 {
            let files = 1 + Int(seed % 23) * 3
            for reversed in [false, true] {
                let inMemory = ConsistentLocation().finish(
                    Self.values(Self.store(seed: seed, files: files, most: 6), files: files, reversed: reversed))
                let onDisk = ConsistentLocation().finish(
                    Self.values(Self.store(seed: seed, files: files, most: 6, memoryLimit: 64), files: files, reversed: reversed))
                #expect(inMemory == onDisk, "seed \(seed)")
                #expect(inMemory.map(\.message) == onDisk.map(\.message), "seed \(seed)")
                #expect(inMemory.map(\.file.severity) == onDisk.map(\.file.severity), "seed \(seed)")
                compared += inMemory.count
            }
        }
        #expect(compared > 100, "the sightings must give findings to compare")
    }

    @Test func theSecondPassReadsOnlyFilesThatMayBeReportedOrEveryFilePastItsBound() {
        var compared = 0
        for seed in UInt64(100)...115 {
            let files = 20 + Int(seed % 7) * 15
            let values = Self.values(Self.store(seed: seed, files: files, most: 5), files: files, reversed: seed % 2 == 1)
            let everyFile = ConsistentLocation().finish(values, filesKept: 0)
            for budget in [3, 40, ConsistentLocation.filesKept] {
                #expect(ConsistentLocation().finish(values, filesKept: budget) == everyFile, "seed \(seed), \(budget)")
            }
            compared += everyFile.count
        }
        #expect(compared > 50)
    }

    /// Counts the files read from the store it wraps.
    final class CountingStore: CrossFileStorage, @unchecked Sendable {
        let base: CrossFileStore
        var reads = 0
        init(_ base: CrossFileStore) { self.base = base }
        func file(at start: Int) -> (number: Int, severity: Severity, values: [UInt8], next: Int)? {
            reads += 1
            return base.file(at: start)
        }
    }

    @Test func theSecondPassSkipsTheCommonLocationsFilesWhenTheyAloneFillTheBound() {
        // 200 files with the sync in the toolbar, every 50th with it in the content instead.
        let store = CrossFileStore()
        for file in 0..<200 {
            var writer = CrossFileWriter()
            writer.append(Self.sighting(task: "sync", location: file % 50 == 7 ? "content" : "toolbar", line: 1))
            store.append(writer.bytes, file: file, severity: .info)
        }
        let counting = CountingStore(store)
        let values = CrossFileValues<Sighting>(store: counting, order: nil, pathOfFile: { "f\($0).yaml" })
        let found = ConsistentLocation().finish(values, filesKept: 16)
        #expect(found.count == 4)
        // The first pass reads every file (and one read past the last), then the first file at the
        // common location is read for its first indicator; the second pass, the four reported.
        #expect(counting.reads == 201 + 1 + 4)
        counting.reads = 0
        #expect(ConsistentLocation().finish(values, filesKept: 0) == found)
        #expect(counting.reads == 2 * 201 + 1, "with no files noted, the second pass reads every file")
    }

    @Test func textsSwiftCallsEqualAreOneTaskAndOneLocationNamedAsFirstWritten() {
        let store = CrossFileStore()
        let first = [Self.sighting(task: "caf\u{E9}", location: "toolbar", line: 1),
                     Self.sighting(task: "cafe\u{301}", location: "toolbar", line: 2)]
        let second = [Self.sighting(task: "caf\u{E9}", location: "content", line: 3),
                      Self.sighting(task: "cafe\u{301}", location: "toolbar", line: 4)]
        for (file, sightings) in [first, second].enumerated() {
            var writer = CrossFileWriter()
            for sighting in sightings { writer.append(sighting) }
            store.append(writer.bytes, file: file, severity: .info)
        }
        let found = ConsistentLocation().finish(CrossFileValues(store: store, order: nil, pathOfFile: { "f\($0).yaml" }))
        #expect(found.map(\.range.start.line) == [3])
        #expect(found.first?.message == "indicator 'i' draws task 'caf\u{E9}' at `location: content`, but 3 of 4 "
            + "indicators with this task are at `location: toolbar` (e.g. indicator 'i' on screen 'S' in f0.yaml:1); "
            + "draw it at `location: toolbar` too, so people find this task's progress in one place")
    }

    @Test func anEmptyStoreOrOneTaskAtOneLocationReportsNothing() {
        let empty = CrossFileStore()
        #expect(ConsistentLocation().finish(CrossFileValues(store: empty, order: nil, pathOfFile: { _ in "" })).isEmpty)
        let store = CrossFileStore()
        for file in 0..<50 {
            var writer = CrossFileWriter()
            writer.append(Self.sighting(task: "sync", location: "toolbar", line: 3))
            store.append(writer.bytes, file: file, severity: .info)
        }
        #expect(ConsistentLocation().finish(CrossFileValues(store: store, order: nil, pathOfFile: { "f\($0)" })).isEmpty)
    }
}
