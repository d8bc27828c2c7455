/// A YAML example in a rule's description, run by the generic rule test: `↓` marks where a
/// triggering example must report; `config` is an optional `.progress-lint.yml`.
public struct RuleExample: Hashable, Sendable {
    /// The spec, with `↓` markers in triggering examples.
    public var yaml: String
    /// A configuration to lint it with, as YAML text.
    public var config: String?
    /// A short note on what the example shows.
    public var note: String?

    /// Creates an example.
    public init(_ yaml: String, config: String? = nil, note: String? = nil) {
        self.yaml = yaml
        self.config = config
        self.note = note
    }

    /// The marker of an expected position.
    public static let marker: Character = "↓"

    /// The YAML without markers.
    public var source: String { yaml.replacingMarkers() }
}

extension String {
    func replacingMarkers() -> String { String(filter { $0 != RuleExample.marker }) }
}
