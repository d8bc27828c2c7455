import ProgressLintSpec
import ProgressLintYAML

/// The file a cross-file value came from.
public struct CrossFileSource: Hashable, Sendable {
    /// The file's number in the run's ``FileList``.
    let number: Int
    /// The severity the file's configuration gives the rule.
    package let severity: Severity
    /// Where the file's values lie, to read them again alone (``CrossFileValues/forEachRecord(in:_:)``).
    public let place: CrossFilePlace
    private let pathOfFile: @Sendable (Int) -> String

    init(number: Int, severity: Severity, place: CrossFilePlace, pathOfFile: @escaping @Sendable (Int) -> String) {
        self.number = number
        self.severity = severity
        self.place = place
        self.pathOfFile = pathOfFile
    }

    /// The file's path, as reported.
    public var path: String { pathOfFile(number) }

    public static func == (a: CrossFileSource, b: CrossFileSource) -> Bool { a.number == b.number }
    public func hash(into hasher: inout Hasher) { hasher.combine(number) }
}

/// Where one file's cross-file values lie in the run's store, and its place in the order files
/// come: what a rule keeps of a file to read its values again alone, without a second pass over
/// every file. Places compare in the order the files come.
public struct CrossFilePlace: Hashable, Comparable, Sendable {
    /// The file's place in the order files come (0 for the first).
    let index: Int
    /// Where the file's header starts in the store.
    let offset: Int

    public static func < (a: CrossFilePlace, b: CrossFilePlace) -> Bool { a.index < b.index }
}
