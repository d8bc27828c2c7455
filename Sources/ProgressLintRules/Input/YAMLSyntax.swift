import ProgressLintEngine

/// `yaml-syntax`: the file is not well-formed YAML, not UTF-8, too large or too deep.
/// Reported by the YAML layer; documented here.
public enum YAMLSyntax {
    public static let description = RuleDescription(
        id: InputRuleID.yamlSyntax,
        name: "YAML syntax",
        category: .input,
        defaultSeverity: .error,
        summary: "The file is not well-formed YAML, is not UTF-8 text, or is over a size or nesting limit.",
        rationale: """
            Nothing else can be checked in a file that cannot be read. The message and position come from \
            libyaml's problem mark; for bytes that are not UTF-8 the position is the first bad byte. Files over \
            `limits.max-file-size` and collections nested deeper than `limits.max-depth` are reported here too, \
            so a hostile or accidental file costs bounded time and memory.
            """,
        exceptions: ["Empty files and files of nothing but comments are valid and hold no screens."],
        sharedSettings: ["limits.max-file-size", "limits.max-depth"],
        triggeringExamples: [
            RuleExample("""
                screen: Sign in
                indicators:
                  - id: spinner
                    style: spinner
                    label: Signing in↓: please wait
                """, note: "an unquoted `: ` inside a value; quote the label"),
            RuleExample("""
                screen: Sign in
                indicators: [
                  {id: spinner, style: spinner}
                ↓
                """, note: "an unclosed flow sequence"),
        ],
        nonTriggeringExamples: [
            RuleExample("""
                screen: Sign in
                indicators: []
                """)
        ])
}
