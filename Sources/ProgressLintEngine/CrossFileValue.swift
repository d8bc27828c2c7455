import ProgressLintSpec
import ProgressLintYAML

/// A value a ``CrossFileRule`` keeps per screen until every file is read. It writes itself as a
/// few fields and reads itself back from them in the same order; the engine keeps the bytes
/// (in memory, or past a bound in a temporary file), so a run of many files stays small.
public protocol CrossFileValue: Sendable {
    /// Writes the value's fields.
    func encode(to record: inout CrossFileWriter)
    /// Reads the fields back, in the order ``encode(to:)`` wrote them.
    init(from record: inout CrossFileReader)
}
