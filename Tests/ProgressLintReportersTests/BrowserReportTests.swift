import Foundation
import ProgressLintEngine
@testable import ProgressLintRun
import ProgressLintWorkspace
import ProgressLintReporters
import ProgressLintRules
import Testing
import TestSupport

/// The Examples' HTML report in a real browser (`scripts/browser-check.py`): headless Chromium
/// renders it (the screenshot is kept in the temporary folder, its path printed), axe-core
/// reports no WCAG 2.2 A/AA violation, the filters work from the keyboard and the fragment, and
/// Chromium's network log has no request beyond the file. Skipped without Chromium, chromedriver,
/// selenium or the axe-selenium-python wheel (`.ci/run` fetches it into `.build/axe`, or name it
/// in `PROGRESS_LINT_AXE_WHEEL`); axe.min.js is unpacked from the wheel at test time.
@Suite struct BrowserReportTests {
    static func executable(_ name: String) -> Bool {
        (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").contains {
            FileManager.default.isExecutableFile(atPath: "\($0)/\(name)")
        }
    }

    /// The axe-selenium-python wheel, if one is at hand.
    static var wheel: String? {
        if let named = ProcessInfo.processInfo.environment["PROGRESS_LINT_AXE_WHEEL"],
           FileManager.default.fileExists(atPath: named) { return named }
        let folder = Python.packageRoot.appendingPathComponent(".build/axe")
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return files.sorted().last { $0.hasPrefix("axe_selenium_python") && $0.hasSuffix(".whl") }
            .map { folder.appendingPathComponent($0).path }
    }

    /// What is missing to run the browser check, named: nil when nothing is.
    static let missing: String? = {
        if !executable("chromium") && !executable("chromium-browser") {
            return "Chromium is not installed (no `chromium` or `chromium-browser` on PATH)"
        }
        if !executable("chromedriver") { return "chromedriver is not installed (no `chromedriver` on PATH)" }
        if let python = OptionalTools.missingPython(["selenium"]) { return python }
        if wheel == nil {
            return "the axe-selenium-python wheel is not in .build/axe (`.ci/run` fetches it) nor named in PROGRESS_LINT_AXE_WHEEL"
        }
        return nil
    }()

    static var ready: Bool { missing == nil }

    /// The benchmark corpus's generator (`../shared/bench/gen-corpus.py`), when it is there.
    static var generator: String? {
        let path = Python.packageRoot.deletingLastPathComponent().appendingPathComponent("shared/bench/gen-corpus.py").path
        return FileManager.default.fileExists(atPath: path) ? path : nil
    }

    static var skipReason: Comment { Comment(rawValue: missing ?? "") }

    /// Writes `result`'s HTML report and runs the browser check on it; its output.
    func check(_ result: RunResult, name: String) throws -> String {
        let html = HTMLReporter().render(result, context: ReportContext(rules: RuleRegistry.descriptions))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("progress-lint-browser")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let page = folder.appendingPathComponent("\(name).html").path
        let screenshot = folder.appendingPathComponent("\(name).png").path
        try html.write(toFile: page, atomically: true, encoding: .utf8)
        let script = Python.packageRoot.appendingPathComponent("scripts/browser-check.py").path
        let (status, output) = try Python.run(
            "import runpy, sys; sys.argv = sys.argv[1:]; runpy.run_path(sys.argv[0], run_name='__main__')",
            [script, page, screenshot, try #require(Self.wheel)])
        print("browser check of \(name) (screenshot: \(screenshot)):\n\(output)")
        #expect(status == 0, "\(output)")
        #expect(output.contains("on the page as loaded: 0 WCAG 2.2 A/AA violations"), "\(output)")
        #expect(output.contains("on the open details: 0 WCAG 2.2 A/AA violations"), "\(output)")
        #expect(FileManager.default.fileExists(atPath: screenshot))
        return output
    }

    @Test(.enabled(if: BrowserReportTests.ready, BrowserReportTests.skipReason), .timeLimit(.minutes(3)))
    func examplesReportRendersInChromiumWithNoAxeViolationAndNoRequest() throws {
        let runner = LintRunner(linter: RuleRegistry.makeLinter(), loader: ConfigurationLoader(rules: RuleRegistry.descriptions))
        let result = runner.run(["Examples"].map { Python.packageRoot.appendingPathComponent($0).path })
        #expect(result.indicators > 0)
        _ = try check(result, name: "examples")
    }

    /// Spec text made to break out (`</script>`, quotes, bidi controls) in the drawn details: the
    /// check opens them, and any script it ran (an alert) or error would fail it.
    @Test(.enabled(if: BrowserReportTests.ready, BrowserReportTests.skipReason), .timeLimit(.minutes(3)))
    func hostileSpecTextStaysTextInTheDrawnDetails() throws {
        let name = DashboardReportTests.hostile.replacingOccurrences(of: "\"", with: "\\\"") + " <!-- \u{2028}"
        let spec = """
            platform: ios
            screen: "\(name)"
            indicators:
              - id: "\(name)"
                style: spinner
                presentation: overlay
                label: "\(name)"
                phases:
                  - {name: "\(name)", share: 1}
                becomes:
                  - {when: "\(name)", determinate: true}
            """
        let result = DashboardReportTests.run([("specs/</script><img src=x onerror=alert(1)>.yaml", spec)])
        #expect(!result.diagnostics.isEmpty)
        let output = try check(result, name: "hostile")
        #expect(output.contains("1 timelines"), "\(output)")
    }

    /// The report of the benchmark's 1,000 files (`gen-corpus.py --files 1000 --seed 1`): axe-core
    /// finds no violation (and finishes: the page at load holds the overview and the findings, not
    /// every indicator), a screen's details open in under a second, and nothing is requested.
    @Test(.enabled(if: BrowserReportTests.ready, BrowserReportTests.skipReason),
          .enabled(if: BrowserReportTests.generator != nil, "needs ../shared/bench/gen-corpus.py"), .timeLimit(.minutes(5)))
    func thousandFileReportPassesAxeAndOpensAScreenInASecond() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("progress-lint-browser-corpus-1000")
        if !FileManager.default.fileExists(atPath: folder.appendingPathComponent("specs").path) {
            let (status, output) = try Python.run(
                "import runpy, sys; sys.argv = sys.argv[1:]; runpy.run_path(sys.argv[0], run_name='__main__')",
                [try #require(Self.generator), folder.path, "--files", "1000", "--seed", "1"])
            try #require(status == 0, "\(output)")
        }
        let runner = LintRunner(linter: RuleRegistry.makeLinter(), loader: ConfigurationLoader(rules: RuleRegistry.descriptions))
        let result = runner.run([folder.appendingPathComponent("specs").path])
        #expect(result.files.count == 1000 && !result.diagnostics.isEmpty)
        let output = try check(result, name: "corpus-1000")
        // axe-core over the whole page in under a minute.
        let seconds = output.split(separator: "\n").first { $0.contains("on the page as loaded") }
            .flatMap { $0.split(separator: "(").last?.split(separator: " ").first }.flatMap { Double($0) }
        #expect((seconds ?? 60) < 60, "\(output)")
    }
}
