import ProgressLintEngine
import ProgressLintRun
import ProgressLintWorkspace
import ProgressLintSupport
import Synchronization

/// The JSON report for dashboards and scripts: `version`, `tool`, `summary`, `files`, `diagnostics`,
/// `inventory` and `screens`, shaped as `schemas/report.schema.json` says. Fields are only added
/// within a `version`; it is bumped when one changes meaning or goes away.
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
            var keys = FindingsSummary()
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
                diagnostics(report, keys: keys, context: context, level: level, findings: &findings, to: &out)
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
    struct FindingsSummary {
        /// Whether the findings come file after file (``Fingerprint/Order``).
        var order = Fingerprint.Order()
        /// The findings' counts by path (runs of one path's bytes), in report order, with the
        /// position of the file they belong to once `files` is written (-1 for none).
        var fileCounts: [(path: String, counts: SeverityCounts, position: Int)] = []
        /// Whether each run of `fileCounts` is of a path after the one before, byte-wise.
        var pathsAscend = true
        /// Where `diagnostics` is cut into pieces rendered on their own: each piece's place in the
        /// findings' order and how many findings it has. A piece ends at ``diagnosticsPerPiece``
        /// findings or more, where the next finding is of another file as its fingerprint holds
        /// the path (so that the fingerprints of the next piece start afresh, as they would there).
        var pieces: [(place: RunReport.Place, count: Int)] = []
        /// Whether the next key's place is wanted (``note(_:placeBefore:)``): the piece is long enough.
        var wantsPlace: Bool { pieces.last.map { $0.count >= JSONReporter.diagnosticsPerPiece } ?? true }

        /// Notes the next key in the findings' order; `placeBefore` is where the list is read on
        /// from before it, when ``wantsPlace`` asked for it and there is one.
        mutating func note(_ key: DiagnosticKey, placeBefore: RunReport.Place? = nil) {
            order.note(path: key.path)
            if let last = fileCounts.last, ByteOrder.same(last.path, key.path) {
                fileCounts[fileCounts.count - 1].counts.add(key.severity)
            } else {
                if let last = fileCounts.last, !ByteOrder.precedes(last.path, key.path) { pathsAscend = false }
                if let placeBefore, wantsPlace,
                   pieces.isEmpty || !ByteOrder.same(Fingerprint.keyPath(fileCounts.last!.path), Fingerprint.keyPath(key.path)) {
                    pieces.append((placeBefore, 0))
                }
                var counts = SeverityCounts()
                counts.add(key.severity)
                fileCounts.append((key.path, counts, -1))
            }
            if !pieces.isEmpty { pieces[pieces.count - 1].count += 1 }
        }

        /// The pieces of `diagnostics`: one when the fingerprints or the files' runs depend on
        /// findings before a cut (findings not file after file; paths not ascending).
        var diagnosticsPieces: [(place: RunReport.Place, count: Int)] {
            guard order.isByFile && pathsAscend, !pieces.isEmpty else {
                return pieces.first.map { [($0.place, pieces.reduce(0) { $0 + $1.count })] } ?? []
            }
            return pieces
        }
    }

    /// Findings in a piece of `diagnostics` rendered on its own, at least (about 50 KB).
    static let diagnosticsPerPiece = 64

    /// Files in a piece of `files` rendered on its own (about 60 KB).
    static let filesPerPiece = 256

    /// The `files` array at nesting `level`, written to `stream`: each file with its screens' names and
    /// its findings' counts (``RunReport/fileCounts``), rendered in ranges on `jobs` threads (``ReportPieces``).
    func files(_ report: RunReport, counts: inout [(path: String, counts: SeverityCounts, position: Int)],
               level: Int, jobs: Int, to stream: inout ReportStream) {
        let files = report.fileReader()
        guard files.count > 0 else { return stream.write(ascii: "[]") }
        // The files with findings, by position, each with the counts of the run of `counts` it takes.
        var found: [(position: Int, counts: SeverityCounts)] = []
        if !counts.isEmpty {
            var group = 0
            for position in 0..<files.count where group < counts.count {
                files.withPath(at: position) { path in
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
            renderer: { FilePieces(files: report.fileReader(), found: taken, level: level) },
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
        let files: RunReport.FileReader
        /// The files with findings, by position, with their counts.
        let found: [(position: Int, counts: SeverityCounts)]
        let level: Int

        init(files: RunReport.FileReader, found: [(position: Int, counts: SeverityCounts)], level: Int) {
            self.files = files
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

    /// The `diagnostics` array at nesting `level`, written to `stream`: the summary pass's pieces
    /// rendered on `context.jobs` threads (``ReportPieces``), gathering on the way what `screens` counts.
    func diagnostics(_ report: RunReport, keys: FindingsSummary, context: ReportContext, level: Int,
                     findings: inout ScreenTimingJSON.Findings, to stream: inout ReportStream) {
        var noted = keys.diagnosticsPieces
        // A summary pass that noted no place (none asked for): the findings as one piece, from the start.
        if noted.isEmpty, !report.diagnostics.isEmpty, let start = report.diagnostics.keys.makeIterator().place {
            noted = [(start, report.diagnostics.count)]
        }
        let pieces = noted
        let gathered = GatheredFindings(count: pieces.count)
        let fileCounts = keys.fileCounts.map { (path: $0.path, position: $0.position) }
        let byFile = keys.order.isByFile
        var piece = 0
        var first = true
        ReportPieces.write(
            count: pieces.count, jobs: context.jobs, to: &stream,
            renderer: {
                DiagnosticPieces(list: report.diagnostics, pieces: pieces, fileCounts: fileCounts, byFile: byFile,
                                 context: context, level: level, gathered: gathered)
            },
            write: { stream, buffer, items in
                findings.append(gathered.take(piece))
                piece += 1
                guard items > 0, !buffer.written.isEmpty else { return }
                // Each piece starts its first finding with `[`; after the first piece, with a comma.
                if !first { buffer.written[0] = 0x2C }
                first = false
                stream.write(block: UnsafeBufferPointer(buffer.written))
            })
        if first { return stream.write(ascii: "[]") }
        stream.write(lineBreakAfterComma: false, spaces: 2 * Swift.max(0, level))
        stream.write(byte: 0x5D)
    }

    /// What each piece of `diagnostics` gathered for `screens`, handed from the thread that
    /// rendered it to the one that writes it.
    final class GatheredFindings: Sendable {
        private let pieces: Mutex<[ScreenTimingJSON.Findings?]>

        init(count: Int) { pieces = Mutex(Array(repeating: nil, count: count)) }

        func put(_ findings: ScreenTimingJSON.Findings, piece: Int) {
            pieces.withLock { $0[piece] = findings }
        }

        func take(_ piece: Int) -> ScreenTimingJSON.Findings {
            pieces.withLock { $0[piece].take() } ?? ScreenTimingJSON.Findings()
        }
    }

    /// Renders pieces of `diagnostics`, each from its place in the findings' order, on one thread.
    struct DiagnosticPieces: ReportPieceRenderer {
        let list: RunReport.Findings
        let pieces: [(place: RunReport.Place, count: Int)]
        /// The findings' runs of one path, ascending, with their files' positions.
        let fileCounts: [(path: String, position: Int)]
        let byFile: Bool
        let context: ReportContext
        let level: Int
        let gathered: GatheredFindings

        func render(_ piece: Int, into b: inout ReportBuffer) -> Int {
            var fingerprints = Fingerprint.Sequence(byFile: byFile)
            var findings = ScreenTimingJSON.Findings()
            var iterator = list.from(pieces[piece].place)
            let count = pieces[piece].count
            // The run of `fileCounts` of each finding's path: where its file is.
            var run = -1
            var written = 0
            while written < count, let d = iterator.next() {
                if run < 0 {
                    // The first run not before the piece's first path (0 for the first piece, as
                    // read from the start; the runs ascend when there are more pieces).
                    run = 0
                    if piece > 0 {
                        var high = fileCounts.count
                        while run < high {
                            let middle = run + (high - run) / 2
                            if ByteOrder.compare(fileCounts[middle].path, d.path) < 0 { run = middle + 1 } else { high = middle }
                        }
                    }
                }
                while run < fileCounts.count && ByteOrder.compare(fileCounts[run].path, d.path) < 0 { run += 1 }
                let position = run < fileCounts.count && ByteOrder.same(fileCounts[run].path, d.path)
                    ? fileCounts[run].position : -1
                b.put(byte: written == 0 ? 0x5B : 0x2C)
                b.newline(level: level + 1)
                JSONReporter().diagnostic(d, fingerprint: fingerprints.next(d), unit: context.columnUnit,
                                          docs: context.documentationURI(for:), level: level + 1, into: &b)
                findings.add(d, position: position)
                written += 1
            }
            gathered.put(findings, piece: piece)
            return written
        }
    }

    /// One run error: its message, and its path, line and column when known.
    static func error(_ error: RunError) -> JSONValue {
        var fields: [(String, JSONValue)] = [("message", .string(error.message))]
        if let path = error.path { fields.append(("path", .string(path))) }
        if let line = error.line { fields.append(("line", .int(line))) }
        if let column = error.column { fields.append(("column", .int(column))) }
        return .object(fields)
    }

    func summary(_ result: RunResult, report: RunReport, keys: inout FindingsSummary, into json: inout JSONWriter) {
        // Counted as the run stored them, without reading the diagnostics (a large run has many).
        let counts = report.counts
        json.beginObject()
        for (name, count) in [("files", result.fileCount), ("skipped", result.skipped), ("screens", result.screens),
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

    /// One entry per (file, screen) with diagnostics, in order of first finding (`screen: null` for
    /// none); each key is noted in `keys`.
    private func byScreen(_ shown: RunReport.Findings, keys: inout FindingsSummary, into json: inout JSONWriter) {
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
                var iterator = shown.keys.makeIterator()
                var place = iterator.place
                while let d = iterator.next() {
                    keys.note(d, placeBefore: place)
                    // Where a piece of `diagnostics` may start: asked for once the piece is long enough.
                    place = keys.wantsPlace ? iterator.place : nil
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
