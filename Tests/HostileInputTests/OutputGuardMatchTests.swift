import Foundation
import Testing
@testable import progress_lint

/// The output guard tells an earlier report by its first bytes: tested on bytes first, and as
/// characters only when a match borders non-ASCII text, with the same answers as testing characters.
@Suite struct OutputGuardMatchTests {
    private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    @Test func aMatchBetweenASCIIBytesIsSettledOnBytes() {
        #expect(OutputGuard.asciiMatch(bytes("{\"tool\":1}"), "\"tool\"", prefixOnly: false) == true)
        #expect(OutputGuard.asciiMatch(bytes("é{\"tool\":1}"), "\"tool\"", prefixOnly: false) == true)
        #expect(OutputGuard.asciiMatch(bytes("{x"), "{", prefixOnly: true) == true)
        #expect(OutputGuard.asciiMatch(bytes("sarif"), "sarif", prefixOnly: false) == true)
    }

    @Test func noOccurrenceOfTheBytesIsNoMatch() {
        #expect(OutputGuard.asciiMatch(bytes("{\"tol\":1}"), "\"tool\"", prefixOnly: false) == false)
        #expect(OutputGuard.asciiMatch(bytes("x{"), "{", prefixOnly: true) == false)
        #expect(OutputGuard.asciiMatch(bytes("sar"), "sarif", prefixOnly: false) == false)
        #expect(OutputGuard.asciiMatch([], "{", prefixOnly: true) == false)
    }

    @Test func aMatchBorderingNonASCIIBytesIsLeftToTheCharacters() {
        // `f` and a combining acute accent are one character, not `f`.
        #expect(OutputGuard.asciiMatch(bytes("sarif\u{301}"), "sarif", prefixOnly: false) == nil)
        #expect(OutputGuard.asciiMatch(bytes("{\u{301}"), "{", prefixOnly: true) == nil)
        // A later match between ASCII bytes settles it.
        #expect(OutputGuard.asciiMatch(bytes("sarif\u{301}:sarif"), "sarif", prefixOnly: false) == true)
    }

    @Test func reportsAreRecognisedAsCharactersWouldRecogniseThem() {
        let json = "{\n  \"version\" : 1,\n  \"tool\" : {\n    \"name\" : \"progress-lint\""
        #expect(OutputGuard.looksLike("json", bytes(json)))
        #expect(!OutputGuard.looksLike("json", bytes(json.replacingOccurrences(of: "progress-lint\"", with: "progress-lint\u{301}\""))))
        #expect(OutputGuard.looksLike("sarif", bytes("{ \"$schema\": \"https://json.schemastore.org/sarif-2.1.0.json\"")))
        #expect(!OutputGuard.looksLike("sarif", bytes("{\u{301} \"sarif\"")))
        #expect(!OutputGuard.looksLike("sarif", bytes("{ \"sarif\u{301}\"")))
        #expect(OutputGuard.looksLike("junit", bytes("<?xml version=\"1.0\"?>")))
        #expect(OutputGuard.looksLike("junit", bytes("  <testsuites>")))
        #expect(!OutputGuard.looksLike("junit", bytes("<?xm")))
        #expect(OutputGuard.looksLike(nil, bytes("{\"version\": 1, \"entries\": [")))
        #expect(!OutputGuard.looksLike(nil, bytes("{\"version\": 1, \"entries\": {")))
        #expect(OutputGuard.looksLike("json", bytes(" \n\t")))
    }
}
