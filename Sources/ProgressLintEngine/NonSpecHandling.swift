/// What the linter does with a file that is not shaped like a screen spec (contract revision 1.3,
/// "YAML that is not a spec, round two").
public enum NonSpecHandling: Sendable, Hashable {
    /// Lint it as a spec whatever it holds (standard input).
    case lint
    /// Skip it (``FileResult/skippedAsNotSpec``), as for a file found by walking a folder or named
    /// with `--force-exclude`, when ``SpecShape/isNotSpec(_:limits:)`` says it is not a spec.
    case skip
    /// Give a file that parses and is not a spec one `spec-schema` error at 1:1 saying how to leave
    /// such files out (a file named on the command line); an empty one gets nothing, a broken one its
    /// `yaml-syntax` error.
    case flag

    /// The message of ``flag``'s finding.
    public static let notSpecMessage =
        "the file does not look like a screen spec (no `screen` or `indicators` key at its top level); "
        + "leave files like it out with `exclude` in `.progress-lint.yml`, or pass `--force-exclude` "
        + "to skip them when they are named"
}
