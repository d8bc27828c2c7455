import ProgressLintEngine
import ProgressLintRun
import ProgressLintWorkspace
import ProgressLintSupport

/// GitHub Actions workflow commands (`::error file=…,line=…::message`): annotations on the pull request.
///
/// Properties and data are escaped as the runner documents (`%`, CR, LF, and `:` `,` in properties);
/// other control characters from specs are shown as escapes, never sent raw.
public struct GitHubReporter: Reporter {
    public static let name = "github"
    public static let summary = "GitHub Actions annotations (workflow commands)"

    public init() {}

    public func write(_ result: RunResult, context: ReportContext, to out: inout ReportStream) {
        let names = Dictionary(context.rules.map { ($0.id, $0.name) }, uniquingKeysWith: { a, _ in a })
        // Escaped once: a file's path for its first finding, a rule's title for its first finding.
        var file: (path: String, escaped: String)?
        var titles: [String: String] = [:]
        for d in context.report(result).diagnostics {
            switch d.severity {
            case .error: out.write(ascii: "::error ")
            case .warning: out.write(ascii: "::warning ")
            case .info: out.write(ascii: "::notice ")
            }
            if file.map({ !ByteOrder.same($0.path, d.path) }) ?? true { file = (d.path, GitHubReporter.escapeProperty(d.path)) }
            out.write(ascii: "file=")
            out.write(file!.escaped)
            // Numbers are digits and `-`: escaping leaves them as they are.
            out.write(ascii: ",line=")
            out.write(int: d.range.start.line)
            out.write(ascii: ",col=")
            out.write(int: d.startColumn(context.columnUnit))
            out.write(ascii: ",endLine=")
            out.write(int: d.range.end.line)
            out.write(ascii: ",endColumn=")
            out.write(int: d.endColumn(context.columnUnit))
            out.write(ascii: ",title=")
            if let title = titles[d.ruleID] {
                out.write(title)
            } else {
                let title = GitHubReporter.escapeProperty("progress-lint " + (names[d.ruleID].map { "\(d.ruleID): \($0)" } ?? d.ruleID))
                titles[d.ruleID] = title
                out.write(title)
            }
            out.write(ascii: "::")
            out.write(GitHubReporter.escapeData(d.message))
            out.write(byte: 0x0A)
        }
    }

    /// Escapes a command's data (the message).
    public static func escapeData(_ text: String) -> String {
        // Most messages hold none of the three: only the terminal-safety pass is left.
        guard text.utf8.contains(where: { $0 == UInt8(ascii: "%") || $0 == 0x0D || $0 == 0x0A }) else {
            return TerminalText.safe(text)
        }
        var out = ""
        for c in text.unicodeScalars {
            switch c {
            case "%": out += "%25"
            case "\r": out += "%0D"
            case "\n": out += "%0A"
            default: out.unicodeScalars.append(c)
            }
        }
        return TerminalText.safe(out)
    }

    /// Escapes a property value (file, title): as data, plus `:` and `,`.
    public static func escapeProperty(_ text: String) -> String {
        let data = escapeData(text)
        guard data.utf8.contains(where: { $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: ",") }) else { return data }
        var out = ""
        for c in data.unicodeScalars {
            switch c {
            case ":": out += "%3A"
            case ",": out += "%2C"
            default: out.unicodeScalars.append(c)
            }
        }
        return out
    }
}
