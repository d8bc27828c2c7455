import ProgressLintEngine
import ProgressLintSpec

/// Each file's ``ScreenTiming``s, kept compactly in a ``ByteStore`` (past 64 KB in a temporary
/// file), so a run over 100,000 files keeps them without its memory growing: per file, 12 bytes
/// of index and its screens' bytes on disk. Read back one file at a time, in report order.
@usableFromInline struct ScreenTimingList: Sendable {
    private var data = ByteStore()
    /// Per file number: where its bytes start (8 bytes) and how long they are (4 bytes).
    private var index = ByteStore()
    private var fileCount = 0
    /// File numbers in report order, once the files were put in an order other than added.
    private var reportOrder: [Int32]?

    /// An empty list.
    init() {}

    /// How many files it holds.
    var count: Int { fileCount }

    /// Adds the screens of the file numbered `number` (files are numbered 0, 1, 2… in the order
    /// they are added; a missing number is a file with no screens).
    mutating func append(_ screens: [ScreenTiming], file number: Int) {
        while fileCount < number { appendIndex(start: 0, length: 0) }
        guard number == fileCount else { return }
        let bytes = ScreenTimingList.encode(screens)
        let start = bytes.withUnsafeBytes { data.append($0) }
        appendIndex(start: start, length: bytes.count)
    }

    /// The bytes ``append(_:file:)`` stores for `screens`.
    static func encode(_ screens: [ScreenTiming]) -> [UInt8] {
        var writer = TimingWriter()
        writer.int(screens.count)
        for screen in screens { writer.screen(screen) }
        return writer.bytes
    }

    /// Adds the file numbered `number` whose screens ``encode(_:)`` gave as `bytes`.
    mutating func appendEncoded(_ bytes: UnsafeRawBufferPointer, file number: Int) {
        while fileCount < number { appendIndex(start: 0, length: 0) }
        guard number == fileCount else { return }
        let start = data.append(bytes)
        appendIndex(start: start, length: bytes.count)
    }

    private mutating func appendIndex(start: Int, length: Int) {
        var entry = (UInt64(clamping: start).littleEndian, UInt32(clamping: length).littleEndian)
        withUnsafeBytes(of: &entry.0) { _ = index.append($0) }
        withUnsafeBytes(of: &entry.1) { _ = index.append($0) }
        fileCount += 1
    }

    /// Puts the files in the order `rank` gives (each file number's position), as the runner
    /// sorts its ``FileList``.
    mutating func reorder(by rank: [Int]) {
        var order = [Int32](repeating: -1, count: rank.count)
        for (number, position) in rank.enumerated() where position >= 0 && position < order.count {
            order[position] = Int32(clamping: number)
        }
        reportOrder = order
    }

    /// The screens of the file at `position` in report order (none for a position it has not).
    func screens(at position: Int) -> [ScreenTiming] {
        withBytes(at: position) { raw in
            var reader = TimingReader(raw)
            let count = reader.int()
            var screens: [ScreenTiming] = []
            var n = 0
            while n < count, !reader.failed {
                if let screen = reader.screen() { screens.append(screen) }
                n += 1
            }
            return screens
        } ?? []
    }

    /// Hands `visitor` the screens of the file at `position` in report order, field by field as stored
    /// (texts valid only during the call), in one pass: false when the bytes ran short part-way, and
    /// then what was handed over since the last ``ScreenTimingVisitor/endScreen()`` is not a whole screen.
    @inlinable
    func readScreens<Visitor: ScreenTimingVisitor>(at position: Int, _ visitor: inout Visitor) -> Bool {
        withBytes(at: position) { TimingReader.readScreens($0, &visitor) } ?? true
    }

    /// `body` of the stored bytes of the file at `position` in report order; nil when it has none.
    @usableFromInline func withBytes<R: Sendable>(at position: Int, _ body: (UnsafeRawBufferPointer) -> R) -> R? {
        guard let number = ScreenTimingList.number(at: position, reportOrder: reportOrder, fileCount: fileCount)
        else { return nil }
        let (start, length) = index.read(number * 12, 12, ScreenTimingList.entry)
        guard length > 0 else { return nil }
        return data.read(start, length, body)
    }
}

extension ScreenTimingList {
    /// A reader of the list's files from any position on, through windows of its own
    /// (``ByteStore/Reader``): several threads read one list at once, each through its own reader,
    /// without a lock. It reads what the list held when it was made. One thread uses it at a time.
    @usableFromInline struct Reader {
        let data: ByteStore.Reader
        let index: ByteStore.Reader
        let fileCount: Int
        let reportOrder: [Int32]?

        init(_ list: ScreenTimingList) {
            data = list.data.reader()
            index = list.index.reader()
            fileCount = list.fileCount
            reportOrder = list.reportOrder
        }

        /// Hands `visitor` the screens of the file at `position` in report order, as
        /// ``ScreenTimingList/readScreens(at:_:)`` does.
        @inlinable
        func readScreens<Visitor: ScreenTimingVisitor>(at position: Int, _ visitor: inout Visitor) -> Bool {
            withBytes(at: position) { TimingReader.readScreens($0, &visitor) } ?? true
        }

        /// `body` of the stored bytes of the file at `position` in report order; nil when it has none.
        @usableFromInline func withBytes<R>(at position: Int, _ body: (UnsafeRawBufferPointer) -> R) -> R? {
            guard let number = ScreenTimingList.number(at: position, reportOrder: reportOrder, fileCount: fileCount)
            else { return nil }
            let (start, length) = index.read(number * 12, 12, ScreenTimingList.entry)
            guard length > 0 else { return nil }
            return data.read(start, length, body)
        }
    }

    /// A reader of the list from any file on, for one thread (see ``Reader``).
    func reader() -> Reader { Reader(self) }

    /// The file number at `position` in report order; nil for a position the list has not.
    static func number(at position: Int, reportOrder: [Int32]?, fileCount: Int) -> Int? {
        guard position >= 0 else { return nil }
        let number: Int
        if let reportOrder {
            guard position < reportOrder.count else { return nil }
            number = Int(reportOrder[position])
        } else {
            number = position
        }
        guard number >= 0, number < fileCount else { return nil }
        return number
    }

    /// An index entry's start and length, from its 12 bytes.
    static func entry(_ raw: UnsafeRawBufferPointer) -> (Int, Int) {
        let s = UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self))
        let l = UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt32.self))
        return (Int(clamping: s), Int(l))
    }
}

/// Writes timings as bytes: integers as varints (zigzag: LEB128 of `(v << 1) ^ (v >> 63)`, as
/// ``DiagnosticCoder`` writes them), doubles by their 8 bytes, optionals with a flag.
private struct TimingWriter {
    var bytes: [UInt8] = []

    mutating func int(_ value: Int) {
        let v = Int64(value)
        var u = UInt64(bitPattern: (v << 1) ^ (v >> 63))
        while u >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: u) | 0x80)
            u >>= 7
        }
        bytes.append(UInt8(truncatingIfNeeded: u))
    }

    mutating func double(_ value: Double) {
        var v = value.bitPattern.littleEndian
        withUnsafeBytes(of: &v) { bytes.append(contentsOf: $0) }
    }

    mutating func double(_ value: Double?) {
        bytes.append(value == nil ? 0 : 1)
        if let value { double(value) }
    }

    mutating func bool(_ value: Bool?) {
        bytes.append(value == nil ? 2 : value! ? 1 : 0)
    }

    mutating func string(_ value: String?) {
        guard let value else {
            bytes.append(0)
            return
        }
        bytes.append(1)
        int(value.utf8.count)
        bytes.append(contentsOf: value.utf8)
    }

    mutating func screen(_ s: ScreenTiming) {
        string(s.path)
        string(s.screen)
        int(s.documentIndex)
        string(s.platform)
        for (_, value) in s.thresholds.entries { double(value.milliseconds) }
        int(s.indicators.count)
        for i in s.indicators {
            string(i.id)
            int(i.line)
            int(i.endLine)
            string(i.style)
            bool(i.determinate)
            string(i.component)
            string(i.presentation)
            string(i.location)
            double(i.showAfterMs)
            double(i.durationMinMs)
            double(i.durationMaxMs)
            int(i.phases.count)
            for p in i.phases {
                string(p.name)
                double(p.share)
                double(p.durationMs)
            }
            int(i.becomes.count)
            for b in i.becomes {
                string(b.when)
                bool(b.determinate)
                string(b.style)
            }
        }
    }
}

/// Reads what ``TimingWriter`` wrote; bytes that run short set `failed` and read as zero.
/// Inlinable, so that a visitor in another module (the JSON report's) is specialised and inlined.
@usableFromInline struct TimingReader {
    @usableFromInline let bytes: UnsafeRawBufferPointer
    @usableFromInline var at = 0
    @usableFromInline var failed = false

    @inlinable init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    /// Hands `visitor` the screens of one file's stored bytes; false when they ran short part-way.
    @inlinable static func readScreens<Visitor: ScreenTimingVisitor>(_ raw: UnsafeRawBufferPointer,
                                                                     _ visitor: inout Visitor) -> Bool {
        var reader = TimingReader(raw)
        let count = reader.int()
        var n = 0
        while n < count, !reader.failed {
            reader.visitScreen(&visitor)
            n += 1
        }
        return !reader.failed
    }

    @inlinable @inline(__always)
    mutating func byte() -> UInt8 {
        guard at < bytes.count else {
            failed = true
            return 0
        }
        at += 1
        return bytes[at - 1]
    }

    @inlinable @inline(__always)
    mutating func word() -> UInt64 {
        guard bytes.count - at >= 8 else {
            failed = true
            at = bytes.count
            return 0
        }
        // In bounds: at least 8 bytes from `at`.
        let v = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: at, as: UInt64.self))
        at += 8
        return v
    }

    @inlinable @inline(__always)
    mutating func int() -> Int {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            guard at < bytes.count, shift < 64 else {
                failed = true
                at = bytes.count
                return 0
            }
            let b = bytes[at]
            at += 1
            value |= UInt64(b & 0x7F) << shift
            if b < 0x80 { break }
            shift += 7
        }
        return Int(truncatingIfNeeded: Int64(bitPattern: (value >> 1) ^ (0 &- (value & 1))))
    }
    @inlinable @inline(__always)
    mutating func count() -> Int { Swift.max(0, Swift.min(int(), bytes.count - at)) }
    @inlinable @inline(__always)
    mutating func double() -> Double { Double(bitPattern: word()) }
    @inlinable @inline(__always)
    mutating func optionalDouble() -> Double? { byte() == 1 ? double() : nil }

    @inlinable @inline(__always)
    mutating func bool() -> Bool? {
        switch byte() {
        case 0: false
        case 1: true
        default: nil
        }
    }

    mutating func string() -> String? {
        stringBytes().map { String(decoding: $0, as: UTF8.self) }
    }

    /// A text's stored UTF-8, nil when absent (or the bytes run short).
    @inlinable @inline(__always)
    mutating func stringBytes() -> UnsafeRawBufferPointer? {
        guard byte() == 1 else { return nil }
        let length = int()
        guard length >= 0, bytes.count - at >= length else {
            failed = true
            at = bytes.count
            return nil
        }
        defer { at += length }
        return UnsafeRawBufferPointer(rebasing: bytes[at..<(at + length)])
    }

    /// Reads one screen as ``screen()`` does, handing its fields to `visitor` as they come;
    /// stops handing over once the bytes ran short (`failed`).
    @inlinable
    mutating func visitScreen<Visitor: ScreenTimingVisitor>(_ visitor: inout Visitor) {
        let path = stringBytes()
        let screen = stringBytes()
        let documentIndex = int()
        let platform = stringBytes()
        let thresholds = (double(), double(), double(), double(), double(), double(), double())
        let indicatorCount = count()
        guard !failed else { return }
        visitor.screen(EncodedScreen(path: path, screen: screen, documentIndex: documentIndex, platform: platform,
                                     thresholds: thresholds, indicatorCount: indicatorCount))
        for _ in 0..<indicatorCount {
            let id = stringBytes()
            let line = int(), endLine = int()
            let style = stringBytes()
            let determinate = bool() ?? false
            let component = stringBytes()
            let presentation = stringBytes()
            let location = stringBytes()
            let showAfter = optionalDouble(), minMs = optionalDouble(), maxMs = optionalDouble()
            let phaseCount = count()
            guard !failed else { return }
            // The count of `becomes` comes after the phases: read them first, visited after.
            let phasesStart = at
            for _ in 0..<phaseCount where !failed {
                _ = stringBytes()
                _ = optionalDouble()
                _ = optionalDouble()
            }
            let becomesCount = count()
            guard !failed else { return }
            visitor.indicator(EncodedIndicator(
                id: id, line: line, endLine: endLine, style: style, determinate: determinate, component: component,
                presentation: presentation, location: location, showAfterMs: showAfter, durationMinMs: minMs,
                durationMaxMs: maxMs, phaseCount: phaseCount, becomesCount: becomesCount))
            at = phasesStart
            for _ in 0..<phaseCount {
                visitor.phase(name: stringBytes(), share: optionalDouble(), durationMs: optionalDouble())
            }
            // Read again, the same bytes give the same count: `at` is `becomesStart` after it.
            _ = count()
            for _ in 0..<becomesCount where !failed {
                visitor.becomes(when: stringBytes(), determinate: bool(), style: stringBytes())
            }
            guard !failed else { return }
            visitor.endIndicator()
        }
        visitor.endScreen()
    }

    mutating func screen() -> ScreenTiming? {
        let path = string() ?? ""
        let screen = string()
        let documentIndex = int()
        let platform = string()
        var thresholds = Thresholds()
        thresholds.instant = Duration(milliseconds: double())
        thresholds.noticeable = Duration(milliseconds: double())
        thresholds.attention = Duration(milliseconds: double())
        thresholds.showAfterMax = Duration(milliseconds: double())
        thresholds.updatesEveryMax = Duration(milliseconds: double())
        // Stored as its effective value: read back as following `attention` when it equals it.
        let determinateAfter = double()
        if determinateAfter != thresholds.attention.milliseconds {
            thresholds.determinateAfter = Duration(milliseconds: determinateAfter)
        }
        thresholds.minDisplay = Duration(milliseconds: double())
        var indicators: [IndicatorTiming] = []
        let indicatorCount = count()
        for _ in 0..<indicatorCount where !failed {
            let id = string()
            let line = int(), endLine = int()
            let style = string()
            let determinate = bool() ?? false
            let component = string()
            let presentation = string() ?? ""
            let location = string() ?? ""
            let showAfter = optionalDouble(), minMs = optionalDouble(), maxMs = optionalDouble()
            var phases: [PhaseTiming] = []
            let phaseCount = count()
            for _ in 0..<phaseCount where !failed {
                phases.append(PhaseTiming(name: string(), share: optionalDouble(), durationMs: optionalDouble()))
            }
            var becomes: [BecomesTiming] = []
            let becomesCount = count()
            for _ in 0..<becomesCount where !failed {
                becomes.append(BecomesTiming(when: string(), determinate: bool(), style: string()))
            }
            indicators.append(IndicatorTiming(
                id: id, line: line, endLine: endLine, style: style, determinate: determinate, component: component,
                presentation: presentation, location: location, showAfterMs: showAfter, durationMinMs: minMs,
                durationMaxMs: maxMs, phases: phases, becomes: becomes))
        }
        guard !failed else { return nil }
        return ScreenTiming(path: path, screen: screen, documentIndex: documentIndex, platform: platform,
                            thresholds: thresholds, indicators: indicators)
    }
}
