import Foundation
import ProgressLintEngine
import ProgressLintRun
import ProgressLintWorkspace
import ProgressLintReporters
import ProgressLintRules
import TestSupport
import Testing

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

    static var ready: Bool { missing == nil }

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

    @Test(.enabled(if: BrowserReportTests.ready, Comment(rawValue: BrowserReportTests.missing ?? "")),
          .timeLimit(.minutes(3)))
    func examplesReportRendersInChromiumWithNoAxeViolationAndNoRequest() throws {
        let runner = LintRunner(linter: RuleRegistry.makeLinter(), loader: RuleRegistry.makeConfigurationLoader())
        let result = runner.run(["Examples"].map { Python.packageRoot.appendingPathComponent($0).path })
        #expect(result.indicators > 0)
        let html = HTMLReporter().render(result, context: ReportContext(rules: RuleRegistry.descriptions))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("progress-lint-browser")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let page = folder.appendingPathComponent("examples.html").path
        let screenshot = folder.appendingPathComponent("examples.png").path
        try html.write(toFile: page, atomically: true, encoding: .utf8)
        let script = Python.packageRoot.appendingPathComponent("scripts/browser-check.py").path
        let (status, output) = try Python.run(
            "import runpy, sys; sys.argv = sys.argv[1:]; runpy.run_path(sys.argv[0], run_name='__main__')",
            [script, page, screenshot, try #require(Self.wheel)])
        print("browser check (screenshot: \(screenshot)):\n\(output)")
        #expect(status == 0, "\(output)")
        #expect(output.contains("0 WCAG 2.2 A/AA violations"), "\(output)")
        #expect(FileManager.default.fileExists(atPath: screenshot))
    }
}
