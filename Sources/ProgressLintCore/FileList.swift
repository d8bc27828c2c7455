#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What a report says of one linted file.
public struct FileSummary: Hashable, Sendable {
    /// The file, as displayed.
    public var path: String
    /// Its screens' names (non-empty documents), in document order.
    public var screenNames: [String]
    /// Indicators it holds.
    public var indicators: Int

    /// Screens it holds.
    public var screens: Int { screenNames.count }

    /// Creates a summary.
    public init(path: String, screenNames: [String] = [], indicators: Int = 0) {
        self.path = path
        self.screenNames = screenNames
        self.indicators = indicators
    }
}

/// The linted files of a run, in report order (by path), kept compactly.
///
/// A run over 100,000 files would otherwise keep a `String` and an array per file: here every
/// path and screen name lives in one byte buffer and each file adds a 24-byte record, so what
/// a run keeps per file is about the size of its path.
public struct FileList: RandomAccessCollection, Sendable {
    private struct Record: Sendable {
        /// Where the path starts in `bytes`; the screen names follow it.
        var start: Int
        var pathLength: Int32
        var names: Int32
        var indicators: Int32
        /// Breaks ties between paths that read the same.
        var order: Int32
    }

    /// Paths and screen names: each path's UTF-8, then each name as a 4-byte length and its UTF-8.
    private var bytes: [UInt8] = []
    /// In the order files were added.
    private var records: [Record] = []
    /// Report order: indices into `records`.
    private var reportOrder: [Int32] = []

    /// Screens in all files.
    public private(set) var screens = 0
    /// Indicators in all files.
    public private(set) var indicators = 0

    /// An empty list.
    public init() {}

    /// A list of `summaries`, sorted by path.
    public init(_ summaries: some Sequence<FileSummary>) {
        for summary in summaries { append(summary) }
        sortByPath()
    }

    /// A list of the files that `results` describe, sorted by path.
    public init(_ results: some Sequence<FileResult>) {
        self.init(results.lazy.map(\.summary))
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { reportOrder.count }

    public subscript(position: Int) -> FileSummary {
        let record = records[Int(reportOrder[position])]
        return bytes.withUnsafeBufferPointer { buffer in
            var offset = record.start
            let path = String(decoding: buffer[offset..<offset + Int(record.pathLength)], as: UTF8.self)
            offset += Int(record.pathLength)
            var names: [String] = []
            names.reserveCapacity(Int(record.names))
            for _ in 0..<record.names {
                let length = Self.readLength(buffer, at: offset)
                offset += 4
                names.append(String(decoding: buffer[offset..<offset + length], as: UTF8.self))
                offset += length
            }
            return FileSummary(path: path, screenNames: names, indicators: Int(record.indicators))
        }
    }

    /// The path of the file at `position`, without decoding its screen names.
    public func path(at position: Int) -> String {
        path(ofRecord: Int(reportOrder[position]))
    }

    /// Adds a file at the end; returns its number, which ``path(ofFile:)`` takes. `order` breaks
    /// ties between paths that read the same (the number, by default).
    @discardableResult
    public mutating func append(_ summary: FileSummary, order: Int? = nil) -> Int {
        let number = records.count
        var path = summary.path
        let start = bytes.count
        path.withUTF8 { bytes.append(contentsOf: $0) }
        for var name in summary.screenNames {
            name.withUTF8 { utf8 in
                var length = UInt32(truncatingIfNeeded: utf8.count).littleEndian
                withUnsafeBytes(of: &length) { bytes.append(contentsOf: $0) }
                bytes.append(contentsOf: utf8)
            }
        }
        records.append(Record(
            start: start, pathLength: Int32(clamping: summary.path.utf8.count),
            names: Int32(clamping: summary.screenNames.count), indicators: Int32(clamping: summary.indicators),
            order: Int32(clamping: order ?? number)))
        reportOrder.append(Int32(clamping: number))
        screens += summary.screens
        indicators += summary.indicators
        return number
    }

    /// The path of the file that ``append(_:)`` numbered `number`.
    public func path(ofFile number: Int) -> String { path(ofRecord: number) }

    /// Puts the files in report order: by the bytes of their paths, then in the order added.
    public mutating func sortByPath() {
        let records = self.records
        bytes.withUnsafeBufferPointer { buffer in
            reportOrder.sort { a, b in
                let x = records[Int(a)]
                let y = records[Int(b)]
                let n = Int(Swift.min(x.pathLength, y.pathLength))
                if n > 0, let base = buffer.baseAddress {
                    let c = memcmp(base + x.start, base + y.start, n)
                    if c != 0 { return c < 0 }
                }
                if x.pathLength != y.pathLength { return x.pathLength < y.pathLength }
                return x.order < y.order
            }
        }
    }

    /// The position in report order of each file, by the number ``append(_:order:)`` gave it.
    public func positionsOfFiles() -> [Int] {
        var positions = [Int](repeating: 0, count: records.count)
        for (position, number) in reportOrder.enumerated() { positions[Int(number)] = position }
        return positions
    }

    private func path(ofRecord index: Int) -> String {
        let record = records[index]
        return bytes.withUnsafeBufferPointer {
            String(decoding: $0[record.start..<record.start + Int(record.pathLength)], as: UTF8.self)
        }
    }

    private static func readLength(_ buffer: UnsafeBufferPointer<UInt8>, at offset: Int) -> Int {
        Int(buffer[offset]) | Int(buffer[offset + 1]) << 8 | Int(buffer[offset + 2]) << 16 | Int(buffer[offset + 3]) << 24
    }
}

extension FileResult {
    /// What the report says of this file.
    public var summary: FileSummary {
        FileSummary(path: path, screenNames: screenNames, indicators: indicators)
    }
}
