import ArgumentParser
import ProgressLintReporters

/// `progress-lint schema`: the JSON Schema of the spec format, for editors.
struct Schema: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract: "Print the JSON Schema of the spec format (kept in the repository as schemas/spec.schema.json)."
    )

    func run() throws {
        Output.standardOutput(SpecJSONSchema.rendered())
    }
}
