import ProgressLintEngine
import ProgressLintRun
import ProgressLintWorkspace
import ProgressLintSupport

/// The JSON report for dashboards and scripts: `version`, `tool`, `summary` (counts by severity,
/// rule, platform and screen), `files`, `diagnostics` (with YAML path, range, docs link and a
/// line-independent fingerprint) and `inventory` (indicators by style and platform, and the share
/// that are determinate, have a Reduce Motion fallback, offer Cancel and announce completion), and
/// `screens` (each screen's effective thresholds and its indicators' timing and finding counts).
///
/// Its shape is described by `schemas/report.schema.json`. Fields are only ever added within a
/// `version`; `version` is bumped when one changes meaning or goes away.
public struct JSONReporter: Reporter {
    public static let name = "json"
    /// An earlier report of this format, by how its report starts (white space left out).
    public static func recognises(_ prefix: ReportPrefix) -> Bool {
        prefix.hasPrefix("{") && prefix.contains("\"tool\":{\"name\":\"\(Tool.name)\"")
    }
    public static let summary = "a JSON report for dashboards and scripts"
    /// The version of the report format; bumped when a field changes meaning or goes away.
    public static let formatVersion = 1

    public init() {}

    public func write(_ result: RunResult, context: ReportContext, to out: inout ReportStream) {
        let report = context.report(result)
        out.writeJSON { json in
            json.beginObject()
            json.key(literal: "version")
            json.int(JSONReporter.formatVersion)
            json.key(literal: "tool")
            json.value(.object([("name", .string(Tool.name)), ("version", .string(Tool.version))]))
            // A run that could not lint all it was asked to (exit 2) says so: `ok` false, and why.
            json.key(literal: "ok")
            json.value(.bool(result.isComplete))
            json.key(literal: "errors")
            json.value(.array(result.runErrors.map(JSONReporter.error)))
            json.key(literal: "columnUnit")
            json.string(context.columnUnit.rawValue)
            json.key(literal: "summary")
            // One pass over the findings' keys gives the summary's `byScreen`, each file's counts
            // (for `files`) and whether the findings come file after file (for their fingerprints).
            var keys = KeyPass()
            summary(result, report: report, keys: &keys, into: &json)
            // Files, diagnostics and screens are written one by one, never built as a whole, through
            // a buffer written by pointer (``ReportBuffer``).
            json.key(literal: "files")
            json.value(writtenBy: { out, level in
                files(report, counts: &keys.fileCounts, level: level, jobs: context.jobs, to: &out)
            })
            json.key(literal: "diagnostics")
            var findings = ScreenTimingJSON.Findings()
            json.value(writtenBy: { out, level in
                ReportBuffer.writing(to: &out) { buffer in
                    diagnostics(report, keys: keys, context: context, level: level, findings: &findings,
                                into: &buffer)
                }
            })
            json.key(literal: "inventory")
            json.value(inventory(result.inventory))
            // Each screen's thresholds and indicators' timing, ranges of files rendered on the run's jobs.
            json.key(literal: "screens")
            json.value(writtenBy: { out, level in
                ScreenTimingJSON.write(result, report: report, findings: findings, level: level, jobs: context.jobs,
                                       to: &out)
            })
            json.end()
        }
    }

    /// What the one pass over the findings' keys gathers besides `byScreen`.
    struct KeyPass {
        /// Whether the findings come file after file (``Fingerprint/Order``).
        var order = Fingerprint.Order()
        /// The findings' counts by path (runs of one path's bytes), in report order, with the
        /// position of the file they belong to once `files` is written (-1 for none).
        var fileCounts: [(path: String, counts: SeverityCounts, position: Int)] = []

        mutating func note(_ key: DiagnosticKey) {
            order.note(path: key.path)
            if let last = fileCounts.last, ByteOrder.same(last.path, key.path) {
                fileCounts[fileCounts.count - 1].counts.add(key.severity)
            } else {
                var counts = SeverityCounts()
                counts.add(key.severity)
                fileCounts.append((key.path, counts, -1))
            }
        }
    }

    /// Files in a piece of `files` rendered on its own (about 60 KB).
    static let filesPerPiece = 256

    /// The `files` array at nesting `level`, written to `stream`: each file with its screens' names and its
    /// findings' counts (those of the first file of their path's bytes, as ``RunReport/fileCounts`` gives
    /// them), rendered a range of files at a time on `jobs` threads (``ReportPieces``) and written
    /// in order. Which file each run of `counts` belongs to is found first, on this thread, from
    /// the paths' bytes alone.
    func files(_ report: RunReport, counts: inout [(path: String, counts: SeverityCounts, position: Int)],
               level: Int, jobs: Int, to stream: inout ReportStream) {
        let files = report.files
        guard !files.isEmpty else { return stream.write(ascii: "[]") }
        // The files with findings, by position, each with the counts of the run of `counts` it takes.
        var found: [(position: Int, counts: SeverityCounts)] = []
        if !counts.isEmpty {
            let reader = files.reader()
            var group = 0
            for position in files.indices where group < counts.count {
                reader.withPath(at: position) { path in
                    while group < counts.count && ByteOrder.compare(counts[group].path, path) < 0 { group += 1 }
                    if group < counts.count && ByteOrder.compare(counts[group].path, path) == 0 {
                        counts[group].position = position
                        found.append((position, counts[group].counts))
                        group += 1
                    }
                }
            }
        }
        let taken = found
        var first = true
        ReportPieces.write(
            count: (files.count - 1) / JSONReporter.filesPerPiece + 1, jobs: jobs, to: &stream,
            renderer: { FilePieces(files: files, found: taken, level: level) },
            write: { stream, buffer, _ in
                guard !buffer.written.isEmpty else { return }
                // Each piece starts its first file with `[`; after the first piece, with a comma.
                if !first { buffer.written[0] = 0x2C }
                first = false
                stream.write(block: UnsafeBufferPointer(buffer.written))
            })
        stream.write(lineBreakAfterComma: false, spaces: 2 * Swift.max(0, level))
        stream.write(byte: 0x5D)
    }

    /// Renders ranges of ``JSONReporter/filesPerPiece`` files of `files`, each as if it came first, on one thread.
    struct FilePieces: ReportPieceRenderer {
        let files: FileList.Reader
        /// The files with findings, by position, with their counts.
        let found: [(position: Int, counts: SeverityCounts)]
        let level: Int

        init(files: FileList, found: [(position: Int, counts: SeverityCounts)], level: Int) {
            self.files = files.reader()
            self.found = found
            self.level = level
        }

        mutating func render(_ piece: Int, into b: inout ReportBuffer) -> Int {
            let start = piece * JSONReporter.filesPerPiece
            let end = Swift.min(files.count, start + JSONReporter.filesPerPiece)
            guard start < end else { return 0 }
            // The first file with findings in the range.
            var next = 0, high = found.count
            while next < high {
                let middle = next + (high - next) / 2
                if found[middle].position < start { next = middle + 1 } else { high = middle }
            }
            let l = level + 1
            for position in start..<end {
                var counts = SeverityCounts()
                if next < found.count && found[next].position == position {
                    counts = found[next].counts
                    next += 1
                }
                b.put(byte: position == start ? 0x5B : 0x2C)
                b.newline(level: l)
                b.put(byte: 0x7B)
                b.member("path", level: l + 1, first: true)
                var screens = 0, indicators = 0, name = 0
                files.read(at: position, file: { path, screenCount, indicatorCount in
                    b.string(utf8: path.assumingMemoryBound(to: UInt8.self))
                    b.member("screens", level: l + 1)
                    screens = screenCount
                    indicators = indicatorCount
                }, name: { text in
                    b.put(byte: name == 0 ? 0x5B : 0x2C)
                    name += 1
                    b.newline(level: l + 2)
                    b.string(utf8: text.assumingMemoryBound(to: UInt8.self))
                })
                if screens == 0 {
                    b.put("[]")
                } else {
                    b.newline(level: l + 1)
                    b.put(byte: 0x5D)
                }
                b.member("indicators", level: l + 1)
                b.int(indicators)
                b.member("errors", level: l + 1)
                b.int(counts.errors)
                b.member("warnings", level: l + 1)
                b.int(counts.warnings)
                b.member("infos", level: l + 1)
                b.int(counts.infos)
                b.newline(level: l)
                b.put(byte: 0x7D)
            }
            return end - start
        }
    }

    /// The `diagnostics` array at nesting `level`, gathering on the way what `screens` counts.
    func diagnostics(_ report: RunReport, keys: KeyPass, context: ReportContext, level: Int,
                     findings: inout ScreenTimingJSON.Findings, into b: inout ReportBuffer) {
        var fingerprints = Fingerprint.Sequence(byFile: keys.order.isByFile)
        var first = true
        // The run of `keys.fileCounts` of each finding's path: where its file is.
        var run = 0
        for d in report.diagnostics {
            while run < keys.fileCounts.count && ByteOrder.compare(keys.fileCounts[run].path, d.path) < 0 { run += 1 }
            let position = run < keys.fileCounts.count && ByteOrder.same(keys.fileCounts[run].path, d.path)
                ? keys.fileCounts[run].position : -1
            b.put(byte: first ? 0x5B : 0x2C)
            first = false
            b.newline(level: level + 1)
            diagnostic(d, fingerprint: fingerprints.next(d), unit: context.columnUnit,
                       docs: context.documentationURI(for:), level: level + 1, into: &b)
            findings.add(d, position: position)
            b.endItem()
        }
        if first { return b.put("[]") }
        b.newline(level: level)
        b.put(byte: 0x5D)
    }

    /// One run error: its message, and its path, line and column when known.
    static func error(_ error: RunError) -> JSONValue {
        var fields: [(String, JSONValue)] = [("message", .string(error.message))]
        if let path = error.path { fields.append(("path", .string(path))) }
        if let line = error.line { fields.append(("line", .int(line))) }
        if let column = error.column { fields.append(("column", .int(column))) }
        return .object(fields)
    }

    func summary(_ result: RunResult, report: RunReport, keys: inout KeyPass, into json: inout JSONWriter) {
        // Counted as the run stored them, without reading the diagnostics (a large run has many).
        let counts = report.counts
        json.beginObject()
        for (name, count) in [("files", result.files.count), ("skipped", result.skipped), ("screens", result.screens),
                              ("indicators", result.indicators), ("errors", counts.errors),
                              ("warnings", counts.warnings), ("infos", counts.infos)] {
            json.key(name)
            json.int(count)
        }
        json.key(literal: "bySeverity")
        json.value(.object(Severity.allCases.reversed().map { s in (s.rawValue, .int(report.count(s))) }))
        json.key(literal: "byRule")
        json.value(JSONReporter.sorted(report.byRule))
        json.key(literal: "byPlatform")
        json.value(JSONReporter.sorted(report.byPlatform))
        json.key(literal: "byScreen")
        byScreen(report.diagnostics, keys: &keys, into: &json)
        json.end()
    }

    /// Counts by key, keys sorted.
    private static func sorted(_ counts: [String: Int]) -> JSONValue {
        .object(counts.keys.sorted().map { ($0, .int(counts[$0]!)) })
    }

    /// One entry per (file, screen) with diagnostics, in order of first finding; findings
    /// belonging to no screen have `screen: null`. Diagnostics come grouped by file, so one
    /// file's screens are counted at a time and written when the next file starts. Each key is
    /// noted in `keys` on the way.
    private func byScreen(_ shown: DiagnosticList, keys: inout KeyPass, into json: inout JSONWriter) {
        json.value(writtenBy: { out, level in
            ReportBuffer.writing(to: &out) { b in
                var path: String?
                var screens: [(screen: String?, counts: SeverityCounts)] = []
                var entries = 0
                // The text ``JSONWriter`` writes member by member: entries at `level` + 1.
                func flush() {
                    guard let path else { return }
                    for (screen, counts) in screens {
                        b.put(byte: entries == 0 ? 0x5B : 0x2C)
                        entries += 1
                        b.newline(level: level + 1)
                        b.put(byte: 0x7B)
                        b.member("path", level: level + 2, first: true)
                        b.string(path)
                        b.member("screen", level: level + 2)
                        b.string(screen)
                        b.member("total", level: level + 2)
                        b.int(counts.total)
                        b.member("errors", level: level + 2)
                        b.int(counts.errors)
                        b.member("warnings", level: level + 2)
                        b.int(counts.warnings)
                        b.member("infos", level: level + 2)
                        b.int(counts.infos)
                        b.newline(level: level + 1)
                        b.put(byte: 0x7D)
                    }
                    b.endItem()
                }
                for d in shown.keys {
                    keys.note(d)
                    if d.path != path {
                        flush()
                        path = d.path
                        screens.removeAll(keepingCapacity: true)
                    }
                    if let i = screens.firstIndex(where: { $0.screen == d.screen }) {
                        screens[i].counts.add(d.severity)
                    } else {
                        var counts = SeverityCounts()
                        counts.add(d.severity)
                        screens.append((d.screen, counts))
                    }
                }
                flush()
                if entries == 0 { return b.put("[]") }
                b.newline(level: level)
                b.put(byte: 0x5D)
            }
        })
    }

    func inventory(_ inventory: Inventory) -> JSONValue {
        func share(_ n: Int, of total: Int) -> JSONValue { total == 0 ? .null : .double(Double(n) / Double(total)) }
        func sorted(_ counts: [String: Int]) -> JSONValue { .object(counts.keys.sorted().map { ($0, .int(counts[$0]!)) }) }
        return .object([
            ("indicators", .int(inventory.indicators)),
            ("byStyle", sorted(inventory.byStyle)),
            ("byPlatform", sorted(inventory.byPlatform)),
            ("determinate", .int(inventory.determinate)),
            ("animated", .int(inventory.animated)),
            ("reduceMotionFallback", .int(inventory.reduceMotionFallback)),
            ("cancel", .int(inventory.cancel)),
            ("completionAnnouncement", .int(inventory.completionAnnouncement)),
            ("shares", .object([
                ("determinate", share(inventory.determinate, of: inventory.indicators)),
                ("reduceMotionFallback", share(inventory.reduceMotionFallback, of: inventory.animated)),
                ("cancel", share(inventory.cancel, of: inventory.indicators)),
                ("completionAnnouncement", share(inventory.completionAnnouncement, of: inventory.indicators)),
            ])),
        ])
    }

    /// One diagnostic's object at nesting `level` (its members one deeper), as ``JSONWriter`` writes it.
    func diagnostic(_ d: Diagnostic, fingerprint: String, unit: ColumnUnit = .char,
                    docs docsURI: (String) -> String? = { _ in nil }, level: Int, into b: inout ReportBuffer) {
        let m = level + 1
        b.put(byte: 0x7B)
        b.member("rule", level: m, first: true)
        b.string(d.ruleID)
        b.member("severity", level: m)
        b.string(d.severity.rawValue)
        b.member("message", level: m)
        b.string(d.message)
        b.member("path", level: m)
        b.string(d.path)
        b.member("line", level: m)
        b.int(d.range.start.line)
        b.member("column", level: m)
        b.int(d.startColumn(unit))
        b.member("endLine", level: m)
        b.int(d.range.end.line)
        b.member("endColumn", level: m)
        b.int(d.endColumn(unit))
        b.member("screen", level: m)
        b.string(d.screen)
        b.member("indicator", level: m)
        b.string(d.indicator)
        b.member("yamlPath", level: m)
        b.string(d.yamlPath)
        if let docs = docsURI(d.ruleID) {
            // Only an address that exists: one the configuration gives.
            b.member("docs", level: m)
            b.string(docs)
        }
        b.member("platform", level: m)
        b.string(d.platform)
        b.member("fingerprint", level: m)
        b.string(fingerprint)
        b.member("fix", level: m)
        FixJSON.write(d.fix, level: m, into: &b)
        b.newline(level: level)
        b.put(byte: 0x7D)
    }
}
