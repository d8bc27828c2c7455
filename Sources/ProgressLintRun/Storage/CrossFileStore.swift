import ProgressLintEngine
import ProgressLintWorkspace

/// The run's store of one cross-file rule's values: each file's values (as the engine encoded
/// them) after a header of the file's number, the rule's severity there and the values' length.
struct CrossFileStore: CrossFileStorage {
    let bytes: ByteStore
    static let headerSize = 17

    init(memoryLimit: Int = ByteStore.defaultMemoryLimit) { bytes = ByteStore(memoryLimit: memoryLimit) }

    /// Adds the values one file's screens gave.
    func append(_ records: [UInt8], file: Int, severity: Severity) {
        records.withUnsafeBytes { append(encoded: $0, file: file, severity: severity) }
    }

    /// Adds one file's values as they are encoded (kept in the cache).
    func append(encoded records: UnsafeRawBufferPointer, file: Int, severity: Severity) {
        guard !records.isEmpty else { return }
        var header = [UInt8](repeating: 0, count: CrossFileStore.headerSize)
        header.withUnsafeMutableBytes { header in
            header.storeBytes(of: Int64(file).littleEndian, toByteOffset: 0, as: Int64.self)
            header.storeBytes(of: UInt8(Severity.allCases.firstIndex(of: severity) ?? 0), toByteOffset: 8, as: UInt8.self)
            header.storeBytes(of: Int64(records.count).littleEndian, toByteOffset: 9, as: Int64.self)
            _ = bytes.append(UnsafeRawBufferPointer(header))
        }
        _ = bytes.append(records)
    }

    func file(at start: Int) -> (number: Int, severity: Severity, values: [UInt8], next: Int)? {
        let total = bytes.count
        guard start >= 0, start <= total - CrossFileStore.headerSize else { return nil }
        let header = header(at: start)
        // A length past the store's end (damage) is cut there: never a read out of bounds.
        let length = max(0, min(header.length, total - start - CrossFileStore.headerSize))
        let values = bytes.read(start + CrossFileStore.headerSize, length) { Array($0) }
        return (header.file, header.severity, values, start + CrossFileStore.headerSize + length)
    }

    private static let severities = Severity.allCases

    private func header(at offset: Int) -> (file: Int, severity: Severity, length: Int) {
        bytes.read(offset, CrossFileStore.headerSize) { raw in
            let file = Int(truncatingIfNeeded: Int64(littleEndian: raw.loadUnaligned(fromByteOffset: 0, as: Int64.self)))
            let level = Int(raw[8])
            let length = Int(truncatingIfNeeded: Int64(littleEndian: raw.loadUnaligned(fromByteOffset: 9, as: Int64.self)))
            return (file, Self.severities.indices.contains(level) ? Self.severities[level] : .warning, length)
        }
    }

    /// Where each file's values start, in the order of the files' `positions` (by file number);
    /// nil when they are in that order already. Only the headers are read.
    func order(by positions: [Int]) -> [Int]? {
        var starts: [(rank: Int, start: Int)] = []
        var start = 0
        var sorted = true
        let total = bytes.count
        while start <= total - CrossFileStore.headerSize {
            let header = header(at: start)
            let rank = positions.indices.contains(header.file) ? positions[header.file] : Int.max
            if let last = starts.last, rank < last.rank { sorted = false }
            starts.append((rank, start))
            start += CrossFileStore.headerSize + max(0, min(header.length, total - start - CrossFileStore.headerSize))
        }
        if sorted { return nil }
        return starts.enumerated().sorted { a, b in
            a.element.rank != b.element.rank ? a.element.rank < b.element.rank : a.offset < b.offset
        }.map(\.element.start)
    }
}
