import Foundation
import ProgressLintEngine
import ProgressLintReporters
import ProgressLintRun
import ProgressLintWorkspace
import ProgressLintRules
import TestSupport

/// A temporary folder for a test, removed when the test ends.
final class TemporaryFolder {
    let url: URL
    var path: String { url.path }

    init() throws {
        url = try TestFolders.temporary(prefix: "progress-lint")
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    @discardableResult
    func write(_ relative: String, _ text: String) throws -> String {
        let file = url.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: file, atomically: true, encoding: .utf8)
        return file.path
    }
}

func lint(_ text: String, config: String? = nil, path: String = "spec.yaml") throws -> [Diagnostic] {
    var configuration = Configuration()
    if let config {
        configuration = try RuleRegistry.makeConfigurationLoader().load(Array(config.utf8), path: "c.yml", directory: "/")
    }
    let runner = LintRunner(linter: RuleRegistry.makeLinter(), loader: RuleRegistry.makeConfigurationLoader())
    return runner.run(inMemory: [(path, Array(text.utf8))], configuration: configuration).diagnostics
}

func runner(config: String? = nil, jobs: Int = 1) -> LintRunner {
    LintRunner(linter: RuleRegistry.makeLinter(), loader: RuleRegistry.makeConfigurationLoader(), configPath: config,
               jobs: jobs)
}
