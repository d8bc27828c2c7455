import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Numbers from specs, configs, baselines, standard input and the command line that no arithmetic
/// can take: each one is a diagnostic or an error at its position, and the other files of the run
/// are still reported.
@Suite struct NumericInputTests {
    /// 310 digits: a Double reads them as infinity.
    static let infinite = "1" + String(repeating: "0", count: 309)

    /// The 1-based line and column where `needle` starts in `text` (ASCII text).
    static func position(of needle: String, in text: String) -> String {
        let lines = text.components(separatedBy: "\n")
        for (i, line) in lines.enumerated() {
            if let range = line.range(of: needle) {
                return "\(i + 1):\(line.distance(from: line.startIndex, to: range.lowerBound) + 1)"
            }
        }
        return "not found"
    }

    /// `value` truncated as messages quote it.
    static func shown(_ value: String) -> String { value.count > 40 ? value.prefix(37) + "…" : value }

    /// Where each duration key goes: the lines under `  - id: a` with `VALUE` to replace.
    static let durationPlaces: [(key: String, lines: String)] = [
        ("duration", "    duration: VALUE\n"),
        ("show-after", "    show-after: VALUE\n"),
        ("updates-every", "    updates-every: VALUE\n"),
        ("progress-every", "    accessibility:\n      announce:\n        progress-every: VALUE\n"),
        ("repeat-every", "    accessibility:\n      announce:\n        repeat-every: VALUE\n"),
        ("after", "    stall:\n      after: VALUE\n      message: Still working\n"),
        ("follow-up-after", "    reduce-motion:\n      replace-with: Uploading\n      follow-up-after: VALUE\n"),
        ("duration", "    phases:\n      - {name: Upload, share: 1, duration: VALUE}\n"),
        ("auto-refresh", "    auto-refresh: VALUE\n"),
    ]

    static let hugeDurations = ["10000000000000000000h", infinite + "s", "169h", "604800001ms"]

    @Test(arguments: 0..<durationPlaces.count, hugeDurations)
    func aDurationOutOfRangeIsASchemaErrorAtItsValue(place: Int, value: String) throws {
        let (key, lines) = Self.durationPlaces[place]
        let spec = "screen: S\nindicators:\n  - id: a\n    style: bar\n    label: Uploading photos\n"
            + lines.replacingOccurrences(of: "VALUE", with: value)
        let dir = try Hostile.folder(with: "a.yaml", Array(spec.utf8))
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let run = try Hostile.run([dir])
        #expect(run.exited)
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        let expected = "\(dir)/a.yaml:\(Self.position(of: value, in: spec)): error: `\(key): \(Self.shown(value))` "
            + "is out of range; a duration is at most 168h (7 days) [spec-schema]"
        #expect(run.stdout.contains(expected), "\(run.stdout)")
        #expect(run.stdout.contains(dir + "/" + Hostile.companionDiagnostic))
        #expect(run.stdout.contains("in 2 files, 2 screens, 2 indicators"), "\(run.stdout)")
    }

    @Test func theLongestDurationIsAccepted() throws {
        let spec = "screen: S\nindicators:\n  - {id: a, style: bar, determinate: true, duration: 1s..168h, updates-every: 1s}\n"
        let dir = try Hostile.folder(with: "a.yaml", Array(spec.utf8))
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let run = try Hostile.run([dir])
        #expect(run.exited)
        #expect(!run.stdout.contains("out of range"), "\(run.stdout)")
    }

    @Test func aRangeWithAnInfiniteUpperBoundIsAnError() throws {
        let value = "2s.." + Self.infinite + "h"
        let spec = "screen: S\nindicators:\n  - {id: a, style: bar, duration: \(value)}\n"
        let dir = try Hostile.folder(with: "a.yaml", Array(spec.utf8))
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let run = try Hostile.run([dir, "--format", "json"])
        #expect(run.status == 1)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(run.stdoutBytes)) as? [String: Any])
        let files = try #require(report["files"] as? [[String: Any]])
        #expect(files.count == 2)
        let diagnostics = try #require(report["diagnostics"] as? [[String: Any]])
        #expect(diagnostics.contains { ($0["rule"] as? String) == "obstructive-needs-exit" })
        let schema = try #require(diagnostics.first { ($0["rule"] as? String) == "spec-schema" })
        #expect((schema["message"] as? String)?.contains("is out of range; a duration is at most 168h") == true)
        #expect(schema["line"] as? Int == 3)
        #expect(schema["column"] as? Int == 35)
    }

    /// A config in `cfg/` with `text`, the companion beside it (outside `cfg/`): the run goes on.
    func runWithConfig(_ text: String, extra: [String] = []) throws -> (run: Hostile.Run, dir: String) {
        let dir = try Hostile.temporaryFolder()
        try FileManager.default.createDirectory(atPath: dir + "/cfg", withIntermediateDirectories: true)
        try Hostile.write(Hostile.companion, to: dir + "/companion.yaml")
        try Hostile.write("screen: T\nindicators: []\n", to: dir + "/cfg/b.yaml")
        try Hostile.write(text, to: dir + "/cfg/.progress-lint.yml")
        let run = try Hostile.run([dir + "/companion.yaml", dir + "/cfg/b.yaml"] + extra)
        #expect(run.exited)
        return (run, dir)
    }

    @Test(arguments: ["100000000000000000000h", infinite + "ms", "169h"])
    func aThresholdOutOfRangeIsAConfigurationError(value: String) throws {
        let (run, dir) = try runWithConfig("thresholds:\n  attention: \(value)\n")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(run.status == 2)
        #expect(run.stderr.contains("progress-lint: configuration error: \(dir)/cfg/.progress-lint.yml:2:14: "
                                    + "`attention: \(Self.shown(value))` is out of range; a duration is at most 168h"),
                "\(run.stderr)")
        #expect(run.stdout.contains(dir + "/" + Hostile.companionDiagnostic), "\(run.stdout)")
        let printed = try Hostile.run(["--print-config", dir + "/cfg/b.yaml"])
        #expect(printed.exited)
        #expect(printed.status == 2)
        #expect(printed.stderr.contains("cfg/.progress-lint.yml:2:14: `attention: "), "\(printed.stderr)")
    }

    static let badSizes: [(value: String, words: String)] = [
        ("1e30MB", "is not a size; write a whole number of bytes, or a number with KB, MB or GB"),
        ("infB", "is not a size"),
        ("nanMB", "is not a size"),
        ("1e400KB", "is not a size"),
        ("-1KB", "is not a size"),
        ("0x10", "is not a size"),
        ("8589934592GB", "is above the ceiling of 1GB"),
        ("9223372036854775807", "is above the ceiling of 1GB"),
        ("99999999999999999999999999", "is above the ceiling of 1GB"),
        ("1025MB", "is above the ceiling of 1GB"),
        ("0.0000001KB", "is not a whole number of bytes (1KB is 1024 bytes)"),
        ("1.1KB", "is not a whole number of bytes"),
        ("0.5B", "is not a whole number of bytes"),
        ("0", "must be at least 1 byte"),
        ("0.0KB", "must be at least 1 byte"),
    ]

    @Test(arguments: 0..<badSizes.count)
    func aMaxFileSizeThatIsNotAWholeNumberOfBytesInRangeIsAConfigurationError(index: Int) throws {
        let (value, words) = Self.badSizes[index]
        let (run, dir) = try runWithConfig("limits:\n  max-file-size: \(value)\n")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(run.status == 2)
        #expect(run.stderr.contains("\(dir)/cfg/.progress-lint.yml:2:18: `max-file-size: \(value)` \(words)"),
                "\(run.stderr)")
        #expect(run.stdout.contains(dir + "/" + Hostile.companionDiagnostic))
    }

    @Test func aFractionalSizeThatComesToWholeBytesIsItsByteCount() throws {
        // 1.5KB is 1,536 bytes: a 1,537-byte spec is one byte too many.
        let spec = Array("screen: S\nindicators: []\n".utf8) + Hostile.repeated("#", 1537 - 25)
        let dir = try Hostile.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Hostile.write("limits:\n  max-file-size: 1.5KB\n", to: dir + "/.progress-lint.yml")
        try Hostile.write(spec, to: dir + "/big.yaml")
        try Hostile.write(Hostile.companion, to: dir + "/companion.yaml")
        let run = try Hostile.run([dir])
        #expect(run.status == 1)
        #expect(run.stdout.contains("big.yaml:3:1512: error: the file is larger than 1536 bytes (limits.max-file-size)"),
                "\(run.stdout)")
        #expect(run.stdout.contains(dir + "/" + Hostile.companionDiagnostic))
    }

    @Test func aFileLongerThanItsReportedSizeIsReadUnderTheLargestLimit() throws {
        // /proc/self/status reports 0 bytes and holds more; the largest limit must not overflow.
        let dir = try Hostile.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Hostile.write("limits:\n  max-file-size: 1GB\n", to: dir + "/.progress-lint.yml")
        try Hostile.write(Hostile.companion, to: dir + "/companion.yaml")
        #expect(symlink("/proc/self/status", dir + "/status.yaml") == 0)
        // Named: its keys (`Name`, `State`) are not a spec's: a folder walk would skip it, named it gets one finding.
        let run = try Hostile.run([dir + "/status.yaml", dir + "/companion.yaml"])
        #expect(run.exited)
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stdout.contains(dir + "/status.yaml:1:1: error: the file does not look like a screen spec"), "\(run.stdout)")
        #expect(run.stdout.contains(dir + "/" + Hostile.companionDiagnostic))
    }

    // MARK: Baselines

    func baselineRun(_ entries: String, config: String? = nil, extra: [String] = []) throws -> (Hostile.Run, String) {
        let dir = try Hostile.temporaryFolder()
        try Hostile.write(Hostile.companion, to: dir + "/companion.yaml")
        try Hostile.write("screen: T\nindicators: []\n", to: dir + "/b.yaml")
        if let config { try Hostile.write(config, to: dir + "/.progress-lint.yml") }
        try Hostile.write("{\"version\": 1, \"entries\": [\n" + entries + "\n]}\n", to: dir + "/baseline.json")
        let run = try Hostile.run(["companion.yaml", "b.yaml", "--baseline", "baseline.json"] + extra, in: dir)
        #expect(run.exited)
        return (run, dir)
    }

    static let companionEntry =
        "{\"path\": \"companion.yaml\", \"rule\": \"obstructive-needs-exit\", \"yamlPath\": \"indicators[a]\", \"count\": COUNT}"

    @Test func twoEntriesOfTheLargestCountAddUpWithoutTrapping() throws {
        let entry = Self.companionEntry.replacingOccurrences(of: "COUNT", with: "9223372036854775807")
        let (run, dir) = try baselineRun(entry + ",\n" + entry)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(run.status == 0, "\(run.stdout)")
        #expect(!run.stdout.contains("obstructive-needs-exit"), "\(run.stdout)")
        #expect(run.stdout.contains("in 2 files, 2 screens, 1 indicator"), "\(run.stdout)")
        #expect(run.stderr.contains("no longer matches (9223372036854775806 fixed)"), "\(run.stderr)")
    }

    @Test(arguments: ["\"1e3\"", "\"abc\"", "1e3", "-1", "0", "1.5", "\"2\"", "99999999999999999999", "[1]"])
    func aCountThatIsNotAWholeNumberFromOneIsAnErrorNamingTheEntry(count: String) throws {
        let entry = Self.companionEntry.replacingOccurrences(of: "COUNT", with: count)
        let (run, dir) = try baselineRun(entry)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(run.status == 2)
        let column = Self.position(of: count, in: entry).split(separator: ":")[1]
        #expect(run.stderr.contains("progress-lint: baseline.json:2:\(column): the entry for companion.yaml "
                                    + "(obstructive-needs-exit) has `count: "), "\(run.stderr)")
        #expect(run.stderr.contains("a count is a whole number from 1 to 9223372036854775807"))
    }

    @Test func aBaselineLargerThanMaxFileSizeIsRefusedUnread() throws {
        let entry = Self.companionEntry.replacingOccurrences(of: "COUNT", with: "1")
        let entries = Array(repeating: entry, count: 20).joined(separator: ",\n")
        let (run, dir) = try baselineRun(entries, config: "limits:\n  max-file-size: 1KB\n")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(run.status == 2)
        #expect(run.stderr.contains("progress-lint: the baseline baseline.json is larger than 1KB "
                                    + "(limits.max-file-size); it was not read"), "\(run.stderr)")
    }

    @Test func aHugeBaselineIsRefusedAtTheDefaultLimit() throws {
        // 250 MB, sparse: refused after reading at most the 10 MB limit.
        let (_, dir) = try baselineRun("")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(truncate(dir + "/baseline.json", 250 << 20) == 0)
        let run = try Hostile.run(["companion.yaml", "b.yaml", "--baseline", "baseline.json"], in: dir)
        #expect(run.exited)
        #expect(run.status == 2)
        #expect(run.stderr.contains("the baseline baseline.json is larger than 10MB (limits.max-file-size)"),
                "\(run.stderr)")
    }

    // MARK: Standard input

    @Test func standardInputPastTheConfiguredMaxFileSizeGetsTheSizeDiagnostic() throws {
        let dir = try Hostile.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Hostile.write("limits:\n  max-file-size: 1KB\n", to: dir + "/.progress-lint.yml")
        try Hostile.write(Array("screen: S\nindicators: []\n".utf8) + Hostile.repeated("# pad\n", 1000), to: dir + "/in")
        let run = try Hostile.shell("cd \"$1\" && exec \"$0\" --stdin --stdin-filename x.yaml < in", [dir])
        #expect(run.exited)
        #expect(run.status == 1)
        #expect(run.stdout.hasPrefix("x.yaml:169:4: error: the file is larger than 1KB (limits.max-file-size); "
                                     + "it was not linted [yaml-syntax]"), "\(run.stdout)\(run.stderr)")
    }

    @Test func standardInputPastTheDefaultMaxFileSizeGetsTheSizeDiagnostic() throws {
        // 300 MB of comments from a pipe (past the old 256 MB buffer): over the default 10 MB, not read past it.
        let run = try Hostile.shell(
            "{ printf 'screen: S\\nindicators: []\\n'; head -c 314572800 /dev/zero | tr '\\0' '#'; } "
            + "| \"$0\" --stdin --stdin-filename in.yaml")
        #expect(run.exited)
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("in.yaml:3:10485736: error: the file is larger than 10MB (limits.max-file-size)"),
                "\(run.stdout.prefix(500))")
    }

    // MARK: Configuration files

    @Test func aSecondDocumentInAConfigurationIsAnError() throws {
        let (run, dir) = try runWithConfig("platform: ios\n---\nplatform: web\n")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(run.status == 2)
        #expect(run.stderr.contains("progress-lint: configuration error: \(dir)/cfg/.progress-lint.yml:2:1: "
                                    + "a configuration is one YAML document"), "\(run.stderr)")
        #expect(run.stdout.contains(dir + "/" + Hostile.companionDiagnostic))
    }

    @Test func aHugeConfigurationIsRefusedUnread() throws {
        // 250 MB, sparse: a configuration is read up to 1 MB.
        let (_, dir) = try runWithConfig("")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(truncate(dir + "/cfg/.progress-lint.yml", 250 << 20) == 0)
        let run = try Hostile.run([dir + "/companion.yaml", dir + "/cfg/b.yaml"])
        #expect(run.exited)
        #expect(run.status == 2)
        #expect(run.stderr.contains("progress-lint: configuration error: \(dir)/cfg/.progress-lint.yml: "
                                    + "the configuration is larger than 1 MB"), "\(run.stderr)")
        #expect(run.stdout.contains(dir + "/" + Hostile.companionDiagnostic))
    }

    @Test(arguments: ["loop", "dangling"])
    func aConfigurationThatIsABrokenLinkIsAnError(kind: String) throws {
        let dir = try Hostile.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: dir + "/cfg", withIntermediateDirectories: true)
        try Hostile.write(Hostile.companion, to: dir + "/companion.yaml")
        try Hostile.write("screen: T\nindicators: []\n", to: dir + "/cfg/b.yaml")
        #expect(symlink(kind == "loop" ? ".progress-lint.yml" : "nowhere.yml", dir + "/cfg/.progress-lint.yml") == 0)
        let run = try Hostile.run([dir + "/companion.yaml", dir + "/cfg/b.yaml"])
        #expect(run.exited)
        #expect(run.status == 2)
        let reason = kind == "loop" ? "Too many levels of symbolic links" : "No such file or directory"
        #expect(run.stderr.contains("progress-lint: configuration error: \(dir)/cfg/.progress-lint.yml: "
                                    + "cannot read the configuration: \(reason)"), "\(run.stderr)")
        #expect(run.stdout.contains(dir + "/" + Hostile.companionDiagnostic))
    }

    // MARK: Command line

    @Test func hugeJobsAreClampedWithANote() throws {
        let dir = try Hostile.folder(with: "b.yaml", Array("screen: T\nindicators: []\n".utf8))
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let run = try Hostile.run(["--jobs", "9223372036854775807", dir])
        #expect(run.exited)
        #expect(run.status == 1)
        #expect(run.stderr == "progress-lint: note: --jobs 9223372036854775807 is more than 64; using 64\n")
        #expect(run.stdout.contains(dir + "/" + Hostile.companionDiagnostic))
        #expect(run.stdout.contains("in 2 files, 2 screens, 1 indicator"))
    }

    @Test func hugeAndOverflowingNumbersOnTheCommandLineNeverTrap() throws {
        let dir = try Hostile.folder(with: "b.yaml", Array("screen: T\nindicators: []\n".utf8))
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let largest = try Hostile.run(["--max-warnings", "9223372036854775807", dir])
        #expect(largest.exited)
        #expect(largest.status == 1)
        // -1 is no limit, as in ESLint.
        let unlimited = try Hostile.run(["--max-warnings", "-1", dir])
        #expect(unlimited.exited)
        #expect(unlimited.status == 1, "\(unlimited.stderr)")
        #expect(!unlimited.stderr.contains("max-warnings"))
        for arguments in [["--max-warnings", "99999999999999999999"], ["--jobs", "-9223372036854775808"],
                          ["--jobs", "99999999999999999999"], ["--max-warnings", "-2"],
                          ["--max-warnings", "-9223372036854775808"]] {
            let run = try Hostile.run(arguments + [dir])
            #expect(run.exited, "\(arguments)")
            #expect(run.status == 2, "\(arguments): \(run.stderr)")
            #expect(run.stdout.isEmpty)
        }
    }
}
