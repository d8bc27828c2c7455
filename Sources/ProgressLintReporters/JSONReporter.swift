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
            // One pass over the findings' keys gives the summary's `byScreen`, whether the findings
            // come file after file (for their fingerprints) and where `diagnostics` is cut into pieces.
            var keys = FindingsSummary()
            summary(result, report: report, keys: &keys, into: &json)
            // Each part is written file by file as it is read, never held whole.
            json.key(literal: "files")
            files(report, into: &json)
            json.key(literal: "diagnostics")
            json.value(writtenBy: { out, level in
                diagnostics(report, keys: keys, context: context, level: level, to: &out)
            })
            json.key(literal: "inventory")
            json.value(inventory(result.inventory))
            json.key(literal: "screens")
            screens(report, into: &json)
            json.end()
        }
    }

    /// What the one pass over the findings' keys gathers besides `byScreen`.
    struct FindingsSummary {
        /// Whether the findings come file after file (``Fingerprint/Order``).
        var order = Fingerprint.Order()
        /// The path of the last finding noted, and whether each path noted came after the one before, byte-wise.
        var lastPath: String?
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
            if !(lastPath.map { ByteOrder.same($0, key.path) } ?? false) {
                if let last = lastPath, !ByteOrder.precedes(last, key.path) { pathsAscend = false }
                if let placeBefore, wantsPlace,
                   pieces.isEmpty || !ByteOrder.same(Fingerprint.keyPath(lastPath!), Fingerprint.keyPath(key.path)) {
                    pieces.append((placeBefore, 0))
                }
                lastPath = key.path
            }
            if !pieces.isEmpty { pieces[pieces.count - 1].count += 1 }
        }

        /// The pieces of `diagnostics`: one when the fingerprints depend on findings before a cut
        /// (findings not file after file; paths not ascending).
        var diagnosticsPieces: [(place: RunReport.Place, count: Int)] {
            guard order.isByFile && pathsAscend, !pieces.isEmpty else {
                return pieces.first.map { [($0.place, pieces.reduce(0) { $0 + $1.count })] } ?? []
            }
            return pieces
        }
    }

    /// Findings in a piece of `diagnostics` rendered on its own, at least (about 50 KB).
    static let diagnosticsPerPiece = 64

    /// The `files` array: each file with its screens' names and its findings' counts (those of the
    /// first file of their path's bytes, as ``RunReport/fileCounts`` gives them).
    func files(_ report: RunReport, into json: inout JSONWriter) {
        json.beginArray()
        for (_, file, counts) in report.fileCounts {
            json.beginObject()
            json.key(literal: "path")
            json.string(file.path)
            json.key(literal: "screens")
            json.beginArray()
            for name in file.screenNames { json.string(name) }
            json.end()
            for (key, value) in [("indicators", file.indicators), ("errors", counts.errors),
                                 ("warnings", counts.warnings), ("infos", counts.infos)] {
                json.key(key)
                json.int(value)
            }
            json.end()
        }
        json.end()
    }

    /// The `diagnostics` array at nesting `level`, written to `stream`: the pieces the summary pass
    /// found (``FindingsSummary/diagnosticsPieces``) rendered on `context.jobs` threads
    /// (``ReportPieces``), each read from its place in the findings' order, and written in order.
    func diagnostics(_ report: RunReport, keys: FindingsSummary, context: ReportContext, level: Int,
                     to stream: inout ReportStream) {
        var noted = keys.diagnosticsPieces
        // A summary pass that noted no place (none asked for): the findings as one piece, from the start.
        if noted.isEmpty, !report.diagnostics.isEmpty, let start = report.diagnostics.keys.makeIterator().place {
            noted = [(start, report.diagnostics.count)]
        }
        let pieces = noted
        let byFile = keys.order.isByFile
        var first = true
        ReportPieces.write(
            count: pieces.count, jobs: context.jobs, to: &stream,
            renderer: { DiagnosticPieces(findings: report.diagnostics, pieces: pieces, byFile: byFile, context: context, level: level) },
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
        let findings: RunReport.Findings
        let pieces: [(place: RunReport.Place, count: Int)]
        let byFile: Bool
        let context: ReportContext
        let level: Int

        func render(_ piece: Int, into b: inout ReportBuffer) -> Int {
            var fingerprints = Fingerprint.Sequence(byFile: byFile)
            var iterator = findings.from(pieces[piece].place)
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

    /// The `screens` array: one entry per screen in report order, with the effective thresholds of
    /// its configuration and each indicator's timing and finding counts.
    func screens(_ report: RunReport, into json: inout JSONWriter) {
        json.beginArray()
        for file in report.byFile {
            guard let position = file.position else { continue }
            let screens = report.screens(at: position)
            for (s, screen) in screens.enumerated() {
                var counts = [SeverityCounts](repeating: SeverityCounts(), count: screen.indicators.count)
                for d in file.diagnostics {
                    guard screens.firstIndex(where: { $0.holds(d) }) == s, let i = screen.indicatorIndex(of: d) else { continue }
                    counts[i].add(d.severity)
                }
                JSONReporter.screen(screen, counts: counts, into: &json)
            }
        }
        json.end()
    }

    /// One screen of `screens`, with its indicators' finding counts.
    static func screen(_ screen: ScreenTiming, counts: [SeverityCounts], into json: inout JSONWriter) {
        func number(_ value: Double?) {
            guard let value else { return json.null() }
            if value == value.rounded(), abs(value) < 1e15 { json.int(Int(value)) } else { json.double(value) }
        }
        json.beginObject()
        json.key(literal: "path"); json.string(screen.path)
        json.key(literal: "screen"); json.string(screen.screen)
        json.key(literal: "platform"); json.string(screen.platform)
        json.key(literal: "thresholds")
        json.beginObject()
        let t = screen.thresholds
        for (key, value) in [("instantMs", t.instant), ("noticeableMs", t.noticeable), ("attentionMs", t.attention),
                             ("showAfterMaxMs", t.showAfterMax), ("updatesEveryMaxMs", t.updatesEveryMax),
                             ("determinateAfterMs", t.determinateAfter), ("minDisplayMs", t.minDisplay)] {
            json.key(key); number(value.milliseconds)
        }
        json.end()
        json.key(literal: "indicators")
        json.beginArray()
        for (i, indicator) in screen.indicators.enumerated() {
            json.beginObject()
            json.key(literal: "id"); json.string(indicator.id)
            json.key(literal: "line"); json.int(indicator.line)
            json.key(literal: "style"); json.string(indicator.style)
            json.key(literal: "determinate"); json.bool(indicator.determinate)
            json.key(literal: "component"); json.string(indicator.component)
            json.key(literal: "presentation"); json.string(indicator.presentation)
            json.key(literal: "location"); json.string(indicator.location)
            json.key(literal: "showAfterMs"); number(indicator.showAfterMs)
            json.key(literal: "duration")
            json.beginObject()
            json.key(literal: "minMs"); number(indicator.durationMinMs)
            json.key(literal: "maxMs"); number(indicator.durationMaxMs)
            json.key(literal: "unknown"); json.bool(indicator.durationUnknown)
            json.end()
            json.key(literal: "phases")
            json.beginArray()
            for phase in indicator.phases {
                json.beginObject()
                json.key(literal: "name"); json.string(phase.name)
                json.key(literal: "share"); number(phase.share)
                json.key(literal: "durationMs"); number(phase.durationMs)
                json.end()
            }
            json.end()
            json.key(literal: "becomes")
            json.beginArray()
            for state in indicator.becomes {
                json.beginObject()
                json.key(literal: "when"); json.string(state.when)
                json.key(literal: "determinate")
                if let d = state.determinate { json.bool(d) } else { json.null() }
                json.key(literal: "style"); json.string(state.style)
                json.end()
            }
            json.end()
            json.key(literal: "findings")
            json.beginObject()
            json.key(literal: "error"); json.int(counts[i].errors)
            json.key(literal: "warning"); json.int(counts[i].warnings)
            json.key(literal: "info"); json.int(counts[i].infos)
            json.end()
            json.end()
        }
        json.end()
        json.end()
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

    /// One entry per (file, screen) with diagnostics, in order of first finding; findings
    /// belonging to no screen have `screen: null`. Diagnostics come grouped by file, so one
    /// file's screens are counted at a time and written when the next file starts. Each key is
    /// noted in `keys` on the way.
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
