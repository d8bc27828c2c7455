import ProgressLintEngine
import ProgressLintSupport
import ProgressLintRun
import ProgressLintWorkspace
import ProgressLintYAML

/// A diagnostic's fix in the JSON report: applicability, message and edits (byte offsets, and
/// line and column in characters).
enum FixJSON {
    static func write(_ fix: Fix?, into json: inout JSONWriter) {
        guard let fix else { return json.null() }
        json.beginObject()
        json.key(literal: "applicability")
        json.string(fix.applicability.rawValue)
        json.key(literal: "message")
        json.string(fix.title)
        json.key(literal: "edits")
        json.beginArray()
        for edit in fix.edits {
            json.beginObject()
            json.key(literal: "start")
            position(edit.start, edit.startPosition, into: &json)
            json.key(literal: "end")
            position(edit.end, edit.endPosition, into: &json)
            json.key(literal: "content")
            json.string(edit.content)
            json.end()
        }
        json.end()
        json.end()
    }

    private static func position(_ offset: Int, _ position: SourcePosition, into json: inout JSONWriter) {
        json.beginObject()
        json.key(literal: "offset")
        json.int(offset)
        json.key(literal: "line")
        json.int(position.line)
        json.key(literal: "column")
        json.int(position.column)
        json.end()
    }
}

extension FixJSON {
    /// A SARIF `fix`: one artifact change whose replacements are the edits, as byte regions.
    static func sarif(_ fix: Fix, path: String) -> JSONValue {
        let replacements: [JSONValue] = fix.edits.map { edit in
            .object([
                ("deletedRegion", .object([("byteOffset", .int(edit.start)), ("byteLength", .int(edit.end - edit.start))])),
                ("insertedContent", .object([("text", .string(edit.content))])),
            ])
        }
        return .object([
            ("description", .object([("text", .string(fix.title))])),
            ("artifactChanges", .array([.object([
                ("artifactLocation", .object([("uri", .string(SARIFReporter.uri(path)))])),
                ("replacements", .array(replacements)),
            ])])),
            ("properties", .object([("applicability", .string(fix.applicability.rawValue))])),
        ])
    }
}
