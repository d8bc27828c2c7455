import ProgressLintSupport
import ProgressLintYAML

/// Whether a YAML document is shaped like a screen spec: how a folder walk tells the specs from
/// the other YAML of a repository (CI workflows, compose files, Kubernetes manifests, OpenAPI
/// documents, localisation files), which it skips.
public enum SpecShape {
    /// Whether `document` (the first of a file that holds anything) is not a spec: its top level
    /// is not a mapping, or a mapping with neither `screen` nor `indicators` and no key that is
    /// probably one of them misspelt (within Damerau–Levenshtein distance 1 of `screen` or 2 of
    /// `indicators`, ignoring case: `screne`, `Screen`, `screens`, `indicator`, `indicatros`).
    /// `version` and `platform` alone do not make a spec: compose files carry `version: "3.8"`.
    /// Keys merged in with `<<` count as the mapping's own.
    public static func isNotSpec(_ document: YAMLDocument) -> Bool {
        guard let root = document.root else { return true }
        guard document.kind(of: root) == .mapping else { return true }
        // A spec names `screen` or `indicators` as written: found from the keys' bytes, with no
        // text made; only a file without them has its keys compared for misspellings.
        for n in 0..<document.pairCount(of: root) {
            let key = document.pair(n, of: root).key
            if document.valueEquals(key, "screen") || document.valueEquals(key, "indicators") { return false }
        }
        var visited: Set<Int32> = []  // node indices: a set of NodeIDs costs a conformance scan
        return !hasSpecKey(root, in: document, visited: &visited)
    }

    private static func hasSpecKey(_ mapping: NodeID, in document: YAMLDocument, visited: inout Set<Int32>) -> Bool {
        guard document.kind(of: mapping) == .mapping, visited.insert(mapping.index).inserted else { return false }
        for n in 0..<document.pairCount(of: mapping) {
            let (key, value) = document.pair(n, of: mapping)
            guard document.kind(of: key) == .scalar else { continue }
            let name = document.value(of: key)
            if name == "<<" {
                let sources = document.kind(of: value) == .sequence
                    ? (0..<document.itemCount(of: value)).map { document.item($0, of: value) } : [value]
                if sources.contains(where: { hasSpecKey($0, in: document, visited: &visited) }) { return true }
                continue
            }
            if isSpecKey(name) { return true }
        }
        return false
    }

    /// `screen` or `indicators`, or a key that is probably one of them misspelt.
    static func isSpecKey(_ name: String) -> Bool {
        if name == "screen" || name == "indicators" { return true }
        // A character is at least one byte and at most four: names far from both lengths are
        // not folded at all.
        let bytes = name.utf8.count
        guard bytes >= screen.count - 1, bytes <= 4 * (indicators.count + 2) else { return false }
        let folded = DidYouMean.Folded(name)
        return folded.distance(to: screen, atMost: 1) != nil || folded.distance(to: indicators, atMost: 2) != nil
    }

    private static let screen = DidYouMean.Folded("screen")
    private static let indicators = DidYouMean.Folded("indicators")
}
