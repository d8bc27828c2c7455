import ProgressLintEngine
import ProgressLintRun
import ProgressLintWorkspace
import ProgressLintSupport

/// Hands out one file's diagnostics at a time, for files asked in report order: walked alongside
/// the run's stored diagnostics (both in path order), so only one file's are ever in memory. When
/// the diagnostics or the paths asked are not in byte order (results made by hand, non-ASCII
/// paths), all are grouped by path once instead.
struct FileDiagnostics {
    private let shown: DiagnosticList
    private var iterator: DiagnosticList.Iterator?
    private var pending: Diagnostic?
    private var lastPath: String?
    private var byPath: [String: [Diagnostic]]?

    /// A walk over `shown`; `inOrder` says its paths are ASCII and in byte order (``JSONReporter/Tally``).
    init(_ shown: DiagnosticList, inOrder: Bool) {
        self.shown = shown
        if inOrder { iterator = shown.makeIterator() } else { group() }
    }

    private mutating func group() {
        var byPath: [String: [Diagnostic]] = [:]
        for d in shown { byPath[d.path, default: []].append(d) }
        self.byPath = byPath
        iterator = nil
    }

    /// The diagnostics of `path`, in report order.
    mutating func take(_ path: String) -> [Diagnostic] {
        if byPath == nil, !Fingerprint.isASCII(path) || lastPath.map({ ByteOrder.compare($0, path) >= 0 }) == true {
            group()
        }
        if let byPath { return byPath[path] ?? [] }
        lastPath = path
        var found: [Diagnostic] = []
        while let d = pending ?? iterator?.next() {
            let order = ByteOrder.compare(d.path, path)
            if order > 0 {
                pending = d
                break
            }
            pending = nil
            if order == 0 { found.append(d) }
        }
        return found
    }
}

extension ScreenTiming {
    /// Whether `d` is about this screen (its document).
    func holds(_ d: Diagnostic) -> Bool {
        d.documentIndex == documentIndex
    }

    /// The indicator `d` is about: the one with its id whose lines hold it, else the first with its
    /// id, else the one whose lines hold it; nil for a finding about the screen itself.
    func indicatorIndex(of d: Diagnostic) -> Int? {
        let line = d.range.start.line
        if let id = d.indicator {
            if let i = indicators.firstIndex(where: { $0.id == id && $0.line <= line && line <= $0.endLine }) { return i }
            if let i = indicators.firstIndex(where: { $0.id == id }) { return i }
        }
        return indicators.firstIndex { $0.line <= line && line <= $0.endLine }
    }
}
