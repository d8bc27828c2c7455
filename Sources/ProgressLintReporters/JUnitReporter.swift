#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import ProgressLintEngine
import ProgressLintRun
import ProgressLintWorkspace
import ProgressLintSpec
import ProgressLintSupport

/// JUnit XML for CI test dashboards: one `<testsuite>` per file, one `<testcase>` per screen.
/// A screen fails only on errors, as the exit code does, so a dashboard is red exactly when CI is;
/// warnings and infos go to the suite's `<system-out>` (the schema allows none per test case).
/// Findings outside any screen go to a test case named `(file)`, and a run that could not lint
/// everything (exit 2) starts with a `progress-lint` suite holding an `<error>` per problem.
public struct JUnitReporter: Reporter {
    public static let name = "junit"
    /// An earlier report of this format, by how its report starts (white space left out).
    public static func recognises(_ prefix: ReportPrefix) -> Bool { prefix.hasPrefix("<?xml") || prefix.hasPrefix("<testsuites") }
    public static let summary = "JUnit XML: a test suite per file, a test case per screen"

    /// The test case that holds findings belonging to no screen.
    public static let fileCaseName = "(file)"
    /// The suite that holds what stopped the run from linting everything.
    public static let runSuiteName = Tool.name

    public init() {}

    public func write(_ result: RunResult, context: ReportContext, to out: inout ReportStream) {
        let report = context.report(result)
        let timestamp = JUnitReporter.timestamp()
        let hostname = XMLText.attribute(JUnitReporter.hostname())

        out.write("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n")
        var id = 0
        let toolProperty = "      <property name=\"tool\" value=\"\(Tool.name) \(Tool.version)\"/>\n"
        func open(_ name: String, tests: Int, failures: Int, errors: Int) {
            let name = XMLText.attribute(name)
            // Written piece by piece (numbers as digits), the same text as one interpolated string.
            out.write(ascii: "  <testsuite name=\"")
            out.write(name)
            out.write(ascii: "\" id=\"")
            out.write(int: id)
            out.write(ascii: "\" package=\"")
            out.write(name)
            out.write(ascii: "\" timestamp=\"")
            out.write(timestamp)
            out.write(ascii: "\" hostname=\"")
            out.write(hostname)
            out.write(ascii: "\" tests=\"")
            out.write(int: tests)
            out.write(ascii: "\" failures=\"")
            out.write(int: failures)
            out.write(ascii: "\" errors=\"")
            out.write(int: errors)
            out.write(ascii: "\" skipped=\"0\" time=\"0\">\n    <properties>\n")
            out.write(toolProperty)
            out.write(ascii: "    </properties>\n")
            id += 1
        }
        let runErrors = result.runErrors
        if !runErrors.isEmpty {
            let suiteName = JUnitReporter.runSuiteName
            open(suiteName, tests: runErrors.count, failures: 0, errors: runErrors.count)
            for error in runErrors {
                let name = error.path.map { $0.trimmed().isEmpty ? "(unnamed)" : $0 } ?? "(run)"
                out.write("    <testcase name=\"\(XMLText.attribute(name))\" classname=\"\(XMLText.attribute(suiteName))\" time=\"0\">\n")
                out.write("      <error message=\"\(XMLText.attribute(error.message))\" type=\"error\">")
                out.write(XMLText.content(error.description) + "\n")
                out.write("</error>\n    </testcase>\n")
            }
            out.write("    <system-out/>\n    <system-err/>\n  </testsuite>\n")
        }
        // A suite per linted file, in path order, then one per other path with findings (in path
        // order too), holding one file's findings at a time.
        var others: [(path: String, diagnostics: [Diagnostic])] = []
        for file in report.byFile {
            guard let position = file.position else {
                others.append((file.path, file.diagnostics))
                continue
            }
            let summary = report.file(at: position)
            suite(file.path, screens: Array(zip(summary.screenNames, summary.screenDocuments)), diagnostics: file.diagnostics)
        }
        for other in others { suite(other.path, screens: [], diagnostics: other.diagnostics) }

        func suite(_ path: String, screens: [(name: String, document: Int)], diagnostics: [Diagnostic]) {
            var cases: [(name: String, document: Int?, diagnostics: [Diagnostic])] = screens.map { ($0.name, $0.document, []) }
            var repeated = Set<String>()
            var seen = Set<String>()
            for screen in screens where !seen.insert(screen.name).inserted { repeated.insert(screen.name) }
            var loose: [Diagnostic] = []
            for d in diagnostics {
                // A finding goes to its own document's screen; one with no document to the first of that name.
                if let screen = d.screen,
                   let i = cases.firstIndex(where: { $0.name == screen && $0.document != nil && $0.document == d.documentIndex })
                    ?? cases.firstIndex(where: { $0.name == screen }) {
                    cases[i].diagnostics.append(d)
                } else {
                    loose.append(d)
                }
            }
            if !loose.isEmpty { cases.append((JUnitReporter.fileCaseName, nil, loose)) }
            let failures = cases.filter { $0.diagnostics.contains { $0.severity == .error } }.count
            let suiteName = XMLText.attribute(path.isEmpty ? "(unnamed)" : path)
            open(path.isEmpty ? "(unnamed)" : path, tests: cases.count, failures: failures, errors: 0)
            var systemOut: [String] = []
            for testCase in cases {
                var name = testCase.name.trimmed().isEmpty ? "(unnamed screen)" : testCase.name
                if let document = testCase.document, repeated.contains(testCase.name) { name += " (document \(document + 1))" }
                out.write(ascii: "    <testcase name=\"")
                out.write(XMLText.attribute(name))
                out.write(ascii: "\" classname=\"")
                out.write(suiteName)
                out.write(ascii: "\" time=\"0\"")
                for d in testCase.diagnostics where d.severity != .error { systemOut.append("\(name): " + JUnitReporter.line(d, context: context)) }
                let errors = testCase.diagnostics.filter { $0.severity == .error }
                guard !errors.isEmpty else {
                    out.write(ascii: "/>\n")
                    continue
                }
                let message = errors.map { d in
                    "\(d.range.start.line):\(d.range.start.column): \(d.message) [\(d.ruleID)]"
                }.joined(separator: "\n")
                out.write(">\n      <failure message=\"\(XMLText.attribute(message))\" type=\"error\">")
                for d in errors { out.write(XMLText.content(JUnitReporter.line(d, context: context)) + "\n") }
                out.write("</failure>\n    </testcase>\n")
            }
            if systemOut.isEmpty {
                out.write(ascii: "    <system-out/>\n")
            } else {
                out.write("    <system-out>")
                for line in systemOut { out.write(XMLText.content(line) + "\n") }
                out.write("</system-out>\n")
            }
            out.write(ascii: "    <system-err/>\n  </testsuite>\n")
        }
        out.write("</testsuites>\n")
    }

    /// `path:line:column: severity: message [rule] at yaml.path docs-link`, one finding (the link
    /// only when an address of the rule pages is configured).
    static func line(_ d: Diagnostic, context: ReportContext) -> String {
        var line = "\(TerminalText.lineStart(d.path)):\(d.range.start.line):\(d.range.start.column): \(d.severity.rawValue): "
        line += "\(d.message) [\(d.ruleID)]"
        if let yamlPath = d.yamlPath { line += " at \(yamlPath)" }
        if let docs = context.documentationURI(for: d.ruleID) { line += " \(docs)" }
        return line
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
