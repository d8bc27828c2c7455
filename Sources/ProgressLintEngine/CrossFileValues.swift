import ProgressLintSpec
import ProgressLintYAML

/// Every value one ``CrossFileRule`` collected in a run, with its file: files in report (path)
/// order, each file's values in the order collected. The values are read back from the run's
/// store as they are iterated, never all in memory at once; each pass reads them again.
public struct CrossFileValues<Info: CrossFileValue>: Sequence, Sendable {
    let store: any CrossFileStorage
    /// Where each file's values start, in report order; nil when the store is in that order already.
    let order: [Int]?
    /// Each file's place in report order, when only some files are read (see ``only(_:)``).
    var indices: [Int]? = nil
    let pathOfFile: @Sendable (Int) -> String
    /// Whether a value must read its record whole (false: a prefix, see ``prefixes(_:)``).
    @usableFromInline var wholeRecords = true

    public func makeIterator() -> Iterator { Iterator(values: self) }

    /// Each value's first fields only, read as a `Prefix` (a type written as the first fields of
    /// `Info`): a pass that needs only those makes none of the rest.
    public func prefixes<Prefix: CrossFileValue>(_: Prefix.Type) -> CrossFileValues<Prefix> {
        CrossFileValues<Prefix>(store: store, order: order, indices: indices, pathOfFile: pathOfFile, wholeRecords: false)
    }

    /// The values of `files` only (files an earlier pass gave), in the same order: a later pass
    /// that needs a few files reads only those.
    public func only(_ files: some Sequence<CrossFileSource>) -> CrossFileValues {
        let chosen = Dictionary(files.map { ($0.index, $0.start) }, uniquingKeysWith: { a, _ in a }).sorted { $0.key < $1.key }
        return CrossFileValues(store: store, order: chosen.map(\.value), indices: chosen.map(\.key), pathOfFile: pathOfFile,
                               wholeRecords: wholeRecords)
    }

    /// Reads each file's values from the store at once, and reads them back one at a time.
    public struct Iterator: IteratorProtocol {
        @usableFromInline let values: CrossFileValues
        @usableFromInline var file: CrossFileSource?
        @usableFromInline var reader = CrossFileReader([])
        /// The next file's place in `order`, or where it starts in the store when read as stored.
        private var nextFile = 0
        private var filesRead = 0

        init(values: CrossFileValues) { self.values = values }

        /// The next value that reads back; one that does not (damaged storage) is passed over.
        @inlinable public mutating func next() -> (file: CrossFileSource, info: Info)? {
            while true {
                if let file, let info = reader.next(Info.self, whole: values.wholeRecords) { return (file, info) }
                guard readNextFile() else { return nil }
            }
        }

        /// Reads the next file's values from the store; false after the last.
        @usableFromInline mutating func readNextFile() -> Bool {
            while true {
                var start = nextFile
                if let order = values.order {
                    guard nextFile < order.count else { return false }
                    start = order[nextFile]
                }
                guard let stored = values.store.file(at: start) else {
                    if values.order == nil { return false }
                    nextFile += 1
                    continue
                }
                let index = values.indices?[nextFile] ?? filesRead
                filesRead += 1
                nextFile = values.order == nil ? stored.next : nextFile + 1
                file = CrossFileSource(number: stored.number, severity: stored.severity, index: index, start: start,
                                       pathOfFile: values.pathOfFile)
                reader = CrossFileReader(stored.values)
                return true
            }
        }
    }
}

/// Where a run keeps one cross-file rule's values, file by file. The run module keeps them.
package protocol CrossFileStorage: Sendable {
    /// The file whose values start at `start`: its number, the rule's severity there, its values
    /// (as ``CrossFileWriter`` wrote them) and where the next file's start; nil past the end.
    func file(at start: Int) -> (number: Int, severity: Severity, values: [UInt8], next: Int)?
}
