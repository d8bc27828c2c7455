import ProgressLintEngine
import ProgressLintSpec

/// What a finding asks, written out and followed through: its `asks` and its message name the same
/// values (``phrase(_:)``), so what a reader is told and what a tool applies are one thing; and
/// ``followUps(of:on:context:rule:)`` gathers the findings a change would bring, so the message
/// asks for everything at once.
enum Advice {
    /// Set while rules run on a changed copy: their own follow-ups are not worked out then.
    @TaskLocal static var simulating = false
    /// Set in tests: ``followUps(of:on:context:rule:)`` runs every rule, not only those reading a changed key.
    @TaskLocal static var everyRule = false

    /// Keys whose values are texts (shown as `key` (e.g. "…")).
    static let textKeys: Set<String> = [
        "label", "title", "accessibility.label", "accessibility.announce.start", "accessibility.announce.completion",
        "reduce-motion.replace-with", "reduce-motion.follow-up", "stall.message", "failure.message", "cancel.label",
    ]

    /// `` `presentation: overlay` ``, `` `label` (e.g. "Uploading photos") ``, `` remove `title` ``.
    static func phrase(_ ask: Ask) -> String {
        switch ask {
        case .set(let key, let value):
            return textKeys.contains(key) ? "`\(key)` (e.g. \"\(value.clippedForMessage)\")" : "`\(key): \(value)`"
        case .remove(let key): return "remove `\(key)`"
        case .add(let key), .change(let key), .keep(let key): return "`\(key)`"
        }
    }

    /// Several asks as one list: "set `a: b`, `c` (e.g. "…") and remove `d`".
    static func phrase(_ asks: [Ask]) -> String {
        let sets = asks.filter { if case .set = $0 { return true } else { return false } }.map(phrase)
        let removes = asks.compactMap { ask -> String? in
            if case .remove(let key) = ask { return "`\(key)`" }
            return nil
        }
        var parts: [String] = []
        if !sets.isEmpty { parts.append("set " + list(sets)) }
        if !removes.isEmpty { parts.append("remove " + list(removes)) }
        for ask in asks {
            if case .add(let key) = ask { parts.append("add `\(key)`") }
            if case .change(let key) = ask { parts.append("change `\(key)`") }
        }
        return list(parts)
    }

    static func list(_ items: [String]) -> String {
        switch items.count {
        case 0: return ""
        case 1: return items[0]
        default: return items.dropLast().joined(separator: ", ") + " and " + items.last!
        }
    }

    /// ", and with it set …" naming the follow-ups of `asks`, or nothing.
    static func withIt(_ asks: [Ask], on indicator: Indicator, context: RuleContext, rule: String) -> (String, [Ask]) {
        let more = followUps(of: asks, on: indicator, context: context, rule: rule)
        guard !more.isEmpty else { return ("", []) }
        return ("; with it, \(phrase(more)), which the other rules then ask for", more)
    }

    /// The rules run on a changed copy: indicator rules other than `rule`, as the configuration turns them on.
    private static let indicatorRules: [(RuleDescription, IndicatorCheck)] = RuleRegistry.rules.compactMap { rule in
        guard case .indicator(let check) = rule.kind else { return nil }
        return (type(of: rule).description, check.indicatorCheck)
    }

    /// For each key an indicator rule reads, and each mapping holding one: the rules (by their place
    /// in ``indicatorRules``) that read the key itself, and those that read it or a key inside it.
    private static let readers: [String: (exactly: [Int], within: [Int])] = {
        var readers: [String: (exactly: [Int], within: [Int])] = [:]
        for (index, (description, _)) in indicatorRules.enumerated() {
            for key in description.reads {
                readers[key, default: ([], [])].exactly.append(index)
                var holder = Substring(key)
                while true {
                    if readers[String(holder), default: ([], [])].within.last != index {
                        readers[String(holder), default: ([], [])].within.append(index)
                    }
                    guard let dot = holder.lastIndex(of: ".") else { break }
                    holder = holder[..<dot]
                }
            }
        }
        return readers
    }()

    /// What the other rules ask once `asks` are applied to `indicator`, gathered round by round
    /// (each round's asks applied in turn) until no new finding comes; asks that would undo `asks`
    /// are left out. A rule counts when it fires on the changed copy but not on the indicator as
    /// written, so only rules that read a changed key (or a mapping holding it, or a key inside it)
    /// are run on the copy, and only those that fire there on the indicator as written
    /// (`AdviceConvergenceTests` checks the answers are those of every rule, ``everyRule``).
    static func followUps(of asks: [Ask], on indicator: Indicator, context: RuleContext, rule: String) -> [Ask] {
        guard !simulating else { return [] }
        let everyRule = Advice.everyRule
        return $simulating.withValue(true) {
            let written = context.with(indicator: indicator)
            func findings(_ index: Int, on indicator: Indicator, context: RuleContext) -> [Violation] {
                let description = indicatorRules[index].0
                guard case .on = context.configuration.level(of: description), description.judges(indicator) else { return [] }
                return indicatorRules[index].1.check(indicator, context: context)
            }
            var reading = [Bool](repeating: everyRule, count: indicatorRules.count)
            func changing(_ key: String) {
                for index in readers[key]?.within ?? [] { reading[index] = true }
                var holder = Substring(key)
                while let dot = holder.lastIndex(of: ".") {
                    holder = holder[..<dot]
                    for index in readers[String(holder)]?.exactly ?? [] { reading[index] = true }
                }
            }
            var changed = indicator
            for ask in asks {
                apply(ask, to: &changed, context: context)
                changing(ask.key)
            }
            var gathered: [Ask] = []
            // Rules settled: `rule` itself, and those that fired on the copy (gathered, or firing on the indicator too).
            var seen = indicatorRules.map { $0.0.id == rule }
            for _ in 0..<4 {
                let copy = context.with(indicator: changed)
                var round: [Ask] = []
                for index in indicatorRules.indices where reading[index] && !seen[index] {
                    guard let first = findings(index, on: changed, context: copy).first else { continue }
                    seen[index] = true
                    if !findings(index, on: indicator, context: written).isEmpty { continue }
                    for ask in first.asks ?? indicatorRules[index].0.asks
                    where !asks.contains(where: ask.contradicts) && !(asks + gathered + round).contains(ask) {
                        if case .keep = ask { continue }
                        round.append(ask)
                    }
                }
                guard !round.isEmpty else { break }
                for ask in round {
                    apply(ask, to: &changed, context: context)
                    changing(ask.key)
                }
                gathered += round
            }
            return gathered
        }
    }

    /// Writes one ask into a copy of the indicator (the keys rules ask about; others are left).
    static func apply(_ ask: Ask, to indicator: inout Indicator, context: RuleContext) {
        let node = indicator.node
        func located<T>(_ value: T) -> Located<T> { Located(value, at: node) }
        var a11y = indicator.accessibility?.value ?? Accessibility()
        var announce = a11y.announce?.value ?? Announce()
        func storeAnnounce() {
            a11y.announce = located(announce)
            indicator.accessibility = located(a11y)
        }
        func storeA11y() { indicator.accessibility = located(a11y) }
        switch ask {
        case .set(let key, let value):
            let duration = try? Duration.parse(Substring(value))
            switch key {
            case "determinate": indicator.determinate = located(value == "true")
            case "style": indicator.style = IndicatorStyle(rawValue: value).map(located)
            case "presentation": indicator.presentation = Presentation(rawValue: value).map(located)
            case "component": indicator.component = located(value)
            case "label": indicator.label = located(value)
            case "title": indicator.title = located(value)
            case "track": indicator.track = Track(rawValue: value).map(located)
            case "location": indicator.location = Location(rawValue: value).map(located)
            case "on-total-change": indicator.onTotalChange = TotalChange(rawValue: value).map(located)
            case "updates-every": indicator.updatesEvery = duration.map(located)
            case "show-after": indicator.showAfter = duration.map(located)
            case "auto-refresh": indicator.autoRefresh = duration.map { located(.every($0)) }
            case "pause": indicator.pause = located(value == "true")
            case "close": indicator.close = located(value == "true")
            case "cancel":
                indicator.cancel = located(Cancel(isOffered: value == "true"))
            case "cancel.confirm":
                var cancel = indicator.cancel?.value ?? Cancel(isOffered: true)
                cancel.confirm = located(value == "true")
                indicator.cancel = located(cancel)
            case "accessibility.label": a11y.label = located(value); storeA11y()
            case "accessibility.focus": a11y.focus = Focus(rawValue: value).map(located); storeA11y()
            case "accessibility.focus-after": a11y.focusAfter = FocusAfter(rawValue: value).map(located); storeA11y()
            case "accessibility.announce.start": announce.start = located(value); storeAnnounce()
            case "accessibility.announce.completion": announce.completion = located(value); storeAnnounce()
            case "accessibility.announce.repeat-every": announce.repeatEvery = duration.map(located); storeAnnounce()
            case "reduce-motion.replace-with", "reduce-motion.follow-up":
                var fallback = ReduceMotionFallback()
                if case .fallback(let written)? = indicator.reduceMotion?.value { fallback = written }
                if key.hasSuffix("replace-with") { fallback.replaceWith = located(value) } else { fallback.followUp = located(value) }
                indicator.reduceMotion = located(.fallback(fallback))
            case "stall.message", "stall.after":
                var stall = indicator.stall?.value ?? Stall()
                if key == "stall.message" { stall.message = located(value) } else { stall.after = duration.map(located) }
                indicator.stall = located(stall)
            case "failure.fills":
                var failure = indicator.failure?.value ?? Failure()
                failure.fills = located(value == "true")
                indicator.failure = located(failure)
            case "failure.message":
                var failure = indicator.failure?.value ?? Failure()
                failure.message = located(value)
                indicator.failure = located(failure)
            default: break
            }
        case .remove(let key):
            switch key {
            case "determinate": indicator.determinate = nil
            case "label": indicator.label = nil
            case "title": indicator.title = nil
            case "becomes": indicator.becomes = nil
            case "accessibility.label": a11y.label = nil; storeA11y()
            case "accessibility.focus": a11y.focus = nil; storeA11y()
            case "accessibility.announce.start": announce.start = nil; storeAnnounce()
            case "accessibility.announce.progress-every": announce.progressEvery = nil; storeAnnounce()
            default: break
            }
        case .add, .change, .keep:
            break
        }
    }
}
