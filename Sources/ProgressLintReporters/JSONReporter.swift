import ProgressLintCore

/// The JSON report for dashboards and scripts: `version`, `tool`, `summary` (counts by severity,
/// rule, platform and screen), `files`, `diagnostics` (with YAML path, range, docs link and a
/// line-independent fingerprint) and `inventory` (indicators by style and platform, and the share
/// that are determinate, have a Reduce Motion fallback, offer Cancel and announce completion).
///
/// Its shape is described by `schemas/report.schema.json`. Fields are only ever added within a
/// `version`; `version` is bumped when one changes meaning or goes away.
public struct JSONReporter: Reporter {
    public static let name = "json"
    public static let summary = "a JSON report for dashboards and scripts"
    /// The version of the report format; bumped when a field changes meaning or goes away.
    public static let formatVersion = 1

    public init() {}

    public func render(_ result: RunResult, context: ReportContext) -> String {
        let shown = context.shown(result)
        var byPath: [String: [Diagnostic]] = [:]
        for d in shown { byPath[d.path, default: []].append(d) }
        return JSONValue.object([
            ("version", .int(JSONReporter.formatVersion)),
            ("tool", .object([("name", .string(Tool.name)), ("version", .string(Tool.version))])),
            ("summary", summary(result, shown: shown)),
            ("files", .array(result.files.map { file($0, own: byPath[$0.path] ?? []) })),
            ("diagnostics", .array(zip(shown, Fingerprint.of(shown)).map { diagnostic($0, fingerprint: $1) })),
            ("inventory", inventory(result.inventory)),
        ]).rendered()
    }

    func summary(_ result: RunResult, shown: [Diagnostic]) -> JSONValue {
        .object([
            ("files", .int(result.files.count)),
            ("screens", .int(result.screens)),
            ("indicators", .int(result.indicators)),
            ("errors", .int(shown.filter { $0.severity == .error }.count)),
            ("warnings", .int(shown.filter { $0.severity == .warning }.count)),
            ("infos", .int(shown.filter { $0.severity == .info }.count)),
            ("bySeverity", .object(Severity.allCases.reversed().map { s in
                (s.rawValue, .int(shown.filter { $0.severity == s }.count))
            })),
            ("byRule", counts(shown) { $0.ruleID }),
            ("byPlatform", counts(shown) { $0.platform ?? "none" }),
            ("byScreen", .array(byScreen(shown))),
        ])
    }

    /// Diagnostics counted by a key, keys sorted.
    private func counts(_ shown: [Diagnostic], by key: (Diagnostic) -> String) -> JSONValue {
        var counts: [String: Int] = [:]
        for d in shown { counts[key(d), default: 0] += 1 }
        return .object(counts.keys.sorted().map { ($0, .int(counts[$0]!)) })
    }

    /// One entry per (file, screen) with diagnostics; findings belonging to no screen have `screen: null`.
    private func byScreen(_ shown: [Diagnostic]) -> [JSONValue] {
        var order: [[String?]] = []
        var groups: [[String?]: [Diagnostic]] = [:]
        for d in shown {
            let key: [String?] = [d.path, d.screen]
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append(d)
        }
        return order.map { key in
            let group = groups[key]!
            return .object([
                ("path", .string(key[0])), ("screen", .string(key[1])), ("total", .int(group.count)),
                ("errors", .int(group.filter { $0.severity == .error }.count)),
                ("warnings", .int(group.filter { $0.severity == .warning }.count)),
                ("infos", .int(group.filter { $0.severity == .info }.count)),
            ])
        }
    }

    /// One file's entry; `own` is its shown diagnostics (grouped once for all files, not filtered per file).
    func file(_ file: FileResult, own: [Diagnostic]) -> JSONValue {
        .object([
            ("path", .string(file.path)),
            ("screens", .array(file.screenNames.map { .string($0) })),
            ("indicators", .int(file.indicators)),
            ("errors", .int(own.filter { $0.severity == .error }.count)),
            ("warnings", .int(own.filter { $0.severity == .warning }.count)),
            ("infos", .int(own.filter { $0.severity == .info }.count)),
        ])
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

    func diagnostic(_ d: Diagnostic, fingerprint: String) -> JSONValue {
        .object([
            ("rule", .string(d.ruleID)),
            ("severity", .string(d.severity.rawValue)),
            ("message", .string(d.message)),
            ("path", .string(d.path)),
            ("line", .int(d.range.start.line)),
            ("column", .int(d.range.start.column)),
            ("endLine", .int(d.range.end.line)),
            ("endColumn", .int(d.range.end.column)),
            ("screen", .string(d.screen)),
            ("indicator", .string(d.indicator)),
            ("yamlPath", .string(d.yamlPath)),
            ("docs", .string(Tool.documentationURI(for: d.ruleID))),
            ("platform", .string(d.platform)),
            ("fingerprint", .string(fingerprint)),
        ])
    }
}
