import ProgressLintEngine
import ProgressLintYAML
import Testing

/// `sortInReportOrder()`: the report order a stable sort by `Diagnostic.ordered` gives, ties
/// (same path, position, rule and message) kept in the order they came.
@Suite struct DiagnosticOrderTests {
    static func diagnostic(_ path: String, _ line: Int, _ column: Int, _ rule: String, _ message: String,
                           tag: String) -> Diagnostic {
        // `value` tells apart diagnostics the order takes as equal.
        Diagnostic(ruleID: rule, severity: .warning, message: message, path: path,
                   range: SourceRange(at: SourcePosition(line: line, column: column)), value: tag)
    }

    @Test func theOrderIsAStableSortsWhateverTheInput() {
        var generator = SystemRandomNumberGenerator()
        for round in 0..<200 {
            let count = Int.random(in: 0...40, using: &generator)
            var diagnostics = (0..<count).map { n in
                Self.diagnostic(["a.yaml", "b.yaml", "a/b.yaml"].randomElement(using: &generator)!,
                                Int.random(in: 1...4, using: &generator), Int.random(in: 1...3, using: &generator),
                                ["vague-label", "long-label", "b"].randomElement(using: &generator)!,
                                ["m", "n"].randomElement(using: &generator)!, tag: "\(n)")
            }
            if round % 4 == 0 { diagnostics.sort(by: Diagnostic.ordered) }  // in order already
            var stable = diagnostics
            stable.sort(by: Diagnostic.ordered)
            // A stable sort by another algorithm: insertion, which never passes an equal element.
            var insertion: [Diagnostic] = []
            for d in diagnostics {
                let at = insertion.lastIndex { !Diagnostic.ordered(d, $0) }.map { $0 + 1 } ?? 0
                insertion.insert(d, at: at)
            }
            var sorted = diagnostics
            sorted.sortInReportOrder()
            #expect(sorted.map(\.value) == insertion.map(\.value))
            #expect(stable.map(\.value) == insertion.map(\.value))
        }
    }
}
