import ProgressLintSupport
import ProgressLintYAML
import Synchronization

extension SpecReader {
    /// Records on `indicator` the keys whose values failed since failure number `first`, as dotted
    /// paths from the indicator (`duration`, `accessibility.announce.start`; a bad phase is
    /// `phases`). Failures are rare, so each is found by a walk over the indicator's mapping.
    func recordInvalidKeys(of indicator: inout Indicator, sinceFailure first: Int) {
        guard first < failures.count else { return }
        // Nodes by their index: a set of `NodeID`s would cost a scan of every protocol conformance
        // record in the process the first time (hashing a new type).
        let targets = Set(failures[first...].lazy.map(\.index))
        var found: [Int32: String] = [:]
        var visited: Set<Int32> = []
        walk(indicator.node, path: "", targets: targets, found: &found, visited: &visited)
        for path in found.values where !path.isEmpty { indicator.invalidKeys.insert(path) }
    }

    private func walk(_ mapping: NodeID, path: String, targets: Set<Int32>, found: inout [Int32: String],
                      visited: inout Set<Int32>) {
        guard document.kind(of: mapping) == .mapping, visited.insert(mapping.index).inserted,
              found.count < targets.count
        else { return }
        for n in 0..<document.pairCount(of: mapping) {
            let (key, value) = document.pair(n, of: mapping)
            guard document.kind(of: key) == .scalar else { continue }
            let name = document.value(of: key)
            if name == "<<" {
                // Merged keys belong to this mapping.
                if targets.contains(value.index) { found[value.index] = path }
                let sources = document.kind(of: value) == .sequence
                    ? (0..<document.itemCount(of: value)).map { document.item($0, of: value) } : [value]
                for source in sources {
                    if targets.contains(source.index) { found[source.index] = path }
                    walk(source, path: path, targets: targets, found: &found, visited: &visited)
                }
                continue
            }
            let full = path.isEmpty ? name : "\(path).\(name)"
            if targets.contains(key.index) { found[key.index] = full }
            if targets.contains(value.index) { found[value.index] = full }
            switch document.kind(of: value) {
            case .mapping:
                walk(value, path: full, targets: targets, found: &found, visited: &visited)
            case .sequence:
                // A list's entries (phases, becomes states) count as the list's key.
                guard visited.insert(value.index).inserted else { continue }
                for i in 0..<document.itemCount(of: value) {
                    let item = document.item(i, of: value)
                    if targets.contains(item.index) { found[item.index] = full }
                    var inner: [Int32: String] = [:]
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
    /// `component`: any text, kept either way. A name declared under the config's `components:` is
    /// read as what it stands for; any other unknown name is a custom view, warned about once the
    /// platform is known when it is probably a typo of a known one. Looked up once, from its bytes.
    mutating func component(_ entry: Entry) -> (Located<String>?, KnownComponent?) {
        guard let value = text(entry) else { return (nil, nil) }
        if let known = KnownComponent.named(entry.value, in: document) { return (value, known) }
        if !components.isEmpty, let declared = components[value.value] {
            return (value, declared.knownComponent)
        }
        let candidates = KnownComponent.rememberedNearMisses(of: value.value)
        if candidates != 0 { nearMisses.append((entry.value, candidates)) }
        return (value, nil)
    }

    /// Reports the near misses of known components met in the screen, each naming the component
    /// meant: among equally close ones, the one that exists on `platform`.
    mutating func reportNearMisses(platform: Platform?) {
        for (node, candidates) in nearMisses {
            let meant = KnownComponent.choose(among: candidates, platform: platform)
            var issue = SpecIssue(.schema,
                "`component: \(describe(node))` is not a known component, so it is taken as a custom view "
                + "and the component checks do not apply; did you mean `\(meant.rawValue)`? (if it is your own "
                + "view, keep it and declare it under `components:` in .progress-lint.yml)", at: node)
            issue.isWarning = true
            if !issues.contains(issue) { issues.append(issue) }
        }
        nearMisses.removeAll()
    }
}

extension KnownComponent {
    /// The known components `name` is probably a typo of, all equally close, in table order: the
    /// same name in another case, else those within Damerau–Levenshtein distance 2 ignoring case or
    /// differing by a trailing `View`. A known name with a word added (`BrandProgressBar`) is a
    /// wrapper, not a typo. Empty for a known name.
    public static func nearMisses(of name: String) -> [KnownComponent] {
        members(of: candidates(of: name))
    }

    /// The one of ``nearMisses(of:)`` to suggest: the first that exists on `platform`, else the first.
    public static func nearMiss(of name: String, platform: Platform? = nil) -> KnownComponent? {
        let candidates = candidates(of: name)
        return candidates == 0 ? nil : choose(among: candidates, platform: platform)
    }

    /// ``nearMisses(of:)`` as bits (by place in `allCases`).
    static func candidates(of name: String) -> UInt16 {
        // Longer than every known name with `View` and two letters added: nothing is close (a
        // character is at most a few bytes, but counted only past that).
        if name.utf8.count > 4 * longestName, name.count > longestName { return 0 }
        if named(name) != nil { return 0 }
        let typed = DidYouMean.Folded(name)
        let lowered = name.lowercased()
        var best = Int.max
        var found: UInt16 = 0
        for (index, known) in foldedNames.enumerated() {
            var closeness = typed.distance(to: known.folded, atMost: 2)
            if closeness == nil, lowered == known.lowered + "view" || lowered + "view" == known.lowered {
                closeness = 2
            }
            guard let closeness else { continue }
            if closeness < best {
                best = closeness
                found = 0
            }
            if closeness == best { found |= 1 << UInt16(index) }
        }
        return found
    }

    /// The first of `candidates` (bits by place in `allCases`) that exists on `platform`, else the first.
    static func choose(among candidates: UInt16, platform: Platform?) -> KnownComponent {
        let members = members(of: candidates)
        if let platform, let own = members.first(where: { $0.platforms.contains(platform) }) { return own }
        return members[0]
    }

    private static func members(of candidates: UInt16) -> [KnownComponent] {
        tableOrder.indices.filter { candidates & (1 << UInt16($0)) != 0 }.map { tableOrder[$0] }
    }

    /// ``candidates(of:)``, remembered for short ASCII names (a custom component is named again and
    /// again; other names could match a canonically equivalent one), at most `rememberedLimit` kept.
    static func rememberedNearMisses(of name: String) -> UInt16 {
        let bytes = name.utf8
        guard bytes.count <= rememberedLength, bytes.allSatisfy({ $0 < 0x80 }) else { return candidates(of: name) }
        if let remembered = remembered.withLock({ $0[name] }) { return remembered }
        let result = candidates(of: name)
        remembered.withLock { if $0.count < rememberedLimit { $0[name] = result } }
        return result
    }

    /// The longest name (in bytes) and the most names ``rememberedNearMisses(of:)`` keeps.
    static let rememberedLength = 64
    static let rememberedLimit = 1024
    private static let remembered = Mutex<[String: UInt16]>([:])

    private static let tableOrder = allCases
    private static let longestName = (tableOrder.map(\.rawValue.count).max() ?? 0) + "View".count + 2
    private static let foldedNames = tableOrder.map { (folded: DidYouMean.Folded($0.rawValue), lowered: $0.rawValue.lowercased()) }
}
