import ProgressLintEngine
import ProgressLintRun
import ProgressLintWorkspace
import ProgressLintSupport

/// SARIF 2.1.0 for GitHub code scanning and other SARIF viewers: every rule in `tool.driver.rules`,
/// one result per diagnostic with its region and a `partialFingerprints` entry that does not depend
/// on line numbers (see ``Fingerprint``).
public struct SARIFReporter: Reporter {
    public static let name = "sarif"
    /// An earlier report of this format, by how its report starts (white space left out).
    public static func recognises(_ prefix: ReportPrefix) -> Bool { prefix.hasPrefix("{") && prefix.contains("sarif") }
    public static let summary = "SARIF 2.1.0 for GitHub code scanning"

    public init() {}

    public func write(_ result: RunResult, context: ReportContext, to out: inout ReportStream) {
        let report = context.report(result)
        var index: [String: Int] = [:]
        for (i, rule) in context.rules.enumerated() where index[rule.id] == nil { index[rule.id] = i }
        // Fingerprints are numbered per file as results are written.
        var fingerprints = Fingerprint.Sequence(for: report)
        // SARIF knows code points and UTF-16 code units; byte columns are written as code points.
        let unit: ColumnUnit = context.columnUnit == .utf16 ? .utf16 : .char
        // Written as it goes, one result at a time (the same text as the tree it would make).
        out.writeJSON { json in
            json.beginObject()
            json.member("$schema", "https://json.schemastore.org/sarif-2.1.0.json")
            json.member("version", "2.1.0")
            json.key(literal: "runs")
            json.beginArray()
            json.beginObject()
            json.key(literal: "tool")
            json.beginObject()
            json.key(literal: "driver")
            driver(context.rules, docsURI: context.documentationURI(for:), into: &json)
            json.end()
            json.member("columnKind", unit == .utf16 ? "utf16CodeUnits" : "unicodeCodePoints")
            json.key(literal: "results")
            json.beginArray()
            // A file's URI is made once, for its first result.
            var uri: (path: String, uri: String)?
            for d in report.diagnostics {
                if uri.map({ !ByteOrder.same($0.path, d.path) }) ?? true { uri = (d.path, SARIFReporter.uri(d.path)) }
                sarifResult(d, fingerprint: fingerprints.next(d), index: index, unit: unit, uri: uri!.uri, into: &json)
            }
            json.end()
            json.key(literal: "invocations")
            json.value(.array([SARIFReporter.invocation(result)]))
            json.end()
            json.end()
            json.end()
        }
    }

    /// One diagnostic as a SARIF result, written member by member (the text its tree would make).
    private func sarifResult(_ d: Diagnostic, fingerprint: String, index: [String: Int], unit: ColumnUnit, uri: String,
                             into json: inout JSONWriter) {
        json.beginObject()
        json.member("ruleId", d.ruleID)
        if let ruleIndex = index[d.ruleID] {
            json.member("ruleIndex", ruleIndex)
        }
        json.member("level", SARIFReporter.level(d.severity))
        json.key(literal: "message")
        json.beginObject()
        json.member("text", d.message)
        json.end()
        json.key(literal: "locations")
        json.beginArray()
        location(d, unit: unit, uri: uri, into: &json)
        json.end()
        json.key(literal: "partialFingerprints")
        json.beginObject()
        json.key(Fingerprint.sarifKey)
        json.string(fingerprint)
        json.end()
        if let fix = d.fix {
            json.key(literal: "fixes")
            json.value(.array([FixJSON.sarif(fix, path: d.path)]))
        }
        if d.yamlPath != nil || d.screen != nil || d.indicator != nil {
            json.key(literal: "properties")
            json.beginObject()
            if let yamlPath = d.yamlPath {
                json.member("yamlPath", yamlPath)
            }
            if let screen = d.screen {
                json.member("screen", screen)
            }
            if let indicator = d.indicator {
                json.member("indicator", indicator)
            }
            json.end()
        }
        json.end()
    }

    /// Whether the run linted all it was asked to; if not, a notification (level error) per run error,
    /// with the file concerned when there is one, so a failed run never reads as a clean one.
    static func invocation(_ result: RunResult) -> JSONValue {
        let notifications: [JSONValue] = result.runErrors.map { error in
            var fields: [(String, JSONValue)] = [("level", .string("error")), ("message", .object([("text", .string(error.message))]))]
            if let path = error.path {
                var physical: [(String, JSONValue)] = [("artifactLocation", .object([("uri", .string(uri(path)))]))]
                if let line = error.line, line >= 1 {
                    var region: [(String, JSONValue)] = [("startLine", .int(line))]
                    if let column = error.column, column >= 1 { region.append(("startColumn", .int(column))) }
                    physical.append(("region", .object(region)))
                }
                fields.append(("locations", .array([.object([("physicalLocation", .object(physical))])])))
            }
            return .object(fields)
        }
        return .object([
            ("executionSuccessful", .bool(result.isComplete)),
            ("toolExecutionNotifications", .array(notifications)),
        ])
    }

    /// SARIF's name for a severity.
    public static func level(_ severity: Severity) -> String {
        switch severity {
        case .error: return "error"
        case .warning: return "warning"
        case .info: return "note"
        }
    }

    /// The tool and every rule, written member by member (the text their tree would make).
    private func driver(_ rules: [RuleDescription], docsURI: (String) -> String?, into json: inout JSONWriter) {
        json.beginObject()
        json.member("name", Tool.name)
        json.member("version", Tool.version)
        json.member("semanticVersion", Tool.version)
        json.key(literal: "rules")
        json.beginArray()
        for rule in rules { self.rule(rule, docs: docsURI(rule.id), into: &json) }
        json.end()
        json.end()
    }

    /// A rule: `helpUri` only when an address of its page is configured; `help` always carries
    /// the page's gist and how to read the whole of it.
    private func rule(_ rule: RuleDescription, docs: String?, into json: inout JSONWriter) {
        json.beginObject()
        json.member("id", rule.id)
        json.member("name", rule.name)
        json.key(literal: "shortDescription")
        json.beginObject()
        json.member("text", rule.summary)
        json.end()
        json.key(literal: "fullDescription")
        json.beginObject()
        json.member("text", rule.rationale)
        json.end()
        if let docs {
            json.member("helpUri", docs)
        }
        let more = docs.map { "The rule's page: \($0)" } ?? "`progress-lint explain \(rule.id)` shows the rule's page."
        json.key(literal: "help")
        json.beginObject()
        json.key(literal: "text")
        json.string(joining: rule.summary, "\n\n", rule.rationale, "\n\n", more)
        json.key(literal: "markdown")
        json.string(joining: "**", rule.summary, "**\n\n", rule.rationale, "\n\n",
                    docs.map { "[The rule's page](\($0))" } ?? more)
        json.end()
        json.key(literal: "defaultConfiguration")
        json.beginObject()
        json.member("level", SARIFReporter.level(rule.defaultSeverity))
        json.end()
        json.key(literal: "properties")
        json.beginObject()
        json.key(literal: "tags")
        json.beginArray()
        json.string(rule.category.rawValue)
        json.end()
        json.end()
        json.end()
    }

    private func location(_ d: Diagnostic, unit: ColumnUnit, uri: String, into json: inout JSONWriter) {
        let startLine = max(1, d.range.start.line)
        let startColumn = max(1, d.startColumn(unit))
        var endLine = max(startLine, d.range.end.line)
        var endColumn = max(1, d.endColumn(unit))
        if endLine == startLine && endColumn < startColumn { endColumn = startColumn }
        if d.range.end.line < startLine { endLine = startLine; endColumn = startColumn }
        json.beginObject()
        json.key(literal: "physicalLocation")
        json.beginObject()
        json.key(literal: "artifactLocation")
        json.beginObject()
        json.member("uri", uri)
        json.end()
        json.key(literal: "region")
        json.beginObject()
        json.member("startLine", startLine)
        json.member("startColumn", startColumn)
        json.member("endLine", endLine)
        json.member("endColumn", endColumn)
        json.end()
        json.end()
        json.end()
    }

    /// A path as a URI reference: forward slashes, relative paths stay relative, reserved bytes (and
    /// every byte of a character that is not ASCII) percent-encoded, in one pass over its bytes.
    public static func uri(_ path: String) -> String {
        var path = path
        return path.withUTF8 { bytes -> String in
            var start = 0
            while start + 1 < bytes.count && bytes[start] == 0x2E && bytes[start + 1] == 0x2F { start += 2 }
            let scheme: StaticString = "file://"
            let absolute = start < bytes.count && bytes[start] == 0x2F
            // At most three bytes out for each byte in, after the scheme.
            let capacity = (absolute ? scheme.utf8CodeUnitCount : 0) + 3 * (bytes.count - start)
            return String(unsafeUninitializedCapacity: Swift.max(capacity, 1)) { out in
                var n = 0
                if absolute {
                    scheme.withUTF8Buffer { for b in $0 { out[n] = b; n += 1 } }
                }
                // A backslash is a character of a POSIX file name, not a separator: encoded (%5C), never `/`.
                // Indexes stay within `out`: each byte writes at most 3 and `capacity` allows 3 per byte.
                for i in start..<bytes.count {
                    let byte = bytes[i]
                    if uriKeeps(byte) {
                        out[n] = byte
                        n += 1
                    } else {
                        out[n] = 0x25
                        out[n + 1] = uriHex[Int(byte >> 4)]
                        out[n + 2] = uriHex[Int(byte & 0xF)]
                        n += 3
                    }
                }
                return n
            }
        }
    }

    private static let uriHex: [UInt8] = Array("0123456789ABCDEF".utf8)

    /// ASCII letters and digits, and `-._~/!$&'()*+,;=@`: the bytes a URI reference keeps as they are.
    static func uriKeeps(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        // `-._~/!$&'()*+,;=@`, each a case (not a search of the list for every byte).
        case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"), UInt8(ascii: "!"),
             UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "*"),
             UInt8(ascii: "+"), UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "="), UInt8(ascii: "@"):
            return true
        default:
            return false
        }
    }
}

extension JSONWriter {
    /// A key and its string value (null for nil).
    mutating func member(_ key: StaticString, _ value: String?) {
        self.key(literal: key)
        string(value)
    }

    /// A key and its integer value.
    mutating func member(_ key: StaticString, _ value: Int) {
        self.key(literal: key)
        int(value)
    }
}
