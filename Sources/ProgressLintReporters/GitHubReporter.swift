import ProgressLintCore

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
        for d in context.shown(result) {
            let command: String
            switch d.severity {
            case .error: command = "error"
            case .warning: command = "warning"
            case .info: command = "notice"
            }
            let title = names[d.ruleID].map { "\(d.ruleID): \($0)" } ?? d.ruleID
            let properties = [
                ("file", d.path), ("line", String(d.range.start.line)), ("col", String(d.startColumn(context.columnUnit))),
                ("endLine", String(d.range.end.line)), ("endColumn", String(d.endColumn(context.columnUnit))),
                ("title", "progress-lint " + title),
            ]
            out.write("::\(command) ")
            out.write(properties.map { "\($0.0)=\(GitHubReporter.escapeProperty($0.1))" }.joined(separator: ","))
            out.write("::\(GitHubReporter.escapeData(d.message))\n")
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
