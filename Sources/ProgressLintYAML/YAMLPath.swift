/// The path of a node from its document's root, e.g. `indicators[upload].accessibility.label`:
/// items with an `id` are named by it, so the path survives reordering.
public enum YAMLPath {
    /// Where each child of the collections already seen was first placed, so that naming many
    /// nodes of one long list costs one pass over it, not one per node (which made the findings
    /// of one long list quadratic). Valid for one document.
    public struct Cache {
        /// For each collection, the positions of the children it holds first, in node order, found
        /// by binary search (4 bytes a child; figures in Benchmarks/README.md).
        var places: [NodeID: [Int32]] = [:]

        /// An empty cache.
        public init() {}
    }

    /// The path of `node` in `document`. For one node: each step scans its parent's children
    /// directly, building nothing; naming many nodes of one document wants the cached form.
    public static func of(_ node: NodeID, in document: YAMLDocument) -> String {
        path(of: node, in: document) { child, parent in segment(of: child, in: parent, document: document) }
    }

    /// The path of `node` in `document`, reusing and filling `cache` (one per document). The same
    /// path as ``of(_:in:)``: one walk up, one naming of each step, only the look-up differs.
    public static func of(_ node: NodeID, in document: YAMLDocument, cache: inout Cache) -> String {
        path(of: node, in: document) { child, parent in
            if cache.places[parent] == nil { cache.places[parent] = firstPlaces(parent, in: document) }
            return cache.places[parent].flatMap { segment(of: child, in: parent, places: $0, document: document) }
        }
    }

    /// The segments from the root down to `node`, each found by `segment(child, parent)`.
    private static func path(of node: NodeID, in document: YAMLDocument,
                             segment: (_ child: NodeID, _ parent: NodeID) -> Segment?) -> String {
        // The steps up are counted first, so that the segments fit a buffer on the stack (no
        // array per path), filled from its end: read from `first` on, they go root first.
        var depth = 0
        var current = node
        while let parent = document.parent(of: current), depth < 10_000 {
            depth += 1
            current = parent
        }
        return withUnsafeTemporaryAllocation(of: Segment.self, capacity: depth) { slots in
            var first = depth
            current = node
            for _ in 0..<depth {
                guard let parent = document.parent(of: current) else { break }
                if let segment = segment(current, parent) {
                    first -= 1
                    slots.initializeElement(at: first, to: segment)
                }
                current = parent
            }
            // `first...depth` are the slots initialized above; a segment holds only numbers (nothing to deinitialize).
            return text(of: UnsafeBufferPointer(rebasing: slots[first..<depth]), in: document)
        }
    }

    /// The path made of `segments`, root first.
    private static func text(of segments: UnsafeBufferPointer<Segment>, in document: YAMLDocument) -> String {
        // Written as bytes, the scalars' own, and made a string once: no string per segment
        // (joining strings joins their UTF-8 bytes, so the text is the same).
        var path: [UInt8] = []
        path.reserveCapacity(64)
        var dotFirst = false
        for (n, segment) in segments.enumerated() {
            switch segment {
            case .key(let key):
                document.withValueBytes(of: key) { text in
                    // A key first in the path has no `.` before it; only a non-ASCII first character
                    // (a combining mark) could join the `.` into one character that is kept, as before.
                    if n > 0 || !(text.first.map { $0 < 0x80 } ?? true) {
                        path.append(UInt8(ascii: "."))
                        dotFirst = dotFirst || n == 0
                    }
                    path.append(contentsOf: text)
                }
            case .item(let item, let index):
                path.append(UInt8(ascii: "["))
                appendItemName(item, index: index, in: document, to: &path)
                path.append(UInt8(ascii: "]"))
            }
        }
        var text = String(decoding: path, as: UTF8.self)
        if dotFirst, text.hasPrefix(".") { text.removeFirst() }
        return text
    }

    /// The segment naming `child` in `parent`, where it is first held.
    private static func segment(of child: NodeID, in parent: NodeID, document: YAMLDocument) -> Segment? {
        if document.kind(of: parent) == .sequence {
            for n in 0..<document.itemCount(of: parent) where document.item(n, of: parent) == child {
                return .item(child, index: n)
            }
        } else {
            for n in 0..<document.pairCount(of: parent) {
                let (key, value) = document.pair(n, of: parent)
                if value == child || key == child { return .key(key) }
            }
        }
        return nil
    }

    /// The places in `parent` of the nodes it holds first, in node order: a node is made where it
    /// is first held, so those are the places whose node is above all before it; the rest are aliases.
    private static func firstPlaces(_ parent: NodeID, in document: YAMLDocument) -> [Int32] {
        let isSequence = document.kind(of: parent) == .sequence
        let count = isSequence ? document.itemCount(of: parent) : 2 * document.pairCount(of: parent)
        var result: [Int32] = []
        var highest = Int32(-1)
        for place in 0..<count {
            let child = isSequence ? document.item(place, of: parent)
                : place % 2 == 0 ? document.pair(place / 2, of: parent).key : document.pair(place / 2, of: parent).value
            guard child.index > highest else { continue }
            highest = child.index
            if document.parent(of: child) == parent { result.append(Int32(truncatingIfNeeded: place)) }
        }
        return result
    }

    /// The segment naming `child` in `parent` (where it is first held), as the uncached form gives it.
    private static func segment(of child: NodeID, in parent: NodeID, places: [Int32], document: YAMLDocument)
        -> Segment? {
        let isSequence = document.kind(of: parent) == .sequence
        func node(at place: Int32) -> NodeID {
            let place = Int(place)
            return isSequence ? document.item(place, of: parent)
                : place % 2 == 0 ? document.pair(place / 2, of: parent).key : document.pair(place / 2, of: parent).value
        }
        var low = 0
        var high = places.count
        while low < high {
            let middle = low + (high - low) / 2
            if node(at: places[middle]) < child { low = middle + 1 } else { high = middle }
        }
        guard low < places.count, node(at: places[low]) == child else { return nil }
        let place = Int(places[low])
        if isSequence { return .item(child, index: place) }
        return .key(document.pair(place / 2, of: parent).key)
    }

    /// A step of a path: `.key` (a mapping's key and its value) or `[id]` (`[index]` when the
    /// sequence's item has no `id`).
    private enum Segment {
        case key(NodeID)
        case item(NodeID, index: Int)
    }

    /// Appends the item's name: its first non-empty scalar `id`, else its index.
    private static func appendItemName(_ item: NodeID, index: Int, in document: YAMLDocument, to path: inout [UInt8]) {
        for n in 0..<document.pairCount(of: item) {
            let (key, value) = document.pair(n, of: item)
            // Bytes compared, no string made: no other text is canonically equivalent to `id`.
            guard document.valueEquals(key, "id") else { continue }
            if document.kind(of: value) == .scalar, document.valueByteCount(of: value) > 0 {
                document.withValueBytes(of: value) { path.append(contentsOf: $0) }
                return
            }
        }
        path.append(contentsOf: String(index).utf8)
    }
}
