import Foundation
import Testing

/// The dashboard formats from the command line: `--format gitlab`/`codeclimate`, `--format html`
/// with `--compare`, and what their `--output` may replace.
@Suite struct DashboardCommandTests {
    static let spec = """
        platform: ios
        screen: Upload
        indicators:
          - id: upload
            style: spinner
            presentation: overlay
            label: Loading
        """

    @Test func codeclimateWritesGitLabCodeQualityWithPathsRelativeToTheCurrentFolder() throws {
        let dir = try CommandTests.folder(["specs/a.yaml": Self.spec])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let run = try CommandTests.run(["--format", "codeclimate", "--output", "cq.json", dir + "/specs"], in: dir)
        #expect(run.status == 1, "\(run.stderr)")
        let data = try Data(contentsOf: URL(fileURLWithPath: dir + "/cq.json"))
        #expect(data.first == UInt8(ascii: "["))
        let entries = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        #expect(!entries.isEmpty)
        for entry in entries {
            let location = try #require(entry["location"] as? [String: Any])
            #expect(location["path"] as? String == "specs/a.yaml")
            #expect(["info", "minor", "major"].contains(entry["severity"] as? String ?? ""))
        }
        // A second run replaces its own report, but never a file that is not one.
        #expect(try CommandTests.run(["--format", "gitlab", "--output", "cq.json", "specs"], in: dir).status == 1)
        try "my notes\n".write(toFile: dir + "/notes.txt", atomically: true, encoding: .utf8)
        let refused = try CommandTests.run(["--format", "gitlab", "--output", "notes.txt", "specs"], in: dir)
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("refusing to write the gitlab report to notes.txt"), "\(refused.stderr)")
        #expect(try String(contentsOfFile: dir + "/notes.txt", encoding: .utf8) == "my notes\n")
    }

    @Test func htmlComparedWithAnEarlierJSONReportMarksTheNewFindingAndListsTheFixedOne() throws {
        let dir = try CommandTests.folder(["specs/a.yaml": Self.spec])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(try CommandTests.run(["--format", "json", "--output", "before.json", "specs"], in: dir).status == 1)
        // The label is fixed (vague-label goes) and a second indicator brings findings of its own.
        let after = Self.spec.replacingOccurrences(of: "label: Loading", with: "label: Uploading 3 photos")
            + "\n  - id: sync\n    style: spinner\n    presentation: overlay\n    label: Loading\n"
        try after.write(toFile: dir + "/specs/a.yaml", atomically: true, encoding: .utf8)
        let run = try CommandTests.run(["--format", "html", "--output", "page.html", "--compare", "before.json", "specs"], in: dir)
        #expect(run.status == 1, "\(run.stderr)")
        let html = try String(contentsOfFile: dir + "/page.html", encoding: .utf8)
        #expect(html.contains("Fixed since the earlier report"))
        #expect(html.contains("<td>vague-label</td>"))
        #expect(html.contains("<span class=\"badge b-new\">new</span>"))
        // The page may be written again over itself, not over another file.
        #expect(try CommandTests.run(["--format", "html", "--output", "page.html", "specs"], in: dir).status == 1)
        let refused = try CommandTests.run(["--format", "html", "--output", "before.json", "specs"], in: dir)
        #expect(refused.status == 2)
    }

    @Test func compareWithAFileThatIsNotAJSONReportStopsTheRun() throws {
        let dir = try CommandTests.folder(["specs/a.yaml": Self.spec, "notes.txt": "not json: ["])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let missing = try CommandTests.run(["--format", "html", "--compare", "gone.json", "specs"], in: dir)
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("--compare gone.json"), "\(missing.stderr)")
        let wrong = try CommandTests.run(["--format", "html", "--compare", "notes.txt", "specs"], in: dir)
        #expect(wrong.status == 2)
        #expect(wrong.stderr.contains("notes.txt: not a JSON report"), "\(wrong.stderr)")
        #expect(!wrong.stdout.contains("<!DOCTYPE html>"))
    }
}
