import ProgressLintEngine

/// What a report's summaries count of a diagnostic: its file, rule, severity, screen and platform.
public struct DiagnosticKey: Hashable, Sendable {
    public var path: String
    public var ruleID: String
    public var severity: Severity
    public var screen: String?
    public var documentIndex: Int?
    public var platform: String?

    /// A key with no screen, document or platform.
    init(path: String, ruleID: String, severity: Severity) {
        self.path = path
        self.ruleID = ruleID
        self.severity = severity
    }

    /// The key of `diagnostic`.
    public init(_ diagnostic: Diagnostic) {
        path = diagnostic.path
        ruleID = diagnostic.ruleID
        severity = diagnostic.severity
        screen = diagnostic.screen
        documentIndex = diagnostic.documentIndex
        platform = diagnostic.platform
    }
}
