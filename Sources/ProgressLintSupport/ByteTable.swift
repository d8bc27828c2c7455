#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Byte strings numbered in the order they are first added: a set of texts compared by their
/// bytes, kept in one buffer. Looking a text up hashes and compares its bytes where they lie,
/// with no `String` made and nothing allocated unless it is new, so code that meets the same few
/// texts many times (a cross-file rule reading every sighting back) pays for each distinct one once.
///
/// Equal bytes are the same text; texts Swift calls equal but spells with different bytes
/// (`é` precomposed and decomposed) get different numbers: a caller that compares as Swift does
/// makes a `String` of each new number (``string(_:)``) and merges those itself.
public struct ByteTable: Sendable {
    /// Every text added, one after another.
    private var bytes: [UInt8] = []
    /// Where each text starts in `bytes`; the last element is where the next one will start.
    private var starts: [Int] = [0]
    /// Each text's hash, by number (kept so that growing the slots hashes nothing again).
    private var hashes: [UInt64] = []
    /// Open addressing: the number of the text in each slot, or -1; a power of two long, never
    /// more than half full.
    private var slots: [Int] = []

    /// Mixed into every hash: texts written to collide (task names in a spec meant to make a run
    /// slow) cannot be made without knowing it.
    private let seed = ByteTable.processSeed

    /// An empty table.
    public init() {}

    /// A seed drawn once per process, as Swift's own `Hasher` does (and, like it, 0 when
    /// `SWIFT_DETERMINISTIC_HASHING` is set, so that instruction counts repeat). Numbers are given
    /// in the order texts are added, so nothing a table gives depends on it.
    static let processSeed: UInt64 = getenv("SWIFT_DETERMINISTIC_HASHING") != nil ? 0 : UInt64.random(in: .min ... .max)

    /// How many different texts have been added.
    public var count: Int { hashes.count }

    /// The number of the text `key` holds, adding it when it is new (then its number is the
    /// previous ``count`` and `isNew` is true).
    public mutating func number(of key: UnsafeRawBufferPointer) -> (number: Int, isNew: Bool) {
        let hash = ByteTable.hash(key, seed: seed)
        if slots.isEmpty { slots = [Int](repeating: -1, count: 16) }
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let number = slots[slot]
            if number < 0 { break }
            if hashes[number] == hash && holds(number, key) { return (number, false) }
            slot = (slot + 1) & mask
        }
        let number = hashes.count
        bytes.append(contentsOf: key)
        starts.append(bytes.count)
        hashes.append(hash)
        slots[slot] = number
        if hashes.count * 2 > slots.count { grow() }
        return (number, true)
    }

    /// Calls `body` with the bytes of text `number` (a number this table gave).
    public func withBytes<R>(of number: Int, _ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        precondition(hashes.indices.contains(number), "ByteTable: no text numbered \(number)")
        return try bytes.withUnsafeBytes { raw in
            try body(UnsafeRawBufferPointer(rebasing: raw[starts[number]..<starts[number + 1]]))
        }
    }

    /// Text `number` as a `String` (bytes that are not UTF-8 repaired, as `String(decoding:as:)` does).
    public func string(_ number: Int) -> String {
        withBytes(of: number) { String(decoding: $0, as: UTF8.self) }
    }

    /// Whether text `number` has the bytes of `key`.
    private func holds(_ number: Int, _ key: UnsafeRawBufferPointer) -> Bool {
        let start = starts[number]
        let length = starts[number + 1] - start
        guard length == key.count else { return false }
        guard length > 0, let other = key.baseAddress else { return true }
        return bytes.withUnsafeBytes { memcmp($0.baseAddress! + start, other, length) == 0 }
    }

    /// Twice the slots, every text placed again by its kept hash.
    private mutating func grow() {
        var wider = [Int](repeating: -1, count: slots.count * 2)
        let mask = wider.count - 1
        for (number, hash) in hashes.enumerated() {
            var slot = Int(truncatingIfNeeded: hash) & mask
            while wider[slot] >= 0 { slot = (slot + 1) & mask }
            wider[slot] = number
        }
        slots = wider
    }

    /// A 64-bit hash of `key`, eight bytes at a time: each word folded in with a multiply (the
    /// last word overlapping the one before when the length is no multiple of 8), then the length
    /// and a final mix, so that the low bits the slots use depend on every byte.
    static func hash(_ key: UnsafeRawBufferPointer, seed: UInt64) -> UInt64 {
        let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15
        var hash: UInt64 = (0xCBF2_9CE4_8422_2325 ^ seed ^ UInt64(truncatingIfNeeded: key.count)) &* multiplier
        hash ^= hash >> 29
        let count = key.count
        if count >= 8 {
            var offset = 0
            while offset + 8 < count {
                hash = (hash ^ UInt64(littleEndian: key.loadUnaligned(fromByteOffset: offset, as: UInt64.self))) &* multiplier
                hash ^= hash >> 29
                offset += 8
            }
            hash = (hash ^ UInt64(littleEndian: key.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self))) &* multiplier
        } else if count >= 4 {
            let low = UInt64(UInt32(littleEndian: key.loadUnaligned(fromByteOffset: 0, as: UInt32.self)))
            let high = UInt64(UInt32(littleEndian: key.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)))
            hash = (hash ^ (low | high << 32)) &* multiplier
        } else if count > 0 {
            let word = UInt64(key[0]) | UInt64(key[count / 2]) << 8 | UInt64(key[count - 1]) << 16
            hash = (hash ^ word) &* multiplier
        }
        hash = (hash ^ (hash >> 33)) &* 0xFF51_AFD7_ED55_8CCD
        hash = (hash ^ (hash >> 33)) &* 0xC4CE_B9FE_1A85_EC53
        return hash ^ (hash >> 33)
    }
}
