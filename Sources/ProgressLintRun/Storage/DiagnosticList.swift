import ProgressLintSupport
import ProgressLintYAML
import Synchronization
import ProgressLintEngine
import ProgressLintWorkspace

/// A run's diagnostics in report order, serialised into a ``ByteStore`` (past 64 KB, a temporary
/// file) so a large run does not hold its findings in memory: one sorted chunk per file, and the few
/// cross-file findings held in memory and merged in their place as the list is read.
struct DiagnosticList: Sequence, Sendable {
    final class Storage: Sendable {
        let bytes: ByteStore
        /// Each file chunk's key (the file's number) and start, 12 bytes a chunk.
        let chunks = ByteStore()
        /// Rule ids by number, and numbers by id.
        let rules: RuleNumbers

        init(memoryLimit: Int = ByteStore.defaultMemoryLimit, rules: RuleNumbers = RuleNumbers()) {
            bytes = ByteStore(memoryLimit: memoryLimit)
            self.rules = rules
        }

        func number(of rule: String) -> Int { rules.number(of: rule) }
    }

    fileprivate var storage = Storage()
    /// How many bytes of `storage.bytes` are this list's (copies share the storage, only ever appended to).
    fileprivate var end = 0
    private var chunkCount = 0
    /// Chunk starts in report order, when that is not the order they were written in.
    private var chunkOrder: [Int]?
    /// Starts of the chunks taken out by ``removeFiles(_:)`` while the chunks are read in the
    /// order written: skipped as the list is read (rather than a list of every chunk kept).
    fileprivate var removedChunks: Set<Int> = []
    /// The path of the chunk written last, and whether the chunks written so far were each of a
    /// path after the one before (else the list must be sorted as a whole, see ``isStreamable``).
    private var lastChunkPath: String?
    private var lastWasFileChunk = false
    private var writtenInOrder = true
    private var reorderedInOrder = true
    private var pathsMatch = true
    /// Whether reading the chunks in order gives the diagnostics sorted: each chunk of a path after
    /// the one before, each diagnostic of its chunk's path. Else the run sorts them as a whole.
    var isStreamable: Bool { pathsMatch && (chunkOrder == nil ? writtenInOrder : reorderedInOrder) }
    /// Diagnostics held in memory, merged in report order as the list is read.
    fileprivate var merged: [Diagnostic] = []
    /// The merged diagnostics as stored ones (each encoded on its own), read in their place.
    fileprivate var mergedStored: [StoredDiagnostic] = []
    /// Only errors are read (`--quiet`).
    fileprivate var errorsOnly = false
    private var severityCounts = [0, 0, 0]

    /// An empty list.
    init() {}

    /// An empty list keeping `memoryLimit` bytes in memory (for tests of the spill).
    init(memoryLimit: Int) { storage = Storage(memoryLimit: memoryLimit) }

    /// An empty list numbering rules with `rules` (the cache's table, so that its stored
    /// diagnostics are added by ``appendEncodedFile(_:severityCounts:path:key:)`` as they are).
    init(rules: RuleNumbers) { storage = Storage(rules: rules) }

    /// A list of `diagnostics`, read back in the order given.
    init(_ diagnostics: some Sequence<Diagnostic>) {
        for diagnostic in diagnostics { append(diagnostic) }
    }

    /// How many diagnostics it holds (errors only, for a list that shows only errors).
    var count: Int { errorsOnly ? severityCounts[2] : severityCounts.reduce(0, +) }
    /// Whether it holds none.
    var isEmpty: Bool { count == 0 }
    /// How many diagnostics of one severity it holds.
    func count(_ severity: Severity) -> Int {
        errorsOnly && severity != .error ? 0 : severityCounts[DiagnosticList.slot(severity)]
    }

    /// The same list, reading only errors (`--quiet`).
    func onlyErrors() -> DiagnosticList {
        var list = self
        list.errorsOnly = true
        return list
    }

    private static func slot(_ severity: Severity) -> Int {
        switch severity {
        case .info: 0
        case .warning: 1
        case .error: 2
        }
    }

    /// Adds a diagnostic at the end (a new chunk when its path is not the last one's).
    mutating func append(_ diagnostic: Diagnostic) {
        makeUnique()
        // A new chunk for a path of other bytes (canonically equivalent paths are two files).
        if lastWasFileChunk || !(lastChunkPath.map { ByteOrder.same($0, diagnostic.path) } ?? false) {
            writePath(diagnostic.path)
            lastWasFileChunk = false
        }
        write(diagnostic)
    }

    /// Starts a chunk of one file's diagnostics, keyed by `key` for ``reorder(by:)``.
    private mutating func startFileChunk(path: String, key: Int) {
        makeUnique()
        if let last = lastChunkPath, !ByteOrder.precedes(last, path) { writtenInOrder = false }
        var record = (Int32(clamping: key), Int64(end))
        withUnsafeBytes(of: &record.0) { _ = storage.chunks.append($0) }
        withUnsafeBytes(of: &record.1) { _ = storage.chunks.append($0) }
        chunkCount += 1
        writePath(path)
        lastWasFileChunk = true
    }

    /// Adds one file's diagnostics as a chunk of their own, sorted, keyed by `key` for ``reorder(by:)``.
    mutating func appendFile(_ diagnostics: [Diagnostic], path: String, key: Int) {
        guard !diagnostics.isEmpty else { return }
        startFileChunk(path: path, key: key)
        var sorted = diagnostics
        sorted.sort(by: Diagnostic.ordered)
        for diagnostic in sorted {
            if diagnostic.path != path { pathsMatch = false }
            write(diagnostic)
        }
    }

    /// Adds one file's diagnostics already stored: `records` as ``appendFile(_:path:key:)`` would
    /// write them (each a 4-byte length, the diagnostic tag and its ``DiagnosticCoder`` bytes with
    /// the rule numbered by this list's table), sorted, with their counts by severity (info,
    /// warning, error). The caller has checked that the records read as such (``FileRecord``).
    mutating func appendEncodedFile(_ records: UnsafeRawBufferPointer, severityCounts counts: (Int, Int, Int),
                                    path: String, key: Int) {
        guard !records.isEmpty else { return }
        startFileChunk(path: path, key: key)
        _ = storage.bytes.append(records)
        end += records.count
        severityCounts[0] += counts.0
        severityCounts[1] += counts.1
        severityCounts[2] += counts.2
    }

    /// One file's diagnostics as ``appendFile(_:path:key:)`` stores them (sorted, each a 4-byte
    /// length and its record, rules numbered by `rules`), appended to `bytes`; returns their counts
    /// by severity (info, warning, error), as ``appendEncodedFile(_:severityCounts:path:key:)`` takes them.
    static func encodeFile(_ diagnostics: [Diagnostic], rules: RuleNumbers, into bytes: inout [UInt8]) -> (Int, Int, Int) {
        var sorted = diagnostics
        sorted.sort(by: Diagnostic.ordered)
        var counts = [0, 0, 0]
        var writer = DiagnosticCoder.Writer()
        for diagnostic in sorted {
            writer.bytes.removeAll(keepingCapacity: true)
            writer.byte(DiagnosticCoder.diagnosticTag)
            DiagnosticCoder.encode(diagnostic, rule: rules.number(of: diagnostic.ruleID), into: &writer)
            withUnsafeBytes(of: UInt32(truncatingIfNeeded: writer.bytes.count).littleEndian) { bytes.append(contentsOf: $0) }
            bytes += writer.bytes
            counts[slot(diagnostic.severity)] += 1
        }
        return (counts[0], counts[1], counts[2])
    }

    /// Puts the file chunks in the order of `rank` (by key), when files were not linted in report order.
    mutating func reorder(by rank: [Int]) {
        var chunks = fileChunks()
        chunks.sort { (rank.indices.contains($0.key) ? rank[$0.key] : $0.key) < (rank.indices.contains($1.key) ? rank[$1.key] : $1.key) }
        chunkOrder = chunks.map(\.start)
        var last: String?
        for chunk in chunks {
            let path = self.path(at: chunk.start)
            if let last, !ByteOrder.precedes(last, path) { reorderedInOrder = false }
            last = path
        }
    }

    /// Takes out the chunks of files whose path is in `paths`; returns their diagnostics, in report order.
    mutating func removeFiles(_ paths: Set<String>) -> [Diagnostic] {
        var removed: [Diagnostic] = []
        func take(_ start: Int) {
            var iterator = Iterator(self, chunks: [start])
            while let d = iterator.next() {
                severityCounts[DiagnosticList.slot(d.severity)] -= 1
                removed.append(d)
            }
        }
        guard let order = chunkOrder else {
            // In the order written: each chunk's start read from the store, one at a time.
            for i in 0..<chunkCount {
                let start = chunkStart(i)
                if paths.contains(path(at: start)) {
                    take(start)
                    removedChunks.insert(start)
                }
            }
            return removed
        }
        var kept: [Int] = []
        for start in order {
            if paths.contains(path(at: start)) { take(start) } else { kept.append(start) }
        }
        chunkOrder = kept
        return removed
    }

    /// Merges `sorted` (in report order) into the list, each before the stored diagnostics it precedes.
    mutating func merge(_ sorted: [Diagnostic]) {
        merged = sorted
        mergedStored = sorted.enumerated().map { i, d in
            var writer = DiagnosticCoder.Writer()
            DiagnosticCoder.encode(d, rule: 0, into: &writer)
            let window = StoredDiagnostic.Window(bytes: writer.bytes, path: d.path, rules: [d.ruleID])
            return StoredDiagnostic(window, start: 0, end: writer.bytes.count, mergedIndex: i)
        }
        for d in sorted { severityCounts[DiagnosticList.slot(d.severity)] += 1 }
    }

    func makeIterator() -> Iterator { Iterator(self, chunks: chunkOrder) }

    /// `stored` as a ``Diagnostic``: decoded, or the merged one it stands for.
    func diagnostic(_ stored: StoredDiagnostic) -> Diagnostic {
        stored.mergedIndex >= 0 && stored.mergedIndex < merged.count ? merged[stored.mergedIndex] : stored.diagnostic
    }

    /// Each diagnostic in the list's order read in place (``StoredDiagnostic``): its texts made only
    /// when asked for, or written from their stored bytes.
    var stored: Stored { Stored(list: self) }

    /// The ``StoredDiagnostic`` of each diagnostic, in order.
    struct Stored: Sequence {
        let list: DiagnosticList

        func makeIterator() -> StoredIterator { StoredIterator(list, chunks: list.chunkOrder) }
    }

    /// What summaries count of each diagnostic, in the list's order: read without making the
    /// texts they do not need (message, YAML path, value, source line, fix).
    var keys: Keys { Keys(list: self) }

    /// The ``DiagnosticKey`` of each diagnostic, in order.
    struct Keys: Sequence {
        let list: DiagnosticList

        func makeIterator() -> KeyIterator { KeyIterator(base: StoredIterator(list, chunks: list.chunkOrder)) }
    }

    /// Reads the keys in order: each record's fields up to its platform read where it lies and
    /// only its key's texts made (no ``StoredDiagnostic``); merged ones in their place.
    struct KeyIterator: IteratorProtocol {
        var base: StoredIterator
        /// The next stored key, with what placing a merged diagnostic before it compares.
        private var pending: StoredKey?

        /// A stored record's key, its start, and its message's place in `bytes`.
        private struct StoredKey {
            var key: DiagnosticKey
            var line: Int
            var column: Int
            var message: Range<Int>
            var bytes: [UInt8]
        }

        init(base: StoredIterator) { self.base = base }

        /// Where the findings of the path of the key handed out last start, when it was the first
        /// of its path: the start of the chunk it (or the next stored one) lies in, and the merged
        /// diagnostics before it.
        private(set) var pathPlace = Place(nextChunk: 0, offset: 0, mergedIndex: 0)

        mutating func next() -> DiagnosticKey? {
            let merged = base.list.mergedStored, errorsOnly = base.list.errorsOnly
            while true {
                if pending == nil, let record = base.nextRecord() { pending = key(record) }
                if base.mergedIndex < merged.count, pending == nil || precedes(merged[base.mergedIndex], pending!) {
                    base.mergedIndex += 1
                    if errorsOnly && merged[base.mergedIndex - 1].severity != .error { continue }
                    pathPlace = pending == nil ? base.endPlace(mergedIndex: base.mergedIndex - 1)
                        : base.chunkPlace(mergedIndex: base.mergedIndex - 1)
                    return merged[base.mergedIndex - 1].key
                }
                guard let stored = pending.take() else { return nil }
                if errorsOnly && stored.key.severity != .error { continue }
                pathPlace = base.chunkPlace(mergedIndex: base.mergedIndex)
                return stored.key
            }
        }

        /// The key of the record at `record` in the base's buffer, as ``StoredDiagnostic`` reads it.
        private func key(_ record: Range<Int>) -> StoredKey {
            let rules = base.rules, path = base.path
            return base.buffer.withUnsafeBufferPointer { bytes in
                var r = StoredDiagnostic.Cursor(bytes: bytes, offset: record.lowerBound, end: record.upperBound)
                func text(_ range: Range<Int>) -> String { String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self) }
                let fields = StoredDiagnostic.Leading(&r)
                var key = DiagnosticKey(path: path, ruleID: fields.rule < rules.count ? rules[fields.rule] : "",
                                        severity: fields.severity)
                key.screen = fields.screen.map(text)
                key.documentIndex = fields.documentIndex
                key.platform = fields.platform.map(text)
                let start = fields.range.start
                return StoredKey(key: key, line: start.line, column: start.column, message: fields.message, bytes: base.buffer)
            }
        }

        /// ``Diagnostic/ordered(_:_:)`` of a merged diagnostic and a stored key.
        private func precedes(_ a: StoredDiagnostic, _ b: StoredKey) -> Bool {
            if a.path != b.key.path || !ByteOrder.same(a.path, b.key.path) { return Diagnostic.pathPrecedes(a.path, b.key.path) }
            if a.range.start.line != b.line { return a.range.start.line < b.line }
            if a.range.start.column != b.column { return a.range.start.column < b.column }
            if a.ruleID != b.key.ruleID { return a.ruleID < b.key.ruleID }
            return a.messageText < b.bytes.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[b.message]), as: UTF8.self) }
        }
    }

    /// What counting each diagnostic against its file and indicator needs, from `place` on: the
    /// stored records' first fields read where they lie, in report order but for the merged ones,
    /// each handed out with the first of its path's (no order within a path is kept).
    func briefs(from place: Place) -> BriefIterator { BriefIterator(base: stored(from: place)) }

    /// One diagnostic's path, severity, line, document and indicator id (as bytes in `bytes`).
    struct Brief {
        let path: String
        let severity: Severity
        let line: Int
        let documentIndex: Int?
        let indicator: Range<Int>?
        let bytes: [UInt8]
    }

    /// Reads ``Brief``s in order (see ``briefs(from:)``).
    struct BriefIterator: IteratorProtocol {
        var base: StoredIterator
        private var pending: Brief?

        init(base: StoredIterator) { self.base = base }

        mutating func next() -> Brief? {
            let merged = base.list.mergedStored, errorsOnly = base.list.errorsOnly
            while true {
                if pending == nil, let record = base.nextRecord() { pending = brief(record) }
                if base.mergedIndex < merged.count,
                   pending == nil || ByteOrder.compare(merged[base.mergedIndex].path, pending!.path) <= 0 {
                    let d = merged[base.mergedIndex]
                    base.mergedIndex += 1
                    if errorsOnly && d.severity != .error { continue }
                    return Brief(path: d.path, severity: d.severity, line: d.range.start.line, documentIndex: d.documentIndex,
                                 indicator: d.indicatorBytes, bytes: d.bytes)
                }
                guard let brief = pending.take() else { return nil }
                if errorsOnly && brief.severity != .error { continue }
                return brief
            }
        }

        /// The brief of the record at `record` in the base's buffer, as ``StoredDiagnostic`` reads its fields.
        private func brief(_ record: Range<Int>) -> Brief {
            base.buffer.withUnsafeBufferPointer { bytes in
                var r = StoredDiagnostic.Cursor(bytes: bytes, offset: record.lowerBound, end: record.upperBound)
                let fields = StoredDiagnostic.Leading(&r)
                return Brief(path: base.path, severity: fields.severity, line: fields.range.start.line,
                             documentIndex: fields.documentIndex, indicator: fields.indicator, bytes: base.buffer)
            }
        }
    }

    /// A place in the list's order (``KeyIterator/pathPlace``) from which ``diagnostics(from:)`` reads
    /// on through a window of its own, so several threads can each read on from a place of their own:
    /// where a chunk starts, and how many merged diagnostics come before it.
    struct Place: Sendable {
        fileprivate let nextChunk: Int
        fileprivate let offset: Int
        fileprivate let mergedIndex: Int
    }

    /// The place before the first diagnostic.
    var start: Place { Place(nextChunk: 0, offset: chunkOrder == nil ? 0 : end, mergedIndex: 0) }

    /// Where runs of `files` files with diagnostics start, in order, with the path of each run's
    /// first stored diagnostic: one run from the start when the list has no file chunks (a list made
    /// of diagnostics one by one).
    func cuts(every files: Int) -> [(place: Place, path: String?)] {
        var cuts: [(place: Place, path: String?)] = [(start, nil)]
        let chunks = chunkOrder?.count ?? chunkCount
        for n in stride(from: Swift.max(1, files), to: chunks, by: Swift.max(1, files)) {
            let chunkStart = chunkStart(n)
            let path = self.path(at: chunkStart)
            // The merged diagnostics of paths before this chunk's are read before it.
            let mergedBefore = merged.firstIndex { !Diagnostic.pathPrecedes($0.path, path) } ?? merged.count
            cuts.append((Place(nextChunk: chunkOrder == nil ? 0 : n, offset: chunkOrder == nil ? chunkStart : end,
                               mergedIndex: mergedBefore), path))
        }
        return cuts
    }

    /// The diagnostics from `place` on, in the list's order, as its ``Iterator`` gives them.
    func diagnostics(from place: Place) -> Iterator { Iterator(base: stored(from: place)) }

    /// The stored diagnostics from `place` on, in the list's order, read `span` bytes of the store at
    /// a time (4 KB when the chunks are sought one by one, out of the order written).
    func stored(from place: Place, span: Int = 1 << 12) -> StoredIterator {
        var base = StoredIterator(self, chunks: chunkOrder)
        base.nextChunk = place.nextChunk
        base.offset = place.offset
        base.mergedIndex = place.mergedIndex
        base.span = chunkOrder == nil ? span : 1 << 12
        return base
    }

    /// Reads the list in order as ``Diagnostic``s: each record read in place and decoded whole; the
    /// merged ones as they were given.
    struct Iterator: IteratorProtocol {
        var base: StoredIterator

        init(_ list: DiagnosticList, chunks: [Int]?) { base = StoredIterator(list, chunks: chunks) }

        init(base: StoredIterator) { self.base = base }

        mutating func next() -> Diagnostic? { base.next().map(base.list.diagnostic) }
    }

    /// Reads the list in order: the stored records in place, a window of the store's bytes copied
    /// at a time, and the merged diagnostics in their place.
    struct StoredIterator: IteratorProtocol {
        let list: DiagnosticList
        fileprivate let rules: [String]
        private let chunks: [Int]?
        fileprivate var nextChunk = 0
        fileprivate var offset: Int
        private var limit: Int
        fileprivate var path = ""
        /// Where the chunk of the record read last starts, as `nextChunk` and `offset` to read it again.
        private var chunkStart = (nextChunk: 0, offset: 0)
        private var pending: StoredDiagnostic?
        fileprivate var mergedIndex = 0
        /// Whether the records being read are of a chunk taken out.
        private var skipping = false
        /// A copy of the store's bytes from `bufferStart`: records are read from it.
        fileprivate var buffer: [UInt8] = []
        private var bufferStart = 0
        /// `buffer` with the chunk's path, shared by the records read from it (made for the first).
        private var window: StoredDiagnostic.Window?
        /// How many bytes are copied at once: a window when reading in the order written, less when
        /// each chunk is sought (a file's chunk is a few hundred bytes) or reading from a place (a
        /// piece of a report reads a few files' findings).
        fileprivate var span: Int

        init(_ list: DiagnosticList, chunks: [Int]?) {
            self.list = list
            self.rules = list.storage.rules.ids
            self.chunks = chunks
            self.offset = chunks == nil ? 0 : list.end
            self.limit = list.end
            span = chunks == nil ? ByteStore.windowSize : 1 << 12
        }

        /// The place of the start of the chunk of the record read last, after `mergedIndex` merged diagnostics.
        fileprivate func chunkPlace(mergedIndex: Int) -> Place {
            Place(nextChunk: chunkStart.nextChunk, offset: chunkStart.offset, mergedIndex: mergedIndex)
        }

        /// The place after every stored record, after `mergedIndex` merged diagnostics.
        fileprivate func endPlace(mergedIndex: Int) -> Place {
            Place(nextChunk: chunks?.count ?? 0, offset: list.end, mergedIndex: mergedIndex)
        }

        mutating func next() -> StoredDiagnostic? {
            let merged = list.mergedStored
            // With no merged diagnostic left to place, the stored ones as they come.
            if pending == nil && mergedIndex >= merged.count {
                while let d = nextStored() {
                    if list.errorsOnly && d.severity != .error { continue }
                    return d
                }
                return nil
            }
            while true {
                if pending == nil { pending = nextStored() }
                // Moved out of `pending`, not copied: a record is a few hundred bytes.
                if mergedIndex < merged.count, pending == nil || StoredDiagnostic.ordered(merged[mergedIndex], pending!) {
                    mergedIndex += 1
                    if list.errorsOnly && merged[mergedIndex - 1].severity != .error { continue }
                    return merged[mergedIndex - 1]
                }
                guard let item = pending.take() else { return nil }
                if list.errorsOnly && item.severity != .error { continue }
                return item
            }
        }

        /// Makes `buffer` hold the store's bytes `at..<(at + count)` (those of them before the list's end).
        private mutating func load(_ at: Int, _ count: Int) {
            if at >= bufferStart && at + count <= bufferStart + buffer.count { return }
            let size = Swift.max(0, Swift.min(Swift.max(count, span), list.end - at))
            // A new array: records already handed out keep the old one.
            buffer = size == 0 ? [] : list.storage.bytes.read(at, size) { bytes in
                [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
                    if let base = buffer.baseAddress, let from = bytes.baseAddress { base.initialize(from: from.assumingMemoryBound(to: UInt8.self), count: size) }
                    count = size
                }
            }
            bufferStart = at
            window = nil
        }

        /// Where in `buffer` the next stored diagnostic's record lies (after its tag), in report
        /// order, `path` its file's; chunks taken out are passed over.
        fileprivate mutating func nextRecord() -> Range<Int>? {
            while true {
                if offset >= limit {
                    // The next chunk, in report order (its records run until the next chunk starts).
                    guard let chunks, nextChunk < chunks.count else { return nil }
                    offset = chunks[nextChunk]
                    limit = list.end
                    nextChunk += 1
                }
                load(offset, 4)
                var length = 0
                if offset - bufferStart + 4 <= buffer.count {
                    length = buffer.withUnsafeBytes { Int($0.loadUnaligned(fromByteOffset: offset - bufferStart, as: UInt32.self).littleEndian) }
                }
                let start = offset + 4
                offset = start + length
                load(start, length)
                // The record's bytes in `buffer` (all of them, unless the store ends first).
                let from = Swift.min(start - bufferStart, buffer.count)
                let to = Swift.max(from, Swift.min(from + length, buffer.count))
                let tag = from < to ? buffer[from] : DiagnosticCoder.pathTag
                if tag == DiagnosticCoder.pathTag {
                    if chunks == nil && !list.removedChunks.isEmpty {
                        skipping = list.removedChunks.contains(start - 4)
                    }
                    // In report order, a chunk ends where another starts.
                    if let chunks, start - 4 != chunks[nextChunk - 1] {
                        offset = limit
                        continue
                    }
                    chunkStart = chunks == nil ? (0, start - 4) : (nextChunk - 1, list.end)
                    path = buffer.withUnsafeBufferPointer { bytes in
                        var cursor = StoredDiagnostic.Cursor(bytes: bytes, offset: Swift.min(from + 1, to), end: to)
                        return String(decoding: UnsafeBufferPointer(rebasing: bytes[cursor.span()]), as: UTF8.self)
                    }
                    window = nil
                    continue
                }
                if skipping { continue }
                return (from + 1)..<to
            }
        }

        /// The next stored diagnostic in report order; chunks taken out are passed over.
        private mutating func nextStored() -> StoredDiagnostic? {
            guard let record = nextRecord() else { return nil }
            let window = self.window ?? StoredDiagnostic.Window(bytes: buffer, path: path, rules: rules)
            self.window = window
            return StoredDiagnostic(window, start: record.lowerBound, end: record.upperBound)
        }
    }

    // MARK: Storage

    private mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&storage) || storage.bytes.count != end {
            let copy = Storage(memoryLimit: storage.bytes.memoryLimit, rules: RuleNumbers(storage.rules.ids))
            var offset = 0
            while offset < end {
                let size = Swift.min(ByteStore.windowSize, end - offset)
                let bytes = storage.bytes.read(offset, size) { Array($0) }
                bytes.withUnsafeBytes { _ = copy.bytes.append($0) }
                offset += size
            }
            for chunk in fileChunks() {
                var record = (Int32(clamping: chunk.key), Int64(chunk.start))
                withUnsafeBytes(of: &record.0) { _ = copy.chunks.append($0) }
                withUnsafeBytes(of: &record.1) { _ = copy.chunks.append($0) }
            }
            storage = copy
        }
    }

    private mutating func writePath(_ path: String) {
        var writer = DiagnosticCoder.Writer()
        writer.byte(DiagnosticCoder.pathTag)
        writer.string(path)
        writeRecord(writer.bytes)
        lastChunkPath = path
    }

    private mutating func write(_ diagnostic: Diagnostic) {
        var writer = DiagnosticCoder.Writer()
        writer.byte(DiagnosticCoder.diagnosticTag)
        DiagnosticCoder.encode(diagnostic, rule: storage.number(of: diagnostic.ruleID), into: &writer)
        writeRecord(writer.bytes)
        severityCounts[DiagnosticList.slot(diagnostic.severity)] += 1
    }

    private mutating func writeRecord(_ bytes: [UInt8]) {
        var length = UInt32(truncatingIfNeeded: bytes.count).littleEndian
        withUnsafeBytes(of: &length) { _ = storage.bytes.append($0) }
        bytes.withUnsafeBytes { _ = storage.bytes.append($0) }
        end += 4 + bytes.count
    }

    private func recordLength(at offset: Int) -> Int {
        storage.bytes.read(offset, 4) { Int($0.loadUnaligned(as: UInt32.self).littleEndian) }
    }

    /// Where chunk `n` starts, in report order (its start read from the store when in the order written).
    private func chunkStart(_ n: Int) -> Int {
        chunkOrder?[n] ?? storage.chunks.read(n * 12 + 4, 8) { Int($0.loadUnaligned(as: Int64.self)) }
    }

    private func path(at start: Int) -> String {
        let length = recordLength(at: start)
        return storage.bytes.read(start + 4, length) { bytes in
            var reader = DiagnosticCoder.Reader(bytes)
            _ = reader.byte()
            return reader.string()
        }
    }

    private func fileChunks() -> [(key: Int, start: Int)] {
        (0..<chunkCount).map { i in
            storage.chunks.read(i * 12, 12) { bytes in
                (Int(bytes.loadUnaligned(as: Int32.self)), Int(bytes.loadUnaligned(fromByteOffset: 4, as: Int64.self)))
            }
        }
    }
}

/// The serialised form of a ``Diagnostic``: varints (zigzag for signed numbers), strings as a
/// varint length and their UTF-8, optional fields flagged in one byte.
enum DiagnosticCoder {
    static let pathTag: UInt8 = 0
    static let diagnosticTag: UInt8 = 1

    struct Writer {
        var bytes: [UInt8] = []

        mutating func byte(_ b: UInt8) { bytes.append(b) }

        mutating func unsigned(_ value: UInt64) {
            var v = value
            while v >= 0x80 {
                bytes.append(UInt8(truncatingIfNeeded: v) | 0x80)
                v >>= 7
            }
            bytes.append(UInt8(truncatingIfNeeded: v))
        }

        mutating func int(_ value: Int) {
            let v = Int64(value)
            unsigned(UInt64(bitPattern: (v << 1) ^ (v >> 63)))
        }

        mutating func string(_ text: String) {
            var text = text
            text.withUTF8 { utf8 in
                unsigned(UInt64(utf8.count))
                bytes.append(contentsOf: utf8)
            }
        }

        mutating func position(_ p: SourcePosition) {
            int(p.line)
            int(p.column)
            int(p.characterOffset)
        }
    }

    /// Reads what a ``Writer`` wrote. Every read checks the bounds: past the end it reads zeros
    /// and empty strings (the bytes are the store's own, so that only happens if they were lost).
    struct Reader {
        let bytes: UnsafeRawBufferPointer
        var offset = 0

        init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

        mutating func byte() -> UInt8 {
            guard offset < bytes.count else { return 0 }
            offset += 1
            return bytes[offset - 1]
        }

        mutating func unsigned() -> UInt64 {
            var value: UInt64 = 0
            var shift: UInt64 = 0
            while offset < bytes.count && shift < 64 {
                let b = bytes[offset]
                offset += 1
                value |= UInt64(b & 0x7F) << shift
                if b < 0x80 { break }
                shift += 7
            }
            return value
        }

        mutating func int() -> Int {
            let v = unsigned()
            return Int(truncatingIfNeeded: Int64(bitPattern: (v >> 1) ^ (0 &- (v & 1))))
        }

        mutating func string() -> String {
            let length = Int(clamping: unsigned())
            let count = min(length, bytes.count - offset)
            let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[offset..<(offset + count)]), as: UTF8.self)
            offset += count
            return text
        }

        mutating func position() -> SourcePosition {
            let line = int(), column = int(), characterOffset = int()
            return SourcePosition(line: line, column: column, characterOffset: characterOffset)
        }
    }

    private static let severities: [Severity] = [.info, .warning, .error]
    private static let applicabilities: [FixApplicability] = [.displayOnly, .unsafe, .safe]

    static func encode(_ d: Diagnostic, rule: Int, into w: inout Writer) {
        w.unsigned(UInt64(rule))
        w.byte(UInt8(severities.firstIndex(of: d.severity) ?? 0))
        w.string(d.message)
        w.position(d.range.start)
        w.position(d.range.end)
        var flags: UInt8 = 0
        if d.screen != nil { flags |= 1 }
        if d.indicator != nil { flags |= 2 }
        if d.yamlPath != nil { flags |= 4 }
        if d.documentIndex != nil { flags |= 8 }
        if d.value != nil { flags |= 16 }
        if d.platform != nil { flags |= 32 }
        if d.source != nil { flags |= 64 }
        if d.fix != nil { flags |= 128 }
        w.byte(flags)
        if let screen = d.screen { w.string(screen) }
        if let indicator = d.indicator { w.string(indicator) }
        if let yamlPath = d.yamlPath { w.string(yamlPath) }
        if let documentIndex = d.documentIndex { w.int(documentIndex) }
        if let value = d.value { w.string(value) }
        if let platform = d.platform { w.string(platform) }
        w.unsigned(UInt64(d.asks.count))
        for ask in d.asks {
            switch ask {
            case .add(let key): w.byte(0); w.string(key)
            case .remove(let key): w.byte(1); w.string(key)
            case .set(let key, let value): w.byte(2); w.string(key); w.string(value)
            case .change(let key): w.byte(3); w.string(key)
            case .keep(let key): w.byte(4); w.string(key)
            }
        }
        if let s = d.source {
            w.string(s.text)
            w.int(s.firstColumn)
            w.byte(s.clippedEnd ? 1 : 0)
            w.int(s.startByteColumn)
            w.int(s.startUTF16Column)
            w.int(s.endByteColumn)
            w.int(s.endUTF16Column)
        }
        if let fix = d.fix {
            w.byte(UInt8(applicabilities.firstIndex(of: fix.applicability) ?? 0))
            w.string(fix.title)
            w.unsigned(UInt64(fix.edits.count))
            for edit in fix.edits {
                w.int(edit.start)
                w.int(edit.end)
                w.string(edit.content)
                w.position(edit.startPosition)
                w.position(edit.endPosition)
            }
        }
    }
}

