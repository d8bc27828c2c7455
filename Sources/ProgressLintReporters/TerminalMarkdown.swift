/// A rule page's Markdown made plain for a terminal (`explain RULE`): no HTML comments, headings as
/// underlined titles, code blocks indented, tables aligned, links as `text <address>`, no backticks
/// or emphasis markers.
public enum TerminalMarkdown {
    public static func render(_ markdown: String) -> String {
        var out: [String] = []
        var inCode = false
        var inComment = false
        var table: [[String]] = []

        func flushTable() {
            guard !table.isEmpty else { return }
            var widths: [Int] = []
            for row in table {
                for (i, cell) in row.enumerated() {
                    if i < widths.count { widths[i] = max(widths[i], cell.count) } else { widths.append(cell.count) }
                }
            }
            for row in table {
                var line = ""
                for (i, cell) in row.enumerated() {
                    let last = i == row.count - 1
                    line += cell + (last ? "" : String(repeating: " ", count: widths[i] - cell.count + 3))
                }
                out.append("  " + line)
            }
            table = []
        }

        for rawLine in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = String(rawLine)
            if inComment {
                if line.contains("-->") { inComment = false }
                continue
            }
            if line.hasPrefix("```") {
                inCode.toggle()
                continue
            }
            if inCode {
                out.append(line.isEmpty ? "" : "    " + line)
                continue
            }
            if line.hasPrefix("<!--") {
                if !line.contains("-->") { inComment = true }
                continue
            }
            if line.hasPrefix("|") {
                let cells = line.dropFirst().split(separator: "|", omittingEmptySubsequences: false)
                    .map { String($0).trimmingSpaces() }
                let cellsWithoutLast = cells.last == "" ? Array(cells.dropLast()) : cells
                if cellsWithoutLast.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0 == "-" || $0 == ":" } }) { continue }
                table.append(cellsWithoutLast.map(inline))
                continue
            }
            flushTable()
            if let level = headingLevel(line) {
                let title = inline(String(line.dropFirst(level + 1)))
                switch level {
                case 1:
                    out.append(title)
                    out.append(String(repeating: "=", count: title.count))
                case 2:
                    out.append(title.uppercased())
                default:
                    out.append(title)
                    out.append(String(repeating: "-", count: title.count))
                }
                continue
            }
            out.append(inline(line))
        }
        flushTable()
        // No blank lines at the start, one newline at the end.
        while out.first == "" { out.removeFirst() }
        while out.last == "" { out.removeLast() }
        return out.joined(separator: "\n") + "\n"
    }

    private static func headingLevel(_ line: String) -> Int? {
        let hashes = line.prefix { $0 == "#" }.count
        guard hashes > 0, hashes <= 6, line.dropFirst(hashes).first == " " else { return nil }
        return hashes
    }

    /// Inline markup: `[text](address)` → `text <address>`, backticks and `**` dropped.
    static func inline(_ text: String) -> String {
        var out = ""
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "[") {
            out += rest[..<open]
            let afterOpen = rest.index(after: open)
            if let close = rest[afterOpen...].firstIndex(of: "]"),
               rest[rest.index(after: close)...].hasPrefix("("),
               let end = rest[rest.index(after: close)...].firstIndex(of: ")") {
                let label = rest[afterOpen..<close]
                let address = rest[rest.index(close, offsetBy: 2)..<end]
                out += label + " <" + address + ">"
                rest = rest[rest.index(after: end)...]
            } else {
                out += "["
                rest = rest[afterOpen...]
            }
        }
        out += rest
        var plain = ""
        var i = out.startIndex
        while i < out.endIndex {
            if out[i] == "`" {
                i = out.index(after: i)
                continue
            }
            if out[i...].hasPrefix("**") {
                i = out.index(i, offsetBy: 2)
                continue
            }
            plain.append(out[i])
            i = out.index(after: i)
        }
        return plain
    }
}

extension String {
    fileprivate func trimmingSpaces() -> String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
