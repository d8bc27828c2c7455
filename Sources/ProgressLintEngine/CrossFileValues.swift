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

/// Where a ``CrossFileValue`` writes its fields.
public struct CrossFileWriter: Sendable {
    /// The records written, each its length (4 bytes) then its fields: the first `length` bytes
    /// of `storage`, whose zeroed tail is room for the next fields (grown in steps, not per byte).
    private var storage: [UInt8] = []
    /// How many bytes of `storage` are written.
    package private(set) var length = 0
    /// How many records.
    package private(set) var count = 0

    init() {}

    /// Records read back (from the cache): `bytes` as ``withBytes(_:)`` gave them, `count` records.
    package init(written bytes: [UInt8], count: Int) {
        storage = bytes
        length = bytes.count
        self.count = count
    }

    /// The bytes written.
    package func withBytes<T>(_ body: (UnsafeRawBufferPointer) -> T) -> T {
        // `length <= storage.count`: `reserve` makes room before every write.
        storage.withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0.prefix(length))) }
    }

    /// Writes `value` as one record.
    mutating func record<Value: CrossFileValue>(_ value: Value) {
        let start = length
        append(UInt32(0))
        value.encode(to: &self)
        let recordLength = UInt32(clamping: length - start - 4)
        // `start + 4 <= length <= storage.count`: the placeholder was written above.
        storage.withUnsafeMutableBytes { $0.storeBytes(of: recordLength.littleEndian, toByteOffset: start, as: UInt32.self) }
        count += 1
    }

    /// Makes room for `more` bytes past `length`: at least doubling, so a file's records grow the
    /// storage a few times in all. Traps only where an array could not hold the bytes anyway.
    private mutating func reserve(_ more: Int) {
        let free = storage.count - length
        if free >= more { return }
        storage.append(contentsOf: repeatElement(0, count: Swift.max(more - free, storage.count, 256)))
    }

    private mutating func append<T: FixedWidthInteger>(_ value: T) {
        let size = MemoryLayout<T>.size
        reserve(size)
        // `length + size <= storage.count` (reserved above); stores need no alignment.
        storage.withUnsafeMutableBytes { $0.storeBytes(of: value.littleEndian, toByteOffset: length, as: T.self) }
        length += size
    }

    /// Writes a number.
    public mutating func write(_ value: Int) { append(Int64(value)) }

    /// Writes a text, exactly as its bytes are.
    public mutating func write(_ value: String) {
        var value = value
        value.withUTF8 { utf8 in
            let text = UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: utf8.prefix(Int(UInt32.max))))
            append(UInt32(truncatingIfNeeded: text.count))
            guard let source = text.baseAddress, text.count > 0 else { return }
            reserve(text.count)
            // `length + text.count <= storage.count` (reserved above): copied in one piece.
            storage.withUnsafeMutableBytes { $0.baseAddress!.advanced(by: length).copyMemory(from: source, byteCount: text.count) }
            length += text.count
        }
    }

    /// Writes a text or its absence.
    public mutating func write(_ value: String?) {
        append(UInt8(value == nil ? 0 : 1))
        if let value { write(value) }
    }

    /// Writes a range.
    public mutating func write(_ value: SourceRange) {
        write(value.start.line)
        write(value.start.column)
        write(value.start.characterOffset)
        write(value.end.line)
        write(value.end.column)
        write(value.end.characterOffset)
    }
}

/// Where a ``CrossFileRule`` hands the values of a screen, one at a time: each is written at once.
public struct CrossFileSink<Info: CrossFileValue> {
    var writer: CrossFileWriter

    /// Keeps `info` (written as a record, read back by ``CrossFileValues``).
    public mutating func add(_ info: Info) { writer.record(info) }
}

/// Reads back what a ``CrossFileWriter`` wrote, field by field in the same order. Reading past the
/// record's end gives zeros and empty texts rather than trapping.
public struct CrossFileReader {
    private let bytes: UnsafeRawBufferPointer
    private var offset = 0

    @usableFromInline init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    private mutating func take<T: FixedWidthInteger>(_: T.Type) -> T {
        let size = MemoryLayout<T>.size
        guard offset <= bytes.count - size else {
            offset = bytes.count
            return 0
        }
        defer { offset += size }
        return T(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: T.self))
    }

    /// Reads a number.
    public mutating func int() -> Int { Int(truncatingIfNeeded: take(Int64.self)) }

    /// Reads a text.
    public mutating func string() -> String {
        let length = Int(take(UInt32.self))
        let end = min(offset + length, bytes.count)
        defer { offset = end }
        return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[offset..<end]), as: UTF8.self)
    }

    /// Reads a text or its absence.
    public mutating func optionalString() -> String? {
        take(UInt8.self) == 0 ? nil : string()
    }

    /// Reads a range.
    public mutating func range() -> SourceRange {
        let start = SourcePosition(line: int(), column: int(), characterOffset: int())
        return SourceRange(start: start, end: SourcePosition(line: int(), column: int(), characterOffset: int()))
    }
}

/// The file a cross-file value came from.
public struct CrossFileSource: Hashable, Sendable {
    /// The file's number in the run's ``FileList``.
    let number: Int
    /// The severity the file's configuration gives the rule.
    package let severity: Severity
    private let pathOfFile: @Sendable (Int) -> String

    init(number: Int, severity: Severity, pathOfFile: @escaping @Sendable (Int) -> String) {
        self.number = number
        self.severity = severity
        self.pathOfFile = pathOfFile
    }

    /// The file's path, as reported.
    public var path: String { pathOfFile(number) }

    public static func == (a: CrossFileSource, b: CrossFileSource) -> Bool { a.number == b.number }
    public func hash(into hasher: inout Hasher) { hasher.combine(number) }
}

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

    /// Reads the values one at a time: each file's records are read from the store at once.
    public struct Iterator: IteratorProtocol {
        private var records: Records.Iterator

        init(values: CrossFileValues) { records = Records.Iterator(values: values) }

        public mutating func next() -> (file: CrossFileSource, info: Info)? {
            guard let (file, record) = records.next() else { return nil }
            return (file, record.read(Info.self))
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
/// as any type whose ``CrossFileValue/init(from:)`` reads the same first fields (and no more):
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

    /// The record read as `type`, from its first field. Inlinable, so that a rule reads its own
    /// type without the generic (unspecialised) path across modules.
    @inlinable public func read<Value: CrossFileValue>(_ type: Value.Type) -> Value {
        bytes.withUnsafeBytes { raw in
            // `range` lies within the bytes (see ``CrossFileValues/Records/Iterator/next()``).
            var reader = CrossFileReader(UnsafeRawBufferPointer(rebasing: raw[range]))
            return Value(from: &reader)
        }
    }
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
}

/// A ``CrossFileRule`` with its value type hidden, as the engine keeps it.
public struct AnyCrossFileRule: Sendable {
    /// The rule's id.
    public let id: String
    private let collectValues: @Sendable (Screen, RuleContext, inout CrossFileWriter) -> Void
    private let finishValues: @Sendable (any CrossFileStorage, [Int]?, @escaping @Sendable (Int) -> String) -> [CrossFileFinding]

    init<R: CrossFileRule>(_ rule: R) {
        id = R.description.id
        collectValues = { screen, context, writer in
            // The writer moves into the sink and back: no copy of its bytes.
            var sink = CrossFileSink<R.Info>(writer: writer)
            writer = CrossFileWriter()
            rule.collect(screen, context: context, into: &sink)
            swap(&writer, &sink.writer)
        }
        finishValues = { store, order, pathOfFile in
            rule.finish(CrossFileValues<R.Info>(store: store, order: order, pathOfFile: pathOfFile))
        }
    }

    /// Writes what `screen` contributes to `records`.
    func collect(_ screen: Screen, context: RuleContext, into records: inout CrossFileWriter) {
        collectValues(screen, context, &records)
    }

    /// The rule's findings over `store`, read in the order `order` gives (nil: as stored).
    package func finish(_ store: any CrossFileStorage, order: [Int]?, pathOfFile: @escaping @Sendable (Int) -> String)
        -> [CrossFileFinding]
    {
        finishValues(store, order, pathOfFile)
    }
}
