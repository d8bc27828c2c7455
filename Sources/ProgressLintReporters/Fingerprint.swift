import ProgressLintEngine
import ProgressLintRun
import ProgressLintWorkspace
import ProgressLintSupport

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

    /// Fingerprints made one at a time in report order, remembering the hashes given; made `byFile`,
    /// it forgets them when the file changes, for files that come one after another (``Order``).
    public struct Sequence {
        private struct Hashes: Hashable {
            let a: UInt64
            let b: UInt64
        }

        private var seen: [Hashes: Int] = [:]
        private let byFile: Bool
        private var path = ""

        /// A sequence that has given no fingerprint yet.
        public init() { byFile = false }

        /// A sequence that forgets the hashes of a file once the next file starts (when `byFile`).
        public init(byFile: Bool) { self.byFile = byFile }

        /// The sequence for the findings of `report`, read in its order: forgetting each file's
        /// hashes once the next starts, unless two spellings of one path (`./a.yaml` and `a.yaml`)
        /// have findings apart (see ``Order``).
        public init(for report: RunReport) {
            var order = Order()
            for d in report.diagnostics.keys { order.note(path: d.path) }
            self.init(byFile: order.isByFile)
        }

        /// The fingerprint of the next diagnostic.
        public mutating func next(_ d: Diagnostic) -> String {
            if byFile && !ByteOrder.same(d.path, path) {
                if !ByteOrder.same(Fingerprint.keyPath(d.path), Fingerprint.keyPath(path)) {
                    seen.removeAll(keepingCapacity: seen.capacity <= 64)
                }
                path = d.path
            }
            // FNV-1a over rule, path, YAML path and value joined by NUL bytes, without joining them.
            var a: UInt64 = 0xcbf2_9ce4_8422_2325, b: UInt64 = 0x6c62_272e_07bb_0142
            func add(_ part: String, separator: Bool = true, dropping: Int = 0) {
                if separator { fnv1a(0, &a, &b) }
                (a, b) = Fingerprint.fnv1a(part, dropping: dropping, a, b)
            }
            add(d.ruleID, separator: false)
            // Fingerprint.keyPath(d.path), hashed without making it: the bytes after a leading `./`.
            add(d.path, dropping: d.path.hasPrefix("./") ? 2 : 0)
            add(d.yamlPath ?? "")
            add(d.value ?? (d.yamlPath == nil ? d.message : ""))
            let hashes = Hashes(a: a, b: b)
            // How many times these hashes were given before.
            let n = seen[hashes, default: 0]
            seen[hashes] = n + 1
            let hash = hex(hashes.a, hashes.b)
            return n == 0 ? hash : "\(hash):\(n)"
        }
    }

    /// Tells, as diagnostics are read in report order, whether their files come one after another,
    /// each (its path as the fingerprint holds it) after the one before, byte-wise: then a
    /// ``Sequence`` made `byFile` gives the same fingerprints as one that remembers them all.
    public struct Order {
        private var path: String?
        private var keyPath = ""
        /// Whether the diagnostics noted so far come file after file, in order.
        public private(set) var isByFile = true

        /// Nothing noted yet.
        public init() {}

        /// Notes the next diagnostic.
        public mutating func note(_ d: Diagnostic) { note(path: d.path) }

        /// Notes the next diagnostic, by its path.
        public mutating func note(path dPath: String) {
            guard isByFile else { return }
            guard let last = path else {
                path = dPath
                keyPath = Fingerprint.keyPath(dPath)
                return
            }
            if ByteOrder.same(dPath, last) { return }
            let next = Fingerprint.keyPath(dPath)
            let order = ByteOrder.compare(keyPath, next)
            if order > 0 { isByFile = false }
            path = dPath
            keyPath = next
        }
    }

    /// The path as a fingerprint holds it: without a leading `./`.
    static func keyPath(_ path: String) -> String {
        path.hasPrefix("./") ? String(path.dropFirst(2)) : path
    }

    /// One byte into both FNV-1a hashes.
    @inline(__always)
    static func fnv1a(_ byte: UInt8, _ a: inout UInt64, _ b: inout UInt64) {
        a = (a ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        b = (b ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
    }

    /// Both FNV-1a hashes `a` and `b` taken on over the UTF-8 bytes of `text` after the first `dropping`.
    static func fnv1a(_ text: String, dropping: Int, _ a: UInt64, _ b: UInt64) -> (UInt64, UInt64) {
        var text = text
        return text.withUTF8 { bytes in
            var a = a, b = b
            for byte in bytes.dropFirst(dropping) { fnv1a(byte, &a, &b) }
            return (a, b)
        }
    }

    /// `a` and `b` as 32 hexadecimal digits.
    static func hex(_ a: UInt64, _ b: UInt64) -> String {
        String(unsafeUninitializedCapacity: 32) { buffer in
            let digits: StaticString = "0123456789abcdef"
            digits.withUTF8Buffer { digits in
                for i in 0..<16 {
                    buffer[i] = digits[Int(truncatingIfNeeded: (a >> UInt64(60 - 4 * i)) & 0xF)]
                    buffer[16 + i] = digits[Int(truncatingIfNeeded: (b >> UInt64(60 - 4 * i)) & 0xF)]
                }
            }
            return 32
        }
    }
}
