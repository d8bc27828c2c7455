import ProgressLintSpec

/// The file a cross-file value came from.
public struct CrossFileSource: Hashable, Sendable {
    /// The file's number in the run's ``FileList``.
    let number: Int
    /// The severity the file's configuration gives the rule.
    package let severity: Severity
    /// The file's place in the order files come (0 for the first), and where its values start in the store.
    let index: Int, start: Int
    private let pathOfFile: @Sendable (Int) -> String

    init(number: Int, severity: Severity, index: Int, start: Int, pathOfFile: @escaping @Sendable (Int) -> String) {
        (self.number, self.severity, self.index, self.start, self.pathOfFile) = (number, severity, index, start, pathOfFile)
    }

    /// The file's path, as reported.
    public var path: String { pathOfFile(number) }

    public static func == (a: CrossFileSource, b: CrossFileSource) -> Bool { a.number == b.number }
    public func hash(into hasher: inout Hasher) { hasher.combine(number) }
}
