import ProgressLintEngine
import ProgressLintRun
import ProgressLintWorkspace
import ProgressLintSpec

extension ConfigurationText {
    /// The `.progress-lint.yml` that `progress-lint init` writes: every option at its default, as
    /// `--print-config` renders the defaults (so the two cannot drift), with a comment on each.
    public static func starter(rules: [RuleDescription]) -> String {
        let names = Dictionary(rules.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
        let platforms = Platform.allCases.map(\.rawValue).joined(separator: ", ")
        let notes: [String: [String]] = [
            "include": [
                "Globs, relative to this file's folder, of the specs to lint; empty: every *.yaml and *.yml",
                "(found in a folder, YAML that is not a spec, with no `screen` or `indicators`, is skipped).",
            ],
            "exclude": ["Globs of specs to skip, relative to this file's folder."],
            "thresholds": [
                "Response times the timing rules judge waits by (ms, s, m or h); they must keep",
                "instant <= noticeable <= attention and noticeable <= determinate-after.",
                "To start from the timings a design system publishes, extend a built-in profile",
                "(`extends: progress-lint:gnome`; `progress-lint profiles` lists them) and delete the",
                "thresholds below that it sets: this file's own values win.",
            ],
            "components": [
                "Your own views (design-system wrappers), each as the known component it stands for, or custom:",
                "the component checks then apply to them, and none gets \"did you mean\". For example",
                "  components: {BrandProgressBar: UIProgressView, DSSpinner: CircularProgressIndicator, ChartShimmer: custom}",
            ],
            "vague-labels": [
                "Labels that say nothing about the work (vague-label); case and trailing dots are ignored.",
            ],
            "rules": [
                "Each rule's level: off, info, warning or error.",
                "`progress-lint rules` lists them; `progress-lint explain RULE` explains one.",
            ],
            "limits": [
                "Bounds that keep a hostile or accidental file cheap: bytes per file, nesting depth,",
                "and nodes reached through aliases.",
            ],
        ]
        var out = """
            # progress-lint configuration, written by `progress-lint init`.
            # Every option is at its default: change what you need, delete what you do not.
            # `progress-lint --print-config SPEC` shows the configuration a spec gets.

            # Settings read first from other files or built-in threshold profiles (the timings a
            # design system publishes: `progress-lint profiles` lists them); this file's own settings win.
            # extends: ../.progress-lint.yml
            # extends: [progress-lint:gnome, ../.progress-lint.yml]

            # Where your copy of the rule pages (Rules/*.md) is published, if anywhere: JSON reports
            # then give each finding's `docs` address, and SARIF each rule's `helpUri`.
            # `{rule}` in it is replaced by the rule's id; else `<docs-url>/<rule-id>.md`.
            # docs-url: https://docs.example.com/progress-lint/Rules

            # The platform of specs that name none: \(platforms).
            # Rules that name a platform run only when it is known.
            # platform: ios

            """
        let defaults = render(Configuration(), for: ".progress-lint.yml", rules: rules)
        for line in defaults.split(separator: "\n") {
            if line.hasPrefix("#") { continue }  // the header and the unset platform, written above
            var text = String(line)
            if text.hasSuffix("  # default") { text.removeLast("  # default".count) }
            // Written, `determinate-after` would stop following `attention`: shown commented out.
            if text.hasPrefix("  determinate-after:") {
                text = "  # determinate-after: \(Thresholds().determinateAfter)  "
                    + "# follows attention until set; past it an indeterminate indicator should turn determinate"
            }
            if !text.hasPrefix(" "), let colon = text.firstIndex(of: ":") {
                let key = String(text[..<colon])
                if let comment = notes[key] {
                    if !out.hasSuffix("\n\n") { out += "\n" }
                    out += comment.map { "# \($0)\n" }.joined()
                }
            } else if let colon = text.firstIndex(of: ":"),
                      let name = names[String(text.drop { $0 == " " }[..<colon])] {
                text += "  # \(name)"
            }
            out += text + "\n"
        }
        return out
    }
}
