import ProgressLintSupport
import ProgressLintYAML

/// Decodes YAML documents into ``Screen``s, reporting every deviation from the
/// spec format as a ``SpecIssue`` at the offending node. An invalid value is
/// reported and left out; the rest of the spec is still decoded.
public enum SpecDecoder {
    /// Decodes one document. Returns nil for an empty document (nothing but comments).
    /// `components` are the config's declared components; `platform` the config's default
    /// platform, for screens that name none (it chooses among equally close "did you mean"s).
    public static func decode(_ document: YAMLDocument, documentIndex: Int,
                              components: DeclaredComponents = DeclaredComponents(),
                              platform: Platform? = nil) -> (screen: Screen?, issues: [SpecIssue]) {
        guard let root = document.root, !document.isEmpty else { return (nil, []) }
        var reader = SpecReader(document: document)
        reader.components = components
        reader.defaultPlatform = platform
        reader.reportDuplicateKeys()
        let screen = reader.screen(root, documentIndex: documentIndex)
        return (screen, reader.issues)
    }

    /// Decodes one document, keeping the first `maxIssues` issues in source order and only counting
    /// the rest (`omitted`), so a million duplicate keys cost a count, not a million messages.
    public static func decode(_ document: YAMLDocument, documentIndex: Int, maxIssues: Int,
                              components: DeclaredComponents = DeclaredComponents(), platform: Platform? = nil)
        -> (screen: Screen?, issues: [SpecIssue], omitted: (count: Int, first: NodeID)?) {
        guard let root = document.root, !document.isEmpty else { return (nil, [], nil) }
        var reader = SpecReader(document: document)
        reader.maxIssues = maxIssues
        reader.components = components
        reader.defaultPlatform = platform
        reader.reportDuplicateKeys()
        let screen = reader.screen(root, documentIndex: documentIndex)
        return (screen, reader.issues, reader.omitted.map { ($0.count, $0.first) })
    }
}

/// One key/value pair of a mapping, after merge keys are applied.
/// Plain data (no `String`), so a mapping's entries are copied with no retain or release: the key's
/// name is made only for a message (``SpecReader/name(of:)``).
struct Entry {
    let key: NodeID
    let value: NodeID
    /// The key's index in the key table it was matched against (its case's index), or -1.
    var known = -1
    /// For an item of a list (a phase, a `becomes` state): the list's key, named in messages.
    var listName: StaticString?

    init(key: NodeID, value: NodeID, known: Int = -1) {
        self.key = key
        self.value = value
        self.known = known
    }

    /// An item of the list under the key `key` (written as `name`).
    init(key: NodeID, name: StaticString, value: NodeID) {
        self.init(key: key, value: value)
        listName = name
    }
}

/// The keys of a mapping already taken, as indices into its list of allowed keys: a bit set
/// for the first 64 (every mapping of the format has fewer), so the common case allocates nothing.
struct SeenKeys {
    private var low: UInt64 = 0
    private var high: Set<Int> = []

    /// Marks key `index` as taken; false when it already was.
    mutating func insert(_ index: Int) -> Bool {
        guard index < 64 else { return high.insert(index).inserted }
        let bit = UInt64(1) << UInt64(index)
        if low & bit != 0 { return false }
        low |= bit
        return true
    }
}

/// The decoding pass over one document.
struct SpecReader {
    let document: YAMLDocument
    var issues: [SpecIssue] = []
    /// The issues kept, by hash (a set of them costs a scan of every protocol conformance record
    /// at its first use).
    private var reported: [Int: [SpecIssue]] = [:]
    /// The entries of the mappings being read, outermost first (``entries(of:keys:in:)``).
    var entryStack: [Entry] = []
    /// How many of `entryStack`'s entries are in use: those past it are left from mappings already
    /// read, and are written over (so dropping entries costs nothing).
    private var entryCount = 0
    /// A mapping's pairs with their keys matched, while ``collect(_:keys:place:names:mergeDepth:)`` reads them.
    private var matches: [KeyMatch] = []
    /// The node of every failure, reported or not (a value reached twice fails twice), for ``recordInvalidKeys``.
    var failures: [NodeID] = []
    /// Issues past this many are counted, not kept.
    var maxIssues = Int.max
    /// The config's `components:`, read as what each stands for.
    var components = DeclaredComponents()
    /// The config's default platform, for a screen that names none.
    var defaultPlatform: Platform?
    /// The `component` values met in the screen that are probably typos of known components, with
    /// the equally close candidates (bits by place in the table): reported once the platform is known.
    var nearMisses: [(node: NodeID, candidates: UInt16)] = []
    /// How many issues were past `maxIssues`, and the node of the first.
    private(set) var omitted: (count: Int, first: NodeID)?

    init(document: YAMLDocument) {
        self.document = document
        // Room for an indicator's entries and those of the mappings below it: one allocation per
        // document rather than a few as the stack grows.
        entryStack.reserveCapacity(64)
    }

    /// Where the last of the kept issues is, in source order.
    private var lastKept: SourcePosition?

    mutating func fail(_ message: String, at node: NodeID, _ kind: SpecIssue.Kind = .schema,
                       remedy: SpecIssue.Remedy? = nil) {
        failures.append(node)
        guard !isPastLimit(node) else { return omit(node) }
        var issue = SpecIssue(kind, message, at: node)
        issue.remedy = remedy
        let hash = issue.hashValue
        if !(reported[hash]?.contains(issue) ?? false) {
            reported[hash, default: []].append(issue)
            issues.append(issue)
            let start = document[node].range.start
            if lastKept.map({ $0 < start }) ?? true { lastKept = start }
        }
    }

    /// Whether enough issues are kept and `node` comes after all of them.
    private func isPastLimit(_ node: NodeID) -> Bool {
        guard issues.count >= maxIssues, let lastKept else { return false }
        return lastKept < document[node].range.start
    }

    /// Position (line and column, 32 bits each) of each issue counted in `omitted`: one is counted
    /// once per position, as the linter reports one diagnostic per rule and position.
    private var omittedAt: Set<UInt64> = []
    /// The nodes already counted in `omitted`, a bit each: a node that fails twice (a duplicate
    /// key is an unknown key too) is not looked up again.
    private var omittedNodes: [UInt64] = []

    private mutating func omit(_ node: NodeID) {
        let index = Int(node.index)
        if omittedNodes.isEmpty { omittedNodes = Array(repeating: 0, count: document.nodeCount / 64 + 1) }
        let bit = UInt64(1) << UInt64(index & 63)
        guard omittedNodes[index >> 6] & bit == 0 else { return }
        omittedNodes[index >> 6] |= bit
        let start = document[node].range.start
        let key = UInt64(UInt32(clamping: start.line)) << 32 | UInt64(UInt32(clamping: start.column))
        guard omittedAt.insert(key).inserted else { return }
        omitted = (min((omitted?.count ?? 0), Int.max - 1) + 1, omitted.map { min($0.first, node) } ?? node)
    }

    /// Counts a failure at `node` when it is past the limit (see ``fail(_:at:_:)``): true when it
    /// was, so its message need not be worked out.
    private mutating func omitPastLimit(_ node: NodeID) -> Bool {
        guard isPastLimit(node) else { return false }
        failures.append(node)
        omit(node)
        return true
    }

    mutating func reportDuplicateKeys() {
        for (duplicate, first) in document.duplicateKeys {
            guard !isPastLimit(duplicate) else {
                omit(duplicate)
                continue
            }
            let name = document[duplicate].value
            fail("duplicate key `\(name)`; it is already set on line \(document[first].range.start.line) "
                 + "of this mapping; remove one", at: duplicate)
        }
    }

    // MARK: Screen and indicators

    mutating func screen(_ root: NodeID, documentIndex: Int) -> Screen? {
        guard document[root].kind == .mapping else {
            fail("a screen must be a mapping with `screen` and `indicators`, found \(describe(root))", at: root)
            return nil
        }
        var screen = Screen(node: root, documentIndex: documentIndex)
        var sawIndicators = false
        var sawName = false
        let pairs = entries(of: root, keys: Self.screenKeys, in: "the screen")
        defer { dropEntries(from: pairs) }
        for i in pairs {
            let entry = entryStack[i]
            switch Self.screenKeys.cases[entry.known] {
            case .version:
                if document.kind(of: entry.value) == .scalar, document.style(of: entry.value) == .plain,
                   equals(entry.value, "1") {
                    screen.version = Located(1, at: entry.value)
                } else {
                    fail("`version: \(describe(entry.value))` is not supported; 1 is the only version of the spec format",
                         at: entry.value)
                }
            case .platform:
                screen.platform = enumeration(entry, Self.platforms)
            case .screen:
                sawName = true
                screen.name = text(entry)
            case .indicators:
                sawIndicators = true
                screen.indicators = indicators(entry)
            }
        }
        if !sawName {
            fail("missing required key `screen` (the screen's name, used in messages)", at: root)
        }
        if !sawIndicators {
            fail("missing required key `indicators` (a list of the screen's indicators; it may be empty)", at: root)
        }
        checkDuplicateIDs(screen)
        if !nearMisses.isEmpty { reportNearMisses(platform: screen.platform?.value ?? defaultPlatform) }
        return screen
    }

    mutating func indicators(_ entry: Entry) -> [Indicator] {
        if document.isNull(entry.value) { return [] }
        guard document.kind(of: entry.value) == .sequence else {
            fail("`indicators` must be a list of indicators, found \(describe(entry.value))", at: entry.value)
            return []
        }
        let count = document.itemCount(of: entry.value)
        var result: [Indicator] = []
        result.reserveCapacity(count)
        for n in 0..<count {
            indicator(document.item(n, of: entry.value), into: &result)
        }
        return result
    }

    mutating func checkDuplicateIDs(_ screen: Screen) {
        // A screen has a few indicators: each id is compared with those before it, with no
        // dictionary made (the same `String ==` a dictionary uses); many are looked up in one.
        guard screen.indicators.count > 16 else {
            let indicators = screen.indicators
            for (n, indicator) in indicators.enumerated() {
                guard let id = indicator.id,
                      let first = indicators[..<n].first(where: { $0.id?.value == id.value })?.id?.node else { continue }
                if first != id.node {
                    fail("indicator id '\(id.value)' is already used on line \(document[first].range.start.line) "
                         + "of screen '\(screen.displayName)'; give each indicator its own id",
                         at: id.node, .duplicateID)
                }
            }
            return
        }
        var seen: [String: NodeID] = [:]
        seen.reserveCapacity(screen.indicators.count)
        for indicator in screen.indicators {
            guard let id = indicator.id else { continue }
            if let first = seen[id.value] {
                if first != id.node {
                    fail("indicator id '\(id.value)' is already used on line \(document[first].range.start.line) "
                         + "of screen '\(screen.displayName)'; give each indicator its own id",
                         at: id.node, .duplicateID)
                }
            } else {
                seen[id.value] = id.node
            }
        }
    }

    // The key table's mappings and closed sets, matched as bytes (``NameMatcher``).
    static let screenKeys = NameMatcher(ScreenKey.self)
    static let indicatorKeys = NameMatcher(IndicatorKey.self)
    static let accessibilityKeys = NameMatcher(AccessibilityKey.self)
    static let announceKeys = NameMatcher(AnnounceKey.self)
    static let reduceMotionKeys = NameMatcher(ReduceMotionKey.self)
    static let cancelKeys = NameMatcher(CancelKey.self)
    static let phaseKeys = NameMatcher(PhaseKey.self)
    static let failureKeys = NameMatcher(FailureKey.self)
    static let stallKeys = NameMatcher(StallKey.self)
    static let becomesKeys = NameMatcher(BecomesKey.self)
    static let reduceMotionKeywords = NameMatcher(ReduceMotionKeyword.self)
    static let platforms = NameMatcher(Platform.self)
    static let styles = NameMatcher(IndicatorStyle.self)
    static let purposes = NameMatcher(Purpose.self)
    static let presentations = NameMatcher(Presentation.self)
    static let otherActions = NameMatcher(OtherActions.self)
    static let locations = NameMatcher(Location.self)
    static let tracks = NameMatcher(Track.self)
    static let totalChanges = NameMatcher(TotalChange.self)
    static let focuses = NameMatcher(Focus.self)
    static let focusAfters = NameMatcher(FocusAfter.self)

    /// Appends the indicator at `id` to `result`, decoded in place there (an `Indicator` is large:
    /// it is neither returned nor copied); appends nothing when `id` is no mapping.
    mutating func indicator(_ id: NodeID, into result: inout [Indicator]) {
        guard document.kind(of: id) == .mapping else {
            if omitPastLimit(id) { return }
            fail("each item of `indicators` must be a mapping with at least `id` and `style`, found \(describe(id))",
                 at: id)
            return
        }
        result.append(Indicator(node: id))
        // The last element, by construction; every key below is set there.
        let last = result.count - 1
        decodeIndicator(id, into: &result[last])
    }

    private mutating func decodeIndicator(_ id: NodeID, into indicator: inout Indicator) {
        let firstFailure = failures.count
        var sawID = false
        var sawStyle = false
        let pairs = entries(of: id, keys: Self.indicatorKeys, in: "an indicator")
        defer { dropEntries(from: pairs) }
        for i in pairs {
            let entry = entryStack[i]
            // The index names the case, with no string matched again.
            switch Self.indicatorKeys.cases[entry.known] {
            case .id: sawID = true; indicator.id = text(entry)
            case .style: sawStyle = true; indicator.style = enumeration(entry, Self.styles)
            case .determinate: indicator.determinate = bool(entry)
            case .component:
                let (value, known) = component(entry)
                indicator.setComponent(value, known: known)
            case .task: indicator.task = text(entry)
            case .purpose: indicator.purpose = enumeration(entry, Self.purposes)
            case .duration: indicator.duration = expectedDuration(entry)
            case .showAfter: indicator.showAfter = duration(entry)
            case .minDisplay: indicator.minDisplay = duration(entry)
            case .presentation: indicator.presentation = enumeration(entry, Self.presentations)
            case .otherActions: indicator.otherActions = enumeration(entry, Self.otherActions)
            case .userInitiated: indicator.userInitiated = bool(entry)
            case .location: indicator.location = enumeration(entry, Self.locations)
            case .perItem: indicator.perItem = bool(entry)
            case .track: indicator.track = enumeration(entry, Self.tracks)
            case .label: indicator.label = text(entry)
            case .accessibility: indicator.accessibility = accessibility(entry)
            case .reduceMotion: indicator.reduceMotion = reduceMotion(entry)
            case .cancel: indicator.cancel = cancel(entry)
            case .close: indicator.close = bool(entry)
            case .pause: indicator.pause = bool(entry)
            case .updatesEvery: indicator.updatesEvery = duration(entry)
            case .phases: indicator.phases = phases(entry)
            case .onTotalChange: indicator.onTotalChange = enumeration(entry, Self.totalChanges)
            case .failure: indicator.failure = failure(entry)
            case .stall: indicator.stall = stall(entry)
            case .becomes: indicator.becomes = becomes(entry)
            case .title: indicator.title = text(entry)
            case .autoRefresh: indicator.autoRefresh = autoRefresh(entry)
            }
        }
        if !sawID { fail("missing required key `id` in an indicator; give it an id unique within the screen", at: id) }
        if !sawStyle {
            fail("missing required key `style` in indicator '\(indicator.displayID)'; use bar, spinner or refresh-control",
                 at: id)
            indicator.invalidKeys.insert("style")
        }
        recordInvalidKeys(of: &indicator, sinceFailure: firstFailure)
    }

    // MARK: Nested mappings

    mutating func accessibility(_ entry: Entry) -> Located<Accessibility>? {
        guard let pairs = mapping(entry, keys: Self.accessibilityKeys) else { return nil }
        var value = Accessibility()
        for i in pairs {
            let e = entryStack[i]
            switch Self.accessibilityKeys.cases[e.known] {
            case .label: value.label = text(e)
            case .focus: value.focus = enumeration(e, Self.focuses)
            case .focusAfter: value.focusAfter = enumeration(e, Self.focusAfters)
            case .announce: value.announce = announce(e)
            }
        }
        dropEntries(from: pairs)
        return Located(value, at: entry.value)
    }

    mutating func announce(_ entry: Entry) -> Located<Announce>? {
        guard let pairs = mapping(entry, keys: Self.announceKeys) else { return nil }
        var value = Announce()
        for i in pairs {
            let e = entryStack[i]
            switch Self.announceKeys.cases[e.known] {
            case .start: value.start = text(e)
            case .completion: value.completion = text(e)
            case .progressEvery: value.progressEvery = duration(e)
            case .repeatEvery: value.repeatEvery = duration(e)
            }
        }
        dropEntries(from: pairs)
        return Located(value, at: entry.value)
    }

    mutating func reduceMotion(_ entry: Entry) -> Located<ReduceMotion>? {
        if document.kind(of: entry.value) == .scalar && !document.isNull(entry.value) {
            switch Self.reduceMotionKeywords.match(entry.value, in: document) {
            case .stopAnimation?: return Located(.stopAnimation, at: entry.value)
            case .none?: return Located(.none, at: entry.value)
            case nil:
                fail("`reduce-motion: \(describe(entry.value))` is not valid; use a mapping with `replace-with` "
                     + "(and `follow-up`), or stop-animation, or none", at: entry.value)
                return nil
            }
        }
        guard let pairs = mapping(entry, keys: Self.reduceMotionKeys) else { return nil }
        var value = ReduceMotionFallback()
        for i in pairs {
            let e = entryStack[i]
            switch Self.reduceMotionKeys.cases[e.known] {
            case .replaceWith: value.replaceWith = text(e)
            case .followUp: value.followUp = text(e)
            case .followUpAfter: value.followUpAfter = duration(e)
            }
        }
        dropEntries(from: pairs)
        return Located(.fallback(value), at: entry.value)
    }

    mutating func cancel(_ entry: Entry) -> Located<Cancel>? {
        if document.kind(of: entry.value) == .scalar {
            return bool(entry).map { Located(Cancel(isOffered: $0.value), at: $0.node) }
        }
        guard let pairs = mapping(entry, keys: Self.cancelKeys, alsoAllowed: "true or false") else { return nil }
        var value = Cancel(isOffered: true)
        for i in pairs {
            let e = entryStack[i]
            switch Self.cancelKeys.cases[e.known] {
            case .label: value.label = text(e)
            case .discardsProgress: value.discardsProgress = bool(e)
            case .confirm: value.confirm = bool(e)
            }
        }
        dropEntries(from: pairs)
        return Located(value, at: entry.value)
    }

    mutating func phases(_ entry: Entry) -> Located<[Phase]>? {
        guard let count = listCount(entry) else { return nil }
        var result: [Phase] = []
        result.reserveCapacity(count)
        for n in 0..<count {
            let item = document.item(n, of: entry.value)
            guard let pairs = mapping(Entry(key: entry.key, name: "phases", value: item), keys: Self.phaseKeys,
                                      what: "each phase") else { continue }
            var phase = Phase(node: item)
            for i in pairs {
                let e = entryStack[i]
                switch Self.phaseKeys.cases[e.known] {
                case .name: phase.name = text(e)
                case .share: phase.share = fraction(e)
                case .duration: phase.duration = duration(e)
                case .verifies: phase.verifies = bool(e)
                }
            }
            dropEntries(from: pairs)
            result.append(phase)
        }
        return Located(result, at: entry.value)
    }

    mutating func failure(_ entry: Entry) -> Located<Failure>? {
        guard let pairs = mapping(entry, keys: Self.failureKeys) else { return nil }
        var value = Failure()
        for i in pairs {
            let e = entryStack[i]
            switch Self.failureKeys.cases[e.known] {
            case .fills: value.fills = bool(e)
            case .message: value.message = text(e)
            case .retry: value.retry = bool(e)
            }
        }
        dropEntries(from: pairs)
        return Located(value, at: entry.value)
    }

    mutating func stall(_ entry: Entry) -> Located<Stall>? {
        guard let pairs = mapping(entry, keys: Self.stallKeys) else { return nil }
        var value = Stall()
        for i in pairs {
            let e = entryStack[i]
            switch Self.stallKeys.cases[e.known] {
            case .after: value.after = duration(e)
            case .message: value.message = text(e)
            case .retry: value.retry = bool(e)
            }
        }
        dropEntries(from: pairs)
        return Located(value, at: entry.value)
    }

    mutating func becomes(_ entry: Entry) -> Located<[BecomesState]>? {
        guard let count = listCount(entry) else { return nil }
        var result: [BecomesState] = []
        result.reserveCapacity(count)
        for n in 0..<count {
            let item = document.item(n, of: entry.value)
            guard let pairs = mapping(Entry(key: entry.key, name: "becomes", value: item), keys: Self.becomesKeys,
                                      what: "each state of `becomes`") else { continue }
            var state = BecomesState(node: item)
            for i in pairs {
                let e = entryStack[i]
                switch Self.becomesKeys.cases[e.known] {
                case .when: state.when = text(e)
                case .style: state.style = enumeration(e, Self.styles)
                case .determinate: state.determinate = bool(e)
                }
            }
            dropEntries(from: pairs)
            result.append(state)
        }
        return Located(result, at: entry.value)
    }

    mutating func autoRefresh(_ entry: Entry) -> Located<AutoRefresh>? {
        let isPlainScalar = document.kind(of: entry.value) == .scalar && document.style(of: entry.value) == .plain
        if isPlainScalar, equals(entry.value, "false") {
            return Located(.disabled, at: entry.value)
        }
        if isPlainScalar, equals(entry.value, "true") {
            fail("`auto-refresh: true` says nothing about how often; write a duration such as 5m, or false",
                 at: entry.value)
            return nil
        }
        return duration(entry).map { Located(.every($0.value), at: $0.node) }
    }

    // MARK: Mappings, lists and merge keys

    /// The pairs of a mapping value, checked against `keys`, as entries of `entryStack`; nil
    /// (reported) when it is not a mapping.
    mutating func mapping<K>(_ entry: Entry, keys: NameMatcher<K>, what: String? = nil, alsoAllowed: String? = nil)
        -> Range<Int>? {
        guard document.kind(of: entry.value) == .mapping else {
            let allowed = keys.names
            let subject = what ?? "`\(name(of: entry))`"
            let expected = alsoAllowed.map { "a mapping or \($0)" } ?? "a mapping"
            fail("\(subject) must be \(expected) (with \(allowed.map { "`\($0)`" }.joined(separator: ", "))), "
                 + "found \(describe(entry.value))", at: entry.value)
            return nil
        }
        // The place is named from the document it is handed (capturing `self` or a copy of the
        // document would copy every array of it, for a name that is rarely needed).
        return entries(of: entry.value, keys: keys, place: { what ?? "`\(Self.name(of: entry, in: $0))`" })
    }

    /// How many items the list value has (read with ``YAMLDocument/item(_:of:)``); nil (reported)
    /// when it is not a list.
    mutating func listCount(_ entry: Entry) -> Int? {
        guard document.kind(of: entry.value) == .sequence else {
            fail("`\(name(of: entry))` must be a list, found \(describe(entry.value))", at: entry.value)
            return nil
        }
        return document.itemCount(of: entry.value)
    }

    /// A mapping's pairs with `<<` merges applied, unknown keys reported and repeats taken once,
    /// each `known` its key's index in `keys`; pushed on `entryStack` (no array per mapping) and
    /// dropped by the caller (``dropEntries(from:)``).
    mutating func entries<K>(of mapping: NodeID, keys: NameMatcher<K>, in place: @autoclosure () -> String)
        -> Range<Int> {
        entries(of: mapping, keys: keys, place: { _ in place() })
    }

    /// ``entries(of:keys:in:)`` with the place named from the document (for a message).
    mutating func entries<K>(of mapping: NodeID, keys: NameMatcher<K>, place: (YAMLDocument) -> String) -> Range<Int> {
        let start = entryCount
        var names = SeenKeys()
        collect(mapping, keys: keys, place: place, names: &names, mergeDepth: 0)
        return start..<entryCount
    }

    /// Drops the entries of a mapping that is read, and of any read while it was.
    mutating func dropEntries(from pairs: Range<Int>) {
        entryCount = pairs.lowerBound
    }

    /// Pushes an entry of the mapping being read.
    private mutating func push(_ entry: Entry) {
        if entryCount < entryStack.count { entryStack[entryCount] = entry } else { entryStack.append(entry) }
        entryCount += 1
    }

    private mutating func collect<K>(
        _ mapping: NodeID, keys: NameMatcher<K>, place: (YAMLDocument) -> String, names: inout SeenKeys, mergeDepth: Int
    ) {
        var merges: [NodeID] = []
        // Matched as bytes; the key's `String` is made only for a message or a key that is not ASCII.
        let matched = document.matchKeys(of: mapping, in: keys.nameSet, into: &matches)
        for n in 0..<matched {
            let match = matches[n], key = match.key, value = match.value
            // A known key, the common case (a scalar, as only scalars match), is taken at once.
            if match.index >= 0 {
                if names.insert(match.index) { push(Entry(key: key, value: value, known: match.index)) }
                continue
            }
            guard document.kind(of: key) == .scalar else {
                fail("keys must be plain text; found \(describe(key)) as a key", at: key)
                continue
            }
            // (`<<` is no key of the table, so it is looked for only among the keys that are not.)
            if document.style(of: key) == .plain && equals(key, "<<") {
                merges.append(value)
                continue
            }
            // An unknown key. Past the limit the issue is only counted: no message (nor suggestion) is worked out.
            if isPastLimit(key) {
                omit(key)
                continue
            }
            let name = document.value(of: key)
            let allowed = keys.names
            // A typo's key, else the key of a name people also write for it (`type` for `style`).
            let suggestion = DidYouMean.closest(to: name, among: allowed)
                ?? (K.self as? any SpecKeySet.Type).flatMap { SpecKeys.usualName(for: name, in: $0) }
            let clause = suggestion.map { "; did you mean `\($0)`?" }
                ?? DidYouMean.clauseOrChoices(for: name, among: allowed)
            fail("unknown key `\(name)` in \(place(document))" + clause, at: key, remedy: suggestion.map { .renameKey($0) })
        }
        guard !merges.isEmpty else { return }
        guard mergeDepth < 32 else {
            fail("merge keys (`<<`) chain more than 32 levels deep", at: mapping)
            return
        }
        for merge in merges {
            let node = document[merge]
            var sources: [NodeID] = []
            switch node.kind {
            case .mapping: sources = [merge]
            case .sequence: sources = node.items
            case .scalar:
                fail("`<<` must merge a mapping (`<<: *anchor`) or a list of them, found \(describe(merge))", at: merge)
            }
            for source in sources {
                guard document[source].kind == .mapping else {
                    fail("`<<` must merge mappings, found \(describe(source))", at: source)
                    continue
                }
                collect(source, keys: keys, place: place, names: &names, mergeDepth: mergeDepth + 1)
            }
        }
    }

    // MARK: Scalars

    /// The entry's key as written (the bytes the key table matched, when ASCII), or for an item of
    /// a list, the list's key: made only for a message.
    func name(of entry: Entry) -> String { Self.name(of: entry, in: document) }

    static func name(of entry: Entry, in document: YAMLDocument) -> String {
        if let listName = entry.listName { return "\(listName)" }
        return document.value(of: entry.key)
    }

    /// A short rendering of a node for messages.
    func describe(_ id: NodeID) -> String {
        let node = document[id]
        switch node.kind {
        case .mapping: return "a mapping"
        case .sequence: return "a list"
        case .scalar:
            if node.isNull { return node.value.isEmpty ? "nothing" : "`\(node.value.clippedForMessage)`" }
            let value = node.value.clippedForMessage
            return node.style.isQuotedOrBlock ? "\"\(value)\"" : value
        }
    }

    /// Whether the scalar `node`'s text is `text`, as `String ==` has it: as bytes when it is ASCII.
    func equals(_ node: NodeID, _ text: StaticString) -> Bool {
        document.isASCII(node) ? document.valueEquals(node, text) : document.value(of: node) == "\(text)"
    }

    /// A scalar's style, read once from the arena; its text is made only where it is kept or quoted.
    struct Scalar {
        let node: NodeID
        let style: ScalarStyle
    }

    mutating func scalar(_ entry: Entry, expected: @autoclosure () -> String) -> Scalar? {
        // Kind, style and null read from the arena at once.
        guard let scalar = document.scalarStyle(of: entry.value) else {
            fail("`\(name(of: entry))` must be \(expected()), found \(describe(entry.value))", at: entry.value)
            return nil
        }
        if scalar.isNull {
            fail("`\(name(of: entry))` has no value; write \(expected()), or remove the key", at: entry.value)
            return nil
        }
        return Scalar(node: entry.value, style: scalar.style)
    }

    mutating func text(_ entry: Entry) -> Located<String>? {
        guard scalar(entry, expected: "text") != nil else { return nil }
        return Located(document.value(of: entry.value), at: entry.value)
    }

    mutating func bool(_ entry: Entry) -> Located<Bool>? {
        guard let node = scalar(entry, expected: "true or false") else { return nil }
        if node.style == .plain {
            let v = entry.value
            // ASCII text is read once, as bytes; other text cannot be one of these spellings, but is
            // still compared as the `String`s it is.
            if document.isASCII(v) {
                if let truth = document.withValueBytes(of: v, Self.coreBoolean) { return Located(truth, at: v) }
            } else {
                if equals(v, "true") || equals(v, "True") || equals(v, "TRUE") { return Located(true, at: v) }
                if equals(v, "false") || equals(v, "False") || equals(v, "FALSE") { return Located(false, at: v) }
            }
            // YAML 1.1 spellings, in any case (`yEs`, `oN`): errors that say what to write.
            let value = document.value(of: v)
            let lower = value.count <= 3 ? value.lowercased() : ""
            if ["yes", "no", "on", "off", "y", "n"].contains(lower) {
                let meant = ["yes", "on", "y"].contains(lower) ? "true" : "false"
                fail("`\(name(of: entry)): \(value)` is a YAML 1.1 boolean; use true/false (here `\(meant)`)",
                     at: entry.value, remedy: .value(meant))
                return nil
            }
        }
        fail("`\(name(of: entry))` must be true or false, found \(describe(entry.value))", at: entry.value)
        return nil
    }

    /// The boolean that ASCII `bytes` spell as the core schema has them (`true`, `True`, `TRUE`, and
    /// the same for false), or nil.
    static func coreBoolean(_ bytes: UnsafeRawBufferPointer) -> Bool? {
        // The first four bytes as one word (and for `false` the fifth beside it): loads inside
        // `bytes`, whose count the switch has checked.
        switch bytes.count {
        case 4:
            let word = UInt32(littleEndian: bytes.loadUnaligned(as: UInt32.self))
            if word == ascii("true") || word == ascii("True") || word == ascii("TRUE") { return true }
        case 5:
            let word = UInt32(littleEndian: bytes.loadUnaligned(as: UInt32.self)), last = bytes[4]
            if (word == ascii("fals") && last == UInt8(ascii: "e")) || (word == ascii("Fals") && last == UInt8(ascii: "e"))
                || (word == ascii("FALS") && last == UInt8(ascii: "E")) {
                return false
            }
        default: break
        }
        return nil
    }

    /// Four ASCII characters as the word their bytes load as (the first in the low byte).
    @inline(__always) private static func ascii(_ text: StaticString) -> UInt32 {
        text.withUTF8Buffer { UInt32($0[0]) | UInt32($0[1]) << 8 | UInt32($0[2]) << 16 | UInt32($0[3]) << 24 }
    }

    mutating func enumeration<E: SpecEnum>(_ entry: Entry, _ table: NameMatcher<E>) -> Located<E>? {
        // The list of choices is spelled out only for a message.
        guard scalar(entry, expected: "one of \(table.names.joined(separator: ", "))") != nil else { return nil }
        if let value = table.match(entry.value, in: document) { return Located(value, at: entry.value) }
        let choices = table.names
        var message = "`\(name(of: entry)): \(describe(entry.value))` is not valid; use one of \(choices.joined(separator: ", "))"
        if let suggestion = DidYouMean.closest(to: document.value(of: entry.value), among: choices) {
            message += " (did you mean `\(suggestion)`?)"
        }
        fail(message, at: entry.value)
        return nil
    }

    mutating func duration(_ entry: Entry) -> Located<Duration>? {
        guard scalar(entry, expected: "a duration such as 250ms, 3s, 2m or 1h") != nil else { return nil }
        // Read from the bytes when it is well formed; else from the text, which says what is wrong.
        if let quick = document.withValueBytes(of: entry.value, Duration.parseQuickly) {
            return Located(quick, at: entry.value)
        }
        return parseDuration(document.value(of: entry.value)[...], entry: entry).map { Located($0, at: entry.value) }
    }

    private mutating func parseDuration(_ text: Substring, entry: Entry) -> Duration? {
        do {
            return try Duration.parse(text)
        } catch .missingUnit(let number) {
            fail(Duration.missingUnitMessage(key: name(of: entry), number: number), at: entry.value)
        } catch .outOfRange {
            let shown = text.trimmingSpaces.count > 40 ? text.trimmingSpaces.prefix(37) + "…" : text.trimmingSpaces
            fail("`\(name(of: entry)): \(shown)` is out of range; a duration is at most \(Duration.maximum) (7 days)",
                 at: entry.value)
        } catch {
            fail("`\(name(of: entry)): \(describe(entry.value))` is not a duration; write a number with a unit "
                 + "(ms, s, m, h), such as 250ms, 1.5s or 2m", at: entry.value)
        }
        return nil
    }

    mutating func expectedDuration(_ entry: Entry) -> Located<ExpectedDuration>? {
        guard scalar(entry, expected: "a duration, a range such as 2s..30s, or unknown") != nil else { return nil }
        // Read from the bytes when it is well formed; else from the text, which says what is wrong.
        if let quick = document.withValueBytes(of: entry.value, ExpectedDuration.parseQuickly) {
            return Located(quick, at: entry.value)
        }
        let value = document.value(of: entry.value)[...]
        if value == "unknown" { return Located(.unknown, at: entry.value) }
        if let dots = value.rangeOfDots() {
            guard let lower = parseDuration(value[..<dots.lowerBound], entry: entry),
                  let upper = parseDuration(value[dots.upperBound...], entry: entry) else { return nil }
            guard lower <= upper else {
                fail("`\(name(of: entry)): \(value)` has its lower bound above its upper bound; write \(upper)..\(lower)",
                     at: entry.value)
                return nil
            }
            return Located(.range(lower: lower, upper: upper), at: entry.value)
        }
        guard let single = parseDuration(value, entry: entry) else { return nil }
        return Located(.range(lower: single, upper: single), at: entry.value)
    }

    mutating func fraction(_ entry: Entry) -> Located<Double>? {
        guard let node = scalar(entry, expected: "a fraction from 0 to 1") else { return nil }
        // A plain fraction as specs write it (`0.25`) is read from its bytes; anything else from its text.
        if node.style == .plain, let quick = document.withValueBytes(of: entry.value, Self.fractionQuickly) {
            return Located(quick, at: entry.value)
        }
        let text = document.value(of: entry.value)
        guard node.style == .plain, let value = Double(text), value.isFinite else {
            fail("`\(name(of: entry))` must be a fraction from 0 to 1 such as 0.25, found \(describe(entry.value))",
                 at: entry.value)
            return nil
        }
        guard value >= 0 && value <= 1 else {
            fail("`\(name(of: entry)): \(text)` is outside 0..1; a share is a fraction of the whole indicator",
                 at: entry.value)
            return nil
        }
        return Located(value, at: entry.value)
    }
}

extension SpecReader {
    /// What `Double(_:)` reads from the UTF-8 `bytes` when they are digits with at most one `.` between
    /// two of them, at most 15 digits in all, and the value is from 0 to 1; nil otherwise, and then the
    /// text is read as before. Such a number and its power of ten are exact `Double`s, and one division
    /// rounds their quotient as `Double(_:)` does (``Duration/exactValue(ofDigits:)``).
    static func fractionQuickly(_ bytes: UnsafeRawBufferPointer) -> Double? {
        guard let first = bytes.first, let last = bytes.last,
              first != UInt8(ascii: "."), last != UInt8(ascii: ".") else { return nil }
        var dots = 0
        for byte in bytes where byte == UInt8(ascii: ".") { dots += 1 }
        guard dots <= 1, let value = Duration.exactValue(ofDigits: bytes), value >= 0 && value <= 1 else { return nil }
        return value
    }
}

extension Substring {
    /// The first `..` in the text, found in its UTF-8 bytes.
    func rangeOfDots() -> Range<Index>? {
        let bytes = utf8
        var i = bytes.startIndex
        while i < bytes.endIndex {
            let next = bytes.index(after: i)
            if bytes[i] == UInt8(ascii: "."), next < bytes.endIndex, bytes[next] == UInt8(ascii: ".") {
                return i..<bytes.index(after: next)
            }
            i = next
        }
        return nil
    }
}
