import ProgressLintEngine
import ProgressLintReporters
import ProgressLintRun
import ProgressLintWorkspace
import ProgressLintRules

/// The diagnostics of `text` linted as the file `path`, with the configuration `config` (YAML) if given.
public func lint(_ text: String, config: String? = nil, path: String = "spec.yaml") throws -> [Diagnostic] {
    var configuration = Configuration()
    if let config {
        configuration = try ConfigurationLoader(rules: RuleRegistry.descriptions).load(Array(config.utf8), path: "c.yml", directory: "/")
    }
    let runner = LintRunner(linter: RuleRegistry.makeLinter(), loader: ConfigurationLoader(rules: RuleRegistry.descriptions))
    return runner.run(inMemory: [(path, Array(text.utf8))], configuration: configuration).diagnostics
}

/// A runner with every rule, reading the configuration file `config` if given.
public func runner(config: String? = nil, jobs: Int = 1) -> LintRunner {
    LintRunner(linter: RuleRegistry.makeLinter(), loader: ConfigurationLoader(rules: RuleRegistry.descriptions), configPath: config,
               jobs: jobs)
}
