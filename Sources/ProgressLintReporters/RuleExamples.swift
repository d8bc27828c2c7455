import ProgressLintEngine
import ProgressLintRules
import ProgressLintRun
import ProgressLintWorkspace

/// What needs the registry and more than the engine: a configuration loader that knows every
/// rule, and the rules' examples linted as a run (for the rule pages, `explain` and the rule tests).
extension RuleRegistry {
    /// A configuration loader that knows every rule.
    public static func makeConfigurationLoader() -> ConfigurationLoader {
        ConfigurationLoader(rules: descriptions)
    }

    /// What every rule reports on one of the rules' examples, linted as `example.yaml` with the
    /// example's config (or the defaults), then `adjust`ed: the rule tests and the rule pages use this.
    public static func lint(_ example: RuleExample, adjust: (inout Configuration) -> Void = { _ in })
        throws(ConfigurationError) -> RunResult
    {
        var configuration = Configuration()
        if let config = example.config {
            configuration = try makeConfigurationLoader()
                .load(Array(config.utf8), path: "example-config.yml", directory: "/")
        }
        adjust(&configuration)
        let runner = LintRunner(linter: makeLinter(), loader: makeConfigurationLoader())
        return runner.run(inMemory: [("example.yaml", Array(example.source.utf8))], configuration: configuration)
    }

    /// What `rule` reports on one of its examples, for its page (nothing when the example's config
    /// cannot be read, which the rule tests report).
    public static func reports(of rule: RuleDescription, on example: RuleExample) -> [Diagnostic] {
        guard let result = try? lint(example) else { return [] }
        return result.diagnostics.filter { $0.ruleID == rule.id }
    }
}
