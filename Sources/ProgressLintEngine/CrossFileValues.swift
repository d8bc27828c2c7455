import ProgressLintSpec
import ProgressLintYAML

/// Every value one ``CrossFileRule`` collected in a run, with its file: files in report (path)
/// order, each file's values in the order collected. Read from the engine's store as it is
/// iterated, never all in memory; it may be iterated again.
public struct CrossFileValues<Info: CrossFileValue>: Sequence, Sendable {
    let store: any CrossFileStorage
    /// Where each file's values start, in report order; nil when the store is in that order already.
    let order: [Int]?
    let pathOfFile: @Sendable (Int) -> String

    public func makeIterator() -> Iterator { Iterator(values: self) }

    /// The same values as records not yet read: a rule that needs a few fields of every value
    /// and every field of only some reads each record as far as it needs (see ``CrossFileRecord``).
    public var records: Records { Records(values: self) }

    /// Calls `body` with each value in order, as a record not yet read, where the store keeps it:
    /// each file's records are copied at once into one buffer used again for every file, and
    /// nothing is made per record. A rule that compares a few fields of every value reads them with
    /// ``CrossFileRecordView/fields`` (texts by their bytes, numbered in a `ByteTable`) and makes
    /// a value only of the records it reports. The view is valid only during the call.
    public func forEachRecord(_ body: (CrossFileSource, CrossFileRecordView) -> Void) {
        forEachRecord(starts: order, indices: nil, body)
    }

    /// Calls `body` with each value of the files at `places` only (places a pass of
    /// ``forEachRecord(_:)`` gave), as that pass read them: files in the order they come, each once.
    public func forEachRecord(in places: [CrossFilePlace], _ body: (CrossFileSource, CrossFileRecordView) -> Void) {
        var chosen: [CrossFilePlace] = []
        for place in places.sorted() where chosen.last != place { chosen.append(place) }
        let indices = Dictionary(chosen.map { ($0.offset, $0.index) }, uniquingKeysWith: { a, _ in a })
        forEachRecord(starts: chosen.map(\.offset), indices: indices, body)
    }

    /// The files whose headers start at `starts` (nil: every file as stored), each file's place in
    /// the order files come being `indices[start]` (nil: the files' count so far).
    private func forEachRecord(starts: [Int]?, indices: [Int: Int]?, _ body: (CrossFileSource, CrossFileRecordView) -> Void) {
        var count = 0
        store.forEachFile(order: starts) { start, file, severity, records in
            let index = indices?[start] ?? count
            count += 1
            let source = CrossFileSource(number: file, severity: severity, place: CrossFilePlace(index: index, offset: start),
                                         pathOfFile: pathOfFile)
            var offset = 0
            // As ``Records/Iterator/next()``: a length needs 4 bytes; a record ends at the
            // file's records' end at the latest.
            while records.count - offset >= 4 {
                let length = Int(UInt32(littleEndian: records.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
                let end = offset + 4 + Swift.min(length, records.count - offset - 4)
                body(source, CrossFileRecordView(UnsafeRawBufferPointer(rebasing: records[(offset + 4)..<end])))
                offset = end
            }
        }
    }

    /// Reads the values one at a time: each file's records are read from the store at once.
    public struct Iterator: IteratorProtocol {
        private var records: Records.Iterator

        init(values: CrossFileValues) { records = Records.Iterator(values: values) }

        /// The next value that reads back; a record that does not (damaged storage) is passed over.
        public mutating func next() -> (file: CrossFileSource, info: Info)? {
            while let (file, record) = records.next() {
                if let info = try? record.read(Info.self) { return (file, info) }
            }
            return nil
        }
    }

    /// ``CrossFileValues``' records, in the same order, each read only when asked.
    public struct Records: Sequence, Sendable {
        let values: CrossFileValues

        public func makeIterator() -> Iterator { Iterator(values: values) }

        /// Reads each file's records from the store at once, and hands them out one at a time.
        public struct Iterator: IteratorProtocol {
            let values: CrossFileValues
            private var chunk = 0
            /// Where the next file's records start in the store, when read as stored.
            private var nextStart = 0
            /// The current file's records, and where the next one starts in them.
            private var records: [UInt8] = []
            private var offset = 0
            private var source: CrossFileSource?

            init(values: CrossFileValues) { self.values = values }

            public mutating func next() -> (file: CrossFileSource, record: CrossFileRecord)? {
                let store = values.store
                while offset + 4 > records.count {
                    let start: Int
                    if let order = values.order {
                        guard chunk < order.count else { return nil }
                        start = order[chunk]
                    } else {
                        guard nextStart < store.count else { return nil }
                        start = nextStart
                    }
                    chunk += 1
                    let header = store.header(at: start)
                    source = CrossFileSource(number: header.file, severity: header.severity,
                                             place: CrossFilePlace(index: chunk - 1, offset: start),
                                             pathOfFile: values.pathOfFile)
                    records = store.records(at: start + store.headerSize, length: header.length)
                    offset = 0
                    nextStart = start + store.headerSize + header.length
                }
                // `offset + 4 <= records.count` (the loop above): the length is there; the
                // record ends at the bytes' end at the latest.
                let length = records.withUnsafeBytes { raw in
                    Int(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
                }
                let end = Swift.min(offset + 4 + length, records.count)
                let record = CrossFileRecord(bytes: records, range: (offset + 4)..<end)
                offset = end
                return (source!, record)
            }
        }
    }
}

/// One value a ``CrossFileRule`` collected, not yet read. It may be read as the value's type, or
/// as any type whose ``CrossFileValue/layout`` starts with the same fields (and has no more):
/// a rule that compares two fields of every value reads those, and the whole value only when
/// it reports it.
public struct CrossFileRecord: Sendable {
    /// The current file's records (shared, not copied), and this one's fields in them.
    @usableFromInline let bytes: [UInt8]
    @usableFromInline let range: Range<Int>

    init(bytes: [UInt8], range: Range<Int>) {
        self.bytes = bytes
        self.range = range
    }

    /// The record read as `type`, from its first field; an error when it ends before `type`'s
    /// fields do or holds what they cannot be. Inlinable, so that a rule reads its own type
    /// without the generic (unspecialised) path across modules.
    @inlinable public func read<Value: CrossFileValue>(_ type: Value.Type) throws(CrossFileReadError) -> Value {
        try bytes.withUnsafeBytes { raw in
            // `range` lies within the bytes (see ``CrossFileValues/Records/Iterator/next()``).
            var reader = CrossFileReader(UnsafeRawBufferPointer(rebasing: raw[range]))
            return Result { () throws(CrossFileReadError) -> Value in try Value.layout.readFields(&reader) }
        }.get()
    }
}

/// One value a ``CrossFileRule`` collected, not yet read, where the engine keeps it: handed to
/// the body of ``CrossFileValues/forEachRecord(_:)`` and valid only during that call. It reads as
/// a ``CrossFileRecord`` does, and its ``fields`` one at a time without making a value.
public struct CrossFileRecordView {
    @usableFromInline let bytes: UnsafeRawBufferPointer

    init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    /// The record read as `type`, from its first field (see ``CrossFileRecord/read(_:)``).
    @inlinable public func read<Value: CrossFileValue>(_ type: Value.Type) throws(CrossFileReadError) -> Value {
        var reader = CrossFileReader(bytes)
        return try Value.layout.readFields(&reader)
    }

    /// The record's fields from its first, to be read one at a time in the order its value's
    /// ``CrossFileValue/layout`` declares them.
    public var fields: CrossFileReader { CrossFileReader(bytes) }
}

/// Where a run keeps one cross-file rule's values: each file's records after a header of its
/// number, the rule's severity there and the records' length. The run module keeps them.
package protocol CrossFileStorage: Sendable {
    /// How many bytes are stored.
    var count: Int { get }
    /// The size of each file's header.
    var headerSize: Int { get }
    /// The header at `offset`: the file's number, the rule's severity there, its records' length.
    func header(at offset: Int) -> (file: Int, severity: Severity, length: Int)
    /// The `length` bytes of records at `offset`.
    func records(at offset: Int, length: Int) -> [UInt8]
    /// Calls `body` with where each file's header starts, the file's number, the rule's severity
    /// there and its records, the files in the order `order` gives (where each file's header
    /// starts; nil: as stored). The records are valid during the call only, and `body` may read
    /// the store again.
    func forEachFile(order: [Int]?, _ body: (Int, Int, Severity, UnsafeRawBufferPointer) -> Void)
}
