import ProgressLintReporters
import Testing

/// One predicate decides what is never shown raw; every format escapes by it.
@Suite struct UnsafeTextTests {
    static let hidden: [Unicode.Scalar] = ["\u{0}", "\u{1B}", "\u{7F}", "\u{85}", "\u{9F}", "\u{200B}", "\u{200E}", "\u{200F}",
                                           "\u{2028}", "\u{2029}", "\u{202A}", "\u{202E}", "\u{2060}", "\u{2066}",
                                           "\u{2069}", "\u{FEFF}"]

    @Test func controlBidiAndZeroWidthScalarsAreUnsafeAndOthersAreNot() {
        for scalar in Self.hidden { #expect(TerminalText.isUnsafe(scalar), "U+\(String(scalar.value, radix: 16))") }
        for scalar: Unicode.Scalar in ["a", " ", "é", "\u{A0}", "\u{2010}", "\u{2070}", "\u{200A}", "\u{FEFE}", "😀"] {
            #expect(!TerminalText.isUnsafe(scalar), "U+\(String(scalar.value, radix: 16))")
        }
    }

    @Test func everyUnsafeScalarIsEscapedInTerminalXMLAndGitHubText() {
        for scalar in Self.hidden {
            let text = "a" + String(scalar) + "b"
            let escaped = "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            #expect(TerminalText.safe(text) == "a\(escaped)b")
            #expect(!XMLText.content(text).unicodeScalars.contains(scalar))
            #expect(!XMLText.attribute(text).unicodeScalars.contains(scalar))
            #expect(!GitHubReporter.escapeData(text).unicodeScalars.contains(scalar))
        }
    }

    @Test func gitHubCommandValuesEscapeTheirDelimitersAndLeavePlainTextAsItIs() {
        #expect(GitHubReporter.escapeData("50% done\r\nnext: a, b") == "50%25 done%0D%0Anext: a, b")
        #expect(GitHubReporter.escapeProperty("specs/a:b,c%.yaml") == "specs/a%3Ab%2Cc%25.yaml")
        #expect(GitHubReporter.escapeData("indicator 'x' has a vague label") == "indicator 'x' has a vague label")
        #expect(GitHubReporter.escapeProperty("specs/été.yaml") == "specs/été.yaml")
        #expect(GitHubReporter.escapeProperty("a\u{1B}:b") == "a\\u{1B}%3Ab")
    }

    @Test func noTextCanCarryAGitHubCommand() {
        #expect(TerminalText.safe("a##[error]b") == "a##\\u{5B}error]b")
        #expect(TerminalText.safe("#[x] [y] ##x[") == "#[x] [y] ##x[")
        #expect(XMLText.content("##[error]x\n::warning::y") == "##&#91;error]x&#10;::warning::y")
        #expect(TerminalText.lineStart("::stop-commands::x.yaml") == "./::stop-commands::x.yaml")
        #expect(TerminalText.lineStart(" ::x.yaml") == "./ ::x.yaml")
        #expect(TerminalText.lineStart("\u{3000}::x.yaml") == "./\u{3000}::x.yaml")
        #expect(TerminalText.lineStart("specs/a.yaml") == "specs/a.yaml")
        #expect(TerminalText.lineStart("/abs/::a.yaml") == "/abs/::a.yaml")
    }
}
