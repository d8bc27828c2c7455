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

/// A guideline text a rule comes from (the files in the contract's `seeds/`).
public enum GuidelineSource: String, CaseIterable, Sendable {
    case a = "A", b = "B", c = "C", d = "D", e = "E"

    /// The guideline's title.
    public var title: String {
        switch self {
        case .a: return "Accessible indeterminate progress indicators on iOS"
        case .b: return "Accessible determinate progress indicators on iOS"
        case .c: return "A UI toolkit's guide to activity indicators"
        case .d: return "Apple Human Interface Guidelines: Progress indicators"
        case .e: return "Loading-spinner accessibility checklist (iOS, Android)"
        }
    }

    /// The seed file it is kept in.
    public var seedFile: String {
        switch self {
        case .a: return "000_f1a2e028d92066d5.txt"
        case .b: return "001_16bed01a773b00c0.txt"
        case .c: return "002_085073d27641687c.txt"
        case .d: return "003_bda30d37371d114a.txt"
        case .e: return "004_ba61a51392916f6d.txt"
        }
    }
}

/// A reference from a rule to the part of a guideline it follows.
public struct SourceReference: Hashable, Sendable {
    /// The guideline.
    public var source: GuidelineSource
    /// The section of it, by its heading.
    public var section: String

    /// Creates a reference.
    public init(_ source: GuidelineSource, section: String) {
        self.source = source
        self.section = section
    }
}

/// A YAML example in a rule's description, run by the generic rule test.
///
/// In a triggering example, `↓` marks each position where the rule must report
/// (the marker is removed before linting). `config` is an optional
/// `.progress-lint.yml` to lint the example with.
public struct RuleExample: Hashable, Sendable {
    /// The spec, with `↓` markers in triggering examples.
    public var yaml: String
    /// A configuration to lint it with, as YAML text.
    public var config: String?
    /// A short note on what the example shows.
    public var note: String?

    /// Creates an example.
    public init(_ yaml: String, config: String? = nil, note: String? = nil) {
        self.yaml = yaml
        self.config = config
        self.note = note
    }

    /// The marker of an expected position.
    public static let marker: Character = "↓"

    /// The YAML without markers.
    public var source: String { yaml.replacingMarkers() }
}

extension String {
    func replacingMarkers() -> String { String(filter { $0 != RuleExample.marker }) }
}

/// Everything that documents a rule: its page under `Rules/` is generated from this.
public struct RuleDescription: Sendable {
    /// The id used in output, config and suppressions, e.g. `vague-label`.
    public var id: String
    /// A short human name, e.g. "Vague label".
    public var name: String
    /// Its catalogue family.
    public var category: RuleCategory
    /// The severity when the config does not set one.
    public var defaultSeverity: Severity
    /// One sentence: what it flags.
    public var summary: String
    /// Why it matters, in our own words.
    public var rationale: String
    /// Where the guidance comes from.
    public var sources: [SourceReference]
    /// When it does not fire, worth saying.
    public var exceptions: [String]
    /// Configuration it reads (thresholds, `vague-labels`), by its config key.
    public var options: [String]
    /// Examples that must produce exactly the marked diagnostics.
    public var triggeringExamples: [RuleExample]
    /// Examples that must produce none of this rule's diagnostics.
    public var nonTriggeringExamples: [RuleExample]

    /// Input rules are always on and cannot be suppressed.
    public var isInputRule: Bool { category == .input }

    /// Creates a description.
    public init(
        id: String, name: String, category: RuleCategory, defaultSeverity: Severity, summary: String,
        rationale: String, sources: [SourceReference] = [], exceptions: [String] = [], options: [String] = [],
        triggeringExamples: [RuleExample] = [], nonTriggeringExamples: [RuleExample] = []
    ) {
        self.id = id
        self.name = name
        self.category = category
        self.defaultSeverity = defaultSeverity
        self.summary = summary
        self.rationale = rationale
        self.sources = sources
        self.exceptions = exceptions
        self.options = options
        self.triggeringExamples = triggeringExamples
        self.nonTriggeringExamples = nonTriggeringExamples
    }
}
