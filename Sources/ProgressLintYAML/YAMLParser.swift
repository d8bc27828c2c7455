internal import CYAML

/// Reads a YAML stream with libyaml's event API into ``YAMLDocument``s, without recursion (nesting
/// costs heap, not stack); depth and aliases are bounded by ``YAMLLimits``.
public enum YAMLParser {
    /// Parses every document of `bytes`.
    public static func parse(_ bytes: [UInt8], limits: YAMLLimits = YAMLLimits()) throws(YAMLError) -> [YAMLDocument] {
        var documents: [YAMLDocument] = []
        if let error = forEachDocument(in: bytes, limits: limits, { document, _ in documents.append(document) }) {
            throw error
        }
        return documents
    }

    /// Parses UTF-8 text.
    public static func parse(_ text: String, limits: YAMLLimits = YAMLLimits()) throws(YAMLError) -> [YAMLDocument] {
        try parse(Array(text.utf8), limits: limits)
    }

    /// Parses `bytes` one document at a time: `body` gets each document (and its index) before the
    /// next is read, and nothing of it is kept. Returns the error that stopped the parse, if any.
    /// A UTF-8 byte order mark at the start is skipped and takes no column.
    public static func forEachDocument(
        in bytes: [UInt8], limits: YAMLLimits = YAMLLimits(), _ body: (YAMLDocument, Int) -> Void
    ) -> YAMLError? {
        if let encodingError = checkByteOrderMark(bytes) { return encodingError }
        var builder = Builder(limits: limits)
        let skip = byteOrderMarkLength(bytes)
        return bytes.withUnsafeBufferPointer { buffer in
            builder.run(UnsafeBufferPointer(rebasing: buffer[skip...]), original: bytes, skipped: skip, body)
        }
    }

    /// 3 when `bytes` start with a UTF-8 byte order mark, else 0.
    public static func byteOrderMarkLength(_ bytes: [UInt8]) -> Int {
        bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF ? 3 : 0
    }

    private static func checkByteOrderMark(_ bytes: [UInt8]) -> YAMLError? {
        guard bytes.count >= 2 else { return nil }
        if (bytes[0] == 0xFE && bytes[1] == 0xFF) || (bytes[0] == 0xFF && bytes[1] == 0xFE) {
            return YAMLError(
                kind: .encoding,
                message: "the file is UTF-16 (it starts with a UTF-16 byte order mark); save it as UTF-8",
                position: .start)
        }
        return nil
    }
}

/// A collection being built: its node, where its children start in `scratch`, and the nodes
/// (saturating) and bytes of scalar text plus one per node it reaches so far, aliases expanded.
private struct OpenCollection {
    var node: Int32
    var scratchStart: Int
    var size: Int
    var bytes: Int
}

/// A key of a small mapping, as `findDuplicateKeys` compares them.
private struct Key {
    /// Where the key's text lies in `text`, as its record has it.
    var first: UInt32
    var count: UInt32
    var node: Int32
    var isASCII: Bool
}

/// Builds the node arena from events, in buffers reused from one document to the next (no growth
/// from nothing per document); the finished document gets exact-size copies.
private struct Builder {
    let limits: YAMLLimits
    private var document = YAMLDocument()
    private var documentCount = 0
    private var open = BuilderBuffer<OpenCollection>()
    /// The children of the open collections, innermost last.
    private var scratch = BuilderBuffer<Int32>()
    /// The records of the document's nodes from `flushed` on; those before are `document.nodes`' full chunks.
    private var nodes = BuilderBuffer<NodeRecord>()
    private var flushed = 0
    /// The document's children (`YAMLDocument.children`) and scalar text (`YAMLDocument.text`).
    private var children = BuilderBuffer<Int32>()
    private var text = BuilderBuffer<UInt8>()
    /// The fingerprints of the keys of the mapping whose duplicates are being looked for (see `findDuplicateKeys`).
    private var prints = BuilderBuffer<UInt32>()
    private var anchors: [String: Int32] = [:]
    /// The expanded size and bytes of each anchored node (see `OpenCollection`), once it is complete.
    private var expansions: [Int32: (size: Int, bytes: Int)] = [:]
    private var aliasNodes = 0
    private var aliasBytes = 0
    /// Where the last node finished (a scalar, an alias or a collection): a block collection ends there.
    private var lastEnd = PackedPosition.start
    /// Flow collections (`[…]`, `{…}`) open now, and the sum of that depth over every event so far.
    /// libyaml re-checks each open flow level at every token, so its work grows with depth × length:
    /// a 10 MB file of 999-deep `[[[…]]]` kept it busy for over a minute. ``flowWorkBudget`` bounds it.
    private var flowDepth = 0
    private var flowWork = 0
    /// About three seconds of libyaml's work on this machine; a 10 MB spec nested ten flow levels
    /// deep throughout needs a fifth of it.
    static let flowWorkBudget = 200_000_000

    init(limits: YAMLLimits) { self.limits = limits }

    mutating func run(
        _ buffer: UnsafeBufferPointer<UInt8>, original: [UInt8], skipped: Int, _ body: (YAMLDocument, Int) -> Void
    ) -> YAMLError? {
        defer {
            open.free()
            scratch.free()
            nodes.free()
            children.free()
            text.free()
            prints.free()
        }
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) != 0 else {
            return YAMLError(kind: .syntax, message: "libyaml could not start (out of memory)", position: .start)
        }
        defer { yaml_parser_delete(&parser) }
        var empty: UInt8 = 0
        if let base = buffer.baseAddress, buffer.count > 0 {
            yaml_parser_set_input_string(&parser, base, buffer.count)
        } else {
            yaml_parser_set_input_string(&parser, &empty, 0)
        }
        yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)
        reserve(forInputOf: buffer.count)

        var event = yaml_event_t()
        while true {
            guard yaml_parser_parse(&parser, &event) != 0 else {
                return Builder.error(from: parser, bytes: original, skipped: skipped)
            }
            let type = event.type
            let error = handle(&event, body)
            yaml_event_delete(&event)
            if let error { return error }
            if type == YAML_STREAM_END_EVENT { return nil }
        }
    }

    // Inlined into `run`'s loop, its one caller: no call per event, and the error it may return
    // is a local value there, not an optional written through memory and read back.
    @inline(__always) private mutating func handle(_ event: inout yaml_event_t, _ body: (YAMLDocument, Int) -> Void) -> YAMLError? {
        let start = Builder.packed(event.start_mark)
        let end = Builder.packed(event.end_mark)
        flowWork &+= flowDepth
        if flowWork > Builder.flowWorkBudget { return flowWorkError(at: start) }
        switch event.type {
        case YAML_SCALAR_EVENT:
            let s = event.data.scalar
            // libyaml's value is `length` bytes (non-null whenever length > 0); no `String` is made:
            // the bytes join the document's text buffer, checked for ASCII as they are copied.
            let first = text.count
            var isASCII = true
            if s.length > 0, let value = s.value {
                isASCII = text.appendCheckingASCII(value, count: s.length)
            }
            // A scalar's text is never longer than its source, and a file is at most 1 GB; past
            // `UInt32` the document is refused rather than its ranges wrapped. `first` and `s.length`
            // are at most `text.count` once the bytes are in, so one check covers all three.
            guard UInt32(exactly: text.count) != nil else { return textSizeError(at: start) }
            let offset = UInt32(truncatingIfNeeded: first), length = UInt32(truncatingIfNeeded: s.length)
            let style = Builder.style(s.style)
            let bytes = Builder.add(s.length, 1)
            let index = add(
                NodeRecord(first: offset, count: length, start: start, end: end, parent: -1,
                           kind: .scalar, style: style, flow: false, isASCII: isASCII),
                tag: s.tag, bytes: bytes)
            // Few nodes have an anchor: the common one makes no call.
            if let anchor = s.anchor {
                register(anchor: anchor, node: index)
                expansions[index] = (1, bytes)
            }
            lastEnd = end
        case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
            if open.count >= limits.maxDepth { return depthError(at: start) }
            let isSequence = event.type == YAML_SEQUENCE_START_EVENT
            let tag: UnsafeMutablePointer<yaml_char_t>?
            let anchor: UnsafeMutablePointer<yaml_char_t>?
            let flow: Bool
            if isSequence {
                tag = event.data.sequence_start.tag
                anchor = event.data.sequence_start.anchor
                flow = event.data.sequence_start.style == YAML_FLOW_SEQUENCE_STYLE
            } else {
                tag = event.data.mapping_start.tag
                anchor = event.data.mapping_start.anchor
                flow = event.data.mapping_start.style == YAML_FLOW_MAPPING_STYLE
            }
            let index = add(
                NodeRecord(first: 0, count: 0, start: start, end: end, parent: -1,
                           kind: isSequence ? .sequence : .mapping, style: .none, flow: flow, isASCII: true),
                tag: tag, bytes: 1)
            if let anchor { register(anchor: anchor, node: index) }
            open.append(OpenCollection(node: index, scratchStart: scratch.count, size: 1, bytes: 1))
            if flow { flowDepth += 1 }
        case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
            close(end: end)
        case YAML_DOCUMENT_START_EVENT:
            startDocument(at: start)
        case YAML_DOCUMENT_END_EVENT:
            endDocument(at: end, body)
        case YAML_ALIAS_EVENT:
            if let error = alias(event.data.alias.anchor, start: start, end: end) { return error }
        default:
            break
        }
        return nil
    }

    // The rare events and the errors are functions of their own, not inlined into `run`'s loop:
    // their code there (string interpolations, dictionaries) made the loop keep its values on
    // the stack around every event.

    @inline(never) private mutating func startDocument(at start: PackedPosition) {
        // Nothing is reserved ahead of need: a stream of a million `---` costs a million empty
        // documents. The buffers keep what the documents before needed.
        document = YAMLDocument()
        document.start = start.position
        nodes.truncate(to: 0)
        flushed = 0
        children.truncate(to: 0)
        text.truncate(to: 0)
        scratch.truncate(to: 0)
        anchors.removeAll()
        expansions.removeAll()
        aliasNodes = 0
        aliasBytes = 0
    }

    @inline(never) private mutating func endDocument(at end: PackedPosition, _ body: (YAMLDocument, Int) -> Void) {
        // The document is handed over and dropped before the next is read.
        document.end = end.position
        document.nodes.last = nodes.array()
        document.children = children.array()
        document.text = text.array()
        body(document, documentCount)
        documentCount += 1
        document = YAMLDocument()
        scratch.truncate(to: 0)
    }

    @inline(never) private func flowWorkError(at start: PackedPosition) -> YAMLError {
        YAMLError(
            kind: .depth,
            message: "flow collections (`[…]`, `{…}`) nest \(flowDepth) deep here in a file this long; "
                + "parsing them costs depth × length: write them in block style or nest them less",
            position: start.position)
    }

    @inline(never) private func depthError(at start: PackedPosition) -> YAMLError {
        YAMLError(
            kind: .depth,
            message: "collections nest deeper than \(limits.maxDepth) levels (limits.max-depth)",
            position: start.position)
    }

    @inline(never) private func textSizeError(at start: PackedPosition) -> YAMLError {
        YAMLError(kind: .syntax, message: "the document's text is larger than 4 GB", position: start.position)
    }

    /// An alias event: the node it names is attached again, within the alias budget.
    @inline(never) private mutating func alias(
        _ anchor: UnsafeMutablePointer<yaml_char_t>?, start: PackedPosition, end: PackedPosition
    ) -> YAMLError? {
        let name = Builder.string(anchor) ?? ""
        guard let target = anchors[name] else {
            return YAMLError(
                kind: .unknownAlias, message: "alias '*\(name)' refers to no anchor defined before it",
                position: start.position)
        }
        if open.elements.contains(where: { $0.node == target }) {
            return YAMLError(
                kind: .syntax, message: "alias '*\(name)' refers to a collection that contains it (a recursive alias)",
                position: start.position)
        }
        // The target is complete (an alias inside its own anchor is refused above).
        let (size, bytes) = expansions[target] ?? (1, 1)
        aliasNodes = Builder.add(aliasNodes, size)
        if size > limits.maxAliasNodes || aliasNodes > limits.maxAliasNodes {
            return YAMLError(
                kind: .aliasBudget,
                message: "aliases in this document reach more than \(limits.maxAliasNodes) nodes "
                    + "(limits.max-alias-nodes); is this an alias bomb?",
                position: start.position)
        }
        // Bytes count as well as nodes: one long anchored scalar reached thousands of times
        // is few nodes but gigabytes of text.
        aliasBytes = Builder.add(aliasBytes, bytes)
        if bytes > limits.maxAliasBytes || aliasBytes > limits.maxAliasBytes {
            return YAMLError(
                kind: .aliasBudget,
                message: "aliases in this document reach more than \(YAMLLimits.sizeText(limits.maxAliasBytes)) "
                    + "of text (limits.max-file-size); is this an alias bomb?",
                position: start.position)
        }
        attach(target, size: size, bytes: bytes)
        document.aliasTargets.insert(target)
        lastEnd = end
        return nil
    }

    /// libyaml's scalar style as ours: the two enums number the styles alike (plain 1 … folded 5);
    /// anything else (`YAML_ANY_SCALAR_STYLE`) is plain.
    @inline(__always) private static func style(_ style: yaml_scalar_style_t) -> ScalarStyle {
        let raw = style.rawValue
        return raw >= 1 && raw <= 5 ? ScalarStyle(rawValue: UInt8(truncatingIfNeeded: raw)) ?? .plain : .plain
    }

    /// Sizes the buffers for a typical spec of `size` bytes (a node per 12 bytes, half of them
    /// scalar text), so that most files never grow them: they are the builder's, reused by each
    /// document, and a document gets copies of the size it needs. A record chunk at most.
    private mutating func reserve(forInputOf size: Int) {
        let nodeCount = Swift.min(size / 12, NodeStore.mask + 1)
        nodes.grow(toHold: nodeCount)
        children.grow(toHold: nodeCount)
        text.grow(toHold: Swift.min(size / 2, 1 << 24))
    }

    /// The record of node `index` (one the document has).
    @inline(__always) private func record(_ index: Int32) -> NodeRecord {
        let i = Int(index)
        return i >= flushed ? nodes[i &- flushed] : document.nodes[i]
    }

    @inline(__always) private mutating func update(_ index: Int32, _ change: (inout NodeRecord) -> Void) {
        let i = Int(index)
        if i >= flushed { change(&nodes[i &- flushed]) } else { change(&document.nodes[i]) }
    }

    @inline(__always) private mutating func add(
        _ record: consuming NodeRecord, tag: UnsafeMutablePointer<yaml_char_t>?, bytes: Int
    ) -> Int32 {
        if nodes.count > NodeStore.mask {
            // A full chunk: the document takes it whole, and the buffer starts the next.
            document.nodes.full.append(nodes.array())
            flushed += nodes.count
            nodes.truncate(to: 0)
        }
        let index = Int32(truncatingIfNeeded: flushed &+ nodes.count)
        // A new node's parent is the open collection (attach would find it so, with no lookup).
        var record = record
        let hasParent = open.count > 0
        record.parent = hasParent ? open[open.count &- 1].node : -1
        nodes.append(record)
        if let tag { document.tags[index] = String(cString: tag) }
        if hasParent {
            scratch.append(index)
            grow(size: 1, bytes: bytes)
        } else if document.root == nil {
            document.root = NodeID(index)
        }
        return index
    }

    /// Adds `size` nodes and `bytes` to the innermost open collection's expanded size.
    @inline(__always) private mutating func grow(size: Int, bytes: Int) {
        let top = open.count &- 1
        var collection = open[top]
        collection.size = Builder.add(collection.size, size)
        collection.bytes = Builder.add(collection.bytes, bytes)
        open[top] = collection
    }

    /// Adds a node reached again (an alias) to the open collection, or makes it the root. It
    /// keeps the parent it was first attached to.
    private mutating func attach(_ index: Int32, size: Int, bytes: Int) {
        if open.count > 0 {
            let top = open[open.count - 1].node
            scratch.append(index)
            if record(index).parent < 0 && index != top && document.root?.index != index {
                update(index) { $0.parent = top }
            }
            grow(size: size, bytes: bytes)
        } else if document.root == nil {
            document.root = NodeID(index)
        }
    }

    private mutating func close(end: PackedPosition) {
        guard open.count > 0 else { return }
        let collection = open[open.count - 1]
        open.truncate(to: open.count - 1)
        let first = children.count
        let count = scratch.count - collection.scratchStart
        if count > 0, let base = scratch.base {
            // `scratchStart..<scratch.count` are set elements of `scratch`.
            children.append(base + collection.scratchStart, count: count)
        }
        scratch.truncate(to: collection.scratchStart)
        var record = record(collection.node)
        if record.flow { flowDepth -= 1 }
        record.first = UInt32(truncatingIfNeeded: first)
        record.count = UInt32(truncatingIfNeeded: count)
        // A flow collection ends just past its `]` or `}`; a block one just past its last node's
        // value (libyaml's end mark lies at the next key, inside its indentation).
        record.end = record.flow || count == 0 ? end : lastEnd
        lastEnd = record.end
        let isMapping = record.kind == .mapping
        update(collection.node) { [record] in $0 = record }
        // A mapping of one pair has no duplicate: no call.
        if isMapping && count >= 4 {
            findDuplicateKeys(from: first, count: count)
        }
        if !expansions.isEmpty, expansions[collection.node] != nil {
            expansions[collection.node] = (collection.size, collection.bytes)
        }
        // The finished collection's expanded size feeds its parent's.
        if open.count > 0 { grow(size: collection.size - 1, bytes: collection.bytes - 1) }
    }

    /// `a + b`, or `Int.max` past it.
    @inline(__always) private static func add(_ a: Int, _ b: Int) -> Int {
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow ? Int.max : sum
    }

    /// Records keys that repeat an earlier key of the mapping whose children start at `first`:
    /// small mappings compare pairwise, larger ones go through a table so they stay linear.
    /// Text compares as `String ==` does.
    private mutating func findDuplicateKeys(from first: Int, count: Int) {
        let pairs = count / 2
        guard pairs > 1 else { return }
        if pairs <= Builder.pairwiseKeys {
            // The keys' fingerprints first, in a buffer kept from one mapping to the next; a key's
            // record is read again only when its fingerprint allows it to equal an earlier one.
            prints.truncate(to: 0)
            var allASCII = true
            for i in 0..<pairs {
                let key = record(children[first &+ 2 &* i])
                // Collections are never compared: their mark is no scalar's fingerprint.
                let print = key.kind == .scalar ? fingerprint(key) : Builder.collectionMark
                if print == 0 { allASCII = false }
                prints.append(print)
            }
            for i in 1..<pairs {
                let print = prints[i]
                guard print != Builder.collectionMark else { continue }
                var j = 0
                while j < i {
                    let earlier = prints[j]
                    // With only ASCII keys, equal text has an equal fingerprint.
                    if allASCII ? earlier == print
                        : earlier != Builder.collectionMark && Builder.mayBeEqual(earlier, print),
                       case let (node, earlierNode) = (children[first &+ 2 &* i], children[first &+ 2 &* j]),
                       keysEqual(record(earlierNode), record(node)) {
                        document.duplicateKeys.append((NodeID(node), NodeID(earlierNode)))
                        break
                    }
                    j &+= 1
                }
            }
        } else {
            // Open addressing over a power of two at least twice the keys; -1 is an empty slot.
            var capacity = 128
            while capacity < 2 * pairs { capacity <<= 1 }
            let mask = capacity - 1
            var slots = [Int32](repeating: -1, count: capacity)
            for i in 0..<pairs {
                let keyIndex = children[first + 2 * i]
                let key = record(keyIndex)
                guard key.kind == .scalar else { continue }
                // Equal strings hash equally (`==` compares canonically, and so does hashing): the
                // hash is the `String`'s, so that an ASCII key meets a canonically equal other one.
                var slot = string(key).hashValue & mask
                while true {
                    let earlier = slots[slot]
                    if earlier < 0 {
                        slots[slot] = keyIndex
                        break
                    }
                    if keysEqual(record(earlier), key) {
                        document.duplicateKeys.append((NodeID(keyIndex), NodeID(earlier)))
                        break
                    }
                    slot = (slot + 1) & mask
                }
            }
        }
    }

    /// Mappings of up to this many pairs have their keys compared pairwise (at most 2,016 key
    /// comparisons, most settled by fingerprint); larger ones through a hash table.
    static let pairwiseKeys = 64

    /// The scalar's text bytes: a range of `text` by construction (its bytes were appended there).
    @inline(__always) private func bytes(of record: NodeRecord) -> UnsafeBufferPointer<UInt8> {
        record.kind == .scalar ? bytes(first: record.first, count: record.count) : UnsafeBufferPointer(start: nil, count: 0)
    }

    /// `text[first..<first + count]` (checked to lie inside `text`).
    @inline(__always) private func bytes(first: UInt32, count: UInt32) -> UnsafeBufferPointer<UInt8> {
        let start = Int(first), length = Int(count)
        precondition(start &+ length <= text.count)
        guard length > 0, let base = text.base else { return UnsafeBufferPointer(start: nil, count: 0) }
        return UnsafeBufferPointer(start: base + start, count: length)
    }

    /// The scalar's text as a `String` (empty for collections).
    private func string(_ record: NodeRecord) -> String {
        String(decoding: bytes(of: record), as: UTF8.self)
    }

    /// Whether two scalars' texts are equal as `String ==` has it (canonical equivalence: bytes when
    /// both are ASCII, else `String`s).
    private func keysEqual(_ a: NodeRecord, _ b: NodeRecord) -> Bool {
        keysEqual(Key(first: a.first, count: a.count, node: 0, isASCII: a.isASCII),
                  Key(first: b.first, count: b.count, node: 0, isASCII: b.isASCII))
    }

    /// Whether two scalar keys' texts are equal as `String ==` has it: bytes when both are ASCII.
    @inline(__always) private func keysEqual(_ a: Key, _ b: Key) -> Bool {
        let x = bytes(first: a.first, count: a.count), y = bytes(first: b.first, count: b.count)
        if a.isASCII && b.isASCII {
            guard x.count == y.count else { return false }
            var i = 0
            while i < x.count {
                if x[i] != y[i] { return false }
                i &+= 1
            }
            return true
        }
        return String(decoding: x, as: UTF8.self) == String(decoding: y, as: UTF8.self)
    }

    /// Length, first and last byte of an ASCII key; 0 for other text, which is compared with every
    /// key, since canonically equivalent text (`K` and the Kelvin sign) is equal.
    private func fingerprint(_ record: NodeRecord) -> UInt32 {
        guard record.isASCII else { return 0 }
        let bytes = bytes(of: record)
        guard let firstByte = bytes.first, let lastByte = bytes.last else { return 1 }
        return UInt32(truncatingIfNeeded: bytes.count) << 16 | UInt32(firstByte) << 8 | UInt32(lastByte) | 1 << 31
    }

    /// The fingerprint of a key that is a collection (see `findDuplicateKeys`): no scalar's, which
    /// are 0, 1 or have the top bit set.
    private static let collectionMark: UInt32 = 2

    private static func mayBeEqual(_ a: UInt32, _ b: UInt32) -> Bool {
        a == b || a == 0 || b == 0
    }

    /// Records the node's anchor (and marks it in `expansions`).
    private mutating func register(anchor: UnsafeMutablePointer<yaml_char_t>, node: Int32) {
        anchors[String(cString: anchor)] = node
        expansions[node] = (1, 1)
    }

    private static func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        guard let pointer else { return nil }
        return String(cString: pointer)
    }

    private static func position(_ mark: yaml_mark_t) -> SourcePosition {
        SourcePosition(line: Int(mark.line) + 1, column: Int(mark.column) + 1, characterOffset: Int(mark.index))
    }

    @inline(__always) private static func packed(_ mark: yaml_mark_t) -> PackedPosition {
        // The common case, every field below 2^32, is one test; the clamps are for the rest.
        if (UInt(bitPattern: mark.line) | UInt(bitPattern: mark.column) | UInt(bitPattern: mark.index)) >> 32 == 0 {
            return PackedPosition(line: UInt32(truncatingIfNeeded: mark.line), column: UInt32(truncatingIfNeeded: mark.column),
                                  offset: UInt32(truncatingIfNeeded: mark.index))
        }
        return PackedPosition(line: clamped(mark.line), column: clamped(mark.column), offset: clamped(mark.index))
    }

    /// A mark's `size_t` field clamped to `UInt32.max`: one compare and select.
    @inline(__always) private static func clamped(_ value: Int) -> UInt32 {
        UInt32(truncatingIfNeeded: Swift.min(UInt(bitPattern: value), UInt(UInt32.max)))
    }

    /// Turns libyaml's error state into a ``YAMLError``.
    static func error(from parser: yaml_parser_t, bytes: [UInt8], skipped: Int) -> YAMLError {
        let problem = parser.problem.map { String(cString: $0) } ?? "unknown problem"
        if parser.error == YAML_READER_ERROR {
            let offset = min(Int(parser.problem_offset) + skipped, bytes.count)
            let position = TextPosition.of(byteOffset: offset, in: bytes, from: skipped)
            let detail: String
            if parser.problem_value >= 0 {
                let value = String(UInt32(parser.problem_value), radix: 16, uppercase: true)
                detail = "\(problem) (0x\(value))"
            } else {
                detail = problem
            }
            return YAMLError(kind: .encoding, message: "the file is not UTF-8 text: \(detail)", position: position)
        }
        var message = problem
        if let context = parser.context.map({ String(cString: $0) }) {
            let mark = parser.context_mark
            message += " (\(context) at line \(mark.line + 1), column \(mark.column + 1))"
        }
        return YAMLError(kind: .syntax, message: message, position: position(parser.problem_mark))
    }
}
