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
    /// Settings it reads that other rules share (`thresholds.attention`, …), by their config key;
    /// the options only it reads are ``ownOptions``.
    public var sharedSettings: [String]
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
    public var appliesTo: IndicatorScope
    /// Examples that must produce exactly the marked diagnostics.
    public var triggeringExamples: [RuleExample]
    /// Examples that must produce none of this rule's diagnostics.
    public var nonTriggeringExamples: [RuleExample]

    /// Input rules are always on and cannot be suppressed.
    public var isInputRule: Bool { category == .input }

    /// Creates a description.
    public init(
        id: String, name: String, category: RuleCategory, defaultSeverity: Severity, summary: String,
        rationale: String, sources: [SourceReference] = [], exceptions: [String] = [], sharedSettings: [String] = [],
        ownOptions: [AnyRuleOption] = [], reads: [String] = [], asks: [Ask] = [], fix: FixDescription? = nil,
        appliesTo: IndicatorScope = .anyIndicator,
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
        self.sharedSettings = sharedSettings
        self.ownOptions = ownOptions
        self.reads = reads
        self.asks = asks
        self.fix = fix
        self.appliesTo = appliesTo
        self.triggeringExamples = triggeringExamples
        self.nonTriggeringExamples = nonTriggeringExamples
    }
}
