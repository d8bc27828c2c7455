import ProgressLintEngine

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
