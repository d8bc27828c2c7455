import ProgressLintSpec
import ProgressLintYAML

/// Every value one ``CrossFileRule`` collected in a run, with its file: files in report (path)
/// order, each file's values in the order collected. The values are read back from the run's
/// store as they are iterated, never all in memory at once; each pass reads them again.
public struct CrossFileValues<Info: Decodable>: Sequence, Sendable {
    let store: any CrossFileStorage
    /// Where each file's values start, in report order; nil when the store is in that order already.
    let order: [Int]?
    let pathOfFile: @Sendable (Int) -> String

    public func makeIterator() -> Iterator { Iterator(values: self) }

    /// Reads each file's values from the store at once, and decodes them one at a time.
    public struct Iterator: IteratorProtocol {
        private let values: CrossFileValues
        private var file: CrossFileSource?
        private let decoder = CrossFileDecoder()
        /// The next file's place in `order`, or where it starts in the store when read as stored.
        private var nextFile = 0

        init(values: CrossFileValues) { self.values = values }

        /// The next value that reads back; one that does not (damaged storage) is passed over.
        public mutating func next() -> (file: CrossFileSource, info: Info)? {
            while true {
                if let file, let info = decoder.next(Info.self) { return (file, info) }
                var start = nextFile
                if let order = values.order {
                    guard nextFile < order.count else { return nil }
                    start = order[nextFile]
                }
                guard let stored = values.store.file(at: start) else {
                    if values.order == nil { return nil }
                    nextFile += 1
                    continue
                }
                nextFile = values.order == nil ? stored.next : nextFile + 1
                file = CrossFileSource(number: stored.number, severity: stored.severity, pathOfFile: values.pathOfFile)
                decoder.reset(stored.values)
            }
        }
    }
}

/// Where a run keeps one cross-file rule's values, file by file. The run module keeps them.
package protocol CrossFileStorage: Sendable {
    /// The file whose values start at `start`: its number, the rule's severity there, its values
    /// (as ``CrossFileEncoder`` wrote them) and where the next file's start; nil past the end.
    func file(at start: Int) -> (number: Int, severity: Severity, values: [UInt8], next: Int)?
}
