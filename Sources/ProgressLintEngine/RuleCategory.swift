/// The family a rule belongs to, as in the catalogue.
public enum RuleCategory: String, CaseIterable, Sendable {
    case input = "Input"
    case timing = "Timing"
    case interaction = "Interaction"
    case accessibility = "Accessibility"
    case wording = "Wording"
    case platform = "Platform"
    case progressIntegrity = "Progress integrity"
}
