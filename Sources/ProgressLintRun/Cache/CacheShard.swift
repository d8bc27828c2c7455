#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import ProgressLintSupport
import Synchronization

/// One shard of a ``LintCache``: the entries whose path hashes to its number, in a file of their own
/// (`lint-cache-XX.bin`: header, records, index and rule ids, a trailer with checksums; the last
/// trailer and the index it names are the file's). A short or damaged file is ignored and replaced.
/// A run over most of the shard rewrites it to a temporary file put in place whole, so two runs at
/// once never leave a mixed file; a run over a few of its files appends their records and a new
/// index (``appendInPlace(_:ruleIDs:)``), until what the file holds besides its entries would
/// outgrow them.
final class CacheShard: Sendable {
    static let prefix = "lint-cache-"

    /// The file of shard `number` in `folder`.
    static func path(in folder: String, number: Int) -> String {
        let hex = String(number, radix: 16)
        return folder + "/" + prefix + (hex.count < 2 ? "0" + hex : hex) + ".bin"
    }

    let number: Int
    let path: String
    /// The shard file read at the start (-1: none) and its entries (read without the lock: never changed).
    let file: Int32
    let old: EntryTable
    /// The size of the file read, when it was whole and of this build (a run may append to it).
    private let sizeRead: Int?
    /// The cache, which holds its shards (so not held here).
    private unowned let cache: LintCache
    private let state: Mutex<State>

    /// What became of an entry of the shard read.
    enum Outcome: UInt8 {
        /// Its file was not met: kept at the end while it still exists.
        case unmet
        /// Current: its record copied to the new file as it is.
        case kept
        /// Its file was linted anew, or its entry is not to be kept: not copied.
        case dropped
    }

    private struct State {
        var outcomes: [Outcome]
        /// Entries of ``old`` read by hashing their file, with the file's new stamp.
        var updated: [Int: LintCache.Entry] = [:]
        /// The entries whose records are in the file being written, in the order written, and
        /// the place of each key among them.
        var fresh: [(key: EntryKey, entry: LintCache.Entry)] = []
        var freshPlaces: [EntryKey: Int] = [:]
        /// The file being written (made when the records waiting fill the write buffer, or when the
        /// shard is saved and not appended to), the records waiting, and where they go in that file.
        var newFile: Int32 = -1
        var temporaryPath: [UInt8] = []
        var pending: [UInt8] = []
        var written: Int
        /// Whether the file written would differ from the one read.
        var changed = false
        /// Why the shard could not be written, once it could not.
        var failure: String?
        var statistics = LintCache.Statistics()
    }

    init(number: Int, cache: LintCache) {
        self.number = number
        path = CacheShard.path(in: cache.folder, number: number)
        self.cache = cache
        let fd = CacheTrust.openCacheFile(path)
        file = fd
        var state = State(outcomes: [], written: cache.header.count)
        if fd >= 0, let read = CacheShard.read(fd, build: cache.build),
           read.rules.enumerated().allSatisfy({ cache.rules.number(of: $0.element) == $0.offset }) {
            old = read.entries
            // Appended to only when its header is this run's, which seals each index it writes.
            sizeRead = read.header == cache.header ? read.size : nil
        } else {
            old = EntryTable()
            sizeRead = nil
            // Of another build or format, or damaged: replaced.
            state.changed = fd >= 0
        }
        state.outcomes = Array(repeating: .unmet, count: old.count)
        state.statistics.entriesRead = old.count
        self.state = Mutex(state)
    }

    deinit {
        if file >= 0 { close(file) }
        abandon()
    }

    /// Removes the file begun for this shard, if any, without putting it in place.
    func abandon() {
        state.withLock { CacheShard.removeNewFile(&$0) }
    }

    private static func removeNewFile(_ state: inout State) {
        guard state.newFile >= 0 else { return }
        close(state.newFile)
        _ = CacheIO.withCString(state.temporaryPath) { unlink($0) }
        state.newFile = -1
    }

    var statistics: LintCache.Statistics { state.withLock { $0.statistics } }
    var changed: Bool { state.withLock { $0.changed } }

    /// An entry read on its stamp alone (its place in ``old``), kept as it is.
    func keep(_ place: Int) {
        state.withLock { state in
            state.outcomes[place] = .kept
            state.statistics.unread += 1
        }
    }

    /// An entry of ``old`` whose file was read and hashed and found the same: kept with its new stamp.
    func rehashed(_ place: Int, _ updated: LintCache.Entry) {
        state.withLock { state in
            state.outcomes[place] = .kept
            state.updated[place] = updated
            state.statistics.hashed += 1
            if updated != old[place] { state.changed = true }
        }
    }

    /// A file linted whose result is not kept: nor is its old entry.
    func drop(key: EntryKey, place: Int?) {
        state.withLock { state in
            if let place { state.outcomes[place] = .dropped }
            if let fresh = state.freshPlaces.removeValue(forKey: key) { state.fresh[fresh].entry.length = -1 }
            state.changed = true
            state.statistics.linted += 1
        }
    }

    /// Adds a fresh record to those waiting for the file being written (`place`: its key's entry in
    /// ``old``, replaced).
    func add(_ payload: [UInt8], key: EntryKey, place: Int?, entry: LintCache.Entry) {
        let checksum = ContentHash.xxh64(payload)
        state.withLock { state in
            state.changed = true
            state.statistics.linted += 1
            if let place { state.outcomes[place] = .dropped }
            guard state.failure == nil else { return }
            var entry = entry
            entry.offset = state.written + state.pending.count
            entry.length = payload.count
            entry.checksum = checksum
            state.pending += payload
            if let known = state.freshPlaces[key] {
                // The same file twice in a run: its last record is the one kept.
                state.fresh[known].entry.length = -1
            }
            state.freshPlaces[key] = state.fresh.count
            state.fresh.append((key, entry))
            // A shard's first record waits for the save, which may append it to the file read
            // (a one-file run) rather than write a new file.
            if state.pending.count >= LintCache.writeBuffer && state.fresh.count > 1 { flush(&state) }
        }
    }

    /// Makes the temporary file to write, with the header.
    private func startFile(_ state: inout State) {
        guard let made = CacheIO.temporaryFile(beside: path) else {
            state.failure = SystemCalls.errorText(errno)
            return
        }
        (state.newFile, state.temporaryPath) = made
        state.failure = CacheIO.write(state.newFile, cache.header, at: 0)
    }

    /// Writes the records waiting to the file being written, made first if need be.
    private func flush(_ state: inout State) {
        if state.newFile < 0 && state.failure == nil { startFile(&state) }
        guard state.failure == nil, !state.pending.isEmpty else { return }
        if let reason = CacheIO.write(state.newFile, state.pending, at: state.written) {
            state.failure = reason
            state.fresh = []
            state.freshPlaces = [:]
        } else {
            state.written += state.pending.count
        }
        state.pending = []
    }

    /// Writes the shard for the next run when it changed: the entries of this run's files, and
    /// those of files it did not meet that still exist. Returns why it could not.
    func save(ruleIDs: [String]) -> String? {
        state.withLock { state in
            defer { CacheShard.removeNewFile(&state) }
            guard state.changed || state.failure != nil else { return nil }
            // Entries of files this run did not meet are kept. When it met most of the shard (a
            // run over the project), those whose files are gone are dropped and the shard is
            // rewritten; a run over a few files does not look, which would cost it a `stat` for
            // every entry of the shard, and appends what changed.
            let prune = 2 * state.outcomes.lazy.filter({ $0 != .unmet }).count >= old.count
            for place in old.indices where state.outcomes[place] == .unmet {
                let gone = prune && old.withKey(at: place, { FileStamp.of(path: $0) }) == nil
                state.outcomes[place] = gone ? .dropped : .kept
            }
            if !prune && state.newFile < 0 && state.failure == nil && appendInPlace(&state, ruleIDs: ruleIDs) { return nil }
            flush(&state)
            if let failure = state.failure { return failure }
            // The index lists the entries in the order of their records: the fresh ones as they
            // were written, then those copied from the old file, in its order (no sort).
            var (index, count) = freshIndex(state, movedBy: 0)
            func add(_ key: UnsafeRawBufferPointer, _ entry: LintCache.Entry) {
                count += 1
                index.entry(key: key, entry)
            }
            // Kept entries whose records lie one after the other in the old file are copied at once
            // (up to a megabyte at a time).
            var first = 0
            while first < old.count {
                guard state.outcomes[first] == .kept else {
                    first += 1
                    continue
                }
                let start = old[first].offset
                var end = start + old[first].length
                var next = first + 1
                while next < old.count, state.outcomes[next] == .kept, old[next].offset == end, end - start < 1 << 20 {
                    end += old[next].length
                    next += 1
                }
                // Fewer bytes than asked: the old file is shorter than its index says (changed
                // under the run). Only whole records are kept.
                let copied = CacheIO.read(file, at: start, count: end - start) ?? []
                if let reason = CacheIO.write(state.newFile, copied, at: state.written) { return reason }
                for place in first..<next where old[place].offset + old[place].length <= start + copied.count {
                    var moved = state.updated[place] ?? old[place]
                    moved.offset = state.written + (old[place].offset - start)
                    old.withKey(at: place) { add($0, moved) }
                }
                state.written += copied.count
                first = next
            }
            seal(&index, count: count, at: state.written, ruleIDs: ruleIDs)
            if let reason = CacheIO.write(state.newFile, index.bytes, at: state.written) { return reason }
            state.written += index.bytes.count
            if let reason = CacheIO.putInPlace(state.temporaryPath, path) { return reason }
            close(state.newFile)
            state.newFile = -1
            state.changed = false
            state.fresh = []
            state.freshPlaces = [:]
            return nil
        }
    }

    /// An index of this run's fresh entries (their records moved `movedBy` bytes on), with room for
    /// the kept ones, and how many entries it lists.
    private func freshIndex(_ state: State, movedBy shift: Int) -> (CacheWriter, Int) {
        var index = CacheWriter(), count = 0
        index.bytes.reserveCapacity((old.count + state.fresh.count) * 256 + 4096)
        for (key, var entry) in state.fresh where entry.length >= 0 {
            entry.offset += shift
            count += 1
            key.bytes.withUnsafeBytes { index.entry(key: $0, entry) }
        }
        return (index, count)
    }

    /// Puts the rule ids and the trailer after `index` (its `count` entries): an index that starts at `offset`.
    private func seal(_ index: inout CacheWriter, count: Int, at offset: Int, ruleIDs: [String]) {
        LintCache.writeRuleIDs(ruleIDs, to: &index)
        var trailer = CacheWriter()
        trailer.u64(UInt64(offset))
        trailer.u64(UInt64(index.bytes.count))
        trailer.u64(UInt64(count))
        trailer.u64(LintCache.checksumOf(header: cache.header, index: index.bytes))
        trailer.bytes(LintCache.endMagic)
        index.bytes(trailer.bytes)
    }

    /// Appends the records waiting and a new index (of them, and of the entries kept where they lie)
    /// to the end of the file read, in one write: when it is still the file read, as long as it was,
    /// no other run appends to it at once, and the file holds no more than twice its entries and
    /// index. A reader sees the index before or the new one; a write cut short leaves a file whose
    /// end is no trailer, ignored and replaced by the next run. False when it appended nothing.
    private func appendInPlace(_ state: inout State, ruleIDs: [String]) -> Bool {
        guard let size = sizeRead else { return false }
        // The records waiting were placed as if after the header of a new file.
        var (index, count) = freshIndex(state, movedBy: size - cache.header.count)
        var live = cache.header.count + state.pending.count
        for place in old.indices where state.outcomes[place] == .kept {
            count += 1
            // Counted up to the file's size: past it the file holds no more than its entries.
            live = min(live + old[place].length, size)
            old.withKey(at: place) { index.entry(key: $0, state.updated[place] ?? old[place]) }
        }
        seal(&index, count: count, at: size + state.pending.count, ruleIDs: ruleIDs)
        let appended = state.pending + index.bytes
        guard size + appended.count <= 2 * (live + appended.count - state.pending.count),
              let read = FileStamp.of(descriptor: file) else { return false }
        var fd: Int32
        repeat { fd = open(path, O_WRONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY) } while fd < 0 && errno == EINTR
        guard fd >= 0 else { return false }
        defer { close(fd) }
        // The file read (not one put in its place since), as long as it was, and this run its only writer.
        guard flock(fd, LOCK_EX | LOCK_NB) == 0, let now = FileStamp.of(descriptor: fd),
              (now.device, now.inode, now.size) == (read.device, read.inode, Int64(size)),
              CacheIO.write(fd, appended, at: size) == nil
        else { return false }
        state.changed = false
        state.pending = []
        state.fresh = []
        state.freshPlaces = [:]
        return true
    }

    /// The entries of shard file `fd` when it is of `build` (nil: any), the rule ids its records
    /// number, its header and its size; nil when it is not whole. Each entry's record lies before the index.
    static func read(_ fd: Int32, build: [UInt8]?) -> (entries: EntryTable, rules: [String], header: [UInt8], size: Int)? {
        guard let stamp = FileStamp.of(descriptor: fd), let size = Int(exactly: stamp.size),
              let recorded = LintCache.readHeader(fd), build == nil || recorded.build == build
        else { return nil }
        let header = recorded.bytes
        guard size >= header.count + LintCache.trailerSize,
              let trailer = CacheIO.read(fd, at: size - LintCache.trailerSize, count: LintCache.trailerSize),
              trailer.count == LintCache.trailerSize, Array(trailer[32...]) == LintCache.endMagic
        else { return nil }
        var trailerReader = CacheReader(trailer)
        let indexOffset = trailerReader.int(), indexLength = trailerReader.int(), count = trailerReader.int()
        let checksum = trailerReader.u64()
        guard indexOffset >= header.count, indexLength >= 0, indexOffset <= size - LintCache.trailerSize - indexLength,
              count >= 0, count <= indexLength / CacheWriter.entryFixedSize,
              let index = CacheIO.read(fd, at: indexOffset, count: indexLength), index.count == indexLength,
              LintCache.checksumOf(header: header, index: index) == checksum
        else { return nil }
        var r = CacheReader(index)
        var entries = EntryTable(capacity: count, keyBytes: indexLength - count * CacheWriter.entryFixedSize)
        for _ in 0..<count {
            let keyLength = Int(r.u32())
            guard let path = r.slice(keyLength) else { return nil }
            let stamp = r.stamp()
            let settled = r.byte() == 1
            let hash = r.u64()
            let configuration = ConfigurationKey(r.u64(), r.u64())
            let offset = r.int(), length = r.int(), entryChecksum = r.u64()
            guard r.valid, offset >= header.count, length >= 0, offset <= indexOffset - length else { return nil }
            // A key twice is not a file this program wrote.
            guard entries.append(key: path, entry: LintCache.Entry(
                stamp: stamp, settled: settled, contentHash: hash, configuration: configuration, offset: offset,
                length: length, checksum: entryChecksum))
            else { return nil }
        }
        guard let rules = LintCache.readRuleIDs(&r, limit: indexLength), r.atEnd else { return nil }
        return (entries, rules, header, size)
    }
}
