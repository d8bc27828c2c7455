/// A growable run of plain values (no references) the arena builder reuses from one document to the
/// next: an append is a check and a store, with no copy-on-write. Freed by ``free()``.
struct BuilderBuffer<Element> {
    private(set) var base: UnsafeMutablePointer<Element>?
    /// How many elements are set: `base[0..<count]`.
    private(set) var count = 0
    private(set) var capacity = 0

    @inline(__always) mutating func append(_ element: Element) {
        if count == capacity { grow(toHold: 1) }
        // `count < capacity` now, so the slot lies inside the allocation.
        base.unsafelyUnwrapped[count] = element
        count &+= 1
    }

    /// Appends `n` elements from `source` (which must hold them) with one copy.
    @inline(__always) mutating func append(_ source: UnsafePointer<Element>, count n: Int) {
        if capacity &- count < n { grow(toHold: n) }
        // `count + n <= capacity` now.
        (base.unsafelyUnwrapped + count).update(from: source, count: n)
        count &+= n
    }

    /// The element at `index` (`0 <= index < count`, checked).
    @inline(__always) subscript(index: Int) -> Element {
        get {
            precondition(index >= 0 && index < count)
            return base.unsafelyUnwrapped[index]
        }
        set {
            precondition(index >= 0 && index < count)
            base.unsafelyUnwrapped[index] = newValue
        }
    }

    /// Makes room for `n` more elements: at least twice the capacity, so appends stay amortised O(1).
    /// Past what memory can hold the allocation fails as an array's growth would.
    @inline(never) mutating func grow(toHold n: Int) {
        let (needed, overflow) = count.addingReportingOverflow(n)
        precondition(!overflow, "a buffer larger than memory")
        let doubled = capacity.multipliedReportingOverflow(by: 2)
        let newCapacity = Swift.max(needed, doubled.overflow ? needed : doubled.partialValue, 64)
        let newBase = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
        if let base {
            newBase.moveInitialize(from: base, count: count)
            base.deallocate()
        }
        base = newBase
        capacity = newCapacity
    }

    /// Drops the elements from `newCount` on (`0 <= newCount <= count`, checked).
    @inline(__always) mutating func truncate(to newCount: Int) {
        precondition(newCount >= 0 && newCount <= count)
        count = newCount
    }

    /// A copy of `range` (inside `0..<count`) as an array of exactly its size.
    func array(_ range: Range<Int>) -> [Element] {
        precondition(range.lowerBound >= 0 && range.upperBound <= count)
        guard !range.isEmpty, let base else { return [] }
        return [Element](unsafeUninitializedCapacity: range.count) { buffer, initialized in
            buffer.baseAddress.unsafelyUnwrapped.initialize(from: base + range.lowerBound, count: range.count)
            initialized = range.count
        }
    }

    /// A copy of every element as an array of exactly their number.
    func array() -> [Element] { array(0..<count) }

    /// The set elements, valid until the next append.
    var elements: UnsafeBufferPointer<Element> { UnsafeBufferPointer(start: base, count: count) }

    mutating func free() {
        base?.deallocate()
        base = nil
        count = 0
        capacity = 0
    }
}

extension BuilderBuffer where Element == UInt8 {
    /// Appends the `n` bytes at `source` (which must hold them) and says whether each is below
    /// 0x80: one pass, eight bytes at a time.
    @inline(__always) mutating func appendCheckingASCII(_ source: UnsafePointer<UInt8>, count n: Int) -> Bool {
        if capacity &- count < n { grow(toHold: n) }
        // `count + n <= capacity` now; every read lies inside `source[0..<n]`, every write inside
        // the allocation's `count..<count + n`.
        let from = UnsafeRawPointer(source)
        let to = UnsafeMutableRawPointer(base.unsafelyUnwrapped + count)
        // The last few bytes are one more load that overlaps the ones before (8 bytes from
        // `n - 8`, or 4 bytes from 0 and from `n - 4`), not a loop over each.
        var any: UInt64 = 0
        if n >= 8 {
            var i = 0
            while i &+ 8 <= n {
                let word = from.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                to.storeBytes(of: word, toByteOffset: i, as: UInt64.self)
                any |= word
                i &+= 8
            }
            if i < n {
                let word = from.loadUnaligned(fromByteOffset: n &- 8, as: UInt64.self)
                to.storeBytes(of: word, toByteOffset: n &- 8, as: UInt64.self)
                any |= word
            }
        } else if n >= 4 {
            let first = from.loadUnaligned(as: UInt32.self)
            let last = from.loadUnaligned(fromByteOffset: n &- 4, as: UInt32.self)
            to.storeBytes(of: first, as: UInt32.self)
            to.storeBytes(of: last, toByteOffset: n &- 4, as: UInt32.self)
            any = UInt64(first | last)
        } else {
            var i = 0
            while i < n {
                let byte = source[i]
                to.storeBytes(of: byte, toByteOffset: i, as: UInt8.self)
                any |= UInt64(byte)
                i &+= 1
            }
        }
        count &+= n
        return any & 0x8080_8080_8080_8080 == 0
    }
}
