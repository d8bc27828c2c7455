/// Where each report of a run goes: several `--format`s at once, each paired with the `--output`
/// that follows it on the command line; a format with no `--output` goes to standard output.
public struct ReportTarget: Hashable, Sendable {
    /// The `--format` name.
    public var format: String
    /// The file to write, or nil for standard output.
    public var output: String?

    /// Creates a target.
    public init(format: String, output: String?) {
        self.format = format
        self.output = output
    }

    /// Why a set of `--format`/`--output` options cannot be used.
    public struct PlanError: Error, Hashable, Sendable, CustomStringConvertible {
        /// The message for the user.
        public var description: String
    }

    /// Pairs `formats` and `outputs` (as parsed, each in command-line order) using the order of the
    /// option names in `arguments`: an `--output` belongs to the nearest `--format` before it that
    /// has none; an `--output` before any `--format` belongs to the first one. With no format at all,
    /// `defaultFormats` are used (the first takes an `--output`, if given); `githubActions` adds
    /// `github` annotations on standard output when no format was asked for.
    public static func plan(formats: [String], outputs: [String], arguments: [String], defaultFormat: String = "text",
                            githubActions: Bool = false) throws(PlanError) -> [ReportTarget] {
        var targets: [ReportTarget]
        if formats.isEmpty {
            guard outputs.count <= 1 else {
                throw PlanError(description: "each --output needs its own --format before it")
            }
            targets = [ReportTarget(format: defaultFormat, output: outputs.first)]
            if githubActions { targets.append(ReportTarget(format: GitHubReporter.name, output: nil)) }
        } else {
            targets = formats.map { ReportTarget(format: $0, output: nil) }
            let order = optionOrder(arguments)
            let formatCount = order.filter { $0 == .format }.count
            let outputCount = order.count - formatCount
            var leading: [String] = []
            if formatCount == formats.count && outputCount == outputs.count {
                var f = -1, o = 0
                for kind in order {
                    if kind == .format { f += 1; continue }
                    let output = outputs[o]
                    o += 1
                    if f < 0 { leading.append(output); continue }
                    guard targets[f].output == nil else {
                        throw PlanError(description: "two --output options follow --format \(formats[f]); "
                                        + "give each --output its own --format")
                    }
                    targets[f].output = output
                }
            } else {
                leading = outputs  // an unusual spelling of the options: pair them in order
            }
            for output in leading {
                guard let i = targets.firstIndex(where: { $0.output == nil }) else {
                    throw PlanError(description: "more --output options than --format options")
                }
                targets[i].output = output
            }
        }
        // The one exception: on GitHub Actions, with no format asked for, text and annotations share stdout.
        if !formats.isEmpty && targets.filter({ $0.output == nil }).count > 1 {
            let names = targets.filter { $0.output == nil }.map(\.format).joined(separator: ", ")
            throw PlanError(description: "only one format can go to standard output (\(names) would); "
                            + "give the others an --output file")
        }
        var seen: Set<String> = []
        for target in targets {
            if let output = target.output, !seen.insert(output).inserted {
                throw PlanError(description: "two reports would be written to \(output)")
            }
        }
        return targets
    }

    private enum Kind { case format, output }

    private static func optionOrder(_ arguments: [String]) -> [Kind] {
        var kinds: [Kind] = []
        var skipNext = false
        for argument in arguments {
            if skipNext { skipNext = false; continue }
            if argument == "--" { break }
            switch argument {
            case "--format", "-f": kinds.append(.format); skipNext = true
            case "--output", "-o": kinds.append(.output); skipNext = true
            case "--config", "-c", "--jobs", "-j", "--stdin-filename", "--baseline", "--write-baseline",
                 "--max-warnings", "--print-config", "--column-unit", "--color", "--compare":
                skipNext = true
            default:
                if argument.hasPrefix("--format=") || (argument.hasPrefix("-f") && !argument.hasPrefix("--")
                    && argument.count > 2) {
                    kinds.append(.format)
                } else if argument.hasPrefix("--output=") || (argument.hasPrefix("-o") && !argument.hasPrefix("--")
                    && argument.count > 2) {
                    kinds.append(.output)
                }
            }
        }
        return kinds
    }
}
