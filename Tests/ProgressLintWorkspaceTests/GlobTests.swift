import ProgressLintEngine
import ProgressLintReporters
@testable import ProgressLintRun
import ProgressLintWorkspace
import ProgressLintRules
import Testing
import TestSupport

@Suite struct GlobTests {
    func load(_ text: String) throws(ConfigurationError) -> Configuration {
        try ConfigurationLoader(rules: RuleRegistry.descriptions).load(Array(text.utf8), path: "cfg.yml", directory: "/p")
    }

    func error(_ pattern: String) -> GlobError? {
        do { _ = try Glob(validating: pattern); return nil } catch { return error }
    }

    @Test func starAndQuestionMarkStayInsideOneFolder() {
        #expect(Glob("*.yaml").matches("a.yaml"))
        #expect(Glob("*.yaml").matches(".yaml"))
        #expect(!Glob("*.yaml").matches("specs/a.yaml"))
        #expect(Glob("a*b*c").matches("aXbYc"))
        #expect(!Glob("a*b*c").matches("aXbY"))
        #expect(Glob("spec?.yaml").matches("spec1.yaml"))
        #expect(!Glob("spec?.yaml").matches("spec.yaml"))
        #expect(!Glob("a?b").matches("a/b"))
        #expect(Glob("*/*.yaml").matches("specs/a.yaml"))
        #expect(!Glob("*/*.yaml").matches("a.yaml"))
    }

    @Test func doubleStarMatchesAnyNumberOfFolders() {
        #expect(Glob("specs/**/*.yaml").matches("specs/c.yaml"))
        #expect(Glob("specs/**/*.yaml").matches("specs/a/b/c.yaml"))
        #expect(!Glob("specs/**/*.yaml").matches("other/c.yaml"))
        #expect(Glob("**/x.yaml").matches("x.yaml"))
        #expect(Glob("**/x.yaml").matches("a/b/x.yaml"))
        #expect(!Glob("**/x.yaml").matches("a/bx.yaml"))
        #expect(Glob("specs/legacy/**").matches("specs/legacy/x/y.yml"))
        #expect(Glob("specs/legacy/**").matches("specs/legacy"))
        #expect(!Glob("specs/legacy/**").matches("specs/legacyx/y.yml"))
        #expect(Glob("**").matches("a/b/c"))
        #expect(Glob("a/**/b/**/c").matches("a/b/c"))
        #expect(Glob("a/**/b/**/c").matches("a/x/b/y/z/c"))
        #expect(!Glob("a/**/b/**/c").matches("a/x/y/c"))
    }

    @Test func doubleStarInsideASegmentIsAStar() {
        #expect(Glob("a**b").matches("axyb"))
        #expect(!Glob("a**b").matches("ax/yb"))
        #expect(Glob("**.yaml").matches("a.yaml"))
        #expect(!Glob("**.yaml").matches("a/b.yaml"))
    }

    @Test func classesMatchOneCharacterOfTheirSet() {
        #expect(Glob("[ab]*.yaml").matches("b1.yaml"))
        #expect(!Glob("[ab]*.yaml").matches("c1.yaml"))
        #expect(Glob("x[0-9].yaml").matches("x7.yaml"))
        #expect(!Glob("x[0-9].yaml").matches("xa.yaml"))
        #expect(Glob("x[!0-9].yaml").matches("xa.yaml"))
        #expect(!Glob("x[!0-9].yaml").matches("x7.yaml"))
        #expect(Glob("x[^a].yaml").matches("xb.yaml"))
        #expect(Glob("x[]].yaml").matches("x].yaml"))
        #expect(Glob("x[!]].yaml").matches("xa.yaml"))
        #expect(!Glob("x[!]].yaml").matches("x].yaml"))
        #expect(Glob("x[a-].yaml").matches("x-.yaml"))
        #expect(Glob("[[]x").matches("[x"))
    }

    @Test func bracesAreAlternativesIncludingFoldersAndNesting() {
        #expect(Glob("*.{yaml,yml}").matches("a.yml"))
        #expect(Glob("*.{yaml,yml}").matches("a.yaml"))
        #expect(!Glob("*.{yaml,yml}").matches("a.json"))
        #expect(Glob("{specs,other/specs}/*.yaml").matches("other/specs/a.yaml"))
        #expect(Glob("a{,.bak}").matches("a"))
        #expect(Glob("a{,.bak}").matches("a.bak"))
        #expect(Glob("{a,b{c,d}}x").matches("bdx"))
        #expect(!Glob("{a,b{c,d}}x").matches("bx"))
        #expect(Glob("{**/,}z.yaml").matches("a/b/z.yaml"))
        #expect(Glob("a,b").matches("a,b"))
    }

    @Test func pathsAndPatternsIgnoreEmptySegmentsAndALeadingDotSlash() {
        #expect(Glob("./specs/*.yaml").matches("specs/x.yaml"))
        #expect(Glob("specs//*.yaml").matches("specs/x.yaml"))
        #expect(Glob("/specs/*.yaml").matches("specs/x.yaml"))
        #expect(Glob("specs/").matches("specs"))
        #expect(Glob("specs/*.yaml").matches("specs//x.yaml"))
        #expect(!Glob("a/*/b").matches("a/b"))
    }

    @Test func manyBraceGroupsMatchAtOnce() {
        let pattern = String(repeating: "{a,b}", count: 40)
        let glob = Glob(pattern)
        #expect(glob.matches(String(repeating: "ab", count: 20)))
        #expect(!glob.matches(String(repeating: "ab", count: 20) + "c"))
        #expect(!glob.matches(String(repeating: "a", count: 39)))
    }

    @Test func manyDoubleStarsOnADeepPathMatchAtOnce() {
        let glob = Glob(String(repeating: "**/", count: 64) + "zz")
        let deep = (0..<200).map { "d\($0)" }.joined(separator: "/")
        #expect(!glob.matches(deep + "/x.yaml"))
        #expect(glob.matches(deep + "/zz"))
        #expect(!Glob(String(repeating: "*a", count: 200) + "b").matches(String(repeating: "a", count: 400)))
        #expect(!Glob(String(repeating: "{a,**/}", count: 100) + "b").matches(String(repeating: "a/", count: 200) + "c"))
    }

    @Test func deeplyNestedBracesCompileWithoutRecursion() {
        let pattern = String(repeating: "{", count: 100_000) + "a" + String(repeating: "}", count: 100_000)
        #expect(Glob(pattern).matches("a"))
    }

    @Test func invalidGlobsAreRejectedWithTheirCharacter() {
        #expect(error("specs/[ab.yaml")?.character == 7)
        #expect(error("specs/[ab.yaml")?.message.contains("`[` at character 7 is not closed") == true)
        #expect(error("[a/b]") != nil)
        #expect(error("*.{yaml,yml")?.character == 3)
        #expect(error("*.{yaml,yml")?.message.contains("`{` at character 3 is not closed") == true)
        #expect(error("a}")?.character == 2)
        #expect(error("a{}")?.character == 2)
        #expect(error("") != nil)
        #expect(error("./") != nil)
        #expect(error("./[")?.character == 3)
        #expect(error("a{,b}") == nil)
        #expect(error("x[]]") == nil)
        #expect(!Glob("[ab").matches("[ab"))
    }

    @Test func anInvalidIncludeOrExcludeIsAConfigurationErrorAtThePattern() {
        do {
            _ = try load("platform: web\ninclude:\n  - specs/**\n  - \"{a,b\"\n")
            Issue.record("expected an error")
        } catch {
            #expect(error.position?.line == 4)
            #expect(error.position?.column == 5)
            #expect(error.message.hasPrefix("`include` pattern `{a,b` is not a valid glob: `{` at character 1 is not closed"))
        }
        do {
            _ = try load("exclude: '[x'\n")
            Issue.record("expected an error")
        } catch {
            #expect(error.position?.line == 1)
            #expect(error.message.contains("`exclude` pattern `[x`"))
        }
        #expect(throws: ConfigurationError.self) { try load("exclude: ['']\n") }
        #expect((try? load("include: ['specs/**/*.{yaml,yml}']\n")) != nil)
    }

    /// The old matcher (braces expanded, segments matched with backtracking), kept as an
    /// oracle for patterns both accept: small random patterns must agree.
    @Test func agreesWithBraceExpansionOnRandomPatterns() {
        var generator = SplitMix(seed: 0x9E37_79B9)
        let tokens = ["a", "b", "/", "*", "?", "**", "[ab]", "[!a]", "{a,b}", "{a/b,ab}", "{b,a/a}"]
        let segments = ["a", "b", "ab", "ba", "aa", "bab"]
        var checked = 0
        for _ in 0..<3000 {
            let pattern = (0..<Int(generator.next() % 6 + 1)).map { _ in tokens[Int(generator.next() % UInt64(tokens.count))] }.joined()
            let path = (0..<Int(generator.next() % 4 + 1)).map { _ in segments[Int(generator.next() % UInt64(segments.count))] }
                .joined(separator: "/")
            let expected = ReferenceGlob(pattern).matches(path)
            #expect(Glob(pattern).matches(path) == expected, "\(pattern) on \(path)")
            checked += 1
        }
        #expect(checked == 3000)
    }
}

private typealias SplitMix = SplitMix64

/// The matcher before it was an automaton: exponential on hostile patterns, fine on small ones.
private struct ReferenceGlob {
    let alternatives: [[Substring]]

    init(_ pattern: String) {
        alternatives = ReferenceGlob.expandBraces(pattern).map { $0.split(separator: "/", omittingEmptySubsequences: true) }
    }

    func matches(_ path: String) -> Bool {
        let segments = path.split(separator: "/", omittingEmptySubsequences: true)
        return alternatives.contains { ReferenceGlob.match($0[...], segments[...]) }
    }

    private static func match(_ pattern: ArraySlice<Substring>, _ path: ArraySlice<Substring>) -> Bool {
        guard let head = pattern.first else { return path.isEmpty }
        if head == "**" {
            let rest = pattern.dropFirst()
            var p = path
            while true {
                if match(rest, p) { return true }
                guard !p.isEmpty else { return false }
                p = p.dropFirst()
            }
        }
        guard let segment = path.first, matchSegment(Array(head), Array(segment)) else { return false }
        return match(pattern.dropFirst(), path.dropFirst())
    }

    private static func matchSegment(_ p: [Character], _ s: [Character]) -> Bool {
        var pi = 0, si = 0
        var star = -1, mark = 0
        while si < s.count {
            if pi < p.count, p[pi] == "[", let (matched, next) = matchClass(p, pi, s[si]) {
                if matched { pi = next; si += 1; continue }
            } else if pi < p.count, p[pi] == "?" || p[pi] == s[si] {
                pi += 1; si += 1; continue
            } else if pi < p.count, p[pi] == "*" {
                star = pi; mark = si; pi += 1; continue
            }
            if star >= 0 {
                pi = star + 1; mark += 1; si = mark; continue
            }
            return false
        }
        while pi < p.count, p[pi] == "*" { pi += 1 }
        return pi == p.count
    }

    private static func matchClass(_ p: [Character], _ start: Int, _ c: Character) -> (Bool, Int)? {
        var i = start + 1
        var negate = false
        if i < p.count, p[i] == "!" || p[i] == "^" { negate = true; i += 1 }
        var matched = false
        var first = true
        while i < p.count, p[i] != "]" || first {
            first = false
            if i + 2 < p.count, p[i + 1] == "-", p[i + 2] != "]" {
                if p[i] <= c && c <= p[i + 2] { matched = true }
                i += 3
            } else {
                if p[i] == c { matched = true }
                i += 1
            }
        }
        guard i < p.count else { return nil }
        return (matched != negate, i + 1)
    }

    private static func expandBraces(_ pattern: String) -> [String] {
        guard let open = pattern.firstIndex(of: "{"),
              let close = pattern[open...].firstIndex(of: "}") else { return [pattern] }
        let before = pattern[..<open]
        let after = String(pattern[pattern.index(after: close)...])
        let options = pattern[pattern.index(after: open)..<close].split(separator: ",", omittingEmptySubsequences: false)
        return options.flatMap { option in expandBraces(before + option + after) }
    }
}
