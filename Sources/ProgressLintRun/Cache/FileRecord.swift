#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import ProgressLintEngine
import ProgressLintSpec
import ProgressLintWorkspace
import ProgressLintYAML

/// One file's result in the byte layouts of the run's storage: what the cache keeps of a file,
/// and what a run with the cache adds to its storage by copying (no diagnostic decoded and
/// encoded again, no screen name or timing made as a `String`).
///
/// The bytes are a 32-byte header, then five sections:
///
/// | section | layout |
/// | --- | --- |
/// | screen names | as ``FileList`` stores them after the path (``FileList/encodeNames(_:into:)``) |
/// | diagnostics | as ``DiagnosticList`` stores a file's chunk after its path, rules numbered by the cache's ``RuleNumbers`` |
/// | timings | as ``ScreenTimingList`` stores a file's screens |
/// | cross-file values | per rule: its id, severity, value count and the values as ``CrossFileWriter`` wrote them |
/// | the rest | inventory counts and suppressions of cross-file rules, in ``DiagnosticCoder`` varints |
///
/// The header: a flags byte (1: skipped as not a spec), three zero bytes, then seven 4-byte
/// numbers: the indicators, the screen names, and the five sections' lengths.
/// ``parse(_:path:rules:crossFileIDs:)`` checks every length and each diagnostic record's frame,
/// tag, rule number and severity, so a record it accepts cannot make the run's storage read
/// outside what it holds; a damaged entry is refused (the cache's checksum refuses it first).
struct FileRecord: Sendable {
    /// The record's bytes, read on their own from its shard; every range below is of these bytes.
    let bytes: [UInt8]
    let skippedAsNotSpec: Bool
    let indicators: Int
    let nameCount: Int
    let names: Range<Int>
    let diagnostics: Range<Int>
    /// Diagnostics by severity: info, warning, error.
    let severityCounts: (Int, Int, Int)
    let timings: Range<Int>
    /// Each cross-file rule's records (only rules that collected any).
    let crossFile: [(id: String, severity: Severity, records: Range<Int>)]
    /// The inventory's six counts (indicators, determinate, animated, reduce-motion fallbacks,
    /// cancel, completion announcements) and its two tables, by style and by platform, as the
    /// record has them (checked, not made into dictionaries: ``InventoryTally`` adds them up).
    let inventoryCounts: (Int, Int, Int, Int, Int, Int)
    let inventoryTables: Range<Int>
    let deferredSuppressions: [Suppression]

    /// Whether the record's timings name the file as `path` shows it (the same file named another way
    /// shows another `screens[].path`, so such a record is not used); the first screen's path is read.
    func timingsShow(_ path: String) -> Bool {
        bytes.withUnsafeBytes { raw in
            var r = Reader(base: DiagnosticCoder.Reader(UnsafeRawBufferPointer(rebasing: raw[timings])))
            let count = r.int()
            if r.failed { return timings.isEmpty }
            if count == 0 { return true }
            // A screen's path as ``ScreenTimingList`` writes a text: 1 (there is one), its length, its bytes.
            guard r.byte() == 1 else { return false }
            let length = r.int()
            var path = path
            return path.withUTF8 { utf8 in
                guard !r.failed, length == utf8.count, length <= r.left else { return false }
                return length == 0 || memcmp(r.base.bytes.baseAddress! + r.base.offset, utf8.baseAddress!, length) == 0
            }
        }
    }

    /// The record's inventory, as a value (tests; a run adds records up with ``InventoryTally``).
    var inventory: Inventory {
        var tally = InventoryTally()
        tally.add(self)
        return tally.inventory
    }

    static let headerSize = 32
    /// The severities by their number in a record (made once, not at each read).
    private static let severities = Severity.allCases
    private static let scopes: [Suppression.Scope?] = [nil, .nextLine, .line, .file]

    /// `result` as a record, its rules numbered by `rules`; nil when the run's storage cannot
    /// hold it as such (a diagnostic of another file's path: that result is stored as it is).
    static func encode(_ result: FileResult, rules: RuleNumbers) -> [UInt8]? {
        guard result.diagnostics.allSatisfy({ $0.path == result.path }) else { return nil }
        var names: [UInt8] = []
        FileList.encodeNames(result.summary, into: &names)
        var diagnostics: [UInt8] = []
        _ = DiagnosticList.encodeFile(result.diagnostics, rules: rules, into: &diagnostics)
        let timings = ScreenTimingList.encode(result.timings)
        var crossFile = DiagnosticCoder.Writer()
        for collection in result.crossFile where collection.records.count > 0 {
            crossFile.string(collection.id)
            crossFile.byte(UInt8(Severity.allCases.firstIndex(of: collection.severity) ?? 0))
            crossFile.unsigned(UInt64(collection.count))
            crossFile.unsigned(UInt64(collection.records.count))
            crossFile.bytes += collection.records
        }
        var rest = DiagnosticCoder.Writer()
        let inventory = result.inventory
        for count in [inventory.indicators, inventory.determinate, inventory.animated, inventory.reduceMotionFallback,
                      inventory.cancel, inventory.completionAnnouncement] {
            rest.int(count)
        }
        for table in [inventory.byStyle, inventory.byPlatform] {
            let sorted = table.sorted { $0.key < $1.key }
            rest.unsigned(UInt64(sorted.count))
            for (key, count) in sorted {
                rest.string(key)
                rest.int(count)
            }
        }
        rest.unsigned(UInt64(result.deferredSuppressions.count))
        for s in result.deferredSuppressions {
            rest.byte(UInt8(scopes.firstIndex(of: s.scope) ?? 0))
            rest.string(s.directive)
            rest.unsigned(UInt64(s.rules.count))
            for rule in s.rules { rest.string(rule) }
            rest.byte(s.reason == nil ? 0 : 1)
            if let reason = s.reason { rest.string(reason) }
            rest.position(s.position)
            rest.int(s.byteRange.lowerBound)
            rest.int(s.byteRange.upperBound)
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(headerSize + names.count + diagnostics.count + timings.count + crossFile.bytes.count
                              + rest.bytes.count)
        bytes += [result.skippedAsNotSpec ? 1 : 0, 0, 0, 0]
        for field in [result.indicators, result.screenNames.count, names.count, diagnostics.count, timings.count,
                      crossFile.bytes.count, rest.bytes.count] {
            // A file's sections are far below 4 GB (files are limited to `max-file-size`).
            guard let value = UInt32(exactly: field) else { return nil }
            withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
        }
        bytes += names
        bytes += diagnostics
        bytes += timings
        bytes += crossFile.bytes
        bytes += rest.bytes
        return bytes
    }

    /// The record `bytes` holds, checked; nil when they do not read as one whose rule numbers are
    /// below `rules`. Cross-file rule ids are taken from `crossFileIDs` when there (not made anew).
    static func parse(_ bytes: [UInt8], rules: Int, crossFileIDs: [String]) -> FileRecord? {
        bytes.withUnsafeBytes { raw -> FileRecord? in
            guard raw.count >= headerSize, raw[1] == 0, raw[2] == 0, raw[3] == 0, raw[0] <= 1 else { return nil }
            func field(_ i: Int) -> Int { Int(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: 4 + 4 * i, as: UInt32.self))) }
            let indicators = field(0), nameCount = field(1)
            // Five lengths below 2^32 each: no overflow in Int.
            let names = headerSize..<(headerSize + field(2))
            let diagnostics = names.upperBound..<(names.upperBound + field(3))
            let timings = diagnostics.upperBound..<(diagnostics.upperBound + field(4))
            let crossFileSection = timings.upperBound..<(timings.upperBound + field(5))
            let rest = crossFileSection.upperBound..<(crossFileSection.upperBound + field(6))
            guard rest.upperBound == raw.count else { return nil }
            let sections = (names, diagnostics, timings, crossFileSection, rest)
            // Screen names: each an 8-byte head and its bytes, exactly filling the section.
            guard nameCount <= sections.0.count / 8 else { return nil }
            var offset = sections.0.lowerBound
            for _ in 0..<nameCount {
                guard sections.0.upperBound - offset >= 8 else { return nil }
                let length = Int(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
                guard length <= sections.0.upperBound - offset - 8 else { return nil }
                offset += 8 + length
            }
            guard offset == sections.0.upperBound else { return nil }
            // Diagnostics: each framed, tagged, of a known rule and severity.
            var counts = (0, 0, 0)
            offset = sections.1.lowerBound
            while offset < sections.1.upperBound {
                guard sections.1.upperBound - offset >= 4 else { return nil }
                let length = Int(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
                offset += 4
                guard length >= 3, length <= sections.1.upperBound - offset else { return nil }
                var reader = DiagnosticCoder.Reader(UnsafeRawBufferPointer(rebasing: raw[offset..<(offset + length)]))
                guard reader.byte() == DiagnosticCoder.diagnosticTag else { return nil }
                let rule = reader.unsigned()
                guard rule < UInt64(rules), reader.offset < length else { return nil }
                switch reader.byte() {
                case 0: counts.0 += 1
                case 1: counts.1 += 1
                case 2: counts.2 += 1
                default: return nil
                }
                offset += length
            }
            // Cross-file values.
            var crossFile: [(id: String, severity: Severity, records: Range<Int>)] = []
            if !sections.3.isEmpty { crossFile.reserveCapacity(crossFileIDs.count) }
            var r = Reader(base: DiagnosticCoder.Reader(UnsafeRawBufferPointer(rebasing: raw[sections.3])))
            while !r.failed && r.left > 0 {
                let idLength = r.count()
                guard let idLength else { return nil }
                let idStart = sections.3.lowerBound + r.base.offset
                r.base.offset += idLength
                let id = UnsafeRawBufferPointer(rebasing: raw[idStart..<(idStart + idLength)])
                let level = Int(r.byte())
                guard severities.indices.contains(level), let count = r.count(), count > 0,
                      let length = r.count(), length > 0 else { return nil }
                let start = sections.3.lowerBound + r.base.offset
                r.base.offset += length
                let known = crossFileIDs.first { known in
                    var known = known
                    return known.withUTF8 { utf8 in
                        // Both non-empty when their counts match and are not zero: their bases are there.
                        utf8.count == id.count && (utf8.isEmpty || memcmp(utf8.baseAddress!, id.baseAddress!, id.count) == 0)
                    }
                }
                crossFile.append((known ?? String(decoding: id, as: UTF8.self), severities[level],
                                  start..<(start + length)))
            }
            guard !r.failed else { return nil }
            // Inventory and suppressions.
            r = Reader(base: DiagnosticCoder.Reader(UnsafeRawBufferPointer(rebasing: raw[sections.4])))
            let counts6 = (r.int(), r.int(), r.int(), r.int(), r.int(), r.int())
            // The tables are checked here (each a count, then names with their lengths and counts)
            // and added up by ``InventoryTally``, which reads them again without these checks.
            let tablesStart = sections.4.lowerBound + r.base.offset
            for _ in 0..<2 {
                guard let n = r.count() else { return nil }
                for _ in 0..<n {
                    guard let length = r.count() else { return nil }
                    r.base.offset += length
                    _ = r.int()
                }
            }
            guard !r.failed else { return nil }
            let tables = tablesStart..<(sections.4.lowerBound + r.base.offset)
            guard let suppressionCount = r.count() else { return nil }
            var suppressions: [Suppression] = []
            for _ in 0..<suppressionCount {
                let scopeTag = Int(r.byte())
                guard scopes.indices.contains(scopeTag) else { return nil }
                let directive = r.string()
                guard let ruleCount = r.count() else { return nil }
                var rules: [String] = []
                for _ in 0..<ruleCount { rules.append(r.string()) }
                let reason = r.byte() == 0 ? nil : r.string()
                let position = r.position()
                let lower = r.int(), upper = r.int()
                guard lower <= upper else { return nil }
                suppressions.append(Suppression(
                    scope: scopes[scopeTag], directive: directive, rules: rules, reason: reason, position: position,
                    byteRange: lower..<upper))
            }
            // Every byte read, none past the end.
            guard !r.failed, r.left == 0 else { return nil }
            return FileRecord(
                bytes: bytes, skippedAsNotSpec: raw[0] == 1, indicators: indicators, nameCount: nameCount,
                names: sections.0, diagnostics: sections.1, severityCounts: counts,
                timings: sections.2, crossFile: crossFile, inventoryCounts: counts6, inventoryTables: tables,
                deferredSuppressions: suppressions)
        }
    }

    /// ``DiagnosticCoder/Reader`` that notes a read past the end (which reads zeros) instead of going on as if whole.
    struct Reader {
        var base: DiagnosticCoder.Reader
        var failed = false
        var left: Int { base.bytes.count - base.offset }

        @inline(__always) private mutating func need(_ count: Int) {
            if count > left { failed = true }
        }
        @inline(__always) mutating func byte() -> UInt8 { need(1); return base.byte() }
        @inline(__always) mutating func unsigned() -> UInt64 { need(1); return base.unsigned() }
        @inline(__always) mutating func int() -> Int { need(1); return base.int() }
        /// A count of elements of at least a byte each, or a length of bytes: nil past the bytes left.
        @inline(__always) mutating func count() -> Int? {
            let n = unsigned()
            return !failed && n <= UInt64(left) ? Int(n) : nil
        }
        mutating func string() -> String {
            let start = base.offset
            let length = unsigned()
            need(Int(clamping: length))
            base.offset = start
            return failed ? "" : base.string()
        }
        mutating func position() -> SourcePosition {
            let line = int(), column = int(), characterOffset = int()
            return SourcePosition(line: line, column: column, characterOffset: characterOffset)
        }
    }
}
