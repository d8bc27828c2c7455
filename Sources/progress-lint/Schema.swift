import ArgumentParser
import ProgressLintReporters
import ProgressLintRules

/// `progress-lint schema`: the JSON Schema of the spec format, for editors; with `--config`, of
/// `.progress-lint.yml`.
struct Schema: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract: "Print the JSON Schema of the spec format (kept in the repository as schemas/spec.schema.json)."
    )

    @Flag(help: "Print the JSON Schema of .progress-lint.yml instead (schemas/config.schema.json).")
    var config = false

    func run() throws {
        if config { return Output.standardOutput(ConfigJSONSchema.rendered(rules: RuleRegistry.descriptions)) }
        Output.standardOutput(SpecJSONSchema.rendered())
    }
}
