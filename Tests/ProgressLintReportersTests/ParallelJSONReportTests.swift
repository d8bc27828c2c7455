import Foundation
import ProgressLintEngine
@testable import ProgressLintRun
import ProgressLintSupport
@testable import ProgressLintReporters
import ProgressLintRules
import Synchronization
import ProgressLintWorkspace
import Testing

/// The JSON report rendered in pieces (ranges of files) on several threads and written in order
/// is, byte for byte, the report one thread writes.
@Suite struct ParallelJSONReportTests {
    /// A run over enough files that `screens` is cut into several pieces, each cut falling between
    /// files of every kind: no screen, one, several (with and without findings), a file that does
    /// not parse, cross-file findings (`consistent-location`), non-ASCII paths and two files of
    /// one path.
    static let result = run()

    static func run(extra: [(String, String)] = [], twoFilesOfOnePath: Bool = true) -> RunResult {
        let many = ScreenTimingJSONTests.specs[0].1
        var specs: [(String, String)] = []
        for i in 0..<(max(3 * ScreenTimingJSON.filesPerPiece, 2 * JSONReporter.filesPerPiece) + 17) {
            let name = (i % 11 == 5 ? "é/ü-" : "specs/") + String(1000 + i) + ".yaml"
            let text: String
            switch i % 6 {
            case 0: text = "screen: Plain \(i)\nindicators: []\n"
            case 1: text = many
            case 2: text = ScreenTimingJSONTests.specs[2].1
            case 3:
                // The same task at two locations: `consistent-location` reports the rarer one across files.
                text = """
                    platform: ios
                    screen: Sync \(i)
                    indicators:
                      - id: sync
                        style: spinner
                        task: sync
                        label: Syncing
                        location: \(i % 4 == 3 ? "toolbar" : "navigation-bar")\(i % 8 == 7 ? "  # progress-lint-disable-line consistent-location" : "")
                    """
            case 4: text = "screen: [unclosed\n"
            default: text = "# no screens here\n"
            }
            specs.append((name, text))
        }
        if twoFilesOfOnePath {
            // Two files of one path, far apart in the order given.
            specs.append(("specs/1001.yaml", ScreenTimingJSONTests.specs[1].1))
            specs.insert(("specs/1001.yaml", many), at: 3)
        }
        specs += extra
        let runner = LintRunner(linter: RuleRegistry.makeLinter(), loader: ConfigurationLoader(rules: RuleRegistry.descriptions))
        return runner.run(inMemory: specs.map { ($0.0, Array($0.1.utf8)) }, configuration: Configuration())
    }

    /// The JSON report of `result` rendered on `jobs` threads, into a stream that hands on blocks
    /// (as a report written to a file is) or one that keeps everything.
    static func report(_ result: RunResult, jobs: Int, blocks: Bool, quiet: Bool = false) -> [UInt8] {
        var context = ReportContext(rules: RuleRegistry.descriptions, quiet: quiet)
        context.jobs = jobs
        final class Written { var bytes: [UInt8] = [] }
        let written = Written()
        var out = blocks ? ReportStream(to: { written.bytes.append(contentsOf: $0); return nil }) : ReportStream()
        JSONReporter().write(result, context: context, to: &out)
        out.flush()
        return blocks ? written.bytes : Array(out.text.utf8)
    }

    @Test func aReportRenderedOnSeveralThreadsIsTheOneThreadReportByteForByte() throws {
        let result = Self.result
        #expect(result.files.count > 3 * ScreenTimingJSON.filesPerPiece)
        let one = Self.report(result, jobs: 1, blocks: true)
        let text = String(decoding: one, as: UTF8.self)
        // What the cuts fall between is there: cross-file findings, non-ASCII paths, both files of one path.
        #expect(text.contains("\"rule\": \"consistent-location\""))
        #expect(text.contains("é/ü-"))
        #expect(text.components(separatedBy: "\"path\": \"specs/1001.yaml\"").count > 3)
        #expect(try JSONSerialization.jsonObject(with: Data(one)) is [String: Any])
        #expect(one.count > 4 * ReportBuffer.blockSize)
        for jobs in [2, 3, 4, 8] {
            for blocks in [true, false] {
                #expect(Self.report(result, jobs: jobs, blocks: blocks) == one, "\(jobs) jobs, blocks \(blocks)")
            }
        }
        // Only errors (`--quiet`): other findings, other cuts.
        let quiet = Self.report(result, jobs: 1, blocks: true, quiet: true)
        #expect(quiet != one)
        #expect(Self.report(result, jobs: 3, blocks: true, quiet: true) == quiet)
    }

    /// `diagnostics` written from each ``Diagnostic`` one after another (as the report wrote it
    /// before it was rendered in pieces): the reference.
    static func diagnosticsOneByOne(_ report: RunReport, byFile: Bool, level: Int) -> String {
        var out = ReportStream()
        ReportBuffer.writing(to: &out) { b in
            var fingerprints = Fingerprint.Sequence(byFile: byFile)
            var first = true
            for d in report.diagnostics {
                b.put(byte: first ? 0x5B : 0x2C)
                first = false
                b.newline(level: level + 1)
                JSONReporter().diagnostic(d, fingerprint: fingerprints.next(d), level: level + 1, into: &b)
            }
            if first { return b.put("[]") }
            b.newline(level: level)
            b.put(byte: 0x5D)
        }
        return out.text
    }

    /// The key pass of `report`, as the summary's `byScreen` makes it.
    static func findingsSummary(_ report: RunReport) -> JSONReporter.FindingsSummary {
        var keys = JSONReporter.FindingsSummary()
        let files = report.fileReader()
        var iterator = report.diagnostics.keys.makeIterator()
        while let key = iterator.next() { keys.note(key, place: iterator.pathPlace, files: files) }
        return keys
    }

    @Test func diagnosticsRenderedInPiecesFromTheirPlacesAreTheTextWrittenOneByOne() {
        for quiet in [false, true] {
            let report = ReportContext(rules: RuleRegistry.descriptions, quiet: quiet).report(Self.result)
            let keys = Self.findingsSummary(report)
            if !quiet {
                #expect(report.diagnostics.count > 3 * JSONReporter.diagnosticsPerPiece)
                #expect(keys.diagnosticsPieces.count >= 3)
            }
            #expect(keys.diagnosticsPieces.reduce(0) { $0 + $1.count } == report.diagnostics.count)
            let expected = Self.diagnosticsOneByOne(report, byFile: keys.order.isByFile, level: 1)
            for jobs in 1...4 {
                var context = ReportContext(rules: RuleRegistry.descriptions, quiet: quiet)
                context.jobs = jobs
                var out = ReportStream()
                JSONReporter().diagnostics(report, keys: keys, context: context, level: 1, to: &out)
                #expect(out.text == expected, "\(jobs) jobs, quiet \(quiet)")
            }
        }
    }

    @Test func findingsOfTwoSpellingsOfOnePathApartAreRenderedAsOnePiece() {
        // `./specs/1003.yaml` sorts before every other path, and its fingerprints count with those of
        // `specs/1003.yaml`: the findings are not file after file, so `diagnostics` is not cut.
        let result = Self.run(extra: [("./specs/1003.yaml", ScreenTimingJSONTests.specs[0].1)])
        let report = ReportContext(rules: RuleRegistry.descriptions).report(result)
        let keys = Self.findingsSummary(report)
        #expect(!keys.order.isByFile)
        #expect(keys.pieces.count > 1 && keys.diagnosticsPieces.count == 1)
        let one = Self.report(result, jobs: 1, blocks: true)
        #expect(Self.report(result, jobs: 4, blocks: true) == one)
    }

    @Test func screensRenderedInPiecesAreTheTextWrittenFileByFileWhateverTheJobs() {
        var result = Self.result
        var report = ReportContext(rules: RuleRegistry.descriptions).report(result)
        func pieces(jobs: Int) -> String {
            var out = ReportStream()
            let keys = Self.findingsSummary(report)
            ScreenTimingJSON.write(result, report: report, places: keys.screenPlaces, level: 1, jobs: jobs, to: &out)
            return out.text
        }
        func wholeFiles() -> String {
            var out = ReportStream()
            ReportBuffer.writing(to: &out) {
                ScreenTimingJSON.write(result, report: report, level: 1, into: &$0)
            }
            return out.text
        }
        let whole = wholeFiles()
        #expect(whole.contains("\"findings\""))
        for jobs in 1...4 { #expect(pieces(jobs: jobs) == whole, "\(jobs) jobs") }

        // The files of the second piece cut short: their last screens are left out, as file by file.
        let first = ScreenTimingJSON.filesPerPiece
        var timings = ScreenTimingList()
        for position in 0..<result.files.count {
            var bytes = ScreenTimingList.encode(result.timings.screens(at: position))
            if position >= first && position < 2 * first { bytes.removeLast(min(bytes.count, 9)) }
            bytes.withUnsafeBytes { timings.appendEncoded($0, file: position) }
        }
        result.timings = timings
        report = ReportContext(rules: RuleRegistry.descriptions).report(result)
        let cut = wholeFiles()
        #expect(cut != whole)
        for jobs in 1...4 { #expect(pieces(jobs: jobs) == cut, "\(jobs) jobs, cut") }
    }

    /// `files` written from each ``FileSummary`` read whole, one file after another, with the counts
    /// of ``RunReport/fileCounts`` (as the report wrote it before it was rendered in pieces): the reference.
    static func filesOneByOne(_ report: RunReport, level: Int) -> String {
        var json = JSONWriter()
        for _ in 0..<level { json.beginArray() }
        json.beginArray()
        for (_, file, found) in report.fileCounts {
            json.beginObject()
            json.key("path"); json.string(file.path)
            json.key("screens")
            json.beginArray()
            for name in file.screenNames { json.string(name) }
            json.end()
            json.key("indicators"); json.int(file.indicators)
            json.key("errors"); json.int(found.errors)
            json.key("warnings"); json.int(found.warnings)
            json.key("infos"); json.int(found.infos)
            json.end()
        }
        json.end()
        for _ in 0..<level { json.end() }
        return json.out.text
    }

    @Test func filesRenderedInPiecesAreTheTextWrittenFileByFileWithTheirFindingsCounted() {
        for quiet in [false, true] {
            let result = Self.result
            let report = ReportContext(rules: RuleRegistry.descriptions, quiet: quiet).report(result)
            let keys = Self.findingsSummary(report)
            #expect(result.files.count > 2 * JSONReporter.filesPerPiece)
            let expected = Self.filesOneByOne(report, level: 1)
            #expect(expected.contains("\"errors\": 1") || expected.contains("\"warnings\": 1"))
            for jobs in 1...4 {
                var json = JSONWriter()
                json.beginArray()
                json.value(writtenBy: { out, level in
                    JSONReporter().files(report, places: keys.filePlaces, level: level, jobs: jobs, to: &out)
                })
                json.end()
                #expect(json.out.text == expected, "\(jobs) jobs, quiet \(quiet)")
            }
        }
    }

    /// The JSON report keeps nothing per file or per finding between its passes: what the summary
    /// pass hands the later ones is a place per piece, so a run of many files costs it no more memory
    /// than a piece at a time.
    @Test func theSummaryPassKeepsAPlacePerPieceNotPerFile() {
        let report = ReportContext(rules: RuleRegistry.descriptions).report(Self.result)
        let keys = Self.findingsSummary(report)
        let files = report.fileCount
        func pieces(_ per: Int) -> Int { (files + per - 1) / per }
        // Every array the summary holds, counted through reflection: a per-file one added later shows up here.
        func held(_ value: Any) -> Int {
            Mirror(reflecting: value).children.reduce(0) { sum, child in
                if let array = child.value as? [Any] { return sum + array.count }
                return sum + held(child.value)
            }
        }
        let bound = pieces(ScreenTimingJSON.filesPerPiece) + pieces(JSONReporter.filesPerPiece)
            + report.diagnostics.count / JSONReporter.diagnosticsPerPiece + 1
        #expect(held(keys) >= keys.pieces.count + 1, "the arrays are counted")
        #expect(held(keys) <= bound, "\(held(keys)) held for \(files) files")
        // Far fewer than the files with findings, which is what a per-file list would hold.
        let filesWithFindings = report.fileCounts.filter { $0.counts.total > 0 }.count
        #expect(bound * 2 < filesWithFindings, "\(bound) places, \(filesWithFindings) files with findings")
    }

    @Test func aRunWithoutFilesWritesTheSameEmptyArraysOnSeveralThreads() {
        let runner = LintRunner(linter: RuleRegistry.makeLinter(), loader: ConfigurationLoader(rules: RuleRegistry.descriptions))
        let result = runner.run(inMemory: [], configuration: Configuration())
        let one = Self.report(result, jobs: 1, blocks: true)
        #expect(String(decoding: one, as: UTF8.self).contains("\"screens\": []"))
        #expect(Self.report(result, jobs: 4, blocks: true) == one)
    }
}

/// Pieces rendered on several threads are written in order, never more than a fixed number ahead.
@Suite struct ReportPiecesTests {
    /// Renders piece `n` as its number's digits and a line break, each at its own pace, noting the
    /// furthest piece started.
    struct Numbers: ReportPieceRenderer {
        let furthest: Furthest

        final class Furthest: Sendable {
            let value = Atomic<Int>(-1)
        }

        mutating func render(_ piece: Int, into buffer: inout ReportBuffer) -> Int {
            _ = furthest.value.max(piece, ordering: .relaxed)
            if piece % 7 == 0 { usleep(200) }
            buffer.int(piece)
            buffer.put(byte: 0x0A)
            return 1
        }
    }

    @Test func aPieceOfHalfABlockOrMoreIsHandedOnAsItIsAfterWhatWasWaiting() {
        final class Handed { var pieces: [[UInt8]] = [] }
        let handed = Handed()
        var out = ReportStream(to: { handed.pieces.append(Array($0)); return nil })
        let large = [UInt8](repeating: 0x61, count: ReportBuffer.blockSize / 2)
        let small = [UInt8](repeating: 0x62, count: 100)
        out.write(ascii: "{")
        large.withUnsafeBufferPointer { out.write(block: $0) }
        small.withUnsafeBufferPointer { out.write(block: $0) }
        large.withUnsafeBufferPointer { out.write(block: $0) }
        out.write(ascii: "}")
        out.flush()
        #expect(handed.pieces == [Array("{".utf8), large, small, large, Array("}".utf8)])
    }

    @Test func piecesComeOutInOrderWithFewRenderedAheadOfTheWriter() {
        for jobs in [1, 2, 3, 5] {
            let furthest = Numbers.Furthest()
            var out = ReportStream()
            var written = 0
            var ahead = 0
            ReportPieces.write(count: 500, jobs: jobs, to: &out, renderer: { Numbers(furthest: furthest) }) { stream, buffer, items in
                ahead = max(ahead, furthest.value.load(ordering: .relaxed) - written)
                written += items
                stream.write(block: UnsafeBufferPointer(buffer.written))
            }
            #expect(out.text == (0..<500).map { "\($0)\n" }.joined(), "\(jobs) jobs")
            #expect(written == 500)
            #expect(ahead < max(1, jobs) * ReportPieces.slotsPerJob, "\(jobs) jobs")
        }
    }
}
