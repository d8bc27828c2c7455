import ProgressLintEngine
import ProgressLintSpec
import ProgressLintWorkspace
import ProgressLintYAML

/// A ``FileResult`` as the cache keeps it: everything a report, a cross-file rule or a deferred
/// suppression needs of one file (its diagnostics with their source lines and fixes, screens,
/// inventory counts, cross-file values, suppressions of cross-file rules), as bytes.
///
/// Written with ``DiagnosticCoder``'s varints and strings; reading is bounds-checked and every
/// count is limited by the bytes left, so a damaged entry (which the entry's checksum already
/// refuses) can never trap or allocate without bound.
enum CachedFileResult {
    static func encode(_ result: FileResult) -> [UInt8] {
        var w = DiagnosticCoder.Writer()
        w.unsigned(UInt64(result.screenNames.count))
        for (i, name) in result.screenNames.enumerated() {
            w.string(name)
            w.int(i < result.screenDocuments.count ? result.screenDocuments[i] : i)
        }
        w.int(result.indicators)
        let inventory = result.inventory
        for count in [inventory.indicators, inventory.determinate, inventory.animated, inventory.reduceMotionFallback,
                      inventory.cancel, inventory.completionAnnouncement] {
            w.int(count)
        }
        for table in [inventory.byStyle, inventory.byPlatform] {
            let sorted = table.sorted { $0.key < $1.key }
            w.unsigned(UInt64(sorted.count))
            for (key, count) in sorted {
                w.string(key)
                w.int(count)
            }
        }
        w.unsigned(UInt64(result.crossFile.count))
        for collection in result.crossFile {
            w.string(collection.id)
            w.byte(UInt8(Severity.allCases.firstIndex(of: collection.severity) ?? 0))
            w.unsigned(UInt64(collection.records.count))
            collection.records.withBytes { bytes in
                w.unsigned(UInt64(bytes.count))
                w.bytes.append(contentsOf: bytes)
            }
        }
        w.unsigned(UInt64(result.deferredSuppressions.count))
        for s in result.deferredSuppressions {
            w.byte(s.scope.map { scope in [Suppression.Scope.nextLine, .line, .file].firstIndex(of: scope).map { UInt8($0 + 1) } ?? 0 } ?? 0)
            w.string(s.directive)
            w.unsigned(UInt64(s.rules.count))
            for rule in s.rules { w.string(rule) }
            w.byte(s.reason == nil ? 0 : 1)
            if let reason = s.reason { w.string(reason) }
            w.position(s.position)
            w.int(s.byteRange.lowerBound)
            w.int(s.byteRange.upperBound)
        }
        w.byte(result.skippedAsNotSpec ? 1 : 0)
        encode(result.timings, into: &w)
        w.unsigned(UInt64(result.diagnostics.count))
        for d in result.diagnostics {
            if d.path == result.path {
                w.byte(0)
            } else {
                w.byte(1)
                w.string(d.path)
            }
            w.string(d.ruleID)
            // Each diagnostic framed by its length, so a short one is told from a whole one.
            var record = DiagnosticCoder.Writer()
            DiagnosticCoder.encode(d, rule: 0, into: &record)
            w.unsigned(UInt64(record.bytes.count))
            w.bytes += record.bytes
        }
        return w.bytes
    }

    /// The result `encode` wrote for the file `path`; nil when the bytes do not read as one.
    static func decode(_ bytes: UnsafeRawBufferPointer, path: String) -> FileResult? {
        var r = Reader(base: DiagnosticCoder.Reader(bytes))
        let result = decode(&r, path: path)
        // Every byte read, none past the end: anything else is not what `encode` wrote.
        return r.failed || r.base.offset != bytes.count ? nil : result
    }

    // MARK: The dashboard reports' timing of each screen

    private static func text(_ value: String?, into w: inout DiagnosticCoder.Writer) {
        w.byte(value == nil ? 0 : 1)
        if let value { w.string(value) }
    }

    private static func number(_ value: Double?, into w: inout DiagnosticCoder.Writer) {
        w.byte(value == nil ? 0 : 1)
        if let value { w.unsigned(value.bitPattern) }
    }

    private static func flag(_ value: Bool?, into w: inout DiagnosticCoder.Writer) {
        w.byte(value.map { $0 ? 2 : 1 } ?? 0)
    }

    static func encode(_ timings: [ScreenTiming], into w: inout DiagnosticCoder.Writer) {
        w.unsigned(UInt64(timings.count))
        for screen in timings {
            w.string(screen.path)
            text(screen.screen, into: &w)
            w.int(screen.documentIndex)
            text(screen.platform, into: &w)
            for duration in [screen.thresholds.instant, screen.thresholds.noticeable, screen.thresholds.attention,
                             screen.thresholds.showAfterMax, screen.thresholds.updatesEveryMax] {
                w.unsigned(duration.milliseconds.bitPattern)
            }
            w.unsigned(UInt64(screen.indicators.count))
            for i in screen.indicators {
                text(i.id, into: &w)
                w.int(i.line)
                w.int(i.endLine)
                text(i.style, into: &w)
                flag(i.determinate, into: &w)
                text(i.component, into: &w)
                w.string(i.presentation)
                w.string(i.location)
                number(i.showAfterMs, into: &w)
                number(i.durationMinMs, into: &w)
                number(i.durationMaxMs, into: &w)
                w.unsigned(UInt64(i.phases.count))
                for phase in i.phases {
                    text(phase.name, into: &w)
                    number(phase.share, into: &w)
                    number(phase.durationMs, into: &w)
                }
                w.unsigned(UInt64(i.becomes.count))
                for becomes in i.becomes {
                    text(becomes.when, into: &w)
                    flag(becomes.determinate, into: &w)
                    text(becomes.style, into: &w)
                }
            }
        }
    }

    private static func decodeTimings(_ r: inout Reader) -> [ScreenTiming]? {
        func count() -> Int? {
            let n = r.unsigned()
            return !r.failed && n <= UInt64(r.left) ? Int(n) : nil
        }
        func text() -> String? { r.byte() == 0 ? nil : r.string() }
        func number() -> Double? { r.byte() == 0 ? nil : Double(bitPattern: r.unsigned()) }
        func flag() -> Bool? {
            switch r.byte() {
            case 0: return nil
            case 1: return false
            default: return true
            }
        }
        guard let screens = count() else { return nil }
        var timings: [ScreenTiming] = []
        for _ in 0..<screens {
            let path = r.string(), name = text(), document = r.int(), platform = text()
            var thresholds = Thresholds()
            thresholds.instant = Duration(milliseconds: Double(bitPattern: r.unsigned()))
            thresholds.noticeable = Duration(milliseconds: Double(bitPattern: r.unsigned()))
            thresholds.attention = Duration(milliseconds: Double(bitPattern: r.unsigned()))
            thresholds.showAfterMax = Duration(milliseconds: Double(bitPattern: r.unsigned()))
            thresholds.updatesEveryMax = Duration(milliseconds: Double(bitPattern: r.unsigned()))
            guard let indicatorCount = count() else { return nil }
            var indicators: [IndicatorTiming] = []
            for _ in 0..<indicatorCount {
                let id = text(), line = r.int(), endLine = r.int(), style = text(), determinate = flag() ?? false
                let component = text(), presentation = r.string(), location = r.string()
                let showAfter = number(), durationMin = number(), durationMax = number()
                guard let phaseCount = count() else { return nil }
                var phases: [PhaseTiming] = []
                for _ in 0..<phaseCount {
                    let name = text(), share = number(), duration = number()
                    phases.append(PhaseTiming(name: name, share: share, durationMs: duration))
                }
                guard let becomesCount = count() else { return nil }
                var becomes: [BecomesTiming] = []
                for _ in 0..<becomesCount {
                    let when = text(), determinate = flag(), style = text()
                    becomes.append(BecomesTiming(when: when, determinate: determinate, style: style))
                }
                indicators.append(IndicatorTiming(
                    id: id, line: line, endLine: endLine, style: style, determinate: determinate, component: component,
                    presentation: presentation, location: location, showAfterMs: showAfter, durationMinMs: durationMin,
                    durationMaxMs: durationMax, phases: phases, becomes: becomes))
            }
            timings.append(ScreenTiming(path: path, screen: name, documentIndex: document, platform: platform,
                                        thresholds: thresholds, indicators: indicators))
        }
        return r.failed ? nil : timings
    }

    /// ``DiagnosticCoder/Reader`` that notes a read past the end (which reads zeros) instead of going on as if whole.
    struct Reader {
        var base: DiagnosticCoder.Reader
        var failed = false
        var left: Int { base.bytes.count - base.offset }

        private mutating func need(_ count: Int) {
            if count > left { failed = true }
        }
        mutating func byte() -> UInt8 { need(1); return base.byte() }
        mutating func unsigned() -> UInt64 { need(1); return base.unsigned() }
        mutating func int() -> Int { need(1); return base.int() }
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

    private static func decode(_ r: inout Reader, path: String) -> FileResult? {
        var result = FileResult(path: path)
        let bytes = r.base.bytes
        // Every element takes at least one byte: no count is believed past the bytes left.
        func count() -> Int? {
            let n = r.unsigned()
            return !r.failed && n <= UInt64(r.left) ? Int(n) : nil
        }
        guard let screens = count() else { return nil }
        result.screenNames.reserveCapacity(screens)
        for _ in 0..<screens {
            result.screenNames.append(r.string())
            result.screenDocuments.append(r.int())
        }
        result.indicators = r.int()
        var inventory = Inventory()
        inventory.indicators = r.int()
        inventory.determinate = r.int()
        inventory.animated = r.int()
        inventory.reduceMotionFallback = r.int()
        inventory.cancel = r.int()
        inventory.completionAnnouncement = r.int()
        var tables: [[String: Int]] = []
        for _ in 0..<2 {
            guard let n = count() else { return nil }
            var table: [String: Int] = [:]
            for _ in 0..<n {
                let key = r.string()
                table[key] = r.int()
            }
            tables.append(table)
        }
        inventory.byStyle = tables[0]
        inventory.byPlatform = tables[1]
        result.inventory = inventory
        guard let collections = count() else { return nil }
        for _ in 0..<collections {
            let id = r.string()
            let level = Int(r.byte())
            guard Severity.allCases.indices.contains(level), let records = count(), let length = count() else { return nil }
            let start = r.base.offset
            r.base.offset += length
            let written = Array(UnsafeRawBufferPointer(rebasing: bytes[start..<(start + length)]))
            result.crossFile.append(CrossFileCollection(
                id: id, severity: Severity.allCases[level], records: CrossFileWriter(written: written, count: records)))
        }
        guard let suppressions = count() else { return nil }
        for _ in 0..<suppressions {
            let scopeTag = Int(r.byte())
            let scopes: [Suppression.Scope?] = [nil, .nextLine, .line, .file]
            guard scopes.indices.contains(scopeTag) else { return nil }
            let directive = r.string()
            guard let ruleCount = count() else { return nil }
            var rules: [String] = []
            for _ in 0..<ruleCount { rules.append(r.string()) }
            let reason = r.byte() == 0 ? nil : r.string()
            let position = r.position()
            let lower = r.int(), upper = r.int()
            guard lower <= upper else { return nil }
            result.deferredSuppressions.append(Suppression(
                scope: scopes[scopeTag], directive: directive, rules: rules, reason: reason, position: position,
                byteRange: lower..<upper))
        }
        result.skippedAsNotSpec = r.byte() == 1
        guard let timings = decodeTimings(&r) else { return nil }
        result.timings = timings
        guard let diagnostics = count() else { return nil }
        result.diagnostics.reserveCapacity(diagnostics)
        for _ in 0..<diagnostics {
            let ownPath = r.byte() == 0 ? path : r.string()
            let rule = r.string()
            guard let length = count() else { return nil }
            let start = r.base.offset
            r.base.offset += length
            var record = DiagnosticCoder.Reader(UnsafeRawBufferPointer(rebasing: bytes[start..<(start + length)]))
            result.diagnostics.append(DiagnosticCoder.decode(&record, path: ownPath, rules: [rule]))
            guard record.offset == length else { return nil }
        }
        return result
    }
}
