import ProgressLintEngine
import ProgressLintRules
import ProgressLintRun
import ProgressLintWorkspace

/// The rules' examples linted as a run (for the rule pages, `explain`, the server's hover and the
/// rule tests): what needs the registry and the run module.
extension RuleRegistry {
    /// What every rule reports on one of the rules' examples, linted as `example.yaml` with the
    /// example's config (or the defaults), then `adjust`ed: the rule tests and the rule pages use this.
    public static func lint(_ example: RuleExample, adjust: (inout Configuration) -> Void = { _ in })
        throws(ConfigurationError) -> RunResult
    {
        var configuration = Configuration()
        if let config = example.config {
            configuration = try ConfigurationLoader(rules: descriptions)
                .load(Array(config.utf8), path: "example-config.yml", directory: "/")
        }
        adjust(&configuration)
        let runner = LintRunner(linter: makeLinter(), loader: ConfigurationLoader(rules: descriptions))
        return runner.run(inMemory: [("example.yaml", Array(example.source.utf8))], configuration: configuration)
    }

    /// What `rule` reports on one of its examples, for its page (nothing when the example's config
    /// cannot be read, which the rule tests report).
    public static func reports(of rule: RuleDescription, on example: RuleExample) -> [Diagnostic] {
        guard let result = try? lint(example) else { return [] }
        return result.diagnostics.filter { $0.ruleID == rule.id }
    }
}
