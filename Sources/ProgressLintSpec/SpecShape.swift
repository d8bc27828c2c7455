import ProgressLintSupport
import ProgressLintYAML

/// Whether a YAML document is shaped like a screen spec: how a folder walk tells the specs from
/// the other YAML of a repository (CI workflows, compose files, Kubernetes manifests, OpenAPI
/// documents, localisation files), which it skips.
public enum SpecShape {
    /// Whether `document` (a file's first one that is not empty) is not a spec (revision 1.3): its
    /// top level is no mapping, or has neither `screen` nor a sequence under `indicators` (nor a
    /// key probably misspelt from them); `version` and `platform` alone do not make a spec.
    public static func isNotSpec(_ document: YAMLDocument) -> Bool {
        guard let root = document.root else { return true }
        guard document.kind(of: root) == .mapping else { return true }
        // A spec names `screen` or `indicators` as written: found from the keys' bytes, with no
        // text made; only a file without them has its keys compared for misspellings.
        for n in 0..<document.pairCount(of: root) {
            let (key, value) = document.pair(n, of: root)
            if document.valueEquals(key, "screen") { return false }
            if document.valueEquals(key, "indicators"), document.kind(of: value) == .sequence { return false }
        }
        var visited: Set<Int32> = []  // node indices: a set of NodeIDs costs a conformance scan
        return !hasSpecKey(root, in: document, visited: &visited)
    }

    /// Whether the file `bytes` is not a spec, as a folder walk decides (revision 1.3); ``Linter``
    /// decides the same in the parse it lints with.
    public static func isNotSpec(_ bytes: [UInt8], limits: YAMLLimits) -> Bool {
        var decided: Bool?
        let error = YAMLParser.forEachDocument(in: bytes, limits: limits) { document, _ in
            if decided == nil, !document.isEmpty { decided = isNotSpec(document) }
        }
        if let decided { return decided }
        return error == nil || !hasSpecKeyLine(bytes)
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
            switch keyKind(name) {
            case .screen: return true
            case .indicators where document.kind(of: value) == .sequence: return true
            default: continue
            }
        }
        return false
    }

    /// `screen` or `indicators`, or a key that is probably one of them misspelt.
    static func isSpecKey(_ name: String) -> Bool { keyKind(name) != nil }

    enum SpecKey { case screen, indicators }

    /// Which of `screen` and `indicators` `name` is, or is probably misspelt from.
    static func keyKind(_ name: String) -> SpecKey? {
        if name == "screen" { return .screen }
        if name == "indicators" { return .indicators }
        // A character is at least one byte and at most four: names far from both lengths are
        // not folded at all.
        let bytes = name.utf8.count
        guard bytes >= screen.count - 1, bytes <= 4 * (indicators.count + 2) else { return nil }
        let folded = DidYouMean.Folded(name)
        if folded.distance(to: screen, atMost: 1) != nil { return .screen }
        if folded.distance(to: indicators, atMost: 2) != nil { return .indicators }
        return nil
    }

    /// Whether a line of `bytes` holds a key `screen` or `indicators` (or one probably misspelt):
    /// how a file that does not parse is told from a template, since a broken spec still has its
    /// `screen:` line and a Helm or Jinja template has none.
    public static func hasSpecKeyLine(_ bytes: [UInt8]) -> Bool {
        var start = 0
        let count = bytes.count
        while start < count {
            var end = start
            while end < count, bytes[end] != 0x0A, bytes[end] != 0x0D { end += 1 }
            if lineHoldsSpecKey(bytes, start, end) { return true }
            start = end + 1
        }
        return false
    }

    private static func lineHoldsSpecKey(_ bytes: [UInt8], _ start: Int, _ end: Int) -> Bool {
        let space = UInt8(ascii: " "), tab = UInt8(ascii: "\t")
        var i = start
        func skipBlanks() { while i < end, bytes[i] == space || bytes[i] == tab { i += 1 } }
        skipBlanks()
        guard i < end else { return false }
        if bytes[i] == UInt8(ascii: "-"), i + 1 < end, bytes[i + 1] == space || bytes[i + 1] == tab {
            i += 2
            skipBlanks()
        } else if bytes[i] == UInt8(ascii: "{") || bytes[i] == UInt8(ascii: ",") {
            i += 1
            skipBlanks()
        }
        guard i < end else { return false }
        // The longest name that can be a near miss: `indicators` and two more, four bytes each.
        let longest = 4 * (indicators.count + 2)
        let first = bytes[i]
        let quote: UInt8? = first == UInt8(ascii: "\"") || first == UInt8(ascii: "'") ? first : nil
        if quote != nil { i += 1 }
        let nameStart = i
        if let quote {
            while i < end, bytes[i] != quote, i - nameStart <= longest { i += 1 }
            guard i < end, bytes[i] == quote else { return false }
        } else {
            while i < end, bytes[i] != UInt8(ascii: ":"), bytes[i] != UInt8(ascii: "#"), i - nameStart <= longest {
                i += 1
            }
        }
        var nameEnd = i
        if quote != nil { i += 1 } else { while nameEnd > nameStart, bytes[nameEnd - 1] == space || bytes[nameEnd - 1] == tab { nameEnd -= 1 } }
        skipBlanks()
        guard i < end, bytes[i] == UInt8(ascii: ":"), nameEnd > nameStart, nameEnd - nameStart <= longest else {
            return false
        }
        return isSpecKey(String(decoding: bytes[nameStart..<nameEnd], as: UTF8.self))
    }

    private static let screen = DidYouMean.Folded("screen")
    private static let indicators = DidYouMean.Folded("indicators")
}
