import ProgressLintCore

/// A fingerprint of a diagnostic that survives moved lines: a stable hash of its rule, file,
/// YAML path and the node's value (or, for findings with no node, its message). Never a line number.
public enum Fingerprint {
    /// The `partialFingerprints` key in SARIF.
    public static let sarifKey = "progressLint/v1"

    /// The fingerprint of every diagnostic, in order; repeats of one key get `:1`, `:2`… by order of appearance.
    public static func of(_ diagnostics: some Swift.Sequence<Diagnostic>) -> [String] {
        var sequence = Sequence()
        return diagnostics.map { sequence.next($0) }
    }

    /// Fingerprints made one at a time, in report order, remembering only the hashes already
    /// given (so a report can write each diagnostic's as it goes).
    public struct Sequence {
        private struct Hashes: Hashable {
            let a: UInt64
            let b: UInt64
        }

        private var seen: [Hashes: Int] = [:]

        /// A sequence that has given no fingerprint yet.
        public init() {}

        /// The fingerprint of the next diagnostic.
        public mutating func next(_ d: Diagnostic) -> String {
            let key = [d.ruleID, d.path.hasPrefix("./") ? String(d.path.dropFirst(2)) : d.path,
                       d.yamlPath ?? "", d.value ?? (d.yamlPath == nil ? d.message : "")].joined(separator: "\u{0}")
            let hashes = Hashes(a: fnv1a(key, basis: 0xcbf2_9ce4_8422_2325), b: fnv1a(key, basis: 0x6c62_272e_07bb_0142))
            let n = seen[hashes, default: 0]
            seen[hashes] = n + 1
            let hash = hex(hashes.a) + hex(hashes.b)
            return n == 0 ? hash : "\(hash):\(n)"
        }
    }

    /// FNV-1a, 64 bits, over the UTF-8 bytes.
    static func fnv1a(_ text: String, basis: UInt64) -> UInt64 {
        var hash = basis
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        return hash
    }

    static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
