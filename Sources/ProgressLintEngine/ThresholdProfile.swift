import ProgressLintSpec
import ProgressLintSupport

/// A built-in threshold profile (`extends: progress-lint:NAME`): a design system's timings with the
/// sentence each comes from. ``all`` is the one table the loader and every document read.
public struct ThresholdProfile: Sendable {
    /// One threshold a profile sets.
    public struct Value: Sendable {
        /// The threshold's config key (`instant`, `determinate-after`, …).
        public var key: String
        /// Its value.
        public var value: Duration
        /// What the design system says, quoted as short excerpts (`[...]` where words are left out).
        public var says: String
        /// Set to the profile's `instant` to keep `instant <= noticeable`, not published.
        public var raised: Bool
        /// Where this value is published, when not on the profile's page (a design token).
        public var publishedIn: String?

        init(_ key: String, _ value: Duration, _ says: String, raised: Bool = false, publishedIn: String? = nil) {
            self.key = key
            self.value = value
            self.says = says
            self.raised = raised
            self.publishedIn = publishedIn
        }

        /// The value's source in one line: what the page says, or why it was raised.
        public var note: String {
            if raised { return "raised to `instant` to keep `instant <= noticeable` (not published)" }
            return publishedIn.map { "\($0): \(says)" } ?? says
        }
    }

    /// The name after `progress-lint:` (`gnome`).
    public var name: String
    /// The design system and who publishes it.
    public var publisher: String
    /// The page the values come from.
    public var page: String
    /// The page's address; nil for a book.
    public var address: String?
    /// Superseded guidance, still published (`windows-legacy`).
    public var legacy: Bool
    /// The thresholds it sets, in the order of ``Thresholds/entries``.
    public var values: [Value]

    /// How `extends` names it: `progress-lint:gnome`.
    public var id: String { ThresholdProfile.prefix + name }

    /// What starts an `extends` value that names a profile; such a value is never a path.
    public static let prefix = "progress-lint:"

    /// Sets the thresholds this profile names; the others keep their value.
    public func apply(to thresholds: inout Thresholds) {
        for value in values { thresholds.set(value.key, to: value.value) }
    }

    /// The profile named exactly `name` (without the prefix).
    public static func named(_ name: String) -> ThresholdProfile? { all.first { $0.name == name } }

    /// A design system people might look for that has no profile, and why.
    public struct Missing: Sendable {
        /// The name someone would write (`apple`).
        public var name: String
        /// The system, as its publisher calls it.
        public var system: String
        /// Why there is no profile.
        public var reason: String
    }

    /// The systems with no profile (they publish no timings), looked for ignoring case.
    public static let missing: [Missing] = [
        Missing(name: "apple", system: "Apple (Human Interface Guidelines)",
                reason: "its page on progress indicators says when to use a spinner or a bar, never after how long"),
        Missing(name: "material", system: "Google's Material Design",
                reason: "its progress indicators pages describe the components and their motion, with no wait times"),
        Missing(name: "polaris", system: "Shopify Polaris",
                reason: "its spinner and loading pages give no durations"),
        Missing(name: "winui", system: "WinUI (Windows App SDK)",
                reason: "its progress controls guidance gives no durations (the Windows 7 era guidelines do: "
                    + "`progress-lint:windows-legacy`)"),
        Missing(name: "kde", system: "KDE (Human Interface Guidelines)",
                reason: "it withdrew its page on progress indicators, so there is nothing to cite"),
    ]

    /// The closest profile to an unknown `name`, found ignoring case: the nearest by edits
    /// (``DidYouMean/distance(_:_:atMost:)``).
    public static func closest(to name: String) -> ThresholdProfile {
        let typed = Array(name.lowercased().utf8.prefix(64))
        var best = all[0]
        var bestDistance = Int.max
        for profile in all {
            if let distance = DidYouMean.distance(typed, Array(profile.name.utf8), atMost: .max), distance < bestDistance {
                best = profile
                bestDistance = distance
            }
        }
        return best
    }

    /// Why `written` (an `extends` value starting with ``prefix``) names no profile, or nil when it
    /// names one. `extends` (false: the name alone, as `progress-lint profiles NAME` takes it) says
    /// how the message quotes it.
    public static func unknownMessage(_ written: String, extends: Bool = true) -> String? {
        let name = String(written.dropFirst(prefix.count))
        if named(name) != nil { return nil }
        let list = all.map { "`\($0.id)`" }.joined(separator: ", ")
        let clipped = written.count > 60 ? String(written.prefix(57)) + "…" : written
        let shown = extends ? "`extends: \(clipped)`" : "`\(clipped)`"
        if let missing = missing.first(where: { $0.name == name.lowercased() }) {
            return "\(shown): \(missing.system) publishes no timings (\(missing.reason)), so there is no "
                + "profile for it; set `thresholds` yourself, or use one of the built-in profiles: \(list)"
        }
        let closest = closest(to: name)
        return "\(shown) is not a built-in profile (names are lower case); did you mean `\(closest.id)`? "
            + "The profiles: \(list)"
    }
}

extension Thresholds {
    /// Sets the threshold whose config key is `key` (`determinate-after` stops following `attention`).
    public mutating func set(_ key: String, to value: Duration) {
        switch key {
        case "instant": instant = value
        case "noticeable": noticeable = value
        case "attention": attention = value
        case "show-after-max": showAfterMax = value
        case "updates-every-max": updatesEveryMax = value
        case "determinate-after": determinateAfterSet = value
        case "min-display": minDisplay = value
        default: break
        }
    }

    /// The config keys of the thresholds, in the order of ``entries``.
    public static let keys = Thresholds().entries.map(\.key)
}

extension ThresholdProfile {
    /// Every built-in profile, from the contract's table (spec format, revision 1.3).
    public static let all: [ThresholdProfile] = [
        ThresholdProfile(
            name: "nielsen", publisher: "Jakob Nielsen, Usability Engineering (1993)",
            page: "chapter 5, \"Response times\"", address: nil, legacy: false,
            values: [
                Value("instant", Duration(milliseconds: 100), "0.1 s: instantaneous"),
                Value("noticeable", .seconds(1), "1 s: flow of thought uninterrupted"),
                Value("attention", .seconds(10), "10 s: limit for keeping attention"),
            ]),
        ThresholdProfile(
            name: "salt", publisher: "J.P. Morgan Salt design system", page: "Foundations › Duration",
            address: "https://saltdesignsystem.com/salt/foundations/duration", legacy: false,
            values: [
                Value("instant", Duration(milliseconds: 100),
                      "\"An instant duration is an immediate system response [...] within 0–100ms\""),
                Value("noticeable", .seconds(1),
                      "notable, 1,000 ms: \"useful to indicate to the user that the system is working\""),
                Value("attention", .seconds(10),
                      "cutoff, 10,000 ms: \"the point at which any attempt for a system to respond should finish\""),
            ]),
        ThresholdProfile(
            name: "primer", publisher: "GitHub Primer", page: "UI patterns › Loading",
            address: "https://primer.style/ui-patterns/loading", legacy: false,
            values: [
                Value("instant", .seconds(1), "\"Less than 1 second: Don't show a loading state\""),
                Value("noticeable", .seconds(1), "", raised: true),
                Value("attention", .seconds(10),
                      "\"More than 10 seconds: [...] treating the process as a background task\""),
                Value("show-after-max", .seconds(1),
                      "\"the amount of time to wait before showing a loading indicator\" (1000ms)",
                      publishedIn: "token `motion.loading.delay.default` in primer/primitives"),
                Value("determinate-after", .seconds(3), "\"3–10 seconds: Use a determinate loading state if possible\""),
            ]),
        ThresholdProfile(
            name: "fluent2", publisher: "Microsoft Fluent 2", page: "Spinner usage",
            address: "https://fluent2.microsoft.design/components/web/react/core/spinner/usage", legacy: false,
            values: [
                Value("instant", .seconds(1), "\"used for loading states that take more than a second\""),
                Value("noticeable", .seconds(3),
                      "\"If you know a process will take longer than three seconds, use a label with the spinner\""),
            ]),
        ThresholdProfile(
            name: "astro", publisher: "Astro UX Design System (space systems)", page: "Progress",
            address: "https://astrouxds.com/components/progress", legacy: false,
            values: [
                Value("instant", .seconds(1),
                      "\"When operations take one second or longer to complete, add a Progress feedback element\""),
                Value("noticeable", .seconds(1), "", raised: true),
                Value("determinate-after", .seconds(10), "determinate \"recommended for processes longer than 10 seconds\""),
            ]),
        ThresholdProfile(
            name: "atlassian", publisher: "Atlassian Design System", page: "Spinner usage",
            address: "https://atlassian.design/components/spinner/usage", legacy: false,
            values: [
                Value("instant", .seconds(1), "\"Only show a spinner if the expected wait time is more than a second\""),
                Value("noticeable", .seconds(1), "", raised: true),
            ]),
        ThresholdProfile(
            name: "carbon", publisher: "IBM Carbon", page: "Loading usage",
            address: "https://carbondesignsystem.com/components/loading/usage", legacy: false,
            values: [
                Value("instant", .seconds(3), "\"Use a loading indicator if the expected wait time exceeds three seconds\""),
                Value("noticeable", .seconds(3), "", raised: true),
            ]),
        ThresholdProfile(
            name: "gnome", publisher: "GNOME Human Interface Guidelines", page: "Spinners",
            address: "https://developer.gnome.org/hig/patterns/feedback/spinners.html", legacy: false,
            values: [
                Value("instant", .seconds(3),
                      "\"If an operation takes less than three seconds, it isn't necessary to indicate progress\""),
                Value("noticeable", .seconds(3), "", raised: true),
                Value("determinate-after", .seconds(30),
                      "\"If the task is likely to take more than 30 seconds, a progress bar might be a better choice\""),
            ]),
        ThresholdProfile(
            name: "acorn", publisher: "Firefox Acorn design system", page: "Loading indicators",
            address: "https://acorn.firefox.com/latest/patterns/loading-indicators-SKyqf3Lj", legacy: false,
            values: [
                Value("instant", Duration(milliseconds: 200),
                      "\"Don't show a spinner animation if the wait time for the action will be less than 200ms\""),
                Value("min-display", Duration(milliseconds: 400), "\"We recommend 400ms minimum display time\""),
            ]),
        ThresholdProfile(
            name: "windows-legacy", publisher: "Windows desktop UX guidelines (Windows 7 era, still published)",
            page: "Progress bars", address: "https://learn.microsoft.com/en-us/windows/win32/uxguide/progress-bars",
            legacy: true,
            values: [
                Value("instant", .seconds(2),
                      "\"operations that take two seconds or longer [...] need of some type of progress feedback\""),
                Value("noticeable", .seconds(2), "", raised: true),
                Value("updates-every-max", .seconds(5), "\"Update time remaining estimates at least every 5 seconds\""),
                Value("determinate-after", .seconds(5), "\"convert to a progress bar after five seconds\""),
            ]),
    ]
}
