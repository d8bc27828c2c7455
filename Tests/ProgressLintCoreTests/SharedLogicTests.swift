import ProgressLintCore
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
            _ = try RuleRegistry.makeConfigurationLoader().load(Array("thresholds: {show-after-max: 30}\n".utf8),
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
