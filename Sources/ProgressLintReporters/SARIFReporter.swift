import ProgressLintCore
import ProgressLintSupport

/// SARIF 2.1.0 for GitHub code scanning and other SARIF viewers: every rule in `tool.driver.rules`,
/// one result per diagnostic with its region and a `partialFingerprints` entry that does not depend
/// on line numbers (see ``Fingerprint``).
public struct SARIFReporter: Reporter {
    public static let name = "sarif"
    public static let summary = "SARIF 2.1.0 for GitHub code scanning"

    public init() {}

    public func write(_ result: RunResult, context: ReportContext, to out: inout ReportStream) {
        let shown = context.shown(result)
        var index: [String: Int] = [:]
        for (i, rule) in context.rules.enumerated() where index[rule.id] == nil { index[rule.id] = i }
        // Fingerprints are numbered per file as results are written, when files come in order.
        var order = Fingerprint.Order()
        for d in shown.keys { order.note(path: d.path) }
        var fingerprints = Fingerprint.Sequence(byFile: order.isByFile)
        // SARIF knows code points and UTF-16 code units; byte columns are written as code points.
        let unit: ColumnUnit = context.columnUnit == .utf16 ? .utf16 : .char
        let driver = JSONValue.object([
            ("name", .string(Tool.name)),
            ("version", .string(Tool.version)),
            ("semanticVersion", .string(Tool.version)),
            ("informationUri", .string(Tool.informationURI)),
            ("rules", .array(context.rules.map(rule))),
        ])
        // Written as it goes, one result at a time (the same text as the tree it would make).
        out.writeJSON { json in
            json.beginObject()
            json.key("$schema")
            json.string("https://json.schemastore.org/sarif-2.1.0.json")
            json.key("version")
            json.string("2.1.0")
            json.key("runs")
            json.beginArray()
            json.beginObject()
            json.key("tool")
            json.value(.object([("driver", driver)]))
            json.key("columnKind")
            json.string(unit == .utf16 ? "utf16CodeUnits" : "unicodeCodePoints")
            json.key("results")
            json.beginArray()
            // A file's URI is made once, for its first result.
            var uri: (path: String, uri: String)?
            for d in shown {
                if uri.map({ !ByteOrder.same($0.path, d.path) }) ?? true { uri = (d.path, SARIFReporter.uri(d.path)) }
                sarifResult(d, fingerprint: fingerprints.next(d), index: index, unit: unit, uri: uri!.uri, into: &json)
            }
            json.end()
            json.key("invocations")
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
        json.key("ruleId")
        json.string(d.ruleID)
        if let ruleIndex = index[d.ruleID] {
            json.key("ruleIndex")
            json.int(ruleIndex)
        }
        json.key("level")
        json.string(SARIFReporter.level(d.severity))
        json.key("message")
        json.beginObject()
        json.key("text")
        json.string(d.message)
        json.end()
        json.key("locations")
        json.beginArray()
        location(d, unit: unit, uri: uri, into: &json)
        json.end()
        json.key("partialFingerprints")
        json.beginObject()
        json.key(Fingerprint.sarifKey)
        json.string(fingerprint)
        json.end()
        if let fix = d.fix {
            json.key("fixes")
            json.value(.array([FixJSON.sarif(fix, path: d.path)]))
        }
        if d.yamlPath != nil || d.screen != nil || d.indicator != nil {
            json.key("properties")
            json.beginObject()
            if let yamlPath = d.yamlPath {
                json.key("yamlPath")
                json.string(yamlPath)
            }
            if let screen = d.screen {
                json.key("screen")
                json.string(screen)
            }
            if let indicator = d.indicator {
                json.key("indicator")
                json.string(indicator)
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

    private func rule(_ rule: RuleDescription) -> JSONValue {
        .object([
            ("id", .string(rule.id)),
            ("name", .string(rule.name)),
            ("shortDescription", .object([("text", .string(rule.summary))])),
            ("fullDescription", .object([("text", .string(rule.rationale))])),
            ("helpUri", .string(Tool.documentationURI(for: rule.id))),
            ("help", .object([("text", .string("\(rule.summary) See \(Tool.documentationURI(for: rule.id))"))])),
            ("defaultConfiguration", .object([("level", .string(SARIFReporter.level(rule.defaultSeverity)))])),
            ("properties", .object([("tags", .array([.string(rule.category.rawValue)]))])),
        ])
    }

    private func location(_ d: Diagnostic, unit: ColumnUnit, uri: String, into json: inout JSONWriter) {
        let startLine = max(1, d.range.start.line)
        let startColumn = max(1, d.startColumn(unit))
        var endLine = max(startLine, d.range.end.line)
        var endColumn = max(1, d.endColumn(unit))
        if endLine == startLine && endColumn < startColumn { endColumn = startColumn }
        if d.range.end.line < startLine { endLine = startLine; endColumn = startColumn }
        json.beginObject()
        json.key("physicalLocation")
        json.beginObject()
        json.key("artifactLocation")
        json.beginObject()
        json.key("uri")
        json.string(uri)
        json.end()
        json.key("region")
        json.beginObject()
        json.key("startLine")
        json.int(startLine)
        json.key("startColumn")
        json.int(startColumn)
        json.key("endLine")
        json.int(endLine)
        json.key("endColumn")
        json.int(endColumn)
        json.end()
        json.end()
        json.end()
    }

    /// A path as a URI reference: forward slashes, relative paths stay relative, reserved bytes percent-encoded.
    public static func uri(_ path: String) -> String {
        // A backslash is a character of a POSIX file name, not a separator: encoded (%5C), never `/`.
        var path = path
        while path.hasPrefix("./") { path.removeFirst(2) }
        var out: [UInt8] = Array((path.hasPrefix("/") ? "file://" : "").utf8)
        out.reserveCapacity(out.count + path.utf8.count + 8)
        let hex = Array("0123456789ABCDEF".utf8)
        for byte in path.utf8 {
            if uriKeeps(byte) {
                out.append(byte)
            } else {
                out += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

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
