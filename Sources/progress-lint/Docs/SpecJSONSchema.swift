import ProgressLintReporters
import ProgressLintSpec
import ProgressLintSupport

/// The JSON Schema (draft-07) of one spec document, generated from the key table, for editors;
/// `schemas/spec.schema.json` keeps it and a test checks it is current.
enum SpecJSONSchema {
    /// Where the file lives in the repository.
    static let path = "schemas/spec.schema.json"

    /// The schema's text.
    static func rendered() -> String { document.rendered() }

    static var document: JSONValue {
        .object([
            ("$schema", .string("http://json-schema.org/draft-07/schema#")),
            ("title", .string("progress-lint screen spec, version 1")),
            ("description", .string("One YAML document: one screen and its progress indicators.")),
        ] + object(SpecKey.all(ScreenKey.self)) + [
            ("defaultSnippets", .array([screenSnippet])),
            ("definitions", .object([
                ("duration", .object([
                    ("description", .string("a number with a unit: 250ms, 3s, 1.5s, 2m, 1h")),
                    ("type", .string("string")), ("pattern", .string(durationPattern)),
                ])),
                ("text", .object([
                    ("description", .string("text a person reads or hears")),
                    ("type", .array([.string("string"), .string("number"), .string("boolean")])),
                ])),
                ("indicator", .object(object(SpecKey.all(IndicatorKey.self)) + [
                    ("defaultSnippets", .array([indicatorSnippet])),
                ])),
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

    /// One key's schema: its description (with its default), the same in Markdown for editors
    /// (yaml-language-server shows `markdownDescription` on hover and in completion), and what
    /// its value may be.
    static func property(_ info: SpecKeyInfo) -> JSONValue {
        let description = info.doc + (info.defaultValue.map { " (default \($0))" } ?? "")
        return .object([("description", .string(description)), ("markdownDescription", .string(markdown(info)))]
                       + value(info.type))
    }

    /// A key's documentation in Markdown: what it is, its default, and each allowed value's meaning.
    static func markdown(_ info: SpecKeyInfo) -> String {
        var text = info.doc.prefix(1).uppercased() + info.doc.dropFirst() + "."
        if info.isRequired { text += " **Required.**" }
        if let value = info.defaultValue { text += " Default: `\(value)`." }
        if case .choice(let values, let docs) = info.type, docs.count == values.count {
            text += "\n\n" + zip(values, docs).map { "- `\($0)`: \($1)" }.joined(separator: "\n")
        }
        return text
    }

    /// What yaml-language-server offers to insert in an empty spec: a screen with one indicator.
    static var screenSnippet: JSONValue {
        .object([
            ("label", .string("progress-lint screen")),
            ("description", .string("A screen with one progress indicator")),
            ("body", .object([
                ("version", .int(1)),
                ("platform", .string("${1:ios}")),
                ("screen", .string("${2:Upload photos}")),
                ("indicators", .array([indicatorBody(first: 3)])),
            ])),
        ])
    }

    /// What yaml-language-server offers to insert as an item of `indicators`.
    static var indicatorSnippet: JSONValue {
        .object([
            ("label", .string("progress-lint indicator")),
            ("description", .string("A progress indicator with its required keys, a label and a duration")),
            ("body", indicatorBody(first: 1)),
        ])
    }

    /// An indicator's snippet body, its tab stops numbered from `first`.
    static func indicatorBody(first: Int) -> JSONValue {
        .object([
            ("id", .string("${\(first):upload}")),
            ("style", .string("${\(first + 1):bar}")),
            ("determinate", .bool(true)),
            ("label", .string("${\(first + 2):Uploading photos}")),
            ("duration", .string("${\(first + 3):5s..2m}")),
        ])
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
        case .choice(let values, let docs):
            [("enum", .array(values.map { .string($0) }))]
                + (docs.count == values.count ? [("enumDescriptions", .array(docs.map { .string($0) }))] : [])
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
