/// What linting one file produced. The file's text and nodes are gone by now;
/// only these small values are kept for the report.
public struct FileResult: Sendable {
    /// The file, as displayed.
    public var path: String
    /// Its diagnostics, in report order.
    public var diagnostics: [Diagnostic] = []
    /// Screen names (one per non-empty document), in document order.
    public var screenNames: [String] = []
    /// Each screen's document (0-based, counting empty documents), in the order of `screenNames`.
    public var screenDocuments: [Int] = []
    /// Indicators it holds.
    public var indicators = 0
    /// What each cross-file rule that is on for this file collected, in the plan's order (set
    /// from the plan once, at the file's first screen: no dictionary per file).
    package var crossFile: [CrossFileCollection] = []
    /// The severity of each cross-file rule that is on for this file.
    public var crossFileSeverity: [String: Severity] {
        Dictionary(crossFile.map { ($0.id, $0.severity) }, uniquingKeysWith: { a, _ in a })
    }
    /// Suppression comments naming cross-file rules, applied once those rules have reported.
    public var deferredSuppressions: [Suppression] = []
    /// Whether the file, found by walking a folder, is YAML that is not a spec and was not linted
    /// (``Linter/lint(_:path:configuration:nonSpec:)``): not counted, no finding.
    public var skippedAsNotSpec = false
    /// Screens it holds.
    public var screens: Int { screenNames.count }
    /// What its indicators are, for the dashboard report.
    public var inventory = Inventory()
    /// Each screen's thresholds and indicators' timing, for the dashboard reports.
    public var timings: [ScreenTiming] = []

    /// An empty result for a file.
    public init(path: String) { self.path = path }
}

/// One cross-file rule's values from one file, with the rule's id and its severity there.
package struct CrossFileCollection: Sendable {
    package let id: String
    package let severity: Severity
    package var records = CrossFileWriter()

    /// A collection read back (from the cache).
    package init(id: String, severity: Severity, records: CrossFileWriter = CrossFileWriter()) {
        self.id = id
        self.severity = severity
        self.records = records
    }
}
