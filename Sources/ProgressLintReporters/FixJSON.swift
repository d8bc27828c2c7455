import ProgressLintEngine
import ProgressLintSupport
import ProgressLintRun
import ProgressLintWorkspace
import ProgressLintYAML

/// A diagnostic's fix in the JSON report: applicability, message and edits (byte offsets, and
/// line and column in characters).
enum FixJSON {
    /// Writes `fix` (or `null`) as the value of a member at nesting `level`, as ``JSONWriter`` writes it.
    static func write(_ fix: Fix?, level: Int, into b: inout ReportBuffer) {
        guard let fix else { return b.null() }
        b.put(byte: 0x7B)
        b.member("applicability", level: level + 1, first: true)
        b.string(fix.applicability.rawValue)
        b.member("message", level: level + 1)
        b.string(fix.title)
        b.member("edits", level: level + 1)
        if fix.edits.isEmpty {
            b.put("[]")
        } else {
            for (i, edit) in fix.edits.enumerated() {
                b.put(byte: i == 0 ? 0x5B : 0x2C)
                b.newline(level: level + 2)
                b.put(byte: 0x7B)
                b.member("start", level: level + 3, first: true)
                position(edit.start, edit.startPosition, level: level + 3, into: &b)
                b.member("end", level: level + 3)
                position(edit.end, edit.endPosition, level: level + 3, into: &b)
                b.member("content", level: level + 3)
                b.string(edit.content)
                b.newline(level: level + 2)
                b.put(byte: 0x7D)
            }
            b.newline(level: level + 1)
            b.put(byte: 0x5D)
        }
        b.newline(level: level)
        b.put(byte: 0x7D)
    }

    private static func position(_ offset: Int, _ position: SourcePosition, level: Int, into b: inout ReportBuffer) {
        b.put(byte: 0x7B)
        b.member("offset", level: level + 1, first: true)
        b.int(offset)
        b.member("line", level: level + 1)
        b.int(position.line)
        b.member("column", level: level + 1)
        b.int(position.column)
        b.newline(level: level)
        b.put(byte: 0x7D)
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
