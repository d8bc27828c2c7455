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

/// A guideline text a rule comes from, cited by its public title, publisher and address.
public enum GuidelineSource: String, CaseIterable, Sendable {
    case a = "A", b = "B", c = "C", d = "D", e = "E"

    /// The document's public title.
    public var title: String {
        switch self {
        case .a: return "iOS Progress Indicators (2 of 3): indeterminate indicators"
        case .b: return "iOS Progress Indicators (3 of 3): determinate indicators"
        case .c: return "Activity indicators (Ubuntu Touch app design guidelines, UI Toolkit)"
        case .d: return "Human Interface Guidelines: Progress indicators"
        case .e: return "Loading spinner (native app accessibility checklist, iOS and Android)"
        }
    }

    /// Who published it (and when, where known).
    public var publisher: String {
        switch self {
        case .a, .b: return "John Sweet, johnsweetaccessibility.com, April 2020"
        case .c: return "Canonical / UBports"
        case .d: return "Apple"
        case .e: return "MagentaA11y (T-Mobile)"
        }
    }

    /// Where to read it: a web address, or where in a larger guide it sits.
    public var address: String {
        switch self {
        case .a: return "https://johnsweetaccessibility.com/2020/04/ios-progress-indicators-2-of-3/"
        case .b: return "https://johnsweetaccessibility.com/2020/04/ios-progress-indicators-3-of-3/"
        case .c: return "Ubuntu app design guides, \"Building blocks › Activity indicators\""
        case .d: return "https://developer.apple.com/design/human-interface-guidelines/progress-indicators"
        case .e: return "https://www.magentaa11y.com/checklist-native/loading-spinner/"
        }
    }

    /// Whether ``address`` is a web address (else it names a place in a guide).
    public var hasURL: Bool { address.hasPrefix("https://") }

    /// Where the default thresholds (0.1 s, 1 s, 10 s) that sources A and B quote come from.
    public static let thresholdsCitation =
        "Jakob Nielsen, *Usability Engineering* (1993), chapter 5, \"Response times\""
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
    /// Shared configuration it reads (`thresholds.attention`, …), by its config key.
    public var options: [String]
    /// The options it owns (key, default, decoder, doc), declared in its file: the loader reads
    /// them, `--print-config` and `init` write them, its page shows their defaults.
    public var ownOptions: [AnyRuleOption]
    /// The spec keys it reads, as dotted paths (`duration`, `accessibility.announce.start`). The
    /// engine does not run it on an indicator where one of them (or a mapping holding it) had an
    /// invalid value: it cannot judge what it cannot read.
    public var reads: [String]
    /// What its findings ask the user to do, key by key (a finding may say otherwise).
    public var asks: [Ask]
    /// Whether its findings carry a fix, of which applicability, and why (nil: no fix).
    public var fix: FixDescription?
    /// Which indicators it judges: rules about the progress of a task stay silent on an indicator
    /// whose `purpose` is not `task-progress`.
    public var appliesTo: Applicability
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
        ownOptions: [AnyRuleOption] = [], reads: [String] = [], asks: [Ask] = [], fix: FixDescription? = nil,
        appliesTo: Applicability = .anyIndicator,
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
        self.ownOptions = ownOptions
        self.reads = reads
        self.asks = asks
        self.fix = fix
        self.appliesTo = appliesTo
        self.triggeringExamples = triggeringExamples
        self.nonTriggeringExamples = nonTriggeringExamples
    }
}
