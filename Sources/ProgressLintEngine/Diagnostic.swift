import ProgressLintSupport
import ProgressLintYAML

/// One finding, ready for a reporter.
public struct Diagnostic: Hashable, Sendable {
    /// The rule's id, e.g. `vague-label`.
    public var ruleID: String
    /// Its severity after configuration.
    public var severity: Severity
    /// What is wrong and what to do instead, in the spec's own keys.
    public var message: String
    /// The file, as given on the command line or found under a folder.
    public var path: String
    /// The node the user must change (start and end, 1-based).
    public var range: SourceRange
    /// The screen's name, when the diagnostic concerns one.
    public var screen: String?
    /// The indicator's id, when the diagnostic concerns one.
    public var indicator: String?
    /// The YAML path of the node, e.g. `indicators[upload].accessibility.label`.
    public var yamlPath: String?
    /// Which document of the file (0-based), when known.
    public var documentIndex: Int?
    /// The node's text when it is a scalar (for fingerprints that survive moved lines), else nil.
    public var value: String?
    /// The screen's effective platform (its own, or the config's default), when known.
    public var platform: String?
    /// What the finding asks the user to do, key by key (empty for input rules).
    public var asks: [Ask] = []
    /// The range's source line (an excerpt, and its columns in other units), when known.
    public var source: SourceLine?
    /// How to fix it, when the spec determines the remedy (`--fix`, `--unsafe-fixes`, `--diff`).
    public var fix: Fix?

    /// Creates a diagnostic.
    public init(
        ruleID: String, severity: Severity, message: String, path: String, range: SourceRange,
        screen: String? = nil, indicator: String? = nil, yamlPath: String? = nil, documentIndex: Int? = nil,
        value: String? = nil, platform: String? = nil, asks: [Ask] = [], source: SourceLine? = nil
    ) {
        self.ruleID = ruleID
        self.severity = severity
        self.message = message
        self.path = path
        self.range = range
        self.screen = screen
        self.indicator = indicator
        self.yamlPath = yamlPath
        self.documentIndex = documentIndex
        self.value = value
        self.platform = platform
        self.asks = asks
        self.source = source
    }

    /// Byte-wise order of two paths (what `ls` and the file walk use).
    public static func pathPrecedes(_ a: String, _ b: String) -> Bool { ByteOrder.precedes(a, b) }

    /// The order reporters print in: path (its bytes, as files are ordered), line, column, rule.
    public static func ordered(_ a: Diagnostic, _ b: Diagnostic) -> Bool {
        // Paths that are equal as `String`s but not byte for byte (canonically equivalent Unicode)
        // are two files: ordered by their bytes too.
        if a.path != b.path || !ByteOrder.same(a.path, b.path) { return pathPrecedes(a.path, b.path) }
        if a.range.start.line != b.range.start.line { return a.range.start.line < b.range.start.line }
        if a.range.start.column != b.range.start.column { return a.range.start.column < b.range.start.column }
        if a.ruleID != b.ruleID { return a.ruleID < b.ruleID }
        return a.message < b.message
    }
}

extension Array where Element == Diagnostic {
    /// Sorts the diagnostics in report order (``Diagnostic/ordered(_:_:)``) as a stable sort does,
    /// for less: an array in that order already is only compared through once; otherwise their
    /// indices are sorted (stably), not the diagnostics themselves (large values, each moved once).
    public mutating func sortInReportOrder() {
        guard count > 1 else { return }
        var inOrder = true
        for i in 1..<count where Diagnostic.ordered(self[i], self[i - 1]) {
            inOrder = false
            break
        }
        if inOrder { return }
        let order = indices.sorted { Diagnostic.ordered(self[$0], self[$1]) }
        self = order.map { self[$0] }
    }
}
