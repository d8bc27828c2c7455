#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import ProgressLintSupport
import ProgressLintEngine
import ProgressLintWorkspace


/// The linted files of a run, in report order (by path): paths and screen names in one
/// ``ByteStore``, each file's 24-byte record in another, so a run keeps nothing per file in memory.
/// Files added out of path order are sorted once by ``sortByPath()``.
struct FileList: RandomAccessCollection, Sendable {
    private struct Record: Sendable {
        /// Where the path starts in the store; the screen names follow it.
        var start: Int
        var pathLength: Int32
        var names: Int32
        var indicators: Int32
        /// Breaks ties between paths that read the same.
        var order: Int32
    }

    /// Paths and screen names: each path's UTF-8, then each name as a 4-byte length, its 4-byte
    /// document index and its UTF-8.
    /// Shared between copies: it is only ever appended to, and each copy reads its own records.
    private let store = ByteStore()
    /// In the order files were added.
    private var records = ByteStore()
    private var recordCount = 0
    /// Report order, as indices into `records`; nil while that is the order they were added in.
    private var reportOrder: [Int32]?
    /// The last path added and its tie-breaker, to tell whether files arrive in report order.
    private var lastPath: [UInt8] = []
    private var lastOrder = Int32.min
    private var addedInOrder = true

    /// Screens in all files.
    private(set) var screens = 0
    /// Indicators in all files.
    private(set) var indicators = 0

    /// An empty list.
    init() {}

    /// A list of `summaries`, sorted by path.
    init(_ summaries: some Sequence<FileSummary>) {
        for summary in summaries { append(summary) }
        sortByPath()
    }

    /// A list of the files that `results` describe, sorted by path.
    init(_ results: some Sequence<FileResult>) {
        self.init(results.lazy.map(\.summary))
    }

    var startIndex: Int { 0 }
    var endIndex: Int { recordCount }

    subscript(position: Int) -> FileSummary {
        let record = self.record(number(at: position))
        let length = Int(record.pathLength)
        let path = store.read(record.start, length) { String(decoding: $0, as: UTF8.self) }
        var names: [String] = []
        var documents: [Int] = []
        names.reserveCapacity(Int(record.names))
        documents.reserveCapacity(Int(record.names))
        var offset = record.start + length
        for _ in 0..<record.names {
            let (nameLength, document) = store.read(offset, 8) { bytes in
                (Int(bytes[0]) | Int(bytes[1]) << 8 | Int(bytes[2]) << 16 | Int(bytes[3]) << 24,
                 Int(bytes[4]) | Int(bytes[5]) << 8 | Int(bytes[6]) << 16 | Int(bytes[7]) << 24)
            }
            offset += 8
            names.append(store.read(offset, nameLength) { String(decoding: $0, as: UTF8.self) })
            documents.append(document)
            offset += nameLength
        }
        return FileSummary(path: path, screenNames: names, screenDocuments: documents, indicators: Int(record.indicators))
    }

    /// The path of the file at `position`, without reading its screen names.
    func path(at position: Int) -> String {
        path(ofFile: number(at: position))
    }

    /// Adds a file at the end; returns its number, which ``path(ofFile:)`` takes. `order` breaks
    /// ties between paths that read the same (the number, by default).
    @discardableResult
    mutating func append(_ summary: FileSummary, order: Int? = nil) -> Int {
        let number = recordCount
        let order = Int32(clamping: order ?? number)
        var path = summary.path
        let start = appendPath(&path, order: order)
        for (i, var name) in summary.screenNames.enumerated() {
            var document = UInt32(clamping: i < summary.screenDocuments.count ? summary.screenDocuments[i] : i).littleEndian
            name.withUTF8 { utf8 in
                var length = UInt32(truncatingIfNeeded: utf8.count).littleEndian
                withUnsafeBytes(of: &length) { _ = store.append($0) }
                withUnsafeBytes(of: &document) { _ = store.append($0) }
                _ = store.append(UnsafeRawBufferPointer(utf8))
            }
        }
        return appendRecord(start: start, pathLength: summary.path.utf8.count, names: summary.screenNames.count,
                            indicators: summary.indicators, order: order, number: number)
    }

    /// Stores a file's path, noting whether files still come in path order; returns where it starts.
    private mutating func appendPath(_ path: inout String, order: Int32) -> Int {
        path.withUTF8 { utf8 in
            if addedInOrder {
                let c = lastPath.withUnsafeBytes { ByteOrder.compare(UnsafeRawBufferPointer(utf8), $0) }
                if c < 0 || (c == 0 && order < lastOrder) { addedInOrder = false }
                lastPath.removeAll(keepingCapacity: true)
                lastPath.append(contentsOf: utf8)
                lastOrder = order
            }
            return store.append(UnsafeRawBufferPointer(utf8))
        }
    }

    /// The screen names of `summary` as ``append(_:order:)`` stores them after the path (each a
    /// 4-byte length, its 4-byte document index and its UTF-8), appended to `bytes`.
    static func encodeNames(_ summary: FileSummary, into bytes: inout [UInt8]) {
        for (i, var name) in summary.screenNames.enumerated() {
            let document = UInt32(clamping: i < summary.screenDocuments.count ? summary.screenDocuments[i] : i)
            name.withUTF8 { utf8 in
                withUnsafeBytes(of: UInt32(truncatingIfNeeded: utf8.count).littleEndian) { bytes.append(contentsOf: $0) }
                withUnsafeBytes(of: document.littleEndian) { bytes.append(contentsOf: $0) }
                bytes.append(contentsOf: utf8)
            }
        }
    }

    /// Adds a file whose `nameCount` screen names are `names`, as ``encodeNames(_:into:)`` wrote
    /// them; returns its number, as ``append(_:order:)`` does.
    @discardableResult
    mutating func appendEncoded(path: String, names: UnsafeRawBufferPointer, nameCount: Int, indicators: Int,
                                order: Int) -> Int {
        let number = recordCount
        let order = Int32(clamping: order)
        var path = path
        let pathLength = path.utf8.count
        let start = appendPath(&path, order: order)
        if !names.isEmpty { _ = store.append(names) }
        return appendRecord(start: start, pathLength: pathLength, names: nameCount, indicators: indicators,
                            order: order, number: number)
    }

    private mutating func appendRecord(start: Int, pathLength: Int, names: Int, indicators: Int, order: Int32,
                                       number: Int) -> Int {
        // A copy of this list may share the records; appending gives this one its own.
        if !isKnownUniquelyReferenced(&records) {
            records = records.copy(prefix: recordCount * MemoryLayout<Record>.stride)
        }
        var record = Record(
            start: start, pathLength: Int32(clamping: pathLength),
            names: Int32(clamping: names), indicators: Int32(clamping: indicators),
            order: order)
        withUnsafeBytes(of: &record) { _ = records.append($0) }
        recordCount += 1
        if reportOrder != nil { reportOrder!.append(Int32(clamping: number)) }
        screens += names
        self.indicators += indicators
        return number
    }

    /// The path of the file that ``append(_:order:)`` numbered `number`.
    func path(ofFile number: Int) -> String {
        let record = self.record(number)
        return store.read(record.start, Int(record.pathLength)) { String(decoding: $0, as: UTF8.self) }
    }

    /// Puts the files in report order: by the bytes of their paths, then by `order`. Files
    /// added in that order already (as a run adds them) are left as they are.
    mutating func sortByPath() {
        if addedInOrder && reportOrder == nil { return }
        let records = (0..<recordCount).map { record($0) }
        let paths = records.map { record in store.read(record.start, Int(record.pathLength)) { Array($0) } }
        var order = Array(Int32(0)..<Int32(clamping: records.count))
        order.sort { a, b in
            let c = paths[Int(a)].withUnsafeBytes { x in paths[Int(b)].withUnsafeBytes { ByteOrder.compare(x, $0) } }
            return c != 0 ? c < 0 : records[Int(a)].order < records[Int(b)].order
        }
        reportOrder = order
        addedInOrder = false
    }

    /// The position in report order of each file, by the number ``append(_:order:)`` gave it.
    func positionsOfFiles() -> [Int] {
        guard let reportOrder else { return Array(0..<recordCount) }
        var positions = [Int](repeating: 0, count: recordCount)
        for (position, number) in reportOrder.enumerated() { positions[Int(number)] = position }
        return positions
    }

    /// Whether the files are in the order they were added (so file numbers are positions).
    var isInOrderAdded: Bool { reportOrder == nil }

    private func record(_ number: Int) -> Record {
        records.read(number * MemoryLayout<Record>.stride, MemoryLayout<Record>.size) { $0.loadUnaligned(as: Record.self) }
    }

    private func number(at position: Int) -> Int {
        reportOrder.map { Int($0[position]) } ?? position
    }
}

extension FileList {
    /// A reader of the list's files through windows of its own, so several threads read one list at
    /// once without a lock; texts come as their stored UTF-8. One thread uses it at a time.
    struct Reader {
        private let store: ByteStore.Reader
        private let records: ByteStore.Reader
        private let reportOrder: [Int32]?
        /// How many files it reads.
        let count: Int

        init(_ list: FileList) {
            store = list.store.reader()
            records = list.records.reader()
            reportOrder = list.reportOrder
            count = list.recordCount
        }

        private func record(at position: Int) -> Record {
            let number = reportOrder.map { Int($0[position]) } ?? position
            return records.read(number * MemoryLayout<Record>.stride, MemoryLayout<Record>.size) {
                $0.loadUnaligned(as: Record.self)
            }
        }

        /// `body` of the UTF-8 of the path of the file at `position` (valid during the call).
        func withPath<R>(at position: Int, _ body: (UnsafeRawBufferPointer) -> R) -> R {
            let record = record(at: position)
            return store.read(record.start, Int(record.pathLength), body)
        }

        /// Hands over the file at `position`: `file` with its path's UTF-8, how many screens it has
        /// and its indicators, then `name` with each screen name's UTF-8, in order (each valid
        /// during its call), as ``FileList/subscript(_:)`` reads them.
        func read(at position: Int, file: (_ path: UnsafeRawBufferPointer, _ screens: Int, _ indicators: Int) -> Void,
                         name: (UnsafeRawBufferPointer) -> Void) {
            let record = record(at: position)
            let length = Int(record.pathLength), names = Int(record.names)
            store.read(record.start, length) { file($0, names, Int(record.indicators)) }
            var offset = record.start + length
            for _ in 0..<names {
                let nameLength = store.read(offset, 8) { Int(UInt32(littleEndian: $0.loadUnaligned(as: UInt32.self))) }
                offset += 8
                store.read(offset, nameLength, name)
                offset += nameLength
            }
        }
    }

    /// A reader of the list from any file on, for one thread (see ``Reader``).
    func reader() -> Reader { Reader(self) }

    /// `body` of the UTF-8 of the path of the file at `position` (valid during the call), without
    /// making a `String`.
    func withPath<R: Sendable>(at position: Int, _ body: (UnsafeRawBufferPointer) -> R) -> R {
        let record = self.record(number(at: position))
        return store.read(record.start, Int(record.pathLength), body)
    }
}
