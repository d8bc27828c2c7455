import ProgressLintEngine
import ProgressLintSpec

/// `vague-label`: a label that says only that something is happening.
public struct VagueLabel: IndicatorRule {
    /// The labels it rejects, compared as ``LabelText/normalized(_:)`` makes them; the configured
    /// list replaces the default.
    public static let labels = RuleOption<Labels>(
        rule: "vague-label", key: "vague-labels",
        default: Labels(["Loading", "Please wait", "Authenticating", "Processing", "Working"]),
        doc: "The labels `vague-label` rejects; a configured list replaces the default one, an empty list turns the check off.",
        decode: { node throws(ConfigurationError) in Labels(try node.texts()) },
        encode: { .texts($0.written) })

    /// A list of vague labels, as written and as compared.
    public struct Labels: Equatable, Sendable {
        /// The labels as the config writes them.
        public let written: [String]
        /// The labels normalised for comparison, worked out once per configuration.
        let normalized: Set<String>

        /// The list `written`.
        public init(_ written: [String]) {
            self.written = written
            self.normalized = Set(written.map(LabelText.normalized))
        }

        /// Whether `text` normalises to one of the labels.
        func contains(_ text: String) -> Bool {
            normalized.contains(text.normalizedLabel())
        }
    }

    public static let description = RuleDescription(
        id: "vague-label",
        name: "Vague label",
        category: .wording,
        defaultSeverity: .warning,
        summary: """
            A `label` or `reduce-motion.replace-with` that is one of the configured `vague-labels` \
            (by default \(labels.defaultValue.written.joined(separator: ", "))), ignoring case, \
            surrounding space and trailing dots or an ellipsis.
            """,
        rationale: """
            "Loading" tells people nothing the spinner did not already say. A label that names the work \
            ("Uploading 12 photos", "Checking your password") tells them what they are waiting for and \
            whether it is worth the wait, and it is what a screen reader reads when the animation cannot be \
            seen.
            """,
        sources: [SourceReference(.appleHumanInterfaceGuidelines, section: "Best practices")],
        exceptions: [
            "Longer labels that merely contain a vague word (\"Loading your playlists\") are specific enough.",
            "`vague-labels` in the config replaces the default list; an empty list turns the check off.",
        ],
        ownOptions: [labels.erased],
        reads: ["label", "reduce-motion.replace-with"],
        asks: [.change("label")],
        triggeringExamples: [
            RuleExample("""
                platform: ios
                screen: Inbox
                indicators:
                  - id: fetch
                    style: spinner
                    label: ↓Loading…
                """),
            RuleExample("""
                screen: Sign in
                indicators:
                  - id: auth
                    style: spinner
                    label: ↓"  please WAIT... "
                    reduce-motion: {replace-with: ↓Authenticating}
                """, note: "case, spaces and trailing dots are ignored; both keys are checked"),
            RuleExample("""
                screen: Report
                indicators:
                  - id: crunch
                    style: bar
                    label: ↓Crunching
                """, config: "vague-labels: [Crunching]", note: "a configured list"),
        ],
        nonTriggeringExamples: [
            RuleExample("""
                platform: ios
                screen: Inbox
                indicators:
                  - id: fetch
                    style: spinner
                    label: Loading your messages…
                """),
            RuleExample("""
                screen: Report
                indicators:
                  - id: crunch
                    style: bar
                    label: Loading
                """, config: "vague-labels: [Crunching]", note: "the configured list replaces the default one"),
        ])

    public init() {}

    public func check(_ indicator: Indicator, context: RuleContext) -> [Violation] {
        // The silent path builds nothing: no list of texts, and the option is read only when
        // there is a text to compare.
        var replace: Located<String>?
        if case .fallback(let fallback)? = indicator.reduceMotion?.value { replace = fallback.replaceWith }
        guard indicator.label != nil || replace != nil else { return [] }
        let vague = context.option(Self.labels)
        guard !vague.normalized.isEmpty else { return [] }
        var found: [Violation] = []
        if let label = indicator.label, vague.contains(label.value) {
            found.append(violation(indicator, key: "label", text: label, context: context))
        }
        if let replace, vague.contains(replace.value) {
            found.append(violation(indicator, key: "reduce-motion.replace-with", text: replace, context: context))
        }
        return found
    }

    private func violation(_ indicator: Indicator, key: String, text: Located<String>, context: RuleContext)
        -> Violation
    {
        // A macOS spinner's label is best removed (`labeled-macos-spinner`); its name then goes to
        // `accessibility.label` when the component is a custom one.
        if key == "label", context.platform == .macos, indicator.style?.value == .spinner {
            let (asks, how) = LabeledMacOSSpinner.removal(indicator, context: context)
            return context.violation(indicator, at: text.node,
                "indicator '\(indicator.displayID)' has a vague `\(key)` \"\(text.value.trimmed().clippedForMessage)\"; "
                + "on a macOS spinner, \(how)", asks: asks)
        }
        let better = WorkText(indicator, context: context).doing
        return context.violation(indicator, at: text.node,
            "indicator '\(indicator.displayID)' has a vague `\(key)` \"\(text.value.trimmed().clippedForMessage)\"; "
            + "say what is happening (e.g. \"\(better)\")",
            asks: [.set(key, to: better)])
    }
}
