import ProgressLintSupport

/// A unified diff of two texts, as `diff -u` writes it, with `--- path` and `+++ path` headers
/// (so `patch -p0` and `git apply -p0` apply it). Lines keep their own endings (CRLF stays).
public enum UnifiedDiff {
    /// The diff of `before` and `after` for the file `path`; empty when they are equal.
    public static func render(path: String, before: [UInt8], after: [UInt8], context: Int = 3) -> String {
        let a = lines(before), b = lines(after)
        guard a != b else { return "" }
        let script = edits(a, b)
        var out = "--- \(path)\n+++ \(path)\n"
        // Group the script into hunks with `context` lines around each change.
        var i = 0
        while i < script.count {
            guard script[i].kind != .same else { i += 1; continue }
            var start = i
            var back = 0
            while start > 0, back < context, script[start - 1].kind == .same { start -= 1; back += 1 }
            var end = i
            var sameRun = 0
            var j = i
            while j < script.count {
                if script[j].kind == .same {
                    sameRun += 1
                    if sameRun > 2 * context { break }
                } else {
                    sameRun = 0
                    end = j
                }
                j += 1
            }
            let stop = min(script.count, end + 1 + context)
            let hunk = script[start..<stop]
            let oldStart = hunk.first!.old, newStart = hunk.first!.new
            let oldCount = hunk.filter { $0.kind != .insert }.count
            let newCount = hunk.filter { $0.kind != .delete }.count
            out += "@@ -\(range(oldStart, oldCount)) +\(range(newStart, newCount)) @@\n"
            for line in hunk {
                let text: [UInt8]
                switch line.kind {
                case .same: text = a[line.old]; out += " "
                case .delete: text = a[line.old]; out += "-"
                case .insert: text = b[line.new]; out += "+"
                }
                out += String(decoding: text, as: UTF8.self)
                if text.last != 0x0A { out += "\n\\ No newline at end of file\n" }
            }
            i = stop
        }
        return out
    }

    private static func range(_ start: Int, _ count: Int) -> String {
        // Lines are 1-based; an empty range names the line before it.
        let first = count == 0 ? start : start + 1
        return count == 1 ? "\(first)" : "\(first),\(count)"
    }

    /// Lines with their line breaks.
    static func lines(_ bytes: [UInt8]) -> [[UInt8]] {
        LineBreaks.lines(bytes)
    }

    enum Kind { case same, delete, insert }

    struct Line {
        var kind: Kind
        /// Index of the line in the old text (for an insertion: of the next old line).
        var old: Int
        /// Index in the new text (for a deletion: of the next new line).
        var new: Int
    }

    /// A shortest edit script: common prefix and suffix, and a longest common subsequence between
    /// them (when that is small enough; else the middle is replaced whole).
    static func edits(_ a: [[UInt8]], _ b: [[UInt8]]) -> [Line] {
        var prefix = 0
        while prefix < a.count, prefix < b.count, a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix, suffix < b.count - prefix,
              a[a.count - 1 - suffix] == b[b.count - 1 - suffix] { suffix += 1 }
        var script: [Line] = (0..<prefix).map { Line(kind: .same, old: $0, new: $0) }
        let m = a.count - prefix - suffix, n = b.count - prefix - suffix
        let (product, overflow) = m.multipliedReportingOverflow(by: n)
        if !overflow, product <= 4_000_000, m > 0, n > 0 {
            var table = [[Int32]](repeating: [Int32](repeating: 0, count: n + 1), count: m + 1)
            for i in stride(from: m - 1, through: 0, by: -1) {
                for j in stride(from: n - 1, through: 0, by: -1) {
                    table[i][j] = a[prefix + i] == b[prefix + j]
                        ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
                }
            }
            var i = 0, j = 0
            while i < m || j < n {
                if i < m, j < n, a[prefix + i] == b[prefix + j] {
                    script.append(Line(kind: .same, old: prefix + i, new: prefix + j)); i += 1; j += 1
                } else if i < m, j == n || table[i + 1][j] >= table[i][j + 1] {
                    script.append(Line(kind: .delete, old: prefix + i, new: prefix + j)); i += 1
                } else {
                    script.append(Line(kind: .insert, old: prefix + i, new: prefix + j)); j += 1
                }
            }
        } else {
            script += (0..<m).map { Line(kind: .delete, old: prefix + $0, new: prefix) }
            script += (0..<n).map { Line(kind: .insert, old: prefix + m, new: prefix + $0) }
        }
        script += (0..<suffix).map { Line(kind: .same, old: a.count - suffix + $0, new: b.count - suffix + $0) }
        return script
    }
}
