import ProgressLintEngine
import ProgressLintRun
import ProgressLintWorkspace
import ProgressLintSupport

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
            // One pass over the findings' keys gives the summary's `byScreen`, where each piece of
            // `files`, `diagnostics` and `screens` starts reading the findings, and whether they come
            // file after file (for their fingerprints). Nothing is kept per file or per finding.
            var keys = FindingsSummary()
            summary(result, report: report, keys: &keys, into: &json)
            // Files, diagnostics and screens are written one by one, never built as a whole, through
            // a buffer written by pointer (``ReportBuffer``).
            json.key(literal: "files")
            json.value(writtenBy: { out, level in
                files(report, places: keys.filePlaces, level: level, jobs: context.jobs, to: &out)
            })
            json.key(literal: "diagnostics")
            json.value(writtenBy: { out, level in
                diagnostics(report, keys: keys, context: context, level: level, to: &out)
            })
            json.key(literal: "inventory")
            json.value(inventory(result.inventory))
            // Each screen's thresholds and indicators' timing, ranges of files rendered on the run's jobs.
            json.key(literal: "screens")
            json.value(writtenBy: { out, level in
                ScreenTimingJSON.write(result, report: report, places: keys.screenPlaces, level: level, jobs: context.jobs,
                                       to: &out)
            })
            json.end()
        }
    }

    /// What the one pass over the findings' keys gathers besides `byScreen`: a little per piece.
    struct FindingsSummary {
        /// Whether the findings come file after file (``Fingerprint/Order``).
        var order = Fingerprint.Order()
        /// Where `diagnostics` is cut into pieces rendered on their own: each piece's place in the
        /// findings' order and how many findings it has. A piece ends at ``diagnosticsPerPiece``
        /// findings or more, where the next finding is of another file as its fingerprint holds
        /// the path (so that the fingerprints of the next piece start afresh, as they would there).
        var pieces: [(place: RunReport.Place, count: Int)] = []
        /// Where the findings of each piece of `files` and of `screens` start.
        var filePlaces = PiecePlaces(filesPerPiece: JSONReporter.filesPerPiece)
        var screenPlaces = PiecePlaces(filesPerPiece: ScreenTimingJSON.filesPerPiece)
        /// The path of the last key noted.
        private var path: String?

        /// Notes the next key in the findings' order, of a run of `files`; `start` is where the findings
        /// of its path start when it is the first of its path (``RunReport/Findings/KeyIterator/pathPlace``).
        mutating func note(_ key: DiagnosticKey, place start: RunReport.Place, files: RunReport.FileReader) {
            order.note(path: key.path)
            if path.map({ !ByteOrder.same($0, key.path) }) ?? true {
                if pieces.last.map({ $0.count >= JSONReporter.diagnosticsPerPiece }) ?? true,
                   pieces.isEmpty || !ByteOrder.same(Fingerprint.keyPath(path!), Fingerprint.keyPath(key.path)) {
                    pieces.append((start, 0))
                }
                filePlaces.note(key.path, place: start, files: files)
                screenPlaces.note(key.path, place: start, files: files)
                path = key.path
            }
            pieces[pieces.count - 1].count += 1
        }

        /// The pieces of `diagnostics`: one when the fingerprints depend on findings before a cut
        /// (findings not file after file).
        var diagnosticsPieces: [(place: RunReport.Place, count: Int)] {
            guard order.isByFile, !pieces.isEmpty else {
                return pieces.first.map { [($0.place, pieces.reduce(0) { $0 + $1.count })] } ?? []
            }
            return pieces
        }
    }

    /// Where the findings of each piece of a report's files start: the place of the first finding
    /// whose path is not before the piece's first file's (none past the last finding).
    struct PiecePlaces: Sendable {
        let filesPerPiece: Int
        private var places: [RunReport.Place] = []

        init(filesPerPiece: Int) { self.filesPerPiece = filesPerPiece }

        /// Notes the first finding of `path` (its findings start at `place`), findings coming in report order.
        mutating func note(_ path: String, place: RunReport.Place, files: RunReport.FileReader) {
            while places.count * filesPerPiece < files.count,
                  files.withPath(at: places.count * filesPerPiece, { ByteOrder.compare(path, $0) >= 0 }) {
                places.append(place)
            }
        }

        /// The findings of the files of piece `piece` and after (none when the piece starts past the last finding).
        func findings(ofPiece piece: Int, in report: RunReport) -> FileFindings {
            FileFindings(piece < places.count ? report.diagnostics.briefs(from: places[piece]) : nil)
        }
    }

    /// Findings read in report order alongside files in report order: a file's findings are those of
    /// its path's bytes not handed to a file before it (a finding belongs to the first file of its path).
    struct FileFindings {
        private var iterator: RunReport.Findings.BriefIterator?
        private var pending: RunReport.FindingBrief?

        init(_ iterator: RunReport.Findings.BriefIterator?) { self.iterator = iterator }

        /// Whether findings of `path` come next (those of paths before it passed over).
        mutating func has(_ path: UnsafeRawBufferPointer) -> Bool {
            while true {
                if pending == nil { pending = iterator?.next() }
                guard pending != nil else { return false }
                let order = ByteOrder.compare(pending!.path, path)
                if order >= 0 { return order == 0 }
                pending = nil
            }
        }

        /// Hands `body` each finding of `path` that comes next.
        mutating func take(_ path: UnsafeRawBufferPointer, _ body: (RunReport.FindingBrief) -> Void) {
            while has(path) {
                body(pending!)
                pending = nil
            }
        }

        /// The counts of the findings of `path` that come next.
        mutating func counts(_ path: UnsafeRawBufferPointer) -> SeverityCounts {
            var counts = SeverityCounts()
            take(path) { counts.add($0.severity) }
            return counts
        }

        /// Passes over the findings of the file before `position`, when it has the same path as the
        /// file at `position` (they are that file's): for a piece starting there.
        mutating func skipEarlierFile(before position: Int, files: RunReport.FileReader) {
            guard position > 0 else { return }
            files.withPath(at: position - 1) { previous in
                if files.withPath(at: position, { ByteOrder.compare(UnsafeRawBufferPointer(previous), $0) == 0 }) {
                    take(previous) { _ in }
                }
            }
        }
    }

    /// Findings in a piece of `diagnostics` rendered on its own, at least (about 50 KB).
    static let diagnosticsPerPiece = 64

    /// Files in a piece of `files` rendered on its own (about 60 KB).
    static let filesPerPiece = 256

    /// The `files` array at nesting `level`, written to `stream`: each file with its screens' names and
    /// its findings' counts, read from `places` on, rendered in ranges on `jobs` threads (``ReportPieces``).
    func files(_ report: RunReport, places: PiecePlaces, level: Int, jobs: Int, to stream: inout ReportStream) {
        let count = report.fileCount
        guard count > 0 else { return stream.write(ascii: "[]") }
        var first = true
        ReportPieces.write(
            count: (count - 1) / JSONReporter.filesPerPiece + 1, jobs: jobs, to: &stream,
            renderer: { FilePieces(report: report, places: places, level: level) },
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

    /// Renders ranges of ``JSONReporter/filesPerPiece`` files, each as if it came first, on one thread.
    struct FilePieces: ReportPieceRenderer {
        let report: RunReport
        let files: RunReport.FileReader
        let places: PiecePlaces
        let level: Int

        init(report: RunReport, places: PiecePlaces, level: Int) {
            self.report = report
            files = report.fileReader()
            self.places = places
            self.level = level
        }

        mutating func render(_ piece: Int, into b: inout ReportBuffer) -> Int {
            let start = piece * JSONReporter.filesPerPiece
            let end = Swift.min(files.count, start + JSONReporter.filesPerPiece)
            guard start < end else { return 0 }
            var findings = places.findings(ofPiece: piece, in: report)
            findings.skipEarlierFile(before: start, files: files)
            let l = level + 1
            for position in start..<end {
                var counts = SeverityCounts()
                b.put(byte: position == start ? 0x5B : 0x2C)
                b.newline(level: l)
                b.put(byte: 0x7B)
                b.member("path", level: l + 1, first: true)
                var screens = 0, indicators = 0, name = 0
                files.read(at: position, file: { path, screenCount, indicatorCount in
                    counts = findings.counts(path)
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
    /// rendered on `context.jobs` threads (``ReportPieces``).
    func diagnostics(_ report: RunReport, keys: FindingsSummary, context: ReportContext, level: Int,
                     to stream: inout ReportStream) {
        let pieces = keys.diagnosticsPieces
        let byFile = keys.order.isByFile
        var first = true
        ReportPieces.write(
            count: pieces.count, jobs: context.jobs, to: &stream,
            renderer: {
                DiagnosticPieces(list: report.diagnostics, pieces: pieces, byFile: byFile, context: context, level: level)
            },
            write: { stream, buffer, items in
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

    /// Renders pieces of `diagnostics`, each from its place in the findings' order, on one thread.
    struct DiagnosticPieces: ReportPieceRenderer {
        let list: RunReport.Findings
        let pieces: [(place: RunReport.Place, count: Int)]
        let byFile: Bool
        let context: ReportContext
        let level: Int

        func render(_ piece: Int, into b: inout ReportBuffer) -> Int {
            var fingerprints = Fingerprint.Sequence(byFile: byFile)
            var iterator = list.from(pieces[piece].place)
            let count = pieces[piece].count
            var written = 0
            while written < count, let d = iterator.next() {
                b.put(byte: written == 0 ? 0x5B : 0x2C)
                b.newline(level: level + 1)
                JSONReporter().diagnostic(d, fingerprint: fingerprints.next(d), unit: context.columnUnit,
                                          docs: context.documentationURI(for:), level: level + 1, into: &b)
                written += 1
            }
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
        let (byRule, byPlatform) = report.countsByRuleAndPlatform()
        json.key(literal: "byRule")
        json.value(JSONReporter.sorted(byRule))
        json.key(literal: "byPlatform")
        json.value(JSONReporter.sorted(byPlatform))
        json.key(literal: "byScreen")
        byScreen(report, keys: &keys, into: &json)
        json.end()
    }

    /// Counts by key, keys sorted.
    private static func sorted(_ counts: [String: Int]) -> JSONValue {
        .object(counts.keys.sorted().map { ($0, .int(counts[$0]!)) })
    }

    /// One entry per (file, screen) with diagnostics, in order of first finding (`screen: null` for
    /// none); each key is noted in `keys`.
    private func byScreen(_ report: RunReport, keys: inout FindingsSummary, into json: inout JSONWriter) {
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
                let files = report.fileReader()
                var iterator = report.diagnostics.keys.makeIterator()
                while let d = iterator.next() {
                    keys.note(d, place: iterator.pathPlace, files: files)
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
