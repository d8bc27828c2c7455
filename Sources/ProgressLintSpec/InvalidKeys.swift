import ProgressLintSupport
import ProgressLintYAML
import Synchronization

extension SpecReader {
    /// Records on `indicator` the keys whose values failed since failure number `first`, as dotted
    /// paths from the indicator (`duration`, `accessibility.announce.start`; a bad phase is
    /// `phases`). Failures are rare, so each is found by a walk over the indicator's mapping.
    func recordInvalidKeys(of indicator: inout Indicator, sinceFailure first: Int) {
        guard first < failures.count else { return }
        let targets = Set(failures[first...])
        var found: [NodeID: String] = [:]
        var visited: Set<NodeID> = []
        walk(indicator.node, path: "", targets: targets, found: &found, visited: &visited)
        for path in found.values where !path.isEmpty { indicator.invalidKeys.insert(path) }
    }

    private func walk(_ mapping: NodeID, path: String, targets: Set<NodeID>, found: inout [NodeID: String],
                      visited: inout Set<NodeID>) {
        guard document.kind(of: mapping) == .mapping, visited.insert(mapping).inserted, found.count < targets.count
        else { return }
        for n in 0..<document.pairCount(of: mapping) {
            let (key, value) = document.pair(n, of: mapping)
            guard document.kind(of: key) == .scalar else { continue }
            let name = document.value(of: key)
            if name == "<<" {
                // Merged keys belong to this mapping.
                if targets.contains(value) { found[value] = path }
                let sources = document.kind(of: value) == .sequence
                    ? (0..<document.itemCount(of: value)).map { document.item($0, of: value) } : [value]
                for source in sources {
                    if targets.contains(source) { found[source] = path }
                    walk(source, path: path, targets: targets, found: &found, visited: &visited)
                }
                continue
            }
            let full = path.isEmpty ? name : "\(path).\(name)"
            if targets.contains(key) { found[key] = full }
            if targets.contains(value) { found[value] = full }
            switch document.kind(of: value) {
            case .mapping:
                walk(value, path: full, targets: targets, found: &found, visited: &visited)
            case .sequence:
                // A list's entries (phases, becomes states) count as the list's key.
                guard visited.insert(value).inserted else { continue }
                for i in 0..<document.itemCount(of: value) {
                    let item = document.item(i, of: value)
                    if targets.contains(item) { found[item] = full }
                    var inner: [NodeID: String] = [:]
                    walk(item, path: full, targets: targets, found: &inner, visited: &visited)
                    for (node, _) in inner { found[node] = full }
                }
            case .scalar:
                break
            }
        }
    }
}

extension SpecReader {
    /// `component`: any text; a near miss of a known component (`UIActivityIndicator`,
    /// `UIProgressBar`, `LinearProgressIndicatorView`, a difference of case) gets a warning that
    /// names the one probably meant, since as written it is a custom view and the component checks
    /// do not apply. The value is kept either way: it is a valid custom component.
    /// The value, with the known component it names (looked up once, from its bytes).
    mutating func component(_ entry: Entry) -> (Located<String>?, KnownComponent?) {
        guard let value = text(entry) else { return (nil, nil) }
        let known = KnownComponent.named(entry.value, in: document)
        if known == nil, let meant = KnownComponent.rememberedNearMiss(of: value.value) {
            var issue = SpecIssue(.schema,
                "`component: \(describe(entry.value))` is not a known component, so it is taken as a custom view "
                + "and the component checks do not apply; did you mean `\(meant.rawValue)`? (keep it as it is if it "
                + "is your own view)", at: entry.value)
            issue.isWarning = true
            if !issues.contains(issue) { issues.append(issue) }
        }
        return (value, known)
    }
}

extension KnownComponent {
    /// The known component `name` is probably a misspelling of, or nil: the same name in another
    /// case, one a few edits away, or one that the name starts or ends with (or that starts with
    /// the name). Among several, the one sharing the longest start with the name.
    public static func nearMiss(of name: String) -> KnownComponent? {
        let typed = Array(name.utf8)
        guard typed.allSatisfy({ $0 < 0x80 }) else { return nearMissSlowly(of: name) }
        // ASCII, like every known name: characters are bytes, so no `Character` is compared.
        var candidates: [String] = []
        if let close = DidYouMean.closest(to: name, among: knownNames) { candidates.append(close) }
        for (known, bytes) in zip(knownNames, knownBytes) where bytes.count >= 8 && bytes != typed {
            if typed.starts(with: bytes) || typed.reversed().starts(with: bytes.reversed()) { candidates.append(known) }
        }
        if typed.count >= 8 {
            for (known, bytes) in zip(knownNames, knownBytes) where bytes.starts(with: typed) && bytes != typed {
                candidates.append(known)
            }
        }
        for (known, bytes) in zip(knownNames, knownBytes) where bytes.count >= 8 {
            if commonPrefixLength(bytes, typed, by: ==) >= 10 { candidates.append(known) }
        }
        func lower(_ byte: UInt8) -> UInt8 { byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte }
        func sharedStart(_ known: String) -> Int {
            Self.commonPrefixLength(Array(known.utf8), typed) { lower($0) == lower($1) }
        }
        guard let best = candidates.max(by: { sharedStart($0) < sharedStart($1) }) else { return nil }
        return KnownComponent(rawValue: best)
    }

    /// ``nearMiss(of:)``, remembered across specs (and threads) for short ASCII names: a custom
    /// component is named again and again. Other names are worked out each time, since a `String`
    /// key would also find a canonically equivalent name (`K` and the Kelvin sign) that `nearMiss`
    /// compares by its bytes; and at most `rememberedLimit` names are kept, so input cannot grow it.
    static func rememberedNearMiss(of name: String) -> KnownComponent? {
        let bytes = name.utf8
        guard bytes.count <= rememberedLength, bytes.allSatisfy({ $0 < 0x80 }) else { return nearMiss(of: name) }
        if let remembered = nearMisses.withLock({ $0[name] }) { return remembered }
        let result = nearMiss(of: name)
        nearMisses.withLock { if $0.count < rememberedLimit { $0[name] = result } }
        return result
    }

    /// The longest name (in bytes) and the most names ``rememberedNearMiss(of:)`` keeps.
    static let rememberedLength = 64
    static let rememberedLimit = 1024
    private static let nearMisses = Mutex<[String: KnownComponent?]>([:])

    private static let knownNames = allCases.map(\.rawValue)
    private static let knownBytes = knownNames.map { Array($0.utf8) }

    private static func commonPrefixLength(_ a: [UInt8], _ b: [UInt8], by same: (UInt8, UInt8) -> Bool) -> Int {
        zip(a, b).prefix { same($0, $1) }.count
    }

    /// `nearMiss(of:)` for a name that is not ASCII, compared as `Character`s.
    private static func nearMissSlowly(of name: String) -> KnownComponent? {
        let names = knownNames
        var candidates: [String] = []
        if let close = DidYouMean.closest(to: name, among: names) { candidates.append(close) }
        for known in names where known.count >= 8 && known != name {
            if name.hasPrefix(known) || name.hasSuffix(known) { candidates.append(known) }
        }
        if name.count >= 8 {
            for known in names where known.hasPrefix(name) && known != name { candidates.append(known) }
        }
        // A long shared start (`UIProgressBar` and `UIProgressView`) is a near miss too.
        for known in names where known.count >= 8 {
            let shared = zip(known, name).prefix { $0 == $1 }.count
            if shared >= 10 { candidates.append(known) }
        }
        func sharedStart(_ known: String) -> Int {
            zip(known.lowercased(), name.lowercased()).prefix { $0 == $1 }.count
        }
        guard let best = candidates.max(by: { sharedStart($0) < sharedStart($1) }) else { return nil }
        return KnownComponent(rawValue: best)
    }
}
