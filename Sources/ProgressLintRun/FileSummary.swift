import ProgressLintEngine

/// What a report says of one linted file.
public struct FileSummary: Hashable, Sendable {
    /// The file, as displayed.
    public var path: String
    /// Its screens' names (non-empty documents), in document order.
    public var screenNames: [String]
    /// Each screen's document (0-based, counting empty documents), as ``Diagnostic/documentIndex``.
    public var screenDocuments: [Int]
    /// Indicators it holds.
    public var indicators: Int

    /// Screens it holds.
    public var screens: Int { screenNames.count }

    /// Creates a summary; screens are documents 0, 1, 2… unless `screenDocuments` says otherwise.
    public init(path: String, screenNames: [String] = [], screenDocuments: [Int]? = nil, indicators: Int = 0) {
        self.path = path
        self.screenNames = screenNames
        self.screenDocuments = screenDocuments.flatMap { $0.count == screenNames.count ? $0 : nil }
            ?? Array(screenNames.indices)
        self.indicators = indicators
    }
}

extension FileResult {
    /// What the report says of this file.
    public var summary: FileSummary {
        FileSummary(path: path, screenNames: screenNames, screenDocuments: screenDocuments, indicators: indicators)
    }
}
