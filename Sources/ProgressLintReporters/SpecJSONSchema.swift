import ProgressLintSpec

/// The JSON Schema (draft-07) of the spec format, one document (one screen).
///
/// `progress-lint schema` prints it and `schemas/spec.schema.json` keeps it in the repository, for
/// editors (`# yaml-language-server: $schema=…`). Enum values come from the decoder's own enums;
/// a test checks that its keys match `SpecKeys` both ways and that the committed file is current.
public enum SpecJSONSchema {
    /// Where the file lives in the repository.
    public static let path = "schemas/spec.schema.json"

    /// The schema's text.
    public static func rendered() -> String { document.rendered() }

    static var document: JSONValue {
        .object([
            ("$schema", .string("http://json-schema.org/draft-07/schema#")),
            ("$id", .string("\(Tool.informationURI)/raw/main/\(path)")),
            ("title", .string("progress-lint screen spec, version 1")),
            ("description", .string("One YAML document: one screen and its progress indicators.")),
            ("type", .string("object")),
            ("required", .array([.string("screen"), .string("indicators")])),
            ("additionalProperties", .bool(false)),
            ("properties", .object([
                ("version", .object([("description", .string("1 is the only version")), ("enum", .array([.int(1)]))])),
                ("platform", choice(Platform.self, "the platform the screen runs on")),
                ("screen", text("the screen's name, used in messages")),
                ("indicators", .object([
                    ("description", .string("the screen's progress indicators (may be empty)")),
                    ("type", .string("array")), ("items", .object([("$ref", .string("#/definitions/indicator"))])),
                ])),
            ])),
            ("definitions", .object([
                ("duration", .object([
                    ("description", .string("a number with a unit: 250ms, 3s, 1.5s, 2m, 1h")),
                    ("type", .string("string")), ("pattern", .string(durationPattern)),
                ])),
                ("text", .object([
                    ("description", .string("text a person reads or hears")),
                    ("type", .array([.string("string"), .string("number"), .string("boolean")])),
                ])),
                ("indicator", indicator),
            ])),
        ])
    }

    static let durationPattern = #"^\s*[0-9]+(\.[0-9]+)?(ms|s|m|h)\s*$"#
    static let expectedDurationPattern =
        #"^\s*(unknown|[0-9]+(\.[0-9]+)?(ms|s|m|h)(\s*\.\.\s*[0-9]+(\.[0-9]+)?(ms|s|m|h))?)\s*$"#

    static func text(_ description: String) -> JSONValue {
        .object([("description", .string(description)), ("$ref", .string("#/definitions/text"))])
    }

    static func duration(_ description: String) -> JSONValue {
        .object([("description", .string(description)), ("$ref", .string("#/definitions/duration"))])
    }

    static func bool(_ description: String) -> JSONValue {
        .object([("description", .string(description)), ("type", .string("boolean"))])
    }

    static func choice<E: SpecEnum>(_ type: E.Type, _ description: String) -> JSONValue {
        .object([("description", .string(description)), ("enum", .array(E.allCases.map { .string($0.rawValue) }))])
    }

    static func mapping(_ description: String, _ properties: [(String, JSONValue)]) -> JSONValue {
        .object([
            ("description", .string(description)), ("type", .string("object")),
            ("additionalProperties", .bool(false)), ("properties", .object(properties)),
        ])
    }

    static var indicator: JSONValue {
        .object([
            ("type", .string("object")),
            ("required", .array([.string("id"), .string("style")])),
            ("additionalProperties", .bool(false)),
            ("properties", .object(indicatorProperties)),
        ])
    }

    /// The indicator's keys, in `SpecKeys.indicator` order.
    static var indicatorProperties: [(String, JSONValue)] {
        [
            ("id", text("unique within the screen")),
            ("style", choice(IndicatorStyle.self, "track that fills / circular spinner / pull-to-refresh control")),
            ("determinate", bool("shows how much is done (default false)")),
            ("component", text("the platform component it is built from, e.g. UIProgressView; any other name is custom")),
            ("task", text("a short name for the kind of work; indicators with the same task are compared across screens")),
            ("purpose", choice(Purpose.self, "what the indicator stands for (default task-progress)")),
            ("duration", .object([
                ("description", .string("how long the work is expected to take: a duration, a range such as 2s..30s, or unknown")),
                ("type", .string("string")), ("pattern", .string(expectedDurationPattern)),
            ])),
            ("show-after", duration("delay before the indicator appears (default 0s)")),
            ("presentation", choice(Presentation.self, "overlay and full-screen block the screen (default inline)")),
            ("other-actions", choice(OtherActions.self, "what the user's other actions would do while the work runs")),
            ("user-initiated", bool("did the person start this work (default true)")),
            ("location", choice(Location.self, "where it is drawn (default content)")),
            ("track", choice(Track.self, "bars only: whether the unfilled track is drawn (default visible)")),
            ("label", text("visible text shown with the indicator")),
            ("accessibility", mapping("screen-reader behaviour", [
                ("label", text("the accessibility label / content description")),
                ("focus", choice(Focus.self, "where focus goes when the indicator appears (default unchanged)")),
                ("focus-after", choice(FocusAfter.self, "where focus goes when the work ends (default unchanged)")),
                ("announce", mapping("announcements", [
                    ("start", text("announced when it appears")),
                    ("completion", text("announced when the work ends")),
                    ("progress-every", duration("periodic progress announcements")),
                    ("repeat-every", duration("the start announcement repeated while it runs")),
                ])),
            ])),
            ("reduce-motion", .object([
                ("description", .string("what replaces the animation when Reduce Motion is on")),
                ("oneOf", .array([
                    .object([("enum", .array([.string("stop-animation"), .string("none")]))]),
                    mapping("text that replaces the animation", [
                        ("replace-with", text("the text shown instead of the animation")),
                        ("follow-up", text("the text that replaces it if the work is still running after follow-up-after")),
                        ("follow-up-after", duration("default 3s")),
                    ]),
                ])),
            ])),
            ("cancel", .object([
                ("description", .string("a Cancel action")),
                ("oneOf", .array([
                    .object([("type", .string("boolean"))]),
                    mapping("a Cancel action and how it behaves", [
                        ("label", text("the action's label")),
                        ("discards-progress", bool("cancelling loses work done so far")),
                        ("confirm", bool("cancelling asks first")),
                    ]),
                ])),
            ])),
            ("close", bool("a Close/Dismiss action that leaves the work running (default false)")),
            ("pause", bool("a Pause action (default false)")),
            ("updates-every", duration("how often a determinate indicator's value is updated")),
            ("phases", .object([
                ("description", .string("the parts of the work in order and the share of the indicator each fills")),
                ("type", .string("array")),
                ("items", mapping("a phase", [
                    ("name", text("the phase's name")),
                    ("share", .object([
                        ("description", .string("the fraction of the indicator it fills")),
                        ("type", .string("number")), ("minimum", .int(0)), ("maximum", .int(1)),
                    ])),
                    ("duration", duration("how long the phase takes")),
                    ("verifies", bool("a step that checks the result")),
                ])),
            ])),
            ("on-total-change", choice(TotalChange.self, "when the total changes mid-way")),
            ("failure", mapping("what the indicator and screen show when the work fails", [
                ("fills", bool("whether the indicator fills up on failure")),
                ("message", text("the failure message")),
                ("retry", bool("whether Retry is offered")),
            ])),
            ("stall", mapping("what happens when no progress is made for `after`", [
                ("after", duration("how long without progress")),
                ("message", text("the stall message")),
                ("retry", bool("whether Retry is offered")),
            ])),
            ("becomes", .object([
                ("description", .string("later states of the same indicator, in order")),
                ("type", .string("array")),
                ("items", mapping("a later state", [
                    ("when", text("when it changes")),
                    ("style", choice(IndicatorStyle.self, "its style from then on")),
                    ("determinate", bool("whether it is determinate from then on")),
                ])),
            ])),
            ("title", text("refresh controls only: the control's title")),
            ("auto-refresh", .object([
                ("description", .string("refresh controls only: how often the content refreshes by itself, or false")),
                ("oneOf", .array([
                    .object([("$ref", .string("#/definitions/duration"))]),
                    .object([("const", .bool(false))]),
                ])),
            ])),
        ]
    }
}
