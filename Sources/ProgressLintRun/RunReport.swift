import ProgressLintYAML
import ProgressLintEngine
import ProgressLintSupport

/// A finished run as a report reads it: its files in report order, each with its findings, and
/// what the findings count up to; all of them, or only errors (`--quiet`). A finding belongs to the
/// first file of its path's bytes; findings of a path no file has come as a group of their own.
public struct RunReport: Sendable {
    /// The files linted, in report order.
    let files: FileList
    /// The findings shown, in report order.
    public let diagnostics: Findings
    /// Each file's screens with their thresholds and indicators' timing, in the order of ``files``.
    let timings: ScreenTimingList
    /// Whether only errors are shown (`--quiet`).
    public let errorsOnly: Bool

    /// The report of `result`: every finding, or only errors.
    public init(_ result: RunResult, errorsOnly: Bool = false) {
        files = result.files
        diagnostics = Findings(list: errorsOnly ? result.findings.onlyErrors() : result.findings)
        timings = result.timings
        self.errorsOnly = errorsOnly
    }

    /// How many files were linted.
    public var fileCount: Int { files.count }
    /// The file at `position` in report order (`0..<fileCount`).
    public func file(at position: Int) -> FileSummary { files[position] }

    /// Findings shown of one severity.
    public func count(_ severity: Severity) -> Int { diagnostics.count(severity) }

    /// Findings shown by severity.
    public var counts: SeverityCounts {
        var counts = SeverityCounts()
        counts.errors = diagnostics.count(.error)
        counts.warnings = diagnostics.count(.warning)
        counts.infos = diagnostics.count(.info)
        return counts
    }

    /// The screens of the file at `position` in ``files``, with their thresholds and indicators' timing.
    public func screens(at position: Int) -> [ScreenTiming] { timings.screens(at: position) }

    /// The path of the file at `position` in report order.
    public func path(at position: Int) -> String { files.path(at: position) }

    /// A reader of the files' screens' timing field by field as stored, for one thread (several
    /// threads each read through their own).
    public func screenReader() -> ScreenReader { ScreenReader(base: timings.reader()) }

    /// A reader of the files with their texts as stored UTF-8, for one thread (several threads
    /// each read through their own).
    public func fileReader() -> FileReader { FileReader(base: files.reader()) }

    /// Reads the screens of a file field by field as the run stored them (``ScreenTimingVisitor``):
    /// no `String`, array or ``ScreenTiming`` made.
    public struct ScreenReader {
        @usableFromInline let base: ScreenTimingList.Reader

        /// Hands `visitor` the screens of the file at `position` in report order (those
        /// ``RunReport/screens(at:)`` gives), as they are read; false when the stored bytes ran
        /// short part-way: then what was handed over since the last ``ScreenTimingVisitor/endScreen()``
        /// is not a whole screen, and nothing follows it.
        @inlinable
        public func readScreens<Visitor: ScreenTimingVisitor>(at position: Int, _ visitor: inout Visitor) -> Bool {
            base.readScreens(at: position, &visitor)
        }
    }

    /// Reads the files with their texts as stored UTF-8 (valid during each call).
    public struct FileReader {
        let base: FileList.Reader

        /// How many files it reads.
        public var count: Int { base.count }

        /// `body` of the UTF-8 of the path of the file at `position`.
        public func withPath<R>(at position: Int, _ body: (UnsafeRawBufferPointer) -> R) -> R {
            base.withPath(at: position, body)
        }

        /// Hands over the file at `position`: `file` with its path's UTF-8, how many screens it has
        /// and its indicators, then `name` with each screen name's UTF-8, in order.
        public func read(at position: Int, file: (_ path: UnsafeRawBufferPointer, _ screens: Int, _ indicators: Int) -> Void,
                         name: (UnsafeRawBufferPointer) -> Void) {
            base.read(at: position, file: file, name: name)
        }
    }

    /// Findings shown by rule id and by platform (`none` for findings that name none), counted in one
    /// pass over their keys when asked: reports that show no such counts do not pay for them.
    public func countsByRuleAndPlatform() -> (byRule: [String: Int], byPlatform: [String: Int]) {
        var byRule: [String: Int] = [:], byPlatform: [String: Int] = [:]
        for key in diagnostics.keys {
            byRule[key.ruleID, default: 0] += 1
            byPlatform[key.platform ?? "none", default: 0] += 1
        }
        return (byRule, byPlatform)
    }

    /// Each file in report order with the counts of its findings shown, read from the findings'
    /// keys (no texts made).
    public var fileCounts: FileCounts { FileCounts(self) }

    /// Each file in report order with its findings shown, and the findings of paths no file has
    /// in their place.
    public var byFile: ByFile { ByFile(self) }

    /// One file's findings, or those of a path no file has.
    public struct FileFindings: Sendable {
        /// The file's position in ``RunReport/files``; nil for a path no file has.
        public let position: Int?
        /// The file's path.
        public let path: String
        /// Its findings shown, in report order.
        public let diagnostics: [Diagnostic]
    }

    /// The files with their findings, in report order.
    public struct ByFile: Sequence {
        let report: RunReport

        init(_ report: RunReport) { self.report = report }

        public func makeIterator() -> Iterator {
            Iterator(files: report.files, list: report.diagnostics.list, walk: FindingWalk(report.diagnostics.list.stored.makeIterator()))
        }

        /// Hands out one file's findings at a time (read in place, each decoded once).
        public struct Iterator: IteratorProtocol {
            let files: FileList
            let list: DiagnosticList
            var walk: FindingWalk<DiagnosticList.StoredIterator>
            var position = 0

            public mutating func next() -> FileFindings? {
                let path = position < files.count ? files.path(at: position) : nil
                if let (otherPath, found) = walk.before(path) {
                    return FileFindings(position: nil, path: otherPath, diagnostics: found.map(list.diagnostic))
                }
                guard let path else { return nil }
                var found: [Diagnostic] = []
                walk.take(path) { found.append(list.diagnostic($0)) }
                position += 1
                return FileFindings(position: position - 1, path: path, diagnostics: found)
            }
        }
    }

    /// The files with the counts of their findings, in report order.
    public struct FileCounts: Sequence {
        let report: RunReport

        init(_ report: RunReport) { self.report = report }

        public func makeIterator() -> Iterator {
            Iterator(files: report.files, walk: FindingWalk(report.diagnostics.list.keys.makeIterator()))
        }

        /// Hands out one file's counts at a time, with the file.
        public struct Iterator: IteratorProtocol {
            let files: FileList
            var walk: FindingWalk<DiagnosticList.KeyIterator>
            var position = 0

            public mutating func next() -> (position: Int, file: FileSummary, counts: SeverityCounts)? {
                guard position < files.count else { return nil }
                let file = files[position]
                while walk.before(file.path) != nil {}
                var counts = SeverityCounts()
                walk.take(file.path) { counts.add($0.severity) }
                position += 1
                return (position - 1, file, counts)
            }
        }
    }
}

extension RunReport {
    /// The findings shown, in report order: each read back whole (``Diagnostic``), or only what
    /// summaries count (``keys``), from the start or from a ``Place`` noted on the way.
    public struct Findings: Sequence, Sendable {
        let list: DiagnosticList

        /// How many findings are shown.
        public var count: Int { list.count }
        /// Whether none is shown.
        public var isEmpty: Bool { list.isEmpty }
        /// How many findings of one severity are shown.
        public func count(_ severity: Severity) -> Int { list.count(severity) }

        public func makeIterator() -> Iterator { Iterator(base: list.makeIterator()) }

        /// The findings from `place` on (noted by a ``KeyIterator``), in order.
        public func from(_ place: Place) -> Iterator { Iterator(base: list.diagnostics(from: place.base)) }

        /// The place before the first finding.
        public var start: Place { Place(base: list.start) }

        /// What counting each finding against its file and indicator needs, from `place` on: in
        /// report order, but for the findings a cross-file rule added, each handed out with the
        /// first of its path's.
        public func briefs(from place: Place) -> BriefIterator { BriefIterator(base: list.briefs(from: place.base)) }

        /// Hands out the briefs in order.
        public struct BriefIterator: IteratorProtocol {
            var base: DiagnosticList.BriefIterator
            public mutating func next() -> FindingBrief? { base.next().map(FindingBrief.init) }
        }

        /// What summaries count of each finding, in order, read without making the texts they do not need.
        public var keys: Keys { Keys(list: list) }

        /// Each finding read where the run stored it: its texts written from their bytes, made only when asked for.
        public var inPlace: InPlaceFindings { InPlaceFindings(list: list) }

        /// The findings as ``inPlace`` reads them, in runs of `files` files with findings, in order (one
        /// run when they are not stored file by file): several threads may each read one, and reading
        /// them one after the other reads every finding once.
        public func inPlacePieces(filesEach files: Int) -> [InPlaceFindings] {
            let cuts = list.cuts(every: files)
            return cuts.indices.map { i in
                InPlaceFindings(list: list, from: cuts[i].place, before: i + 1 < cuts.count ? cuts[i + 1].path : nil)
            }
        }

        /// Hands out the findings in order.
        public struct Iterator: IteratorProtocol {
            var base: DiagnosticList.Iterator
            public mutating func next() -> Diagnostic? { base.next() }
        }

        /// The ``DiagnosticKey`` of each finding, in order.
        public struct Keys: Sequence {
            let list: DiagnosticList
            public func makeIterator() -> KeyIterator { KeyIterator(base: list.keys.makeIterator()) }
        }

        /// Hands out the findings' keys in order, and where each path's findings start.
        public struct KeyIterator: IteratorProtocol {
            var base: DiagnosticList.KeyIterator
            /// Where ``Findings/from(_:)`` reads the findings of the path of the key handed out
            /// last from, when that key was the first of its path.
            public var pathPlace: Place { Place(base: base.pathPlace) }
            public mutating func next() -> DiagnosticKey? { base.next() }
        }
    }

    /// The findings read where the run stored them, in order: all of them, or a run of whole files
    /// (``Findings/inPlacePieces(_:)``).
    public struct InPlaceFindings: Sequence, Sendable {
        let list: DiagnosticList
        /// Where the run starts (nil: at the first finding), and the path of the first file after it
        /// (nil: it runs to the end).
        var from: DiagnosticList.Place?
        var before: String?

        public func makeIterator() -> Iterator {
            Iterator(base: from.map { list.stored(from: $0, span: ByteStore.windowSize) } ?? list.stored.makeIterator(),
                     before: before)
        }

        /// Hands out the findings in order, each read in place.
        public struct Iterator: IteratorProtocol {
            var base: DiagnosticList.StoredIterator
            let before: String?

            public mutating func next() -> InPlaceFinding? {
                guard let stored = base.next() else { return nil }
                if let before, !Diagnostic.pathPrecedes(stored.path, before) { return nil }
                return InPlaceFinding(stored: stored)
            }
        }
    }

    /// A finding read where the run stored it: what a text report writes of it, its texts handed
    /// over as their stored UTF-8 (valid during the call), no `String` made.
    public struct InPlaceFinding: Sendable {
        let stored: StoredDiagnostic

        public var path: String { stored.path }
        public var ruleID: String { stored.ruleID }
        public var severity: Severity { stored.severity }
        public var range: SourceRange { stored.range }
        /// How its fix applies; nil when it has none.
        public var fixApplicability: FixApplicability? { stored.fixApplicability }
        public func startColumn(_ unit: ColumnUnit) -> Int { stored.startColumn(unit) }
        public func withMessageUTF8<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
            try stored.withMessageUTF8(body)
        }
        /// `body` of the excerpt of its source line (nil when its line is not known).
        public func withSourceTextUTF8<R>(_ body: (UnsafeBufferPointer<UInt8>?) throws -> R) rethrows -> R {
            try stored.withSourceTextUTF8(body)
        }
        /// The column of the excerpt's first character, and whether the excerpt stops short of its line's end.
        public var sourceFirstColumn: Int { stored.sourceFirstColumn }
        public var sourceClippedEnd: Bool { stored.sourceClippedEnd }
    }

    /// A finding's path, severity, line, document and indicator, read where the run stored it.
    public struct FindingBrief {
        let base: DiagnosticList.Brief

        public var path: String { base.path }
        public var severity: Severity { base.severity }
        /// The line its range starts on.
        public var line: Int { base.line }
        /// Which document of the file (0-based), when known.
        public var documentIndex: Int? { base.documentIndex }
        /// `body` of the UTF-8 of the id of the indicator it is about (nil when it names none).
        public func withIndicatorUTF8<R>(_ body: (UnsafeBufferPointer<UInt8>?) throws -> R) rethrows -> R {
            guard let range = base.indicator else { return try body(nil) }
            return try base.bytes.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[range])) }
        }
    }

    /// A place in the findings' order, from which ``Findings/from(_:)`` reads on (on any thread).
    public struct Place: Sendable {
        let base: DiagnosticList.Place
    }
}

/// What a finding walked alongside the files needs: its path.
protocol WalkedFinding {
    var path: String { get }
}

extension Diagnostic: WalkedFinding {}
extension DiagnosticKey: WalkedFinding {}
extension StoredDiagnostic: WalkedFinding {}

/// Findings in report order, read alongside files in report order: by the bytes of their paths.
struct FindingWalk<Base: IteratorProtocol> where Base.Element: WalkedFinding {
    private var base: Base
    private var pending: Base.Element?

    init(_ base: Base) { self.base = base }

    /// Reads the next finding into `pending` when it holds none; whether there is one.
    private mutating func fill() -> Bool {
        if pending == nil { pending = base.next() }
        return pending != nil
    }

    /// The findings of the next path that comes before `path` (or of any path, when `path` is nil),
    /// with that path; nil when the next finding is of `path` or after it.
    mutating func before(_ path: String?) -> (String, [Base.Element])? {
        guard fill() else { return nil }
        let first = pending!.path
        if let path, ByteOrder.compare(first, path) >= 0 { return nil }
        var found: [Base.Element] = []
        take(first) { found.append($0) }
        return (first, found)
    }

    /// Hands each finding of `path` that comes next to `body` (moved out of `pending`, not copied).
    mutating func take(_ path: String, _ body: (Base.Element) -> Void) {
        while fill(), ByteOrder.same(pending!.path, path) {
            body(pending.take()!)
        }
    }
}
