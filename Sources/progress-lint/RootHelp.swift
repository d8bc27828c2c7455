/// `progress-lint --help`: linting is what `progress-lint` runs, so its help shows the lint
/// arguments and options (from `help lint`) with the root's overview and subcommands.
enum RootHelp {
    static func render(root: String, lint: String) -> String {
        let rootSections = sections(root)
        let lintSections = sections(lint)
        var parts: [String] = []
        if let overview = rootSections["OVERVIEW"] { parts.append(overview) }
        if let usage = lintSections["USAGE"] {
            let own = usage.split(separator: "\n", omittingEmptySubsequences: false).map { line in
                line.hasPrefix("USAGE: progress-lint lint") ? "USAGE: progress-lint" + line.dropFirst(25) : String(line)
            }.joined(separator: "\n")
            parts.append(own + "\n       progress-lint <subcommand>")
        }
        for name in ["ARGUMENTS", "OPTIONS"] { if let section = lintSections[name] { parts.append(section) } }
        if let subcommands = rootSections["SUBCOMMANDS"] { parts.append(subcommands) }
        return parts.joined(separator: "\n\n") + "\n"
    }

    /// The help text's sections by title (`OPTIONS`), each with its title line, trailing blank lines dropped.
    static func sections(_ help: String) -> [String: String] {
        var result: [String: String] = [:]
        var current: String?
        var lines: [Substring] = []
        func finish() {
            while lines.last?.allSatisfy({ $0 == " " }) == true { lines.removeLast() }
            if let current { result[current] = lines.joined(separator: "\n") }
        }
        for line in help.split(separator: "\n", omittingEmptySubsequences: false) {
            let title = line.prefix { $0.isUppercase }
            if !title.isEmpty, line.dropFirst(title.count).first == ":" {
                finish()
                current = String(title)
                lines = []
            }
            lines.append(line)
        }
        finish()
        return result
    }
}
