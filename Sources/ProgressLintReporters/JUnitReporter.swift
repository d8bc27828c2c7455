#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ProgressLintCore
import ProgressLintSpec

/// JUnit XML for CI test dashboards: one `<testsuite>` per file, one `<testcase>` per screen.
///
/// A screen with diagnostics is a failed test case whose `<failure>` lists them; findings that
/// belong to no screen (a YAML syntax error, a cross-file finding with no screen) go to a
/// test case named `(file)`. A file with no screens still gets its suite.
public struct JUnitReporter: Reporter {
    public static let name = "junit"
    public static let summary = "JUnit XML: a test suite per file, a test case per screen"

    /// The test case that holds findings belonging to no screen.
    public static let fileCaseName = "(file)"

    public init() {}

    public func write(_ result: RunResult, context: ReportContext, to out: inout ReportStream) {
        var byPath: [String: [Diagnostic]] = [:]
        for d in context.shown(result) { byPath[d.path, default: []].append(d) }
        let timestamp = JUnitReporter.timestamp()
        let hostname = XMLText.attribute(JUnitReporter.hostname())

        out.write("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n")
        var id = 0
        // A suite per linted file, in path order, then one per other path with findings.
        for position in result.files.indices {
            let file = result.files[position]
            suite(file.path, screens: file.screenNames, diagnostics: byPath.removeValue(forKey: file.path) ?? [])
        }
        for path in byPath.keys.sorted() { suite(path, screens: [], diagnostics: byPath[path]!) }

        func suite(_ path: String, screens names: [String], diagnostics: [Diagnostic]) {
            defer { id += 1 }
            var cases: [(name: String, diagnostics: [Diagnostic])] = names.map { ($0, []) }
            var loose: [Diagnostic] = []
            for d in diagnostics {
                if let screen = d.screen, let i = cases.firstIndex(where: { $0.name == screen }) {
                    cases[i].diagnostics.append(d)
                } else {
                    loose.append(d)
                }
            }
            if !loose.isEmpty { cases.append((JUnitReporter.fileCaseName, loose)) }
            let failures = cases.filter { !$0.diagnostics.isEmpty }.count
            let suiteName = XMLText.attribute(path.isEmpty ? "(unnamed)" : path)
            out.write("  <testsuite name=\"\(suiteName)\" id=\"\(id)\" package=\"\(suiteName)\" ")
            out.write("timestamp=\"\(timestamp)\" hostname=\"\(hostname)\" tests=\"\(cases.count)\" ")
            out.write("failures=\"\(failures)\" errors=\"0\" skipped=\"0\" time=\"0\">\n")
            out.write("    <properties>\n")
            out.write("      <property name=\"tool\" value=\"\(Tool.name) \(Tool.version)\"/>\n")
            out.write("    </properties>\n")
            for testCase in cases {
                let name = testCase.name.trimmed().isEmpty ? "(unnamed screen)" : testCase.name
                out.write("    <testcase name=\"\(XMLText.attribute(name))\" classname=\"\(suiteName)\" time=\"0\"")
                guard !testCase.diagnostics.isEmpty else {
                    out.write("/>\n")
                    continue
                }
                let worst = testCase.diagnostics.map(\.severity).max() ?? .error
                let count = testCase.diagnostics.count
                let message = count == 1 ? testCase.diagnostics[0].message : "\(count) problems"
                out.write(">\n      <failure message=\"\(XMLText.attribute(message))\" type=\"\(worst.rawValue)\">")
                for d in testCase.diagnostics {
                    var line = "\(TerminalText.lineStart(d.path)):\(d.range.start.line):\(d.range.start.column): \(d.severity.rawValue): "
                    line += "\(d.message) [\(d.ruleID)]"
                    if let yamlPath = d.yamlPath { line += " at \(yamlPath)" }
                    line += " \(Tool.documentationURI(for: d.ruleID))"
                    out.write(XMLText.content(line) + "\n")
                }
                out.write("</failure>\n    </testcase>\n")
            }
            out.write("    <system-out/>\n    <system-err/>\n  </testsuite>\n")
        }
        out.write("</testsuites>\n")
    }

    /// Now, in UTC, as the schema's `YYYY-MM-DDTHH:MM:SS`.
    static func timestamp() -> String {
        var now = time(nil)
        var parts = tm()
        gmtime_r(&now, &parts)
        func two(_ n: Int32) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))T"
            + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))"
    }

    static func hostname() -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "localhost" }
        let name = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return name.isEmpty ? "localhost" : name
    }
}
