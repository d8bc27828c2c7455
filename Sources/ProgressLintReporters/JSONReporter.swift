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
            summary(result, report: report, into: &json)
            // Files and diagnostics are written one by one, never built as a whole.
            json.key(literal: "files")
            json.beginArray()
            for (_, file, counts) in report.fileCounts {
                json.beginObject()
                json.key(literal: "path")
                json.string(file.path)
                json.key(literal: "screens")
                json.beginArray()
                for name in file.screenNames { json.string(name) }
                json.end()
                json.key(literal: "indicators")
                json.int(file.indicators)
                json.key(literal: "errors")
                json.int(counts.errors)
                json.key(literal: "warnings")
                json.int(counts.warnings)
                json.key(literal: "infos")
                json.int(counts.infos)
                json.end()
            }
            json.end()
            json.key(literal: "diagnostics")
            json.beginArray()
            var fingerprints = Fingerprint.Sequence(for: report)
            for d in report.diagnostics {
                diagnostic(d, fingerprint: fingerprints.next(d), unit: context.columnUnit,
                           docs: context.documentationURI(for:), into: &json)
            }
            json.end()
            json.key(literal: "inventory")
            json.value(inventory(result.inventory))
            // Each screen's thresholds and indicators' timing, file by file.
            json.key(literal: "screens")
            ScreenTimingJSON.write(result, report: report, into: &json)
            json.end()
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

    func summary(_ result: RunResult, report: RunReport, into json: inout JSONWriter) {
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
        byScreen(report.diagnostics, into: &json)
        json.end()
    }

    /// Counts by key, keys sorted.
    private static func sorted(_ counts: [String: Int]) -> JSONValue {
        .object(counts.keys.sorted().map { ($0, .int(counts[$0]!)) })
    }

    /// One entry per (file, screen) with diagnostics, in order of first finding; findings
    /// belonging to no screen have `screen: null`. Diagnostics come grouped by file, so one
    /// file's screens are counted at a time and written when the next file starts.
    private func byScreen(_ shown: DiagnosticList, into json: inout JSONWriter) {
        var path: String?
        var screens: [(screen: String?, counts: SeverityCounts)] = []
        func flush(_ json: inout JSONWriter) {
            guard let path else { return }
            // Written member by member: the same text as the object's tree.
            for (screen, counts) in screens {
                json.beginObject()
                json.key(literal: "path")
                json.string(path)
                json.key(literal: "screen")
                json.string(screen)
                json.key(literal: "total")
                json.int(counts.total)
                json.key(literal: "errors")
                json.int(counts.errors)
                json.key(literal: "warnings")
                json.int(counts.warnings)
                json.key(literal: "infos")
                json.int(counts.infos)
                json.end()
            }
        }
        json.beginArray()
        for d in shown.keys {
            if d.path != path {
                flush(&json)
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
        flush(&json)
        json.end()
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

    func diagnostic(_ d: Diagnostic, fingerprint: String, unit: ColumnUnit = .char,
                    docs docsURI: (String) -> String? = { _ in nil }, into json: inout JSONWriter) {
        json.beginObject()
        json.key(literal: "rule")
        json.string(d.ruleID)
        json.key(literal: "severity")
        json.string(d.severity.rawValue)
        json.key(literal: "message")
        json.string(d.message)
        json.key(literal: "path")
        json.string(d.path)
        json.key(literal: "line")
        json.int(d.range.start.line)
        json.key(literal: "column")
        json.int(d.startColumn(unit))
        json.key(literal: "endLine")
        json.int(d.range.end.line)
        json.key(literal: "endColumn")
        json.int(d.endColumn(unit))
        json.key(literal: "screen")
        json.string(d.screen)
        json.key(literal: "indicator")
        json.string(d.indicator)
        json.key(literal: "yamlPath")
        json.string(d.yamlPath)
        if let docs = docsURI(d.ruleID) {
            // Only an address that exists: one the configuration gives.
            json.key(literal: "docs")
            json.string(docs)
        }
        json.key(literal: "platform")
        json.string(d.platform)
        json.key(literal: "fingerprint")
        json.string(fingerprint)
        json.key(literal: "fix")
        FixJSON.write(d.fix, into: &json)
        json.end()
    }
}
