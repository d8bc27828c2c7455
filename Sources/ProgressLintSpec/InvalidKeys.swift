import ProgressLintYAML

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
