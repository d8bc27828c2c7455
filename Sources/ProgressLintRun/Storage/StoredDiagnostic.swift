import ProgressLintEngine
import ProgressLintSupport
import ProgressLintYAML

/// One diagnostic of a ``DiagnosticList`` read in place: numbers, severity, rule and path decoded,
/// texts left as their stored UTF-8 (``withMessageUTF8(_:)``) until ``diagnostic`` decodes it whole.
struct StoredDiagnostic: Sendable {
    /// The bytes the record lies in, with its file's path and the rule ids by number: shared with
    /// the records read before and after it, so that a copy of a record retains one object.
    final class Window: Sendable {
        let bytes: [UInt8]
        let path: String
        let rules: [String]

        init(bytes: [UInt8], path: String, rules: [String]) {
            self.bytes = bytes
            self.path = path
            self.rules = rules
        }
    }

    let window: Window
    /// The rule's number in `window.rules`.
    let rule: Int
    var bytes: [UInt8] { window.bytes }
    /// The file's path.
    var path: String { window.path }
    /// The rule's id.
    var ruleID: String { rule < window.rules.count ? window.rules[rule] : "" }
    /// Its severity.
    let severity: Severity
    /// The node the user must change.
    let range: SourceRange
    /// Which document of the file (0-based), when known.
    let documentIndex: Int?
    /// Where in `bytes` each text lies (nil when the diagnostic has none).
    let message: Range<Int>
    let screenBytes: Range<Int>?
    let indicatorBytes: Range<Int>?
    let yamlPathBytes: Range<Int>?
    let valueBytes: Range<Int>?
    let platformBytes: Range<Int>?
    /// Where the asks start (their count) and the source line and fix follow.
    let asksAt: Int
    let end: Int
    let flags: UInt8
    /// The source line's excerpt and columns, when it has one.
    let sourceText: Range<Int>?
    let sourceNumbers: SourceNumbers
    /// Where the fix starts (its applicability byte), when it has one.
    let fixAt: Int?
    /// How its fix applies, when it has one.
    let fixApplicability: FixApplicability?
    /// The position of a merged (cross-file) diagnostic in its list's merged ones; -1 for a stored one.
    let mergedIndex: Int

    struct SourceNumbers: Sendable {
        var firstColumn = 0
        var clippedEnd = false
        var startByteColumn = 0
        var startUTF16Column = 0
        var endByteColumn = 0
        var endUTF16Column = 0
    }

    /// Reads the record in `bytes[start..<end]` (after its tag), as ``DiagnosticCoder/encode(_:rule:into:)``
    /// wrote it: every read bounded by `end` (past it, zeros and empty texts, as ``DiagnosticCoder/Reader`` reads).
    init(_ window: Window, start: Int, end: Int, mergedIndex: Int = -1) {
        var head = Head()
        window.bytes.withUnsafeBufferPointer { head = Head($0, start: start, end: end) }
        self.window = window
        rule = head.rule
        severity = head.severity
        message = head.message
        range = head.range
        flags = head.flags
        screenBytes = head.screen
        indicatorBytes = head.indicator
        yamlPathBytes = head.yamlPath
        documentIndex = head.documentIndex
        valueBytes = head.value
        platformBytes = head.platform
        asksAt = head.asksAt
        sourceText = head.sourceText
        sourceNumbers = head.sourceNumbers
        fixAt = head.fixAt
        fixApplicability = head.fixApplicability
        self.end = end
        self.mergedIndex = mergedIndex
    }

    /// The fields of a record, read from its bytes.
    private struct Head {
        var rule = 0
        var severity = Severity.info
        var message = 0..<0
        var range = SourceRange(start: SourcePosition(line: 0, column: 0), end: SourcePosition(line: 0, column: 0))
        var flags: UInt8 = 0
        var screen: Range<Int>?, indicator: Range<Int>?, yamlPath: Range<Int>?, value: Range<Int>?, platform: Range<Int>?
        var documentIndex: Int?
        var asksAt = 0
        var sourceText: Range<Int>?
        var sourceNumbers = SourceNumbers()
        var fixAt: Int?
        var fixApplicability: FixApplicability?

        init() {}

        init(_ bytes: UnsafeBufferPointer<UInt8>, start: Int, end: Int) {
            var r = Cursor(bytes: bytes, offset: start, end: end)
            let leading = Leading(&r)
            (rule, severity, message, range, flags) = (leading.rule, leading.severity, leading.message, leading.range, leading.flags)
            (screen, indicator, yamlPath, documentIndex) = (leading.screen, leading.indicator, leading.yamlPath, leading.documentIndex)
            (value, platform) = (leading.value, leading.platform)
            asksAt = r.offset
            let asks = Int(clamping: r.unsigned())
            var i = 0
            while i < asks && r.offset < r.end {
                let kind = r.byte()
                _ = r.span()
                if kind == 2 { _ = r.span() }
                i += 1
            }
            if flags & 64 != 0 {
                sourceText = r.span()
                sourceNumbers.firstColumn = r.int()
                sourceNumbers.clippedEnd = r.byte() != 0
                sourceNumbers.startByteColumn = r.int()
                sourceNumbers.startUTF16Column = r.int()
                sourceNumbers.endByteColumn = r.int()
                sourceNumbers.endUTF16Column = r.int()
            }
            if flags & 128 != 0 {
                fixAt = r.offset
                let a = Int(r.byte())
                fixApplicability = a == 0 ? .displayOnly : a == 1 ? .unsafe : .safe
            }
        }
    }

    /// A record's fields up to its platform, the ones written first: what a key, a brief and the
    /// whole record read alike.
    struct Leading {
        var rule: Int
        var severity: Severity
        var message: Range<Int>
        var range: SourceRange
        var flags: UInt8
        var screen: Range<Int>?, indicator: Range<Int>?, yamlPath: Range<Int>?, value: Range<Int>?, platform: Range<Int>?
        var documentIndex: Int?

        /// Reads them at `r`, leaving it after them (inlined, so that a reader pays only for the fields it uses).
        @inline(__always) init(_ r: inout Cursor) {
            rule = Int(clamping: r.unsigned())
            let s = Int(r.byte())
            severity = s == 0 ? .info : s == 1 ? .warning : .error
            message = r.span()
            let startPosition = r.position(), endPosition = r.position()
            range = SourceRange(start: startPosition, end: endPosition)
            flags = r.byte()
            if flags & 1 != 0 { screen = r.span() }
            if flags & 2 != 0 { indicator = r.span() }
            if flags & 4 != 0 { yamlPath = r.span() }
            if flags & 8 != 0 { documentIndex = r.int() }
            if flags & 16 != 0 { value = r.span() }
            if flags & 32 != 0 { platform = r.span() }
        }
    }

    /// Reads varints and texts' extents from `bytes` up to `end`: a ``DiagnosticCoder/Reader`` over
    /// that part, whose places are given in `bytes`' own numbering.
    struct Cursor {
        private var reader: DiagnosticCoder.Reader
        /// Where the part read starts in `bytes`.
        private let base: Int

        /// A cursor at `offset`, reading up to `end` (at most the buffer's end).
        init(bytes: UnsafeBufferPointer<UInt8>, offset: Int, end: Int) {
            let end = Swift.min(end, bytes.count)
            base = Swift.min(Swift.max(0, offset), end)
            reader = DiagnosticCoder.Reader(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[base..<end])))
        }

        var offset: Int { base + reader.offset }
        var end: Int { base + reader.bytes.count }

        mutating func byte() -> UInt8 { reader.byte() }
        mutating func unsigned() -> UInt64 { reader.unsigned() }
        mutating func int() -> Int { reader.int() }
        mutating func position() -> SourcePosition { reader.position() }

        /// A text's bytes: its length, then as many of them as there are before `end`.
        mutating func span() -> Range<Int> {
            let length = Int(clamping: reader.unsigned())
            let count = Swift.min(length, reader.bytes.count - reader.offset)
            reader.offset += count
            return (offset - count)..<offset
        }
    }

    private func text(_ range: Range<Int>) -> String {
        bytes.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[range]), as: UTF8.self) }
    }

    private func withBytes<R>(_ range: Range<Int>, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try bytes.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[range])) }
    }

    /// What is wrong and what to do instead.
    var messageText: String { text(message) }
    /// The screen's name, when the diagnostic concerns one.
    var screen: String? { screenBytes.map(text) }
    /// The indicator's id, when the diagnostic concerns one.
    var indicator: String? { indicatorBytes.map(text) }
    /// The YAML path of the node.
    var yamlPath: String? { yamlPathBytes.map(text) }
    /// The node's text when it is a scalar.
    var value: String? { valueBytes.map(text) }
    /// The screen's effective platform, when known.
    var platform: String? { platformBytes.map(text) }
    /// Whether it has a source line.
    var hasSource: Bool { sourceText != nil }
    /// Whether it has a fix.
    var hasFix: Bool { fixAt != nil }

    /// Calls `body` with the message's UTF-8 as stored (`String(decoding:)` of them is ``messageText``;
    /// they are UTF-8 unless the store was damaged).
    func withMessageUTF8<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try withBytes(message, body)
    }

    /// Calls `body` with the indicator id's UTF-8 as stored, or nil when it has none.
    func withIndicatorUTF8<R>(_ body: (UnsafeBufferPointer<UInt8>?) throws -> R) rethrows -> R {
        guard let range = indicatorBytes else { return try body(nil) }
        return try withBytes(range, body)
    }

    /// Calls `body` with the source line excerpt's UTF-8 as stored, or nil when it has no source line.
    func withSourceTextUTF8<R>(_ body: (UnsafeBufferPointer<UInt8>?) throws -> R) rethrows -> R {
        guard let range = sourceText else { return try body(nil) }
        return try withBytes(range, body)
    }

    /// The 1-based column (in characters) of the source excerpt's first character (0 with no source line).
    var sourceFirstColumn: Int { sourceNumbers.firstColumn }
    /// Whether the source line goes on past the excerpt.
    var sourceClippedEnd: Bool { sourceNumbers.clippedEnd }

    /// The range's start column in `unit` (characters when the line is not known), as ``Diagnostic/startColumn(_:)``.
    func startColumn(_ unit: ColumnUnit) -> Int {
        guard sourceText != nil else { return range.start.column }
        switch unit {
        case .utf16: return sourceNumbers.startUTF16Column
        case .byte: return sourceNumbers.startByteColumn
        case .char: return range.start.column
        }
    }

    /// The range's end column in `unit` (characters when the line is not known), as ``Diagnostic/endColumn(_:)``.
    func endColumn(_ unit: ColumnUnit) -> Int {
        guard sourceText != nil else { return range.end.column }
        switch unit {
        case .utf16: return sourceNumbers.endUTF16Column
        case .byte: return sourceNumbers.endByteColumn
        case .char: return range.end.column
        }
    }

    /// The source line, as ``Diagnostic/source``.
    var source: SourceLine? {
        guard let sourceText else { return nil }
        let n = sourceNumbers
        return SourceLine(text: text(sourceText), firstColumn: n.firstColumn, clippedEnd: n.clippedEnd,
                          startByteColumn: n.startByteColumn, startUTF16Column: n.startUTF16Column,
                          endByteColumn: n.endByteColumn, endUTF16Column: n.endUTF16Column)
    }

    /// What the finding asks the user to do, as ``Diagnostic/asks``.
    var asks: [Ask] { bytes.withUnsafeBufferPointer(asks) }

    private func asks(_ bytes: UnsafeBufferPointer<UInt8>) -> [Ask] {
        func text(_ range: Range<Int>) -> String { String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self) }
        var r = Cursor(bytes: bytes, offset: asksAt, end: end)
        let count = Int(clamping: r.unsigned())
        guard count > 0 else { return [] }
        var asks: [Ask] = []
        asks.reserveCapacity(Swift.min(count, 64))
        for _ in 0..<count {
            let kind = r.byte()
            let key = text(r.span())
            switch kind {
            case 0: asks.append(.add(key))
            case 1: asks.append(.remove(key))
            case 2: asks.append(.set(key, to: text(r.span())))
            case 3: asks.append(.change(key))
            default: asks.append(.keep(key))
            }
        }
        return asks
    }

    /// How to fix it, as ``Diagnostic/fix``.
    var fix: Fix? {
        guard let fixAt, let fixApplicability else { return nil }
        return bytes.withUnsafeBufferPointer { fix($0, at: fixAt, fixApplicability) }
    }

    private func fix(_ bytes: UnsafeBufferPointer<UInt8>, at fixAt: Int, _ fixApplicability: FixApplicability) -> Fix {
        func text(_ range: Range<Int>) -> String { String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self) }
        var r = Cursor(bytes: bytes, offset: fixAt + 1, end: end)
        let title = text(r.span())
        let count = Int(clamping: r.unsigned())
        var edits: [Edit] = []
        var i = 0
        while i < count {
            let start = r.int(), end = r.int()
            let content = text(r.span())
            let startPosition = r.position(), endPosition = r.position()
            edits.append(Edit(start: start, end: end, content: content, startPosition: startPosition,
                              endPosition: endPosition))
            i += 1
        }
        // Stored in the order the fix holds them (already sorted): set, not re-sorted.
        var fix = Fix(applicability: fixApplicability, title: title, edits: [])
        fix.edits = edits
        return fix
    }

    /// The whole ``Diagnostic``, every text made.
    var diagnostic: Diagnostic {
        var d = Diagnostic(ruleID: ruleID, severity: severity, message: messageText, path: path, range: range,
                           screen: screen, indicator: indicator, yamlPath: yamlPath, documentIndex: documentIndex,
                           value: value, platform: platform, asks: asks, source: source)
        if fixAt != nil { d.fix = fix }
        return d
    }

    /// What summaries count of it.
    var key: DiagnosticKey {
        var key = DiagnosticKey(path: path, ruleID: ruleID, severity: severity)
        key.screen = screen
        key.documentIndex = documentIndex
        key.platform = platform
        return key
    }

    /// ``Diagnostic/ordered(_:_:)`` of two stored diagnostics.
    static func ordered(_ a: StoredDiagnostic, _ b: StoredDiagnostic) -> Bool {
        if a.path != b.path || !ByteOrder.same(a.path, b.path) { return Diagnostic.pathPrecedes(a.path, b.path) }
        if a.range.start.line != b.range.start.line { return a.range.start.line < b.range.start.line }
        if a.range.start.column != b.range.start.column { return a.range.start.column < b.range.start.column }
        if a.ruleID != b.ruleID { return a.ruleID < b.ruleID }
        return a.messageText < b.messageText
    }
}
