import ProgressLintEngine
import ProgressLintReporters
@testable import ProgressLintRun
import ProgressLintWorkspace
import ProgressLintRules
import ProgressLintSpec
import ProgressLintSupport
import ProgressLintYAML
import Testing

/// Logic with one home, used by several layers: the words of a missing unit, "did you mean",
/// byte order, and byte offset → position.
@Suite struct SharedLogicTests {
    @Test func aMissingUnitIsWordedTheSameInASpecAndInTheConfiguration() throws {
        let expected = "`show-after-max: 30` has no unit; add one: 30ms, 30s, 30m or 30h"
        #expect(Duration.missingUnitMessage(key: "show-after-max", number: "30") == expected)
        do {
            _ = try ConfigurationLoader(rules: RuleRegistry.descriptions).load(Array("thresholds: {show-after-max: 30}\n".utf8),
                                                                  path: "cfg.yml", directory: "/p")
            Issue.record("a threshold without a unit was accepted")
        } catch {
            #expect(error.message == expected)
        }
        let document = try #require(try YAMLParser.parse("screen: S\nindicators:\n  - {id: a, style: bar, show-after: 30}\n").first)
        let issues = SpecDecoder.decode(document, documentIndex: 0).issues.map(\.message)
        #expect(issues == ["`show-after: 30` has no unit; add one: 30ms, 30s, 30m or 30h"])
    }

    @Test func didYouMeanIgnoresCaseAndSeparatorsAndListsTheChoicesWhenNothingIsClose() {
        #expect(DidYouMean.closest(to: "Show_After", among: ["show-after", "label"]) == "show-after")
        #expect(DidYouMean.clause(for: "lable", among: ["show-after", "label"]) == "; did you mean `label`?")
        #expect(DidYouMean.clause(for: "zzzzzz", among: ["show-after", "label"]) == "")
        #expect(DidYouMean.clauseOrChoices(for: "zzzzzz", among: ["show-after", "label"])
                == "; expected one of `show-after`, `label`")
    }

    @Test func didYouMeanAgreesWithAPlainMeasureOnStringsForEveryMutationOfTheKeys() {
        // The measure written plainly (a whole table, no bound): the reference.
        func normalize(_ key: String) -> String {
            String(key.lowercased().filter { $0 != "-" && $0 != "_" && $0 != " " })
        }
        func distance(_ a: [UInt8], _ b: [UInt8]) -> Int {
            if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
            var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
            for i in 0...a.count { d[i][0] = i }
            for j in 0...b.count { d[0][j] = j }
            for i in 1...a.count {
                for j in 1...b.count {
                    d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                    if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1) }
                }
            }
            return d[a.count][b.count]
        }
        func reference(_ name: String, _ candidates: [String]) -> String? {
            if let same = candidates.first(where: { normalize($0) == normalize(name) }) { return same }
            var best: (String, Int)?
            for candidate in candidates {
                let d = distance(Array(name.lowercased().utf8), Array(candidate.utf8))
                if d <= max(1, min(3, candidate.count / 3)), d < (best?.1 ?? .max) { best = (candidate, d) }
            }
            return best?.0
        }
        let candidates = ["show-after", "label", "min-display", "UIProgressView", "id", "becomes", "Kelvin", "caf\u{E9}",
                          "announce", "determinate"]
        var names: [String] = ["", "x", "Show_After", "LABEL", "lable", "\u{212A}elvin", "cafe", "caf\u{E9}s", "idd"]
        for candidate in candidates {
            let bytes = Array(candidate.utf8)
            for i in bytes.indices {
                var dropped = bytes; dropped.remove(at: i)
                var swapped = bytes; if i + 1 < bytes.count { swapped.swapAt(i, i + 1) }
                var changed = bytes; changed[i] = UInt8(ascii: "q")
                var doubled = bytes; doubled.insert(contentsOf: [UInt8(ascii: "Z"), UInt8(ascii: "-")], at: i)
                names += [dropped, swapped, changed, doubled, bytes + bytes[..<i]].map { String(decoding: $0, as: UTF8.self) }
            }
        }
        for name in names {
            #expect(DidYouMean.closest(to: name, among: candidates) == reference(name, candidates), "\(name)")
        }
    }

    @Test func aNearMissOfAKnownComponentIsFoundWhetherOrNotItIsASCII() {
        #expect(KnownComponent.nearMiss(of: "UIProgresView") == .uiProgressView)
        #expect(KnownComponent.nearMiss(of: "UIProgressVeiw") == .uiProgressView)
        #expect(KnownComponent.nearMiss(of: "UIActivityIndicator") == .uiActivityIndicatorView)
        // Two letters added are within distance 2; a word of three or more is a wrapper, not a typo.
        #expect(KnownComponent.nearMiss(of: "MyLinearProgressIndicator") == .linearProgressIndicator)
        #expect(KnownComponent.nearMiss(of: "AppLinearProgressIndicator") == nil)
        // Two letters added are within distance 2 of `ProgressBar`.
        #expect(KnownComponent.nearMiss(of: "UIProgressBar") == .progressBar)
        #expect(KnownComponent.nearMiss(of: "progressview") == .progressView)
        #expect(KnownComponent.nearMiss(of: "ProgressViewZ\u{E9}") == .progressView)
        #expect(KnownComponent.nearMiss(of: "BrandSpinner") == nil)
        #expect(KnownComponent.nearMiss(of: "Spinn\u{E9}r") == nil)
    }

    @Test func pathsAreOrderedAndComparedByTheirBytesNotByUnicodeEquivalence() {
        // `é` precomposed and `e` + combining accent are equal Swift strings, but different file names.
        #expect("\u{E9}" == "e\u{301}")
        #expect(!ByteOrder.same("\u{E9}", "e\u{301}"))
        #expect(Diagnostic.pathPrecedes("e\u{301}", "\u{E9}"))
        #expect(Diagnostic.pathPrecedes("Z.yaml", "a.yaml"))
        #expect(Diagnostic.pathPrecedes("a", "a/b"))
        #expect(!Diagnostic.pathPrecedes("a", "a"))
    }

    @Test func aBytePositionCountsCharactersNotBytesFromWhereItStarts() {
        let bytes = Array("é\nab😀c".utf8)
        let position = TextPosition.of(byteOffset: bytes.count - 1, in: bytes)
        #expect((position.line, position.column, position.characterOffset) == (2, 4, 5))
        // Counted from the start of line 2, the same byte is on line 1.
        let fromLine = TextPosition.of(byteOffset: bytes.count - 1, in: bytes, from: 3)
        #expect((fromLine.line, fromLine.column) == (1, 4))
    }
}
