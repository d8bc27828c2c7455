#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The entries of a shard file read at the start of a run, in the order of its index, and their
/// keys (a path's bytes) found by their hash, so that a lookup makes no key. Made once, then only
/// read (by every worker, without a lock).
struct EntryTable: Sendable {
    private(set) var entries: [LintCache.Entry] = []
    /// Every key's bytes, one after another, and where each entry's are.
    private var keyBytes: [UInt8] = []
    private var keys: [Range<Int>] = []
    /// The place of each key by its XXH64. Two keys of one hash in a shard are refused as a file
    /// this program did not write (a chance of about one in 2^50 at 400 entries).
    private var places: [UInt64: Int] = [:]

    init() {}

    /// Room for `count` entries whose keys take about `keyBytes` bytes in all.
    init(capacity count: Int, keyBytes: Int) {
        entries.reserveCapacity(count)
        keys.reserveCapacity(count)
        places.reserveCapacity(count)
        self.keyBytes.reserveCapacity(keyBytes)
    }

    var count: Int { entries.count }
    var indices: Range<Int> { entries.indices }

    subscript(place: Int) -> LintCache.Entry { entries[place] }

    /// Whether the entry at `place` is current for a file of `stamp` under `configuration`, on
    /// its stamp alone (settled, and the same stamp).
    func isCurrent(_ place: Int, stamp: FileStamp, configuration: ConfigurationKey) -> Bool {
        entries[place].settled && entries[place].stamp == stamp && entries[place].configuration == configuration
    }

    /// Adds an entry; false when an entry of its key's hash is there already.
    mutating func append<Key: Collection<UInt8>>(key: Key, entry: LintCache.Entry) -> Bool {
        let start = keyBytes.count
        keyBytes.append(contentsOf: key)
        let hash = keyBytes.withUnsafeBytes { ContentHash.xxh64(UnsafeRawBufferPointer(rebasing: $0[start...])) }
        guard places[hash] == nil else {
            keyBytes.removeSubrange(start...)
            return false
        }
        places[hash] = entries.count
        keys.append(start..<keyBytes.count)
        entries.append(entry)
        return true
    }

    /// The key of the entry at `place`.
    func withKey<R>(at place: Int, _ body: (UnsafeRawBufferPointer) -> R) -> R {
        keyBytes.withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0[keys[place]])) }
    }

    /// The place of the entry whose key is `key` (whose XXH64 is `hash`), if there is one.
    func place(of key: UnsafeRawBufferPointer, hash: UInt64) -> Int? {
        guard let place = places[hash] else { return nil }
        let same = withKey(at: place) { $0.count == key.count && (key.isEmpty || memcmp($0.baseAddress!, key.baseAddress!, key.count) == 0) }
        return same ? place : nil
    }

    func place(of key: UnsafeRawBufferPointer) -> Int? { place(of: key, hash: ContentHash.xxh64(key)) }
}
