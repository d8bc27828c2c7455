import ProgressLintSpec

/// The JSON Schema (draft-07) of the spec format, one document (one screen), generated from the
/// key table (``ScreenKey``, ``IndicatorKey`` and the nested mappings' keys).
///
/// `progress-lint schema` prints it and `schemas/spec.schema.json` keeps it in the repository, for
/// editors (`# yaml-language-server: $schema=…`); a test checks that the committed file is current.
public enum SpecJSONSchema {
    /// Where the file lives in the repository.
    public static let path = "schemas/spec.schema.json"

    /// The schema's text.
    public static func rendered() -> String { document.rendered() }

    static var document: JSONValue {
        .object([
            ("$schema", .string("http://json-schema.org/draft-07/schema#")),
            ("title", .string("progress-lint screen spec, version 1")),
            ("description", .string("One YAML document: one screen and its progress indicators.")),
        ] + object(SpecKey.all(ScreenKey.self)) + [
            ("definitions", .object([
                ("duration", .object([
                    ("description", .string("a number with a unit: 250ms, 3s, 1.5s, 2m, 1h")),
                    ("type", .string("string")), ("pattern", .string(durationPattern)),
                ])),
                ("text", .object([
                    ("description", .string("text a person reads or hears")),
                    ("type", .array([.string("string"), .string("number"), .string("boolean")])),
                ])),
                ("indicator", .object(object(SpecKey.all(IndicatorKey.self)))),
            ])),
        ])
    }

    static let durationPattern = #"^\s*[0-9]+(\.[0-9]+)?(ms|s|m|h)\s*$"#
    static let expectedDurationPattern =
        #"^\s*(unknown|[0-9]+(\.[0-9]+)?(ms|s|m|h)(\s*\.\.\s*[0-9]+(\.[0-9]+)?(ms|s|m|h))?)\s*$"#

    /// The members of an object's schema with `keys` as its properties: type, required keys, no others.
    static func object(_ keys: [SpecKey]) -> [(String, JSONValue)] {
        let required = keys.filter(\.info.isRequired).map { JSONValue.string($0.name) }
        return [("type", .string("object"))] + (required.isEmpty ? [] : [("required", .array(required))]) + [
            ("additionalProperties", .bool(false)),
            ("properties", .object(keys.map { ($0.name, property($0.info)) })),
        ]
    }

    /// A mapping's schema, with a description.
    static func mapping(_ description: String, _ keys: [SpecKey]) -> JSONValue {
        .object([("description", .string(description))] + object(keys))
    }

    /// One key's schema: its description (with its default) and what its value may be.
    static func property(_ info: SpecKeyInfo) -> JSONValue {
        let description = info.doc + (info.defaultValue.map { " (default \($0))" } ?? "")
        return .object([("description", .string(description))] + value(info.type))
    }

    /// What a value of `type` may be.
    static func value(_ type: SpecValueType) -> [(String, JSONValue)] {
        switch type {
        case .text: [("$ref", .string("#/definitions/text"))]
        case .bool: [("type", .string("boolean"))]
        case .duration: [("$ref", .string("#/definitions/duration"))]
        case .expectedDuration: [("type", .string("string")), ("pattern", .string(expectedDurationPattern))]
        case .fraction: [("type", .string("number")), ("minimum", .int(0)), ("maximum", .int(1))]
        case .version: [("enum", .array([.int(1)]))]
        case .choice(let values): [("enum", .array(values.map { .string($0) }))]
        case .mapping(let keys): object(keys)
        case .list(let item, let keys): [("type", .string("array")), ("items", mapping(item, keys))]
        case .indicators: [("type", .string("array")), ("items", .object([("$ref", .string("#/definitions/indicator"))]))]
        case .boolOrMapping(let description, let keys):
            [("oneOf", .array([.object([("type", .string("boolean"))]), mapping(description, keys)]))]
        case .keywordOrMapping(let keywords, let description, let keys):
            [("oneOf", .array([.object([("enum", .array(keywords.map { .string($0) }))]), mapping(description, keys)]))]
        case .durationOrFalse:
            [("oneOf", .array([.object([("$ref", .string("#/definitions/duration"))]), .object([("const", .bool(false))])]))]
        }
    }
}
