import ProgressLintCore

/// A fingerprint of a diagnostic that survives moved lines: a stable hash of its rule, file,
/// YAML path and the node's value (or, for findings with no node, its message). Never a line number.
public enum Fingerprint {
    /// The `partialFingerprints` key in SARIF.
    public static let sarifKey = "progressLint/v1"

    /// The fingerprint of every diagnostic, in order; repeats of one key get `:1`, `:2`… by order of appearance.
    public static func of(_ diagnostics: [Diagnostic]) -> [String] {
        // Repeats are counted by the 128-bit hash, not by the key's text.
        var seen: [[UInt64]: Int] = [:]
        return diagnostics.map { d in
            let key = [d.ruleID, d.path.hasPrefix("./") ? String(d.path.dropFirst(2)) : d.path,
                       d.yamlPath ?? "", d.value ?? (d.yamlPath == nil ? d.message : "")].joined(separator: "\u{0}")
            let hashes = [fnv1a(key, basis: 0xcbf2_9ce4_8422_2325), fnv1a(key, basis: 0x6c62_272e_07bb_0142)]
            let n = seen[hashes, default: 0]
            seen[hashes] = n + 1
            let hash = hex(hashes[0]) + hex(hashes[1])
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
