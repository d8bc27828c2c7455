/// The ids of the input rules, which the engine and decoder report themselves.
public enum InputRuleID {
    public static let yamlSyntax = "yaml-syntax"
    public static let specSchema = "spec-schema"
    public static let duplicateID = "duplicate-id"
    public static let unusedSuppression = "unused-suppression"

    /// All four.
    public static let all: Set<String> = [yamlSyntax, specSchema, duplicateID, unusedSuppression]
}
