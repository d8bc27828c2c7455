import ProgressLintEngine

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

    /// Every option the rules own (`vague-labels`, …), with its default (`defaultValue`), in
    /// catalogue order: what `--print-config` and `init` write besides the shared settings.
    public static var options: [AnyRuleOption] { descriptions.flatMap(\.ownOptions) }
}
