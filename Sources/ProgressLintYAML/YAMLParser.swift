internal import CYAML

/// Reads a YAML stream with libyaml's event API into ``YAMLDocument``s.
///
/// The tree is built without recursion, so nesting costs heap, never stack; depth
/// and alias expansion are bounded by ``YAMLLimits`` and end the parse with a
/// ``YAMLError`` at the point where the bound was crossed.
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

    /// Parses `bytes` one document at a time: `body` gets each complete document (and its
    /// 0-based index) before the next is read, and nothing of it is kept afterwards. Returns
    /// the error that stopped the parse, if any; the documents before it have been handed over.
    ///
    /// A UTF-8 byte order mark at the start is not content: it is skipped and takes no column.
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

/// Builds the node arena from events.
private struct Builder {
    let limits: YAMLLimits
    private var document = YAMLDocument()
    private var documentCount = 0
    /// Open collections: node index, where their children start in `scratch`, and the nodes
    /// (saturating) and bytes of scalar text plus one per node they reach so far, aliases expanded.
    private var open: [(node: Int32, scratchStart: Int, size: Int, bytes: Int)] = []
    private var scratch: [Int32] = []
    private var anchors: [String: Int32] = [:]
    /// The expanded size and bytes of each anchored node (see `open`), once it is complete.
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

    private mutating func handle(_ event: inout yaml_event_t, _ body: (YAMLDocument, Int) -> Void) -> YAMLError? {
        let start = Builder.packed(event.start_mark)
        let end = Builder.packed(event.end_mark)
        flowWork += flowDepth
        if flowWork > Builder.flowWorkBudget {
            return YAMLError(
                kind: .depth,
                message: "flow collections (`[…]`, `{…}`) nest \(flowDepth) deep here in a file this long; "
                    + "parsing them costs depth × length: write them in block style or nest them less",
                position: start.position)
        }
        switch event.type {
        case YAML_DOCUMENT_START_EVENT:
            // Nothing is reserved ahead of need: a stream of a million `---` costs a million empty documents.
            document = YAMLDocument()
            document.start = start.position
            anchors.removeAll()
            expansions.removeAll()
            aliasNodes = 0
            aliasBytes = 0
        case YAML_DOCUMENT_END_EVENT:
            // The document is handed over and dropped before the next is read.
            document.end = end.position
            body(document, documentCount)
            documentCount += 1
            document = YAMLDocument()
            scratch.removeAll()
        case YAML_SCALAR_EVENT:
            let s = event.data.scalar
            // libyaml's value is `length` bytes (non-null whenever length > 0); no `String` is made:
            // the bytes join the document's text buffer.
            let first = document.text.count
            var isASCII = true
            if s.length > 0, let value = s.value {
                let bytes = UnsafeBufferPointer(start: value, count: s.length)
                document.text.append(contentsOf: bytes)
                isASCII = Builder.isASCII(bytes)
            }
            // A scalar's text is never longer than its source, and a file is at most 1 GB; past
            // `UInt32` the document is refused rather than its ranges wrapped.
            guard let offset = UInt32(exactly: first), let length = UInt32(exactly: s.length),
                  UInt32(exactly: document.text.count) != nil else {
                return YAMLError(kind: .syntax, message: "the document's text is larger than 4 GB", position: start.position)
            }
            let style: ScalarStyle
            switch s.style {
            case YAML_SINGLE_QUOTED_SCALAR_STYLE: style = .singleQuoted
            case YAML_DOUBLE_QUOTED_SCALAR_STYLE: style = .doubleQuoted
            case YAML_LITERAL_SCALAR_STYLE: style = .literal
            case YAML_FOLDED_SCALAR_STYLE: style = .folded
            default: style = .plain
            }
            let bytes = Builder.add(s.length, 1)
            let index = add(
                NodeRecord(first: offset, count: length, start: start, end: end, parent: -1,
                           kind: .scalar, style: style, flow: false, isASCII: isASCII),
                tag: s.tag, bytes: bytes)
            if register(anchor: s.anchor, node: index) { expansions[index] = (1, bytes) }
            lastEnd = end
        case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
            if open.count >= limits.maxDepth {
                return YAMLError(
                    kind: .depth,
                    message: "collections nest deeper than \(limits.maxDepth) levels (limits.max-depth)",
                    position: start.position)
            }
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
            _ = register(anchor: anchor, node: index)
            open.append((index, scratch.count, 1, 1))
            if flow { flowDepth += 1 }
        case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
            close(end: end)
        case YAML_ALIAS_EVENT:
            let name = Builder.string(event.data.alias.anchor) ?? ""
            guard let target = anchors[name] else {
                return YAMLError(
                    kind: .unknownAlias, message: "alias '*\(name)' refers to no anchor defined before it",
                    position: start.position)
            }
            if open.contains(where: { $0.node == target }) {
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
        default:
            break
        }
        return nil
    }

    private mutating func add(
        _ record: consuming NodeRecord, tag: UnsafeMutablePointer<yaml_char_t>?, bytes: Int
    ) -> Int32 {
        let index = Int32(truncatingIfNeeded: document.nodes.count)
        // A new node's parent is the open collection (attach would find it so, with no lookup).
        var record = record
        record.parent = open.last?.node ?? -1
        document.nodes.append(record)
        if let tag = Builder.string(tag) { document.tags[index] = tag }
        attach(index, size: 1, bytes: bytes, isNew: true)
        return index
    }

    /// Adds a node to the open collection, or makes it the root. A node reached again (an alias)
    /// keeps the parent it was first attached to.
    private mutating func attach(_ index: Int32, size: Int, bytes: Int, isNew: Bool = false) {
        if let top = open.last {
            scratch.append(index)
            if !isNew && document.nodes[Int(index)].parent < 0 && index != top.node && document.root?.index != index {
                document.nodes[Int(index)].parent = top.node
            }
            open[open.count - 1].size = Builder.add(top.size, size)
            open[open.count - 1].bytes = Builder.add(top.bytes, bytes)
        } else if document.root == nil {
            document.root = NodeID(index)
        }
    }

    private mutating func close(end: PackedPosition) {
        guard let (node, scratchStart, size, bytes) = open.popLast() else { return }
        let first = Int32(truncatingIfNeeded: document.children.count)
        let count = scratch.count - scratchStart
        document.children.append(contentsOf: scratch[scratchStart...])
        scratch.removeSubrange(scratchStart...)
        if document.nodes[Int(node)].flow { flowDepth -= 1 }
        let isMapping = document.nodes[Int(node)].kind == .mapping
        document.nodes[Int(node)].first = UInt32(bitPattern: first)
        document.nodes[Int(node)].count = UInt32(truncatingIfNeeded: count)
        // A flow collection ends just past its `]` or `}`; a block one just past its last node's
        // value (libyaml's end mark lies at the next key, inside its indentation).
        document.nodes[Int(node)].end = document.nodes[Int(node)].flow || count == 0 ? end : lastEnd
        lastEnd = document.nodes[Int(node)].end
        if isMapping {
            findDuplicateKeys(from: Int(first), count: count)
        }
        if !expansions.isEmpty, expansions[node] != nil { expansions[node] = (size, bytes) }
        // The finished collection's expanded size feeds its parent's.
        if let top = open.last {
            open[open.count - 1].size = Builder.add(top.size, size - 1)
            open[open.count - 1].bytes = Builder.add(top.bytes, bytes - 1)
        }
    }

    /// `a + b`, or `Int.max` past it.
    private static func add(_ a: Int, _ b: Int) -> Int {
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow ? Int.max : sum
    }

    /// Records keys that repeat an earlier key of the mapping whose children start at `first`.
    /// Keys are compared by fingerprint first (computed from their bytes, kept for the mapping
    /// only), by text only when the fingerprints allow them to be equal; small mappings pairwise,
    /// larger ones through a table of the first key of each text (a node index a slot, made
    /// whole at once: a mapping of millions of keys costs no copy of their text). Text compares
    /// as `String ==` does (``YAMLDocument/valuesEqual(_:_:)``: bytes when both keys are ASCII).
    private mutating func findDuplicateKeys(from first: Int, count: Int) {
        let pairs = count / 2
        guard pairs > 1 else { return }
        if pairs <= 64 {
            withUnsafeTemporaryAllocation(of: UInt32.self, capacity: pairs) { prints in
                for i in 0..<pairs {
                    let keyIndex = Int(document.children[first + 2 * i])
                    // Collections are never compared: their mark is no scalar's fingerprint.
                    prints[i] = document.nodes[keyIndex].kind == .scalar
                        ? Builder.fingerprint(document.nodes[keyIndex], in: document.text) : Builder.collectionMark
                }
                for i in 1..<pairs {
                    let print = prints[i]
                    guard print != Builder.collectionMark else { continue }
                    let keyIndex = Int(document.children[first + 2 * i])
                    for j in 0..<i {
                        let earlier = prints[j]
                        guard earlier != Builder.collectionMark, Builder.mayBeEqual(earlier, print) else { continue }
                        let earlierIndex = Int(document.children[first + 2 * j])
                        guard document.valuesEqual(NodeID(earlierIndex), NodeID(keyIndex)) else { continue }
                        document.duplicateKeys.append((NodeID(Int32(keyIndex)), NodeID(Int32(earlierIndex))))
                        break
                    }
                }
            }
        } else {
            // Open addressing over a power of two at least twice the keys; -1 is an empty slot.
            var capacity = 128
            while capacity < 2 * pairs { capacity <<= 1 }
            let mask = capacity - 1
            var slots = [Int32](repeating: -1, count: capacity)
            for i in 0..<pairs {
                let keyIndex = document.children[first + 2 * i]
                guard document.nodes[Int(keyIndex)].kind == .scalar else { continue }
                // Equal strings hash equally (`==` compares canonically, and so does hashing): the
                // hash is the `String`'s, so that an ASCII key meets a canonically equal other one.
                var slot = document.value(of: NodeID(keyIndex)).hashValue & mask
                while true {
                    let earlier = slots[slot]
                    if earlier < 0 {
                        slots[slot] = keyIndex
                        break
                    }
                    if document.valuesEqual(NodeID(earlier), NodeID(keyIndex)) {
                        document.duplicateKeys.append((NodeID(keyIndex), NodeID(earlier)))
                        break
                    }
                    slot = (slot + 1) & mask
                }
            }
        }
    }

    /// Length, first and last byte of an ASCII key; 0 for other text, which is compared with every
    /// key, since canonically equivalent text (`K` and the Kelvin sign) is equal.
    private static func fingerprint(_ record: NodeRecord, in text: [UInt8]) -> UInt32 {
        guard record.isASCII else { return 0 }
        let range = record.textRange
        guard let firstByte = range.first.map({ text[$0] }), let lastByte = range.last.map({ text[$0] }) else { return 1 }
        return UInt32(truncatingIfNeeded: range.count) << 16 | UInt32(firstByte) << 8 | UInt32(lastByte) | 1 << 31
    }

    /// The fingerprint of a key that is a collection (see `findDuplicateKeys`): no scalar's, which
    /// are 0, 1 or have the top bit set.
    private static let collectionMark: UInt32 = 2

    /// Whether every byte is below 0x80.
    private static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = 0
        while i < bytes.count {
            if bytes[i] >= 0x80 { return false }
            i += 1
        }
        return true
    }

    private static func mayBeEqual(_ a: UInt32, _ b: UInt32) -> Bool {
        a == b || a == 0 || b == 0
    }

    /// Records the node's anchor, if it has one (and marks it in `expansions`); whether it has one.
    private mutating func register(anchor: UnsafeMutablePointer<yaml_char_t>?, node: Int32) -> Bool {
        guard let name = Builder.string(anchor) else { return false }
        anchors[name] = node
        expansions[node] = (1, 1)
        return true
    }

    private static func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        guard let pointer else { return nil }
        return String(cString: pointer)
    }

    private static func position(_ mark: yaml_mark_t) -> SourcePosition {
        SourcePosition(line: Int(mark.line) + 1, column: Int(mark.column) + 1, characterOffset: Int(mark.index))
    }

    private static func packed(_ mark: yaml_mark_t) -> PackedPosition {
        PackedPosition(line: UInt32(clamping: mark.line), column: UInt32(clamping: mark.column),
                       offset: UInt32(clamping: mark.index))
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

/// Positions computed from raw bytes: errors that libyaml reports as byte offsets, limits met
/// part-way through a file, suppression comments. Lines end at LF; columns and the character
/// offset count UTF-8 lead bytes (leniently: a stray continuation byte counts nothing).
public enum TextPosition {
    /// The line and column of the byte at `byteOffset`, counting from the byte at `start` (line 1, column 1).
    public static func of(byteOffset: Int, in bytes: [UInt8], from start: Int = 0) -> SourcePosition {
        var line = 1
        var column = 1
        var characters = 0
        var i = start
        while i < byteOffset && i < bytes.count {
            let byte = bytes[i]
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
            if byte & 0xC0 != 0x80 { characters += 1 }
            i += 1
        }
        return SourcePosition(line: line, column: column, characterOffset: characters)
    }
}
