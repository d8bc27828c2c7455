import ProgressLintEngine
import ProgressLintWorkspace

/// The run's store of one cross-file rule's values: each file's records after a header of its
/// number, the rule's severity there and the records' length.
struct CrossFileStore: CrossFileStorage {
    let bytes: ByteStore
    static let headerSize = 17
    var headerSize: Int { CrossFileStore.headerSize }
    var count: Int { bytes.count }

    init(memoryLimit: Int = ByteStore.defaultMemoryLimit) { bytes = ByteStore(memoryLimit: memoryLimit) }

    /// Adds the records one file's screens gave.
    func append(_ records: CrossFileWriter, file: Int, severity: Severity) {
        guard records.count > 0 else { return }
        // The header written in place, on the stack (`headerSize` bytes: 8, 1 and 8), not built as an array.
        withUnsafeTemporaryAllocation(byteCount: CrossFileStore.headerSize, alignment: 1) { header in
            header.storeBytes(of: Int64(file).littleEndian, toByteOffset: 0, as: Int64.self)
            header.storeBytes(of: UInt8(Severity.allCases.firstIndex(of: severity) ?? 0), toByteOffset: 8, as: UInt8.self)
            header.storeBytes(of: Int64(records.length).littleEndian, toByteOffset: 9, as: Int64.self)
            _ = bytes.append(UnsafeRawBufferPointer(header))
        }
        records.withBytes { _ = bytes.append($0) }
    }

    /// Adds one file's records as ``CrossFileWriter/withBytes(_:)`` gave them (kept in the cache).
    func append(encoded records: UnsafeRawBufferPointer, file: Int, severity: Severity) {
        guard !records.isEmpty else { return }
        withUnsafeTemporaryAllocation(byteCount: CrossFileStore.headerSize, alignment: 1) { header in
            header.storeBytes(of: Int64(file).littleEndian, toByteOffset: 0, as: Int64.self)
            header.storeBytes(of: UInt8(Severity.allCases.firstIndex(of: severity) ?? 0), toByteOffset: 8, as: UInt8.self)
            header.storeBytes(of: Int64(records.count).littleEndian, toByteOffset: 9, as: Int64.self)
            _ = bytes.append(UnsafeRawBufferPointer(header))
        }
        _ = bytes.append(records)
    }

    func records(at offset: Int, length: Int) -> [UInt8] {
        bytes.read(offset, length) { Array($0) }
    }

    /// Each file's records are copied (one `memcpy`) into a buffer used again for every file, so
    /// that `body` runs with no lock held: it may read this store again. Read as stored, a file's
    /// records and the next file's header are read together: one read of the store a file.
    func forEachFile(order: [Int]?, _ body: (Int, Int, Severity, UnsafeRawBufferPointer) -> Void) {
        let headerSize = CrossFileStore.headerSize
        var buffer = [UInt8](repeating: 0, count: 4096)
        var next = 0
        var start = 0
        let total = bytes.count
        /// The header at `start`, when it was read with the previous file's records.
        var known: (file: Int, severity: Severity, length: Int)?
        while true {
            if let order {
                guard next < order.count else { return }
                start = order[next]
                next += 1
            }
            guard start >= 0, start <= total - headerSize else {
                if order == nil { return } else { continue }
            }
            let header = known ?? header(at: start)
            known = nil
            // A length past the store's end (damage) is cut there: never a read out of bounds.
            let length = max(0, min(header.length, total - start - headerSize))
            let withNext = order == nil && length <= total - start - 2 * headerSize ? headerSize : 0
            let size = length + withNext
            if buffer.count < size { buffer = [UInt8](repeating: 0, count: max(size, 2 * buffer.count)) }
            buffer.withUnsafeMutableBytes { room in
                if size > 0 {
                    bytes.read(start + headerSize, size) { room.baseAddress!.copyMemory(from: $0.baseAddress!, byteCount: size) }
                }
                if withNext > 0 { known = CrossFileStore.header(UnsafeRawBufferPointer(rebasing: room[length..<size])) }
                body(start, header.file, header.severity, UnsafeRawBufferPointer(rebasing: room[0..<length]))
            }
            start += headerSize + length
        }
    }

    func header(at offset: Int) -> (file: Int, severity: Severity, length: Int) {
        bytes.read(offset, CrossFileStore.headerSize) { CrossFileStore.header($0) }
    }

    private static let severities = Severity.allCases

    /// The header in `raw` (`headerSize` bytes).
    private static func header(_ raw: UnsafeRawBufferPointer) -> (file: Int, severity: Severity, length: Int) {
        let file = Int(truncatingIfNeeded: Int64(littleEndian: raw.loadUnaligned(fromByteOffset: 0, as: Int64.self)))
        let level = Int(raw[8])
        let length = Int(truncatingIfNeeded: Int64(littleEndian: raw.loadUnaligned(fromByteOffset: 9, as: Int64.self)))
        return (file, severities.indices.contains(level) ? severities[level] : .warning, length)
    }

    /// Where each file's records start, in the order of the files' `positions` (by file number);
    /// nil when they are in that order already. Only the headers are read.
    func order(by positions: [Int]) -> [Int]? {
        var starts: [(rank: Int, start: Int)] = []
        var start = 0
        let total = bytes.count
        var sorted = true
        while start < total {
            let header = header(at: start)
            let rank = positions.indices.contains(header.file) ? positions[header.file] : Int.max
            if let last = starts.last, rank < last.rank { sorted = false }
            starts.append((rank, start))
            start += CrossFileStore.headerSize + header.length
        }
        if sorted { return nil }
        return starts.enumerated().sorted { a, b in
            a.element.rank != b.element.rank ? a.element.rank < b.element.rank : a.offset < b.offset
        }.map(\.element.start)
    }
}
