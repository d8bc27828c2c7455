#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The entries of the cache file read at the start of a run, in the order of their records, and
/// a hash table to find one by its key (a path's bytes) without making a key: the keys are kept
/// one after another in one array, and a lookup hashes the bytes it is given and compares them in
/// place. Made once, then only read (by every worker, without a lock).
struct EntryTable: Sendable {
    /// The entries, in the order of their records in the file.
    private(set) var entries: [LintCache.Entry] = []
    /// Every key's bytes, one after another, and where each entry's are.
    private var keyBytes: [UInt8] = []
    private var keys: [(start: Int, count: Int, hash: UInt64)] = []
    /// Open addressing: each slot is an entry's place plus one, 0 for none; a power of two long.
    private var slots: [Int32] = []

    init() {}

    /// Room for `count` entries whose keys take `keyBytes` bytes in all.
    mutating func reserve(_ count: Int, keyBytes: Int) {
        entries.reserveCapacity(count)
        keys.reserveCapacity(count)
        self.keyBytes.reserveCapacity(keyBytes)
        var size = 16
        while size < 2 * count { size *= 2 }
        if size > slots.count { rehash(size: size) }
    }

    var count: Int { entries.count }
    var indices: Range<Int> { entries.indices }

    subscript(place: Int) -> LintCache.Entry { entries[place] }

    /// Whether the entry at `place` is current for a file of `stamp` under `configuration`, on
    /// its stamp alone (settled, and the same stamp).
    func isCurrent(_ place: Int, stamp: FileStamp, configuration: ConfigurationKey) -> Bool {
        entries.withUnsafeBufferPointer { all in
            all[place].settled && all[place].stamp == stamp && all[place].configuration == configuration
        }
    }

    /// Where the record of the entry at `place` is, and its checksum.
    func record(at place: Int) -> (offset: Int, length: Int, checksum: UInt64) {
        entries.withUnsafeBufferPointer { all in (all[place].offset, all[place].length, all[place].checksum) }
    }

    /// Adds an entry; false when its key is there already (or the table is full: 2^31 entries).
    mutating func append<Key: Collection<UInt8>>(key: Key, entry: LintCache.Entry) -> Bool {
        guard entries.count < Int(Int32.max) - 1 else { return false }
        let start = keyBytes.count
        keyBytes.append(contentsOf: key)
        let hash = keyBytes.withUnsafeBytes { ContentHash.xxh64(UnsafeRawBufferPointer(rebasing: $0[start...])) }
        let found = keyBytes.withUnsafeBytes { place(of: UnsafeRawBufferPointer(rebasing: $0[start...]), hash: hash) }
        guard found == nil else {
            keyBytes.removeSubrange(start...)
            return false
        }
        keys.append((start, keyBytes.count - start, hash))
        entries.append(entry)
        if slots.count < 2 * entries.count { rehash() } else { insert(entries.count - 1) }
        return true
    }

    /// Puts the entries in the order of their records (a file written otherwise, read as it is).
    mutating func sortByOffset() {
        let order = entries.indices.sorted { entries[$0].offset < entries[$1].offset }
        entries = order.map { entries[$0] }
        keys = order.map { keys[$0] }
        rehash()
    }

    /// The key of the entry at `place`.
    func withKey<R>(at place: Int, _ body: (UnsafeRawBufferPointer) -> R) -> R {
        let key = keys[place]
        return keyBytes.withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0[key.start..<(key.start + key.count)])) }
    }

    /// The place of the entry whose key is `key` (whose XXH64 is `hash`), if there is one.
    func place(of key: UnsafeRawBufferPointer, hash: UInt64) -> Int? {
        guard !slots.isEmpty else { return nil }
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        return keyBytes.withUnsafeBytes { all -> Int? in
            while true {
                let found = Int(slots[slot])
                if found == 0 { return nil }
                let candidate = keys[found - 1]
                if candidate.hash == hash, candidate.count == key.count,
                   key.isEmpty || memcmp(all.baseAddress! + candidate.start, key.baseAddress!, key.count) == 0 {
                    return found - 1
                }
                slot = (slot + 1) & mask
            }
        }
    }

    func place(of key: UnsafeRawBufferPointer) -> Int? { place(of: key, hash: ContentHash.xxh64(key)) }

    private mutating func insert(_ place: Int) {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: keys[place].hash) & mask
        while slots[slot] != 0 { slot = (slot + 1) & mask }
        slots[slot] = Int32(place + 1)
    }

    private mutating func rehash(size minimum: Int = 16) {
        var size = minimum
        while size < 2 * entries.count { size *= 2 }
        slots = Array(repeating: 0, count: size)
        for place in entries.indices { insert(place) }
    }
}
