import ProgressLintReporters
import ProgressLintEngine
import ProgressLintSpec
import ProgressLintSupport
import ProgressLintWorkspace

/// The JSON Schema (draft-07) of `.progress-lint.yml`, generated from the loader's keys, the rules'
/// options and the profiles; `schemas/config.schema.json` keeps it and a test checks it is current.
enum ConfigJSONSchema {
    /// Where the file lives in the repository.
    static let path = "schemas/config.schema.json"

    /// The schema's text, for the rules `rules` (the registry's).
    static func rendered(rules: [RuleDescription]) -> String { document(rules: rules).rendered() }

    static func document(rules: [RuleDescription]) -> JSONValue {
        let defaults = Thresholds()
        let thresholdDocs: [String: String] = [
            "instant": "Below this no indicator is needed.",
            "noticeable": "People notice the delay; a description is due.",
            "attention": "People stop waiting: an exit from anything obstructive.",
            "show-after-max": "The latest acceptable `show-after`.",
            "updates-every-max": "The slowest acceptable update of a determinate value.",
            "determinate-after": "Past this expected duration an indeterminate indicator should become determinate; "
                + "follows `attention` until set.",
            "min-display": "The shortest time an indicator, once shown, should stay on screen.",
        ]
        let thresholds: [(String, JSONValue)] = defaults.entries.map { entry in
            let shown = entry.key == "determinate-after" ? "the effective `attention`" : "\(entry.value)"
            return (entry.key, .object([
                ("description", .string("\(thresholdDocs[entry.key] ?? "") Default: \(shown).")),
                ("$ref", .string("#/definitions/duration")),
            ]))
        }
        let profiles = ThresholdProfile.all.map { JSONValue.string($0.id) }
        let profileNames = JSONValue.object([
            ("description", .string("a built-in threshold profile: the timings a design system publishes")),
            ("enum", .array(profiles)),
        ])
        let extendsItem = JSONValue.object([
            ("anyOf", .array([
                .object([("$ref", .string("#/definitions/profile"))]),
                .object([
                    ("description", .string("a config file, relative to this file's folder")),
                    ("type", .string("string")),
                    ("not", .object([("pattern", .string("^progress-lint:"))])),
                ]),
            ])),
        ])
        let levels = JSONValue.object([("enum", .array(["off", "info", "warning", "error"].map { .string($0) }))])
        let ruleProperties: [(String, JSONValue)] = rules.filter { !$0.isInputRule }.map { ($0.id, levels) }
        let options: [(String, JSONValue)] = rules.flatMap(\.ownOptions).map { option in
            let type: JSONValue
            switch option.defaultValue {
            case .text: type = .object([("type", .string("string"))])
            case .texts: type = .object([("anyOf", .array([
                    .object([("type", .string("string"))]),
                    .object([("type", .string("array")), ("items", .object([("type", .string("string"))]))]),
                ]))])
            case .integer: type = .object([("type", .string("integer")), ("minimum", .int(1))])
            }
            return (option.key, .object([("description", .string(option.doc))] + members(type)))
        }
        let globs = JSONValue.object([("anyOf", .array([
            .object([("type", .string("string"))]),
            .object([("type", .string("array")), ("items", .object([("type", .string("string"))]))]),
        ]))])
        let positive = JSONValue.object([("type", .string("integer")), ("minimum", .int(1))])
        let properties: [(String, JSONValue)] = [
            ("extends", .object([
                ("description", .string("config files or built-in profiles (`progress-lint:NAME`) read first; "
                                        + "this file's own settings win")),
                ("anyOf", .array([extendsItem, .object([("type", .string("array")), ("items", extendsItem)])])),
            ])),
            ("platform", .object([("enum", .array(Platform.allCases.map { .string($0.rawValue) }))])),
            ("include", globs),
            ("exclude", globs),
            ("thresholds", .object([
                ("description", .string("response times (ms, s, m or h); they must keep instant <= noticeable <= "
                                        + "attention and noticeable <= determinate-after")),
                ("type", .string("object")), ("additionalProperties", .bool(false)),
                ("properties", .object(thresholds)),
            ])),
            ("components", .object([
                ("description", .string("your own views, each as the known component it stands for, or custom")),
                ("type", .string("object")),
                ("additionalProperties", .object([
                    ("enum", .array((KnownComponent.allCases.map(\.rawValue) + ["custom"]).map { .string($0) })),
                ])),
            ])),
            ("docs-url", .object([("type", .string("string"))])),
            ("rules", .object([
                ("type", .string("object")), ("additionalProperties", .bool(false)),
                ("properties", .object(ruleProperties)),
            ])),
            ("limits", .object([
                ("type", .string("object")), ("additionalProperties", .bool(false)),
                ("properties", .object([
                    ("max-file-size", .object([("type", .array([.string("string"), .string("integer")]))])),
                    ("max-depth", positive), ("max-alias-nodes", positive), ("max-diagnostics-per-file", positive),
                ])),
            ])),
        ] + options
        return .object([
            ("$schema", .string("http://json-schema.org/draft-07/schema#")),
            ("title", .string("progress-lint configuration (.progress-lint.yml)")),
            ("type", .string("object")),
            ("additionalProperties", .bool(false)),
            ("properties", .object(properties)),
            ("definitions", .object([
                ("duration", .object([
                    ("description", .string("a number with a unit: 250ms, 3s, 1.5s, 2m, 1h")),
                    ("type", .string("string")), ("pattern", .string(SpecJSONSchema.durationPattern)),
                ])),
                ("profile", profileNames),
            ])),
        ])
    }

    private static func members(_ value: JSONValue) -> [(String, JSONValue)] {
        if case .object(let members) = value { return members }
        return []
    }
}
