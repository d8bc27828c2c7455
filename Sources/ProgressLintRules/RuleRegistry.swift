import ProgressLintCore

/// Every rule progress-lint ships: the one list of rules. The rule pages and their index
/// (`Rules/README.md`), the engine's plan and the input-rule ids are derived from it, and tests
/// compare it with the contract's catalogue.
///
/// To add a rule: write one file under its category folder with a `RuleDescription`
/// and a check, add it to its category's list (`<Category>/<Category>Rules.swift`),
/// and run `swift run progress-lint generate-docs` to write its page.
public enum RuleRegistry {
    /// The rules the engine runs, in catalogue order.
    public static let rules: [any Rule] =
        timingRules + interactionRules + accessibilityRules + wordingRules + platformRules + progressIntegrityRules

    /// The input rules, reported by the YAML layer, the decoder and the engine.
    public static let inputRules: [RuleDescription] = [
        YAMLSyntax.description, SpecSchema.description, DuplicateID.description, UnusedSuppression.description,
    ]

    /// Descriptions of every rule, input rules first, then by category and catalogue order.
    public static var descriptions: [RuleDescription] {
        inputRules + rules.map { type(of: $0).description }
    }

    /// The description of one rule.
    public static func description(of id: String) -> RuleDescription? {
        descriptions.first { $0.id == id }
    }

    /// A linter with every rule.
    public static func makeLinter() -> Linter {
        Linter(rules: rules, descriptions: descriptions)
    }

    /// A configuration loader that knows every rule.
    public static func makeConfigurationLoader() -> ConfigurationLoader {
        ConfigurationLoader(rules: descriptions)
    }

    /// Every option the rules own (`vague-labels`, …), with its default (`defaultValue`), in
    /// catalogue order: what `--print-config` and `init` write besides the shared settings.
    public static var options: [AnyRuleOption] { descriptions.flatMap(\.ownOptions) }

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
