import Foundation
import TestSupport
import Testing

/// `swift run progress-lint Examples/` is the README's first command: its output is
/// kept in `Examples/expected-report.txt`, and these tests keep the two in step.
@Suite struct ExamplesTests {
    static let packageRoot = TestFolders.packageRoot
    static let refresh = "run `swift run progress-lint Examples/ > Examples/expected-report.txt` and review the diff"

    @Test func theExamplesProduceTheExpectedReport() throws {
        let run = try CommandTests.run(["Examples/"], environment: ["NO_COLOR": "1"], in: Self.packageRoot.path)
        let expected = try String(contentsOf: Self.packageRoot.appendingPathComponent("Examples/expected-report.txt"),
                                  encoding: .utf8)
        #expect(run.stdout == expected, "the Examples report changed; \(Self.refresh)")
        #expect(run.status == 1, "the examples contain errors, so the run exits 1")
        #expect(run.stderr.isEmpty, "unexpected stderr: \(run.stderr)")
    }

    /// The README opens with an excerpt of that report: each of its diagnostics, frame included, is
    /// in the report as shown.
    @Test func theREADMEsOpeningExampleIsAnExcerptOfTheExpectedReport() throws {
        let readme = try String(contentsOf: Self.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let expected = try String(contentsOf: Self.packageRoot.appendingPathComponent("Examples/expected-report.txt"),
                                  encoding: .utf8)
        let start = try #require(readme.range(of: "```text\n"))
        let end = try #require(readme.range(of: "\n```", range: start.upperBound..<readme.endIndex))
        let excerpt = readme[start.upperBound..<end.lowerBound]
        let blocks = excerpt.components(separatedBy: "\n\n")
        #expect(blocks.count >= 2)
        for block in blocks {
            #expect(expected.contains(block + "\n"), "README's opening example is not in Examples/expected-report.txt:\n\(block)")
        }
    }

    @Test func theExamplesCoverEveryPlatformFamilyCleanAndBrokenScreensAndThirtyRules() throws {
        let run = try CommandTests.run(["--format", "json", "Examples/"], in: Self.packageRoot.path)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let summary = try #require(object["summary"] as? [String: Any])
        #expect((summary["screens"] as? Int ?? 0) >= 10)
        let diagnostics = try #require(object["diagnostics"] as? [[String: Any]])
        let paths = Set(diagnostics.compactMap { $0["path"] as? String })
        let files = try FileManager.default.subpathsOfDirectory(atPath: Self.packageRoot.appendingPathComponent("Examples").path)
            .filter { $0.hasSuffix(".yaml") }
        #expect(files.contains { !paths.contains("Examples/" + $0) }, "some example screens should be clean")
        let rules = Set(diagnostics.compactMap { $0["rule"] as? String })
        #expect(rules.count >= 30, "the examples exercise only \(rules.count) rules: \(rules.sorted())")
        for platform in ["ios", "macos", "android", "web", "ubuntu-touch"] {
            #expect(files.contains { $0.hasPrefix(platform + "/") }, "no example for \(platform)")
        }
    }
}

/// Reports that name screens get them from a folder run too (the runner keeps screen names per file).
@Suite struct FolderRunScreenTests {
    @Test func junitHasATestCasePerScreenAndJSONListsEachFilesScreensWhenLintingAFolder() throws {
        let root = ExamplesTests.packageRoot.path
        let junit = try CommandTests.run(["--format", "junit", "Examples/"], in: root)
        #expect(junit.stdout.contains("name=\"Inbox\""))
        #expect(junit.stdout.contains("name=\"Outbox\""))
        let json = try CommandTests.run(["--format", "json", "Examples/"], in: root)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let files = try #require(object["files"] as? [[String: Any]])
        let mail = try #require(files.first { ($0["path"] as? String)?.hasSuffix("mail-sync.yaml") == true })
        #expect(mail["screens"] as? [String] == ["Inbox", "Outbox"])
    }
}
