import Foundation
import ProgressLintEngine
import ProgressLintRules
@testable import ProgressLintRun
import ProgressLintWorkspace
import ProgressLintYAML
import Testing
import LintTestSupport
import TestSupport

/// The cache (``LintCache``): what makes an entry current, what the file keeps, and its faults.
@Suite struct CacheTests {
    static let spec = """
        version: 1
        platform: ios
        screen: Upload
        indicators:
          - id: upload
            style: bar
            task: sync
            location: toolbar
            presentation: overlay
            # progress-lint-disable-next-line consistent-location -- kept as designed
            label: Loading
          - id: wait
            style: spinner
            task: sync
            location: content
            label: Please wait
        """

    /// A runner using the cache in `folder`, and that cache.
    static func cachedRun(_ paths: [String], cacheFolder: String, executable: String = BuildIdentity.executable,
                          config: String? = nil) throws -> (RunResult, LintCache.Statistics) {
        var runner = runner(config: config)
        runner.cache = try LintCache.load(folder: cacheFolder, executable: executable, shardCount: 1).get()
        let result = runner.run(paths)
        #expect(runner.cache!.save() == nil)
        return (result, runner.cache!.statistics)
    }

    /// A folder of `count` specs (`specs/s0.yaml`…), linted once whole through ``cachedRun(_:cacheFolder:executable:config:)``
    /// with the cache in its `cache` folder, entries settled: the folder, the cache and its one shard's file.
    static func cachedSpecs(_ count: Int) throws -> (folder: TemporaryFolder, cache: String, shard: String) {
        let folder = try TemporaryFolder()
        for i in 0..<count { try folder.write("specs/s\(i).yaml", spec.replacingOccurrences(of: "Upload", with: "U\(i)")) }
        let cache = folder.path + "/cache"
        letTheClockMove()
        _ = try cachedRun([folder.path + "/specs"], cacheFolder: cache)
        return (folder, cache, CacheShard.path(in: cache, number: 0))
    }

    /// Waits until the file system's clock has passed every file's stamp (so entries are settled).
    static func letTheClockMove() { usleep(30_000) }

    @Test func xxh64MatchesThePublishedTestVectors() {
        #expect(ContentHash.xxh64(Array("".utf8)) == 0xEF46_DB37_51D8_E999)
        #expect(ContentHash.xxh64(Array("a".utf8)) == 0xD24E_C4F1_A98C_6E5B)
        #expect(ContentHash.xxh64(Array("abc".utf8)) == 0x44BC_2CF5_AD77_0999)
        #expect(ContentHash.xxh64(Array("Nobody inspects the spammish repetition".utf8)) == 0xFBCE_A83C_8A37_8BF1)
    }

    @Test func aFileRecordAddsToTheRunWhatItsResultAdds() throws {
        let linter = RuleRegistry.makeLinter()
        let broken = Self.spec + "\n  - id: x\n    style: bar\n    label: Loading\n    accessibility: {label: ''}\n"
        let crossFileIDs = linter.crossFileRules.map(\.id)
        for text in [Self.spec, broken, "screen: [", "# nothing\n"] {
            let result = linter.lint(Array(text.utf8), path: "a/b.yaml", configuration: Configuration())
            // A table that already numbers other rules, as a cache's does.
            let rules = RuleNumbers(["vague-label", "some-rule-of-an-older-build"])
            let bytes = try #require(FileRecord.encode(result, rules: rules))
            let record = try #require(FileRecord.parse(bytes, rules: rules.count, crossFileIDs: crossFileIDs))
            #expect(record.inventory == result.inventory)
            #expect(record.deferredSuppressions == result.deferredSuppressions)
            #expect(record.skippedAsNotSpec == result.skippedAsNotSpec)
            #expect(record.crossFile.map(\.id) == result.crossFile.filter { $0.records.count > 0 }.map(\.id))
            var fromResult = LintLoop.Collector()
            fromResult.add(result, order: 0)
            var fromRecord = LintLoop.Collector(rules: rules)
            fromRecord.add(record, path: "a/b.yaml", order: 0)
            #expect(Array(fromRecord.diagnostics) == Array(fromResult.diagnostics))
            #expect(Array(fromRecord.diagnostics) == result.diagnostics.sorted(by: Diagnostic.ordered))
            for severity in Severity.allCases {
                #expect(fromRecord.diagnostics.count(severity) == fromResult.diagnostics.count(severity))
            }
            #expect(Array(fromRecord.files) == Array(fromResult.files))
            #expect(fromRecord.files.screens == fromResult.files.screens)
            #expect(fromRecord.files.indicators == fromResult.files.indicators)
            #expect(fromRecord.timings.screens(at: 0) == result.timings)
            #expect(fromRecord.deferredSuppressions.map { $0.suppressions } == fromResult.deferredSuppressions.map { $0.suppressions })
            #expect(fromRecord.crossFileStores.keys.sorted() == fromResult.crossFileStores.keys.sorted())
            for (id, store) in fromResult.crossFileStores {
                let other = try #require(fromRecord.crossFileStores[id])
                #expect(other.bytes.read(0, other.bytes.count) { Array($0) } == store.bytes.read(0, store.bytes.count) { Array($0) })
            }
            // Any shorter or longer record, or one numbering a rule the table has not, is refused.
            for cut in [1, bytes.count / 2] where bytes.count > cut {
                #expect(FileRecord.parse(Array(bytes.dropLast(cut)), rules: rules.count, crossFileIDs: crossFileIDs) == nil)
            }
            #expect(FileRecord.parse(bytes + [0], rules: rules.count, crossFileIDs: crossFileIDs) == nil)
            if !result.diagnostics.isEmpty {
                #expect(FileRecord.parse(bytes, rules: 1, crossFileIDs: crossFileIDs) == nil)
            }
        }
    }

    @Test func aResultWithADiagnosticOfAnotherPathIsNotARecord() {
        var result = FileResult(path: "a.yaml")
        result.diagnostics = [Diagnostic(ruleID: "x", severity: .error, message: "m", path: "b.yaml",
                                         range: .init(at: SourcePosition(line: 1, column: 1, characterOffset: 0)))]
        #expect(FileRecord.encode(result, rules: RuleNumbers()) == nil)
    }

    @Test func rulesFirstFoundInALaterRunAreNumberedAfterTheKeptOnesAndEveryEntryReadsBackItsOwn() throws {
        let folder = try TemporaryFolder()
        try folder.write("specs/a.yaml", Self.spec)
        let cache = folder.path + "/cache"
        _ = try Self.cachedRun([folder.path + "/specs"], cacheFolder: cache)
        // A file whose findings are of rules the first run never numbered (yaml-syntax), and
        // whose records are written after the kept ones.
        try folder.write("specs/b.yaml", "screen: [")
        Self.letTheClockMove()
        let (second, counts) = try Self.cachedRun([folder.path + "/specs"], cacheFolder: cache)
        #expect(counts.linted == 1 && counts.unread + counts.hashed == 1)
        Self.letTheClockMove()
        let (third, read) = try Self.cachedRun([folder.path + "/specs"], cacheFolder: cache)
        #expect(read == .init(unread: 2, hashed: 0, linted: 0, entriesRead: 2))
        let expected = runner().run([folder.path + "/specs"]).diagnostics
        #expect(expected.contains { $0.ruleID == "yaml-syntax" })
        #expect(second.diagnostics == expected)
        #expect(third.diagnostics == expected)
    }

    @Test func aSecondRunReadsEveryFileFromTheCacheAndReportsTheSame() throws {
        let folder = try TemporaryFolder()
        for i in 0..<5 { try folder.write("specs/s\(i).yaml", Self.spec.replacingOccurrences(of: "Upload", with: "U\(i)")) }
        let cache = folder.path + "/cache"
        let uncached = runner().run([folder.path + "/specs"])
        let (cold, first) = try Self.cachedRun([folder.path + "/specs"], cacheFolder: cache)
        #expect(first.linted == 5)
        Self.letTheClockMove()
        _ = try Self.cachedRun([folder.path + "/specs"], cacheFolder: cache)
        let (warm, second) = try Self.cachedRun([folder.path + "/specs"], cacheFolder: cache)
        #expect(second == .init(unread: 5, hashed: 0, linted: 0, entriesRead: 5))
        for result in [cold, warm] {
            #expect(result.diagnostics == uncached.diagnostics)
            #expect(Array(result.files) == Array(uncached.files))
            #expect(result.inventory == uncached.inventory)
        }
        // The cross-file rule ran over cached values: its findings are there, and its suppression applied.
        #expect(warm.diagnostics.contains { $0.ruleID == "consistent-location" })
        #expect(uncached.diagnostics.contains { $0.ruleID == "consistent-location" })

        // An edit is linted again; a touch that changes nothing is hashed and read from the cache.
        try folder.write("specs/s1.yaml", Self.spec.replacingOccurrences(of: "toolbar", with: "status-bar"))
        let touched = folder.path + "/specs/s2.yaml"
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: 5)], ofItemAtPath: touched)
        let (edited, third) = try Self.cachedRun([folder.path + "/specs"], cacheFolder: cache)
        #expect(third.linted == 1 && third.hashed == 1 && third.unread == 3)
        #expect(edited.diagnostics == runner().run([folder.path + "/specs"]).diagnostics)
    }

    @Test func aFileChangedInTheTickOfTheRunIsHashedNextTimeNotTrustedOnItsStamp() throws {
        let folder = try TemporaryFolder()
        let cache = folder.path + "/cache"
        var runner = runner()
        runner.cache = try LintCache.load(folder: cache, shardCount: 1).get()
        // Written after the cache opened: its stamp is of the run's own time, so it is not settled.
        let path = try folder.write("s.yaml", Self.spec)
        _ = runner.run([path])
        #expect(runner.cache!.save() == nil)
        let entry = try #require(LintCache.entries(in: cache).first)
        #expect(!entry.settled)
        Self.letTheClockMove()
        // Its stamp is the same, but it is read and hashed; now settled, the next run does not read it.
        #expect(try Self.cachedRun([path], cacheFolder: cache).1 == .init(unread: 0, hashed: 1, linted: 0, entriesRead: 1))
        #expect(try Self.cachedRun([path], cacheFolder: cache).1 == .init(unread: 1, hashed: 0, linted: 0, entriesRead: 1))
    }

    @Test func settledMeansStrictlyBeforeTheRunOnTheFileSystemsClock() {
        func stamp(_ seconds: Int64, _ nanoseconds: Int64) -> FileStamp {
            FileStamp(device: 1, inode: 2, size: 3, modified: seconds, modifiedNanoseconds: nanoseconds,
                      changed: seconds, changedNanoseconds: nanoseconds)
        }
        #expect(stamp(100, 5).settled(before: (100, 6)))
        #expect(!stamp(100, 5).settled(before: (100, 5)))
        #expect(!stamp(100, 7).settled(before: (100, 5)))
        // Whole seconds only (a coarse file system): two seconds apart at least.
        #expect(!stamp(100, 0).settled(before: (101, 500)))
        #expect(stamp(100, 0).settled(before: (102, 0)))
        // The inode's change time counts too.
        var changedLater = stamp(100, 5)
        changedLater.changed = 200
        #expect(!changedLater.settled(before: (150, 0)))
    }

    @Test func aDamagedCacheIsIgnoredAndRewritten() throws {
        let folder = try TemporaryFolder()
        for i in 0..<3 { try folder.write("specs/s\(i).yaml", Self.spec) }
        let cache = folder.path + "/cache"
        let file = CacheShard.path(in: cache, number: 0)
        _ = try Self.cachedRun([folder.path + "/specs"], cacheFolder: cache)
        Self.letTheClockMove()
        _ = try Self.cachedRun([folder.path + "/specs"], cacheFolder: cache)
        let whole = try [UInt8](Data(contentsOf: URL(fileURLWithPath: file)))
        let expected = runner().run([folder.path + "/specs"]).diagnostics
        var damaged: [[UInt8]] = [Array(whole.prefix(whole.count - 1)), Array(whole.prefix(10)), [], Array("PLCACHE".utf8),
                                  Array(repeating: 0x41, count: whole.count)]
        // A byte of the index (past the results), and one of the header's format version.
        var index = whole
        index[whole.count - 60] ^= 1
        damaged.append(index)
        var version = whole
        version[8] ^= 1
        damaged.append(version)
        for bytes in damaged {
            try Data(bytes).write(to: URL(fileURLWithPath: file))
            let (result, statistics) = try Self.cachedRun([folder.path + "/specs"], cacheFolder: cache)
            #expect(statistics.entriesRead == 0 && statistics.linted == 3)
            #expect(result.diagnostics == expected)
            #expect(LintCache.entries(in: cache).count == 3, "rewritten whole")
        }
        // A byte of one file's result: that file is linted again, the others are read.
        Self.letTheClockMove()
        _ = try Self.cachedRun([folder.path + "/specs"], cacheFolder: cache)
        var result = try [UInt8](Data(contentsOf: URL(fileURLWithPath: file)))
        let first = try #require(LintCache.entries(in: cache).map(\.offset).min())
        result[first + 3] ^= 0x20
        try Data(result).write(to: URL(fileURLWithPath: file))
        let (read, statistics) = try Self.cachedRun([folder.path + "/specs"], cacheFolder: cache)
        #expect(statistics.linted == 1 && statistics.entriesRead == 3)
        #expect(read.diagnostics == expected)
    }

    @Test func anotherBuildsCacheIsNotUsed() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("s.yaml", Self.spec)
        let cache = folder.path + "/cache"
        let other = try folder.write("other-executable", "not this build")
        _ = try Self.cachedRun([path], cacheFolder: cache)
        Self.letTheClockMove()
        #expect(try Self.cachedRun([path], cacheFolder: cache, executable: other).1.linted == 1)
        #expect(try Self.cachedRun([path], cacheFolder: cache).1.linted == 1)
        // The other build's executable changed: its stamp differs, and it is identified anew.
        try "another build".write(toFile: other, atomically: false, encoding: .utf8)
        #expect(try Self.cachedRun([path], cacheFolder: cache, executable: other).1.linted == 1)
    }

    @Test func aChangedConfigurationOrAFileItExtendsIsAMiss() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("app/s.yaml", Self.spec)
        try folder.write("app/.progress-lint.yml", "extends: ../base.yml\n")
        try folder.write("base.yml", "rules:\n  vague-label: warning\n")
        let cache = folder.path + "/cache"
        _ = try Self.cachedRun([path], cacheFolder: cache)
        Self.letTheClockMove()
        #expect(try Self.cachedRun([path], cacheFolder: cache).1.unread == 1)
        try folder.write("base.yml", "rules:\n  vague-label: error\n")
        let (result, statistics) = try Self.cachedRun([path], cacheFolder: cache)
        #expect(statistics.linted == 1)
        #expect(result.diagnostics == runner().run([path]).diagnostics)
        #expect(result.diagnostics.contains { $0.ruleID == "vague-label" && $0.severity == .error })
        try folder.write("app/.progress-lint.yml", "extends: ../base.yml\nthresholds:\n  attention: 20s\n")
        #expect(try Self.cachedRun([path], cacheFolder: cache).1.linted == 1)
    }

    @Test func aProfileChangeIsAConfigurationChange() throws {
        let folder = try TemporaryFolder()
        try folder.write("app/.progress-lint.yml", "extends: progress-lint:gnome\n")
        let path = try folder.write("app/a.yaml", Self.spec)
        let cache = folder.path + "/cache"
        _ = try Self.cachedRun([path], cacheFolder: cache)
        Self.letTheClockMove()
        let again = try Self.cachedRun([path], cacheFolder: cache)
        #expect(again.1.linted == 0 && again.0.configurationErrors.isEmpty, "\(again.1)")   // the same profile: a hit
        for profile in ["progress-lint:carbon", "progress-lint:nielsen", "progress-lint:salt"] {
            try folder.write("app/.progress-lint.yml", "extends: \(profile)\n")
            #expect(try Self.cachedRun([path], cacheFolder: cache).1.linted == 1, "\(profile)")
        }
    }

    @Test func theConfigurationKeyCoversEveryFieldThatChangesFindings() throws {
        let linter = RuleRegistry.makeLinter()
        // A field added to Configuration must be considered here (and in CacheKey) before this passes.
        #expect(Mirror(reflecting: Configuration()).children.compactMap(\.label) == CacheKey.configurationFields)
        #expect(Mirror(reflecting: Thresholds()).children.compactMap(\.label) == CacheKey.thresholdsFields)
        #expect(Mirror(reflecting: Limits()).children.compactMap(\.label) == CacheKey.limitsFields)
        #expect(Mirror(reflecting: YAMLLimits()).children.compactMap(\.label) == CacheKey.yamlLimitsFields)
        let base = CacheKey.configuration(Configuration(), linter: linter)
        var changes: [Configuration] = []
        var c = Configuration(); c.platform = .ios; changes.append(c)
        c = Configuration(); c.thresholds.instant = .seconds(0.2); changes.append(c)
        c = Configuration(); c.thresholds.noticeable = .seconds(2); changes.append(c)
        c = Configuration(); c.thresholds.attention = .seconds(20); changes.append(c)
        c = Configuration(); c.thresholds.showAfterMax = .seconds(3); changes.append(c)
        c = Configuration(); c.thresholds.updatesEveryMax = .seconds(3); changes.append(c)
        c = Configuration(); c.thresholds.determinateAfter = .seconds(30); changes.append(c)
        c = Configuration(); c.thresholds.determinateAfter = .seconds(10); changes.append(c)
        c = Configuration(); c.thresholds.minDisplay = .seconds(1); changes.append(c)
        c = Configuration(); c.profiles = ["progress-lint:nielsen"]; changes.append(c)
        c = Configuration(); c.limits.maxFileSize = 1024; changes.append(c)
        c = Configuration(); c.limits.maxDiagnosticsPerFile = 5; changes.append(c)
        c = Configuration(); c.limits.yaml.maxDepth = 9; changes.append(c)
        c = Configuration(); c.limits.yaml.maxAliasNodes = 9; changes.append(c)
        c = Configuration(); c.limits.yaml.maxAliasBytes = 9; changes.append(c)
        c = Configuration(); c.rules["vague-label"] = .off; changes.append(c)
        c = Configuration(); c.rules["vague-label"] = .on(.error); changes.append(c)
        c = Configuration(); c.options[VagueLabel.labels] = VagueLabel.Labels(["Working"]); changes.append(c)
        c = Configuration(); c.options[VagueLabel.labels] = VagueLabel.Labels(["Work", "ing"]); changes.append(c)
        c = Configuration(); c.options[VagueLabel.labels] = VagueLabel.Labels(["Working", ""]); changes.append(c)
        c = try ConfigurationLoader(rules: RuleRegistry.descriptions).load(Array("components:\n  AppSpinner: UIActivityIndicatorView\n".utf8),
                                                             path: "c.yml", directory: "/")
        #expect(!c.components.isEmpty)
        changes.append(c)
        for (n, changed) in changes.enumerated() { #expect(CacheKey.configuration(changed, linter: linter) != base, "change \(n)") }
        // Every change is a key of its own: no two collide.
        #expect(Set(changes.map { CacheKey.configuration($0, linter: linter) }).count == changes.count)
        // The same configuration, made again, has the same key.
        #expect(CacheKey.configuration(Configuration(), linter: linter) == base)
        // Where the file is and what it was read from do not change what a spec reports.
        c = Configuration(); c.path = "x/.progress-lint.yml"; c.directory = "x"; c.sources = ["platform": "x"]
        c.docsURL = "https://example.com/rules/"
        #expect(CacheKey.configuration(c, linter: linter) == base)
    }

    @Test func entriesOfFilesThatAreGoneArePrunedByARunOverMostOfTheirShard() throws {
        let folder = try TemporaryFolder()
        for i in 0..<3 { try folder.write("specs/s\(i).yaml", Self.spec) }
        let cache = folder.path + "/cache"
        _ = try Self.cachedRun([folder.path + "/specs"], cacheFolder: cache)
        try FileManager.default.removeItem(atPath: folder.path + "/specs/s1.yaml")
        // A run over one file of the three rewrites the shard without looking for the others' files.
        try folder.write("specs/s0.yaml", Self.spec + "# edited\n")
        _ = try Self.cachedRun([folder.path + "/specs/s0.yaml"], cacheFolder: cache)
        #expect(LintCache.entries(in: cache).count == 3)
        // A run over the folder keeps the other existing file's entry, drops the deleted one's.
        try folder.write("specs/s0.yaml", Self.spec + "# edited again\n")
        _ = try Self.cachedRun([folder.path + "/specs"], cacheFolder: cache)
        #expect(LintCache.entries(in: cache).count == 2)
    }

    @Test func aFolderThatCannotBeMadeIsReportedAndTheRunGoesOnWithout() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("a-file", "x")
        guard case .failure(let unavailable) = LintCache.load(folder: file + "/cache") else {
            Issue.record("a cache under a file was opened")
            return
        }
        #expect(unavailable.description.contains("this run is not cached"))
    }

    @Test func aHalfWarmRunAtAnyJobsKeepsTheWalksOrderOfRecordsResultsProblemsAndSkippedFiles() throws {
        let folder = try TemporaryFolder()
        for i in 0..<240 {
            let name = "specs/d\(i % 9)/s\(String(i + 1000)).yaml"
            switch i % 11 {
            case 3: try folder.write(name, "title: not a spec\n")  // skipped as not a spec
            case 7: try folder.write(name, "screen: [")  // a syntax error
            default: try folder.write(name, Self.spec.replacingOccurrences(of: "Upload", with: "U\(i % 5)"))
            }
        }
        // Files that cannot be read: links to nothing.
        for i in 0..<4 {
            #expect(symlink(folder.path + "/nowhere\(i)", folder.path + "/specs/d\(i)/gone\(i).yaml") == 0)
        }
        let specs = folder.path + "/specs"
        let cache = folder.path + "/cache"
        Self.letTheClockMove()
        _ = try Self.cachedRun([specs], cacheFolder: cache)
        // Half the files changed since: their records miss, and they are linted among the kept ones.
        for i in stride(from: 0, to: 240, by: 2) where i % 11 != 3 && i % 11 != 7 {
            try folder.write("specs/d\(i % 9)/s\(String(i + 1000)).yaml", Self.spec.replacingOccurrences(of: "Upload", with: "E\(i)"))
        }
        let expected = runner().run([specs])
        #expect(expected.skipped > 0 && expected.problems.count == 4 && !expected.diagnostics.isEmpty)
        for jobs in [1, 2, 3, 8] {
            var cached = runner(jobs: jobs)
            cached.cache = try LintCache.load(folder: cache, shardCount: 1).get()
            let result = cached.run([specs])
            #expect(result.diagnostics == expected.diagnostics, "jobs \(jobs)")
            #expect(Array(result.files) == Array(expected.files), "jobs \(jobs)")
            #expect(result.problems == expected.problems, "jobs \(jobs)")
            #expect(result.skipped == expected.skipped, "jobs \(jobs)")
            #expect(result.inventory == expected.inventory, "jobs \(jobs)")
            #expect(cached.cache!.statistics.unread > 0, "jobs \(jobs)")
        }
    }

    @Test func aRunOverOneFileReadsAndRewritesOnlyTheShardOfThatFile() throws {
        let folder = try TemporaryFolder()
        for i in 0..<40 { try folder.write("specs/s\(i).yaml", Self.spec.replacingOccurrences(of: "Upload", with: "U\(i)")) }
        let cache = folder.path + "/cache"
        func lintOne(_ path: String) throws -> LintCache.Statistics {
            var runner = runner()
            runner.cache = try LintCache.load(folder: cache).get()
            _ = runner.run([path])
            #expect(runner.cache!.save() == nil)
            return runner.cache!.statistics
        }
        Self.letTheClockMove()
        var all = runner()
        all.cache = try LintCache.load(folder: cache).get()
        _ = all.run([folder.path + "/specs"])
        #expect(all.cache!.save() == nil)
        let shards = LintCache.shardFiles(in: cache)
        #expect(shards.count > 10)
        func stamps() -> [String: FileStamp?] {
            Dictionary(uniqueKeysWithValues: shards.map { ($0, FileStamp.of(Array((cache + "/" + $0).utf8))) })
        }
        // A file named on the command line is keyed apart from the same file found in a folder:
        // its first run alone makes its entry.
        let one = folder.path + "/specs/s7.yaml"
        #expect(try lintOne(one).linted == 1)
        Self.letTheClockMove()
        let before = stamps()
        let unchanged = try lintOne(one)
        #expect(unchanged.unread == 1 && unchanged.entriesRead < 40)
        #expect(stamps() == before, "nothing written")
        try folder.write("specs/s7.yaml", Self.spec.replacingOccurrences(of: "Upload", with: "Edited"))
        let edited = try lintOne(one)
        #expect(edited.linted == 1 && edited.entriesRead < 40)
        let after = stamps()
        #expect(shards.filter { after[$0] != before[$0] }.count == 1, "one shard rewritten")
        #expect(LintCache.entries(in: cache).count == 40)
    }

    @Test func aRunOverAFewFilesAppendsToTheirShardUntilItWouldHoldTwiceItsEntries() throws {
        let (folder, cache, shard) = try Self.cachedSpecs(40)
        let whole = try #require(FileStamp.of(Array(shard.utf8)))
        var (appended, rewritten, largest) = (0, 0, whole.size)
        for edit in 0..<40 {
            try folder.write("specs/s7.yaml", Self.spec.replacingOccurrences(of: "Upload", with: "Edit\(edit)"))
            let before = try #require(FileStamp.of(Array(shard.utf8)))
            let (_, counts) = try Self.cachedRun([folder.path + "/specs/s7.yaml"], cacheFolder: cache)
            #expect(counts.linted == 1 && counts.unread == 0)
            let after = try #require(FileStamp.of(Array(shard.utf8)))
            if after.inode == before.inode {
                #expect(after.size > before.size)
                appended += 1
            } else {
                rewritten += 1
            }
            largest = max(largest, after.size)
        }
        // Mostly appended; rewritten whole before the file holds twice what its entries and index do.
        #expect(appended > 20 && rewritten > 0)
        #expect(largest <= 2 * (whole.size + 4096))
        // Every entry reads back, the one appended last too.
        #expect(LintCache.entries(in: cache).count == 40)
        Self.letTheClockMove()
        let (result, read) = try Self.cachedRun([folder.path + "/specs"], cacheFolder: cache)
        // The file named alone was linted as such (its entry is not the folder's): linted again here.
        #expect(read == .init(unread: 39, hashed: 0, linted: 1, entriesRead: 40))
        #expect(result.diagnostics == runner().run([folder.path + "/specs"]).diagnostics)
    }

    @Test func aShardPutInPlaceByAnotherRunSinceItWasReadIsNotAppendedTo() throws {
        let (folder, cache, shard) = try Self.cachedSpecs(10)
        try folder.write("specs/s3.yaml", Self.spec.replacingOccurrences(of: "Upload", with: "Edited"))
        // One run reads the shard for one file; another rewrites the shard before the first saves.
        var one = runner()
        one.cache = try LintCache.load(folder: cache, shardCount: 1).get()
        _ = one.run([folder.path + "/specs/s3.yaml"])
        try folder.write("specs/s5.yaml", Self.spec.replacingOccurrences(of: "Upload", with: "Edited too"))
        Self.letTheClockMove()
        _ = try Self.cachedRun([folder.path + "/specs"], cacheFolder: cache)
        let between = try #require(FileStamp.of(Array(shard.utf8)))
        #expect(one.cache!.save() == nil)
        let after = try #require(FileStamp.of(Array(shard.utf8)))
        #expect(after.inode != between.inode, "put in place whole, not appended to the other run's file")
        Self.letTheClockMove()
        let (result, read) = try Self.cachedRun([folder.path + "/specs"], cacheFolder: cache)
        #expect(read.unread + read.hashed + read.linted == 10)
        #expect(result.diagnostics == runner().run([folder.path + "/specs"]).diagnostics)
    }

    @Test func filesOutsideTheFolderTheCacheBelongsToAreLintedButNotKept() throws {
        let project = try TemporaryFolder(), other = try TemporaryFolder()
        let inside = try project.write("s.yaml", Self.spec)
        let outside = try other.write("s.yaml", Self.spec)
        let cache = project.path + "/" + CacheFolder.defaultName
        let root = CacheFolder.root(of: cache, option: nil, environment: nil)
        #expect(root == project.path)
        #expect(CacheFolder.root(of: cache, option: cache, environment: nil) == nil)
        for (path, kept) in [(outside, 0), (project.path + "/../" + other.path.split(separator: "/").last! + "/s.yaml", 0),
                             (inside, 1)] {
            var runner = runner()
            runner.cache = try LintCache.load(folder: cache, root: root).get()
            let result = runner.run([path])
            #expect(runner.cache!.save() == nil)
            #expect(result.diagnostics == LintTestSupport.runner().run([path]).diagnostics)
            #expect(runner.cache!.statistics.linted == 1)
            #expect(LintCache.entries(in: cache).count == kept, "\(path)")
        }
    }

    @Test func twoRunsAtOnceLeaveAWholeCache() throws {
        let folder = try TemporaryFolder()
        for i in 0..<20 { try folder.write("specs/s\(i).yaml", Self.spec) }
        let cache = folder.path + "/cache"
        var a = runner(jobs: 2), b = runner(jobs: 2)
        a.cache = try LintCache.load(folder: cache, shardCount: 1).get()
        b.cache = try LintCache.load(folder: cache, shardCount: 1).get()
        let (x, y, specs) = (a, b, folder.path + "/specs")
        DispatchQueue.concurrentPerform(iterations: 2) { i in _ = (i == 0 ? x : y).run([specs]) }
        #expect(a.cache!.save() == nil)
        #expect(b.cache!.save() == nil)
        #expect(LintCache.entries(in: cache).count == 20)
        let names = try FileManager.default.contentsOfDirectory(atPath: cache).sorted()
        #expect(names == [".gitignore", "CACHEDIR.TAG", "lint-cache-00.bin", LintCache.fileName], "no temporary file left")
    }

    @Test func aCacheFileCutShortUnderTheRunIsMissedWhereItIsShortAndTheNextCacheIsWhole() throws {
        let folder = try TemporaryFolder()
        for i in 0..<30 { try folder.write("specs/s\(i).yaml", Self.spec.replacingOccurrences(of: "Upload", with: "U\(i)")) }
        let cache = folder.path + "/cache"
        let file = CacheShard.path(in: cache, number: 0)
        Self.letTheClockMove()
        _ = try Self.cachedRun([folder.path + "/specs"], cacheFolder: cache)
        let expected = runner().run([folder.path + "/specs"])
        let offsets = LintCache.entries(in: cache).map(\.offset).sorted()
        // Opened whole, then cut in place (by another program) halfway through its records: the
        // records past the cut cannot be read, nor copied, and are linted again.
        var runner = runner()
        runner.cache = try LintCache.load(folder: cache, shardCount: 1).get()
        runner.cache!.readEveryShard()
        #expect(truncate(file, off_t(offsets[15] + 10)) == 0)
        let result = runner.run([folder.path + "/specs"])
        #expect(runner.cache!.save() == nil)
        let statistics = runner.cache!.statistics
        #expect(statistics.entriesRead == 30 && statistics.unread == 15 && statistics.linted == 15)
        #expect(result.diagnostics == expected.diagnostics)
        #expect(Array(result.files) == Array(expected.files))
        #expect(result.inventory == expected.inventory)
        // The cache written is whole: every file read from it.
        Self.letTheClockMove()
        let (again, read) = try Self.cachedRun([folder.path + "/specs"], cacheFolder: cache)
        #expect(read == .init(unread: 30, hashed: 0, linted: 0, entriesRead: 30))
        #expect(again.diagnostics == expected.diagnostics)
    }

    @Test func theEntryTableFindsEachKeyByItsBytesAndRefusesOneTwice() {
        func entry(_ offset: Int) -> LintCache.Entry {
            LintCache.Entry(stamp: FileStamp(device: 1, inode: UInt64(offset), size: 3, modified: 4, modifiedNanoseconds: 5,
                                             changed: 6, changedNanoseconds: 7),
                            settled: true, contentHash: 8, configuration: ConfigurationKey(9, 10), offset: offset,
                            length: 1, checksum: 11)
        }
        var table = EntryTable()
        let paths = (0..<100).map { "/work/specs/s\($0).yaml" } + [""]
        for (i, path) in paths.enumerated() {
            let added = table.append(key: Array(path.utf8), entry: entry(1000 - i))
            #expect(added)
        }
        let twice = table.append(key: Array("/work/specs/s7.yaml".utf8), entry: entry(5))
        #expect(!twice)
        #expect(table.count == paths.count)
        for (i, path) in paths.enumerated() {
            let place = Array(path.utf8).withUnsafeBytes { table.place(of: $0) }
            #expect(place.map { table[$0].offset } == 1000 - i)
            if let place { #expect(table.withKey(at: place) { Array($0) } == Array(path.utf8)) }
        }
        for missing in ["/work/specs/s100.yaml", "/work/specs/s1.yam", "work/specs/s1.yaml"] {
            #expect(Array(missing.utf8).withUnsafeBytes { table.place(of: $0) } == nil)
        }
        #expect(Array("x".utf8).withUnsafeBytes { EntryTable().place(of: $0) } == nil)
    }

    @Test func aRunAfterEditsKeepsEveryOtherEntryInTheOrderOfItsRecords() throws {
        let folder = try TemporaryFolder()
        for i in 0..<12 { try folder.write("specs/s\(i).yaml", Self.spec.replacingOccurrences(of: "Upload", with: "U\(i)")) }
        let cache = folder.path + "/cache"
        // Each run starts a clock tick after the files it reads were written (so their entries are settled).
        Self.letTheClockMove()
        _ = try Self.cachedRun([folder.path + "/specs"], cacheFolder: cache)
        for i in [3, 7, 8] {
            try folder.write("specs/s\(i).yaml", Self.spec.replacingOccurrences(of: "Upload", with: "Edited\(i)"))
        }
        Self.letTheClockMove()
        let (edited, counts) = try Self.cachedRun([folder.path + "/specs"], cacheFolder: cache)
        #expect(counts.linted == 3 && counts.unread == 9)
        #expect(edited.diagnostics == runner().run([folder.path + "/specs"]).diagnostics)
        // The fresh records first, then the copied ones; the index in the order of the records,
        // which lie one after another with no gap.
        let entries = LintCache.entries(in: cache)
        #expect(entries.count == 12)
        #expect(entries.map(\.offset) == entries.map(\.offset).sorted())
        for (a, b) in zip(entries, entries.dropFirst()) { #expect(a.offset + a.length == b.offset) }
        Self.letTheClockMove()
        let (again, read) = try Self.cachedRun([folder.path + "/specs"], cacheFolder: cache)
        #expect(read == .init(unread: 12, hashed: 0, linted: 0, entriesRead: 12))
        #expect(again.diagnostics == edited.diagnostics)
    }
}
