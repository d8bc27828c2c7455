import Foundation
import Testing

/// A run that exits 2 never leaves a report that reads as clean; JUnit is red exactly when CI is;
/// `-q` and `--max-warnings` count what is reported. All through the built binary.
@Suite struct FailedRunReportTests {
    static let bad = "screen: S\nindicators:\n  - {id: a, style: spinner, presentation: overlay, label: Loading}\n"
    static let warnOnly = "screen: W\nindicators:\n  - {id: w, style: bar, determinate: true, label: Loading}\n"
    static let clean = "screen: S\nindicators: []\n"

    func folder(_ files: [String: String]) throws -> String { try CommandTests.folder(files) }

    func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    /// `invocations[0]` of a SARIF log.
    func invocation(_ sarif: String) throws -> [String: Any] {
        let run = try #require((try object(sarif)["runs"] as? [[String: Any]])?.first)
        return try #require((run["invocations"] as? [[String: Any]])?.first)
    }

    // MARK: a configuration error

    @Test func aConfigurationErrorMakesEveryReportSayTheRunFailed() throws {
        let dir = try folder([".progress-lint.yml": "rulez: {}\n", "a.yaml": Self.bad])
        let text = try CommandTests.run(["a.yaml"], in: dir)
        #expect(text.status == 2)
        #expect(!text.stdout.contains("no problems"))
        #expect(text.stdout.contains("1 configuration error (the run failed"))

        let json = try CommandTests.run(["--format", "json", "a.yaml"], in: dir)
        #expect(json.status == 2)
        let report = try object(json.stdout)
        #expect(report["ok"] as? Bool == false)
        let errors = try #require(report["errors"] as? [[String: Any]])
        #expect(errors.count == 1)
        #expect(errors.first?["path"] as? String == ".progress-lint.yml")
        #expect(errors.first?["line"] as? Int == 1)
        #expect(errors.first?["column"] as? Int == 1)
        #expect((errors.first?["message"] as? String)?.contains("rulez") == true)

        let sarif = try CommandTests.run(["--format", "sarif", "a.yaml"], in: dir)
        #expect(sarif.status == 2)
        let invocation = try invocation(sarif.stdout)
        #expect(invocation["executionSuccessful"] as? Bool == false)
        let notifications = try #require(invocation["toolExecutionNotifications"] as? [[String: Any]])
        #expect(notifications.count == 1)
        #expect(notifications.first?["level"] as? String == "error")
        #expect(((notifications.first?["message"] as? [String: Any])?["text"] as? String)?.contains("rulez") == true)
        let location = try #require((notifications.first?["locations"] as? [[String: Any]])?.first?["physicalLocation"]
            as? [String: Any])
        #expect((location["artifactLocation"] as? [String: Any])?["uri"] as? String == ".progress-lint.yml")
        #expect((location["region"] as? [String: Any])?["startLine"] as? Int == 1)

        let junit = try CommandTests.run(["--format", "junit", "a.yaml"], in: dir)
        #expect(junit.status == 2)
        #expect(junit.stdout.contains("<testsuite name=\"progress-lint\" id=\"0\" package=\"progress-lint\" "))
        #expect(junit.stdout.contains("tests=\"1\" failures=\"0\" errors=\"1\""))
        #expect(junit.stdout.contains("<testcase name=\".progress-lint.yml\" classname=\"progress-lint\" time=\"0\">"))
        #expect(junit.stdout.contains("<error message=\""))
    }

    @Test func aCleanRunSaysItSucceeded() throws {
        let dir = try folder(["a.yaml": Self.clean])
        let json = try CommandTests.run(["--format", "json", "a.yaml"], in: dir)
        #expect(json.status == 0)
        #expect(json.stdout.contains("\n  \"ok\": true,\n  \"errors\": [],\n"))
        let sarif = try CommandTests.run(["--format", "sarif", "a.yaml"], in: dir)
        let invocation = try invocation(sarif.stdout)
        #expect(invocation["executionSuccessful"] as? Bool == true)
        #expect((invocation["toolExecutionNotifications"] as? [Any])?.isEmpty == true)
        let junit = try CommandTests.run(["--format", "junit", "a.yaml"], in: dir)
        #expect(!junit.stdout.contains("<error"))
        #expect(!junit.stdout.contains("name=\"progress-lint\""))
    }

    @Test func aPathThatCannotBeReadIsInTheReportsBesideTheFindings() throws {
        let dir = try folder(["a.yaml": Self.bad])
        let text = try CommandTests.run(["missing.yaml", "a.yaml"], in: dir)
        #expect(text.status == 2)
        #expect(text.stdout.contains("a.yaml:3:5: error:"))
        #expect(text.stdout.contains("in 1 file, 1 screen, 1 indicator; 1 path could not be linted"))
        let json = try object(try CommandTests.run(["--format", "json", "missing.yaml", "a.yaml"], in: dir).stdout)
        #expect(json["ok"] as? Bool == false)
        let errors = try #require(json["errors"] as? [[String: Any]])
        #expect(errors.map { $0["path"] as? String } == ["missing.yaml"])
        #expect(errors.first?["message"] as? String == "no such file or folder")
        #expect(errors.first?["line"] == nil)
        let junit = try CommandTests.run(["--format", "junit", "missing.yaml", "a.yaml"], in: dir).stdout
        #expect(junit.contains("<testcase name=\"missing.yaml\" classname=\"progress-lint\" time=\"0\">"))
    }

    @Test func noReportFileIsCreatedWhenTheRunStopsBeforeReporting() throws {
        let dir = try folder(["a.yaml": Self.bad])
        let unknown = try CommandTests.run(["--format", "nope", "--output", "x.json", "a.yaml"], in: dir)
        #expect(unknown.status == 2)
        let refused = try CommandTests.run(["--format", "json", "--output", "out.json", "--format", "sarif",
                                            "--output", "a.yaml", "a.yaml"], in: dir)
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("refusing to write the sarif report to a.yaml"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == ["a.yaml"])
        #expect(try String(contentsOfFile: dir + "/a.yaml", encoding: .utf8) == Self.bad)
    }

    // MARK: patterns that match nothing

    @Test func includePatternsThatMatchNoFileExitTwoNamingThemAndTheFolder() throws {
        let dir = try folder(["specs/.progress-lint.yml": "include: [\"screens/**/*.yaml\"]\nexclude: [\"old/**\"]\n",
                              "specs/a.yaml": Self.bad])
        let run = try CommandTests.run(["specs"], in: dir)
        #expect(run.status == 2)
        #expect(run.stderr.contains("progress-lint: specs: no files matching the patterns include 'screens/**/*.yaml' "
                                    + "and exclude 'old/**' of specs/.progress-lint.yml in this folder"))
        #expect(!run.stdout.contains("no problems"))
        let json = try object(try CommandTests.run(["--format", "json", "specs"], in: dir).stdout)
        #expect(json["ok"] as? Bool == false)
        #expect((json["errors"] as? [[String: Any]])?.first?["path"] as? String == "specs")

        let allowed = try CommandTests.run(["--no-error-on-unmatched-pattern", "specs"], in: dir)
        #expect(allowed.status == 0)
        #expect(allowed.stderr.contains("progress-lint: note: specs: no files matching the patterns"))
        #expect(!allowed.stderr.contains("--no-error-on-unmatched-pattern"))
    }

    @Test func aFolderIsMatchedWhenAnyOfItsSpecsIsLintedOrAlreadyNamed() throws {
        let dir = try folder(["specs/a.yaml": Self.clean, "empty/notes.txt": "x"])
        #expect(try CommandTests.run(["specs", "specs"], in: dir).status == 0)
        #expect(try CommandTests.run(["specs/a.yaml", "specs"], in: dir).status == 0)
        let one = try CommandTests.run(["specs", "empty"], in: dir)
        #expect(one.status == 2)
        #expect(one.stderr.contains("progress-lint: empty: no *.yaml or *.yml spec files in this folder"))
        #expect(!one.stderr.contains("specs:"))
        let listed = try CommandTests.run(["--list-files", "specs", "empty"], in: dir)
        #expect(listed.status == 2)
        #expect(listed.stdout == "specs/a.yaml\n")
    }

    // MARK: JUnit, red exactly when CI is

    @Test func junitFailsAScreenOnlyOnErrorsAndKeepsWarningsInSystemOut() throws {
        let dir = try folder(["w.yaml": Self.warnOnly, "b.yaml": Self.bad])
        let warn = try CommandTests.run(["--format", "junit", "w.yaml"], in: dir)
        #expect(warn.status == 0)
        #expect(!warn.stdout.contains("<failure"))
        #expect(warn.stdout.contains("failures=\"0\""))
        #expect(warn.stdout.contains("<testcase name=\"W\" classname=\"w.yaml\" time=\"0\"/>"))
        #expect(warn.stdout.contains("<system-out>W: w.yaml:3:5: warning: indicator 'w' runs beside other work"))
        #expect(warn.stdout.contains("\nW: w.yaml:3:51: warning: indicator 'w' has a vague `label`"))

        let bad = try CommandTests.run(["--format", "junit", "b.yaml"], in: dir)
        #expect(bad.status == 1)
        #expect(bad.stdout.contains("failures=\"1\""))
        #expect(bad.stdout.contains("<failure message=\"3:5: indicator &apos;a&apos; blocks the screen "
                                    + "(`presentation: overlay`) for an unknown time with no way out"))
        #expect(bad.stdout.contains("[obstructive-needs-exit]\" type=\"error\">"))
        #expect(!bad.stdout.contains("problems\""))
        #expect(bad.stdout.contains("<system-out>S: b.yaml:3:5: warning:"))
    }

    @Test func junitGivesSameNamedScreensATestCaseEach() throws {
        let spec = "platform: ios\nscreen: Upload\nindicators: []\n---\nplatform: android\nscreen: Upload\n"
            + "indicators:\n  - {id: a, style: spinner, presentation: overlay, label: Loading}\n"
        let dir = try folder(["u.yaml": spec])
        let run = try CommandTests.run(["--format", "junit", "u.yaml"], in: dir)
        #expect(run.status == 1)
        #expect(run.stdout.contains("tests=\"2\" failures=\"1\""))
        #expect(run.stdout.contains("<testcase name=\"Upload (document 1)\" classname=\"u.yaml\" time=\"0\"/>"))
        #expect(run.stdout.contains("<testcase name=\"Upload (document 2)\" classname=\"u.yaml\" time=\"0\">"))
        #expect(run.stdout.contains("<failure message=\"8:5: indicator &apos;a&apos; blocks the screen"))
    }

    // MARK: -q and --max-warnings

    @Test func quietMaxWarningsCountsOnlyTheWarningsReported() throws {
        let dir = try folder(["w.yaml": Self.warnOnly])
        #expect(try CommandTests.run(["--max-warnings", "0", "w.yaml"], in: dir).status == 1)
        let quiet = try CommandTests.run(["-q", "--max-warnings", "0", "w.yaml"], in: dir)
        #expect(quiet.status == 0, "\(quiet.stderr)")
        #expect(quiet.stdout == "no problems in 1 file, 1 screen, 1 indicator\n")
        let help = try CommandTests.run(["lint", "--help"])
        #expect(help.stdout.contains("-1 means no limit"))
        #expect(help.stdout.contains("with --quiet, none"))
        #expect(help.stdout.contains("--no-error-on-unmatched-pattern"))
    }

    @Test func maxWarningsMinusOneIsNoLimitAndOtherNegativesAreUsageErrors() throws {
        let dir = try folder(["w.yaml": Self.warnOnly])
        let unlimited = try CommandTests.run(["--max-warnings", "-1", "w.yaml"], in: dir)
        #expect(unlimited.status == 0, "\(unlimited.stderr)")
        #expect(try CommandTests.run(["--max-warnings=-1", "w.yaml"], in: dir).status == 0)
        let negative = try CommandTests.run(["--max-warnings", "-2", "w.yaml"], in: dir)
        #expect(negative.status == 2)
        #expect(negative.stderr.contains("--max-warnings must be 0 or more, or -1 for no limit"))
        #expect(negative.stdout.isEmpty)
    }
}
