import Foundation
import Testing
import TestSupport

/// The cache never changes a report: a tree of specs (the examples and generated ones) goes
/// through rounds of random changes, and after each round every format, written by a run with
/// the cache, is byte for byte what a run with `--no-cache` writes.
@Suite struct CacheDifferentialTests {
    /// A seeded generator, so a failing round can be replayed.
    typealias Random = SplitMix64

    static let formats = ["text", "concise", "json", "sarif", "github", "junit", "gitlab", "html"]
    static let junitTimestamp = try! NSRegularExpression(pattern: "timestamp=\"[^\"]*\"")

    /// One generated spec: one to three screens of indicators, with the mistakes the rules look
    /// for, shared tasks at several locations (the cross-file rule), suppressions, non-ASCII
    /// labels (column units) and, now and then, broken YAML.
    static func spec(_ random: inout Random, number: Int) -> String {
        let platforms = ["ios", "android", "macos", "web", "ubuntu-touch", "watchos"]
        let labels = ["Loading", "Uploading photos", "Syncing mail…", "Téléchargement", "Preparing 12 items", "Please wait",
                      "データを同期しています", "Saving 🚀"]
        var text = random.chance(20) ? "# generated spec \(number)\n" : ""
        for screen in 0..<(1 + random.below(3)) {
            if screen > 0 { text += "---\n" }
            text += "version: 1\nplatform: \(random.pick(platforms))\nscreen: Screen \(number)-\(screen)\nindicators:\n"
            for indicator in 0..<(1 + random.below(3)) {
                let style = random.pick(["spinner", "bar", "refresh-control"])
                text += "  - id: i\(indicator)\(random.chance(5) ? "" : "-\(number)")\n"
                text += "    style: \(style)\n"
                if random.chance(70) { text += "    task: \(random.pick(["sync", "upload", "download", "export", "search"]))\n" }
                if random.chance(60) {
                    text += "    location: \(random.pick(["content", "navigation-bar", "toolbar", "below-trigger", "status-bar"]))\n"
                }
                if random.chance(70) {
                    text += "    duration: \(random.pick(["200ms", "1s..5s", "5s..2m", "30s", "10m"]))\n"
                }
                if random.chance(60) {
                    if random.chance(25) {
                        text += "    # progress-lint-disable-next-line \(random.pick(["vague-label", "consistent-location"]))\n"
                    }
                    text += "    label: \(random.pick(labels))\n"
                }
                if style == "bar" && random.chance(60) { text += "    determinate: \(random.chance(70))\n" }
                if random.chance(30) { text += "    presentation: \(random.pick(["inline", "card", "overlay", "full-screen"]))\n" }
                if random.chance(30) { text += "    cancel: \(random.chance(50))\n" }
                if random.chance(25) {
                    text += "    accessibility:\n      label: \(random.pick(labels))\n"
                    if random.chance(50) { text += "      announce: {start: \(random.pick(labels))}\n" }
                }
                if random.chance(20) { text += "    reduce-motion: \(random.pick(["stop-animation", "none"]))\n" }
                if random.chance(3) { text += "    colour: red\n" }
            }
        }
        if random.chance(4) { text += "  - [unclosed\n" }
        return text
    }

    /// Every format's report of `arguments` run in `root` (JUnit's timestamps masked), and the exit status.
    static func reports(_ arguments: [String], in root: String, out: String) throws -> [String] {
        var command = arguments
        for format in formats { command += ["--format", format, "--output", out + "/report." + format] }
        // The default folder (beside no config: in `root`), not the one the other tests share.
        let run = try CommandTests.run(command, environment: ["PROGRESS_LINT_CACHE_DIR": ""], in: root)
        var texts = ["status \(run.status)", "stdout " + run.stdout, "stderr " + run.stderr]
        for format in formats {
            var text = try String(contentsOfFile: out + "/report." + format, encoding: .utf8)
            if format == "junit" {
                text = junitTimestamp.stringByReplacingMatches(
                    in: text, range: NSRange(text.startIndex..., in: text), withTemplate: "timestamp=\"-\"")
            }
            texts.append(format + " " + text)
        }
        return texts
    }

    static func write(_ text: String, to path: String) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        try text.write(toFile: path, atomically: false, encoding: .utf8)
    }

    /// The copy of the binary whose build is another: one byte more at its end (a hash of its
    /// bytes identifies a build without a build-id note; with one, a byte of the note is changed).
    static func otherBuild(in folder: String) throws -> String {
        let copy = folder + "/progress-lint-other"
        var bytes = try [UInt8](Data(contentsOf: CommandTests.binary))
        if let note = buildIDNote(bytes) { bytes[note] ^= 0xFF } else { bytes.append(0) }
        try Data(bytes).write(to: URL(fileURLWithPath: copy))
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: copy)
        return copy
    }

    /// Where the first byte of an ELF64 file's GNU build-id is, if it has one.
    static func buildIDNote(_ bytes: [UInt8]) -> Int? {
        func load(_ at: Int, _ size: Int) -> Int {
            guard at >= 0, at + size <= bytes.count else { return 0 }
            return (0..<size).reduce(0) { $0 | Int(bytes[at + $1]) << (8 * $1) }
        }
        guard bytes.count > 64, bytes[0..<4] == [0x7F, 0x45, 0x4C, 0x46] else { return nil }
        let table = load(0x20, 8), size = load(0x36, 2)
        for i in 0..<load(0x38, 2) where load(table + i * size, 4) == 4 {
            var at = load(table + i * size + 8, 8)
            let end = at + load(table + i * size + 32, 8)
            while at + 12 <= end {
                let name = load(at, 4), desc = load(at + 4, 4), type = load(at + 8, 4)
                let descStart = at + 12 + (name + 3) / 4 * 4
                if type == 3 && name == 4 && desc > 0 { return descStart }
                at = descStart + (desc + 3) / 4 * 4
            }
        }
        return nil
    }

    /// The cache knows a file by where it is; a report shows it as it was named. Named by its
    /// absolute path, then relative to the working folder (and back), every format shows the
    /// name of this run, as `--no-cache` does (JSON's and HTML's `screens[].path` had kept the first).
    @Test func aFileNamedAnotherWayIsReportedAsThisRunNamesIt() throws {
        let root = try CommandTests.temporaryFolder()
        let out = try CommandTests.temporaryFolder()
        defer {
            try? FileManager.default.removeItem(atPath: root)
            try? FileManager.default.removeItem(atPath: out)
        }
        var random = Random(state: 7)
        for number in 0..<4 { try Self.write(Self.spec(&random, number: number), to: root + "/specs/s\(number).yaml") }
        for arguments in [[root + "/specs"], ["specs"], [root + "/specs"], ["./specs"], ["specs"]] {
            let cached = try Self.reports(arguments, in: root, out: out)
            let uncached = try Self.reports(arguments + ["--no-cache"], in: root, out: out)
            #expect(cached == uncached, "\(arguments)")
            #expect(cached.contains { $0.hasPrefix("json ") && $0.contains("\"path\": \"\(arguments[0].hasPrefix("/") ? root + "/" : "")specs/s0.yaml\"") },
                    "\(arguments)")
        }
    }

    @Test func everyFormatWithTheCacheEqualsNoCacheThroughRandomChanges() throws {
        let rounds = Int(ProcessInfo.processInfo.environment["PROGRESS_LINT_CACHE_ROUNDS"] ?? "") ?? 50
        // 40 generated specs (the issue says 200; PROGRESS_LINT_CACHE_SPECS=200 runs that) keep 50 rounds of
        // two runs in eight formats within a minute or two on a loaded machine.
        let specCount = Int(ProcessInfo.processInfo.environment["PROGRESS_LINT_CACHE_SPECS"] ?? "") ?? 40
        let root = try CommandTests.temporaryFolder()
        let out = try CommandTests.temporaryFolder()
        defer {
            try? FileManager.default.removeItem(atPath: root)
            try? FileManager.default.removeItem(atPath: out)
        }
        try FileManager.default.copyItem(atPath: IntegrationCommandTests.packageRoot.appendingPathComponent("Examples").path,
                                         toPath: root + "/Examples")
        var random = Random(state: 23)
        // Generated specs under a config that extends a shared one.
        try Self.write("thresholds:\n  attention: 10s\nrules:\n  uneven-pacing: warning\n", to: root + "/shared/base.yml")
        try Self.write("extends: ../shared/base.yml\nplatform: ios\n", to: root + "/generated/.progress-lint.yml")
        // YAML that is not a spec, found in a folder: skipped, not linted, with or without the cache.
        try Self.write("services:\n  web: {image: nginx}\n", to: root + "/generated/tools/compose.yaml")
        var specs: [String] = []
        var made = 0
        func add() throws {
            let path = "generated/\(random.pick(["a", "b", "c", "d/e"]))/spec-\(made).yaml"
            try Self.write(Self.spec(&random, number: made), to: root + "/" + path)
            specs.append(path)
            made += 1
        }
        for _ in 0..<specCount { try add() }
        let other = try Self.otherBuild(in: out)
        // The cache's files: `lint-cache.bin` and its shards.
        let cacheFolder = root + "/.progress-lint-cache"
        func cacheFiles() -> [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: cacheFolder)) ?? [])
                .filter { $0.hasPrefix("lint-cache") }.sorted().map { cacheFolder + "/" + $0 }
        }
        func cacheDates() -> [Date?] {
            cacheFiles().map { try? FileManager.default.attributesOfItem(atPath: $0)[.modificationDate] as? Date }
        }
        var hitRounds = 0

        for round in 0..<rounds {
            var changes: [String] = []
            // Edits, deletions, additions, renames, a touch that changes nothing.
            for _ in 0..<random.below(6) {
                let i = random.below(specs.count)
                switch random.below(5) {
                case 0:
                    try Self.write(Self.spec(&random, number: i), to: root + "/" + specs[i])
                    changes.append("edit \(specs[i])")
                case 1 where specs.count > 20:
                    try FileManager.default.removeItem(atPath: root + "/" + specs[i])
                    changes.append("delete \(specs[i])")
                    specs.remove(at: i)
                case 2:
                    try add()
                    changes.append("add \(specs.last!)")
                case 3:
                    let renamed = specs[i].replacingOccurrences(of: ".yaml", with: "-r\(round).yaml")
                    try FileManager.default.moveItem(atPath: root + "/" + specs[i], toPath: root + "/" + renamed)
                    changes.append("rename \(specs[i])")
                    specs[i] = renamed
                default:
                    try FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: root + "/" + specs[i])
                    changes.append("touch \(specs[i])")
                }
            }
            // An edit that keeps the size (the stamp's size says nothing then).
            if round % 7 == 3 {
                let path = root + "/" + specs[random.below(specs.count)]
                var text = try String(contentsOfFile: path, encoding: .utf8)
                text = text.replacingOccurrences(of: "spinner", with: "bar    ")
                try text.write(toFile: path, atomically: false, encoding: .utf8)
                changes.append("same-size edit")
            }
            if round % 5 == 1 {
                let level = random.pick(["off", "info", "warning", "error"])
                try Self.write("extends: ../shared/base.yml\nplatform: \(random.pick(["ios", "android"]))\nrules:\n"
                          + "  vague-label: \(level)\n", to: root + "/generated/.progress-lint.yml")
                changes.append("config")
            }
            if round % 5 == 3 {
                try Self.write("thresholds:\n  attention: \(random.pick(["8s", "10s", "20s"]))\nrules:\n  uneven-pacing: "
                          + "\(random.pick(["warning", "off"]))\n  consistent-location: \(random.pick(["info", "error"]))\n",
                          to: root + "/shared/base.yml")
                changes.append("extended config")
            }
            if round % 11 == 5, !cacheFiles().isEmpty, case let cacheFile = random.pick(cacheFiles()),
               var bytes = FileManager.default.contents(atPath: cacheFile), !bytes.isEmpty {
                if random.chance(50) {
                    bytes = bytes.prefix(bytes.count / 2)
                } else {
                    for _ in 0..<8 { bytes[random.below(bytes.count)] ^= 0x5A }
                }
                try bytes.write(to: URL(fileURLWithPath: cacheFile))
                changes.append("garbled cache")
            }
            let columnUnit = ["char", "utf16", "byte"][round % 3]
            let arguments = [".", "--column-unit", columnUnit, "--statistics"]
            let before = cacheDates()
            let cached: [String]
            if round % 13 == 9 {
                // Another build: its cache is not this one's.
                let run = try CommandTests.run([other] + arguments, environment: ["PROGRESS_LINT_CACHE_DIR": ""], in: root)
                #expect(run.stderr.isEmpty, "\(run.stderr)")
                changes.append("other build")
                cached = try Self.reports(arguments, in: root, out: out)
            } else {
                cached = try Self.reports(arguments, in: root, out: out)
            }
            let fresh = try Self.reports(arguments + ["--no-cache"], in: root, out: out)
            for (a, b) in zip(cached, fresh) where a != b {
                let what = changes.joined(separator: ", ")
                let withCache = String(a.prefix(3000)), without = String(b.prefix(3000))
                Issue.record("round \(round) (\(what)): the cached report differs:\n\(withCache)\n--- without the cache ---\n\(without)")
                return
            }
            if changes.isEmpty, !before.isEmpty, before == cacheDates() {
                hitRounds += 1
            }
        }
        #expect(FileManager.default.fileExists(atPath: root + "/.progress-lint-cache/.gitignore"))
        #expect(FileManager.default.fileExists(atPath: root + "/.progress-lint-cache/CACHEDIR.TAG"))
        // Rounds that changed nothing left the cache file as it was: every file was read from it.
        if rounds >= 20 { #expect(hitRounds > 0) }
    }
}
