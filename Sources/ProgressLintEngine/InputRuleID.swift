import ProgressLintSpec

/// The ids of the input rules, which the engine and decoder report themselves: each spelled once
/// (the decoder's two in ``SpecIssue/Kind``), and used by the input rules' own descriptions.
public enum InputRuleID {
    public static let yamlSyntax = "yaml-syntax"
    public static let specSchema = SpecIssue.Kind.schema.rawValue
    public static let duplicateID = SpecIssue.Kind.duplicateID.rawValue
    public static let unusedSuppression = "unused-suppression"

    /// All four.
    public static let all: Set<String> = [yamlSyntax, specSchema, duplicateID, unusedSuppression]
}
