import ProgressLintCore

/// The JSON report: `version`, `tool`, `summary` and `diagnostics` (see the README).
public struct JSONReporter: Reporter {
    public static let name = "json"
    public static let summary = "a JSON report for dashboards and scripts"
    /// The version of the report format; bumped when a field changes meaning or goes away.
    public static let formatVersion = 1

    public init() {}

    public func render(_ result: RunResult, context: ReportContext) -> String {
        let shown = context.shown(result)
        return JSONValue.object([
            ("version", .int(JSONReporter.formatVersion)),
            ("tool", .object([("name", .string(Tool.name)), ("version", .string(Tool.version))])),
            ("summary", summary(result, shown: shown)),
            ("diagnostics", .array(shown.map(diagnostic))),
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
        ])
    }

    func diagnostic(_ d: Diagnostic) -> JSONValue {
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
        ])
    }
}
