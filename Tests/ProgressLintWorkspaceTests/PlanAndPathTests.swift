@testable import ProgressLintEngine
@testable import ProgressLintRun
@testable import ProgressLintWorkspace
import ProgressLintRules
import ProgressLintSpec
import ProgressLintYAML
import Testing
import ProgressLintSupport

/// The byte-wise shortcuts of the path arithmetic and the cross-file collection give what the
/// character-wise forms give, and a file's cross-file values carry their rule and severity.
@Suite struct PlanAndPathTests {
    static let paths = [
        "", "/", "//", ".", "..", "a", "/a", "a/", "/a/b/c.yaml", "a//b///c", "./a/./b", "../a", "/../a", "a/../../b",
        "/w/specs/business/auth/login.yaml", "specs/./x/../y.yml", "/a/b/..", "/a/b/.", "a/.../b", "a/..b/.c",
        "a/\r\n/b", "/é/x.yaml", "/a/\u{301}b/c", "/a/.\u{301}/b", "/a/..\u{301}/b", "/x/y/\u{301}", "📷/b/../c",
    ]

    @Test func pathsNormaliseByBytesAsTheyDoByCharacters() {
        for path in Self.paths {
            #expect(PathText.normalize(path) == PathText.normalizeByCharacters(path), "\(path.debugDescription)")
            #expect(PathText.absolute(path, in: "/base/dir") == PathText.normalizeByCharacters(
                path.hasPrefix("/") ? path : "/base/dir/" + path), "\(path.debugDescription)")
        }
    }

    @Test func aPathsParentAndWrittenFolderAreTheCharacterWiseOnes() {
        for path in Self.paths {
            let parent: String
            if let slash = path.lastIndex(of: "/") {
                parent = slash == path.startIndex ? "/" : String(path[..<slash])
            } else {
                parent = "."
            }
            #expect(PathText.parent(path) == parent, "\(path.debugDescription)")
            var written: Substring?
            if let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) {
                let name = path[path.index(after: slash)...]
                if !(name.isEmpty || name == "." || name == "..") {
                    written = slash == path.startIndex ? path[...slash] : path[..<slash]
                }
            } else {
                written = path == "." || path == ".." || path.isEmpty ? nil : ""
            }
            #expect(PathText.writtenFolder(of: path) == written, "\(path.debugDescription)")
        }
    }

    /// ``SuppressionScanner/parse(_:at:)``'s reason and rules the long way: characters, not bytes.
    static func parsedByCharacters(_ text: String) -> (reason: String?, rules: [String]) {
        var body = Substring(text)
        var reason: String?
        if let dashes = body.firstRange(of: "--"), dashes.lowerBound > body.startIndex,
           body[body.index(before: dashes.lowerBound)] == " " || body[body.index(before: dashes.lowerBound)] == "\t"
        {
            reason = String(body[dashes.upperBound...].trimmingSpaces)
            body = body[..<dashes.lowerBound]
        }
        let words = body.split(whereSeparator: { $0 == " " || $0 == "\t" })
        let rules = words.dropFirst().joined(separator: " ")
            .split(whereSeparator: { $0 == "," || $0 == " " || $0 == "\t" })
            .map(String.init)
        return (reason?.isEmpty == true ? nil : reason, rules)
    }

    @Test func suppressionCommentsParseByBytesAsTheyDoByCharacters() {
        let texts = [
            "progress-lint-disable-line vague-label -- copy is final",
            "progress-lint-disable-next-line a,b , c,,d\t e -- why -- not",
            "progress-lint-disable a--b -- reason", "progress-lint-disable --", "progress-lint-disable x --",
            "progress-lint-disable x -- ", "progress-lint-disable x\t--\treason", "progress-lint-disable x --- three",
            "progress-lint-disable x ---", "progress-lint-disable-line x -\u{301}- no", "progress-lint-disable x -- é reason",
            "progress-lint-disable x é-- y -- z", "progress-lint-disable x --\u{301} y -- z", "progress-lint-disable \u{301}x,y",
            "progress-lint-disable x, \u{301}y -- r", "progress-lint-disable-line", "progress-lint-disable", "",
            "progress-lint-disable x \u{600}-- y -- z", "progress-lint-disable ,,, , -- ,", "progress-lint-disable a ,b,",
        ]
        for text in texts {
            let parsed = SuppressionScanner.parse(text, at: .start)
            let expected = Self.parsedByCharacters(text)
            #expect(parsed.reason == expected.reason, "\(text.debugDescription)")
            #expect(parsed.rules == expected.rules, "\(text.debugDescription)")
        }
    }

    @Test func aFilesCrossFileValuesCarryTheRuleAndItsConfiguredSeverity() {
        let linter = RuleRegistry.makeLinter()
        let spec = Array("""
            screen: A
            indicators:
              - id: a
                style: spinner
                task: sync
                location: toolbar
            ---
            screen: B
            indicators:
              - id: b
                style: spinner
                task: sync
            """.utf8)
        var configuration = Configuration()
        configuration.rules["consistent-location"] = .on(.error)
        let result = linter.lint(spec, path: "a.yaml", configuration: configuration)
        #expect(result.crossFile.map(\.id) == ["consistent-location"])
        #expect(result.crossFile.first?.count == 2)
        #expect(result.crossFileSeverity == ["consistent-location": .error])
        let byDefault = linter.lint(spec, path: "a.yaml", configuration: Configuration())
        #expect(byDefault.crossFileSeverity == ["consistent-location": .info])
        configuration.rules["consistent-location"] = .off
        #expect(linter.lint(spec, path: "a.yaml", configuration: configuration).crossFile.isEmpty)
    }
}
