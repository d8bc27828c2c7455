import Foundation
import Testing

/// Every relative link in the documentation resolves: the README, CONTRIBUTING, the pages under
/// `docs/`, the benchmark notes and the rule pages. A link names a file or folder that exists, and a
/// `#anchor` names a heading of the target by the anchor GitHub gives it.
@Suite struct DocumentationLinksTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test func everyRelativeLinkInTheDocumentationResolves() throws {
        let documents = DocumentationLinks.documents(in: Self.packageRoot)
        for required in ["README.md", "CONTRIBUTING.md", "Benchmarks/README.md", "docs/README.md", "Rules/README.md"] {
            #expect(documents.contains(required), "\(required) is missing")
        }
        let broken = DocumentationLinks.broken(in: documents, root: Self.packageRoot)
        let list = broken.joined(separator: "\n")
        #expect(broken.isEmpty, "links that lead nowhere (fix the link, or the file or heading it names):\n\(list)")
    }

    @Test func aLinkToAMissingFileOrHeadingIsReportedWithItsLine() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("links-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root.appendingPathComponent("docs"), withIntermediateDirectories: true)
        try "# Title\n\n## Shared settings: `extends`\n\n## Counting findings: `--statistics`\n"
            .write(to: root.appendingPathComponent("docs/a.md"), atomically: true, encoding: .utf8)
        try """
            # Index

            [fine](docs/a.md), [fine too](docs/a.md#shared-settings-extends), [here](#index)
            [folder](docs/) and [slug](docs/a.md#counting-findings---statistics "with a title")
            [no file](docs/missing.md)
            [no heading](docs/a.md#shared-settings)
            [no heading here](#nowhere) and [outside](../elsewhere.md)
            `[in code](docs/missing.md)`

            ```md
            [in a code block](docs/missing.md)
            ```
            [web](https://example.com/x.md) [mail](mailto:a@example.com)

            [ref]: docs/gone.md
            """.write(to: root.appendingPathComponent("README.md"), atomically: true, encoding: .utf8)
        let broken = DocumentationLinks.broken(in: ["README.md"], root: root)
        #expect(broken == [
            "README.md:5: docs/missing.md: no such file",
            "README.md:6: docs/a.md#shared-settings: docs/a.md has no heading with that anchor",
            "README.md:7: #nowhere: README.md has no heading with that anchor",
            "README.md:7: ../elsewhere.md: outside the repository",
            "README.md:15: docs/gone.md: no such file",
        ])
    }

    @Test func anchorsAreGitHubsSlugsOfTheHeadings() {
        let text = """
            # progress-lint
            ## Shared settings: `extends`
            ## What a spec gets: `--print-config`
            ## Limits and hostile input
            ## Xcode and SwiftPM plugins
            ### Build-tool plugin
            ## [Linked](x.md) *heading* — with punctuation, é and 日本
            ## Limits and hostile input
            ```
            # not a heading
            ```
            """
        #expect(DocumentationLinks.anchors(in: text) == [
            "progress-lint", "shared-settings-extends", "what-a-spec-gets---print-config",
            "limits-and-hostile-input", "xcode-and-swiftpm-plugins", "build-tool-plugin",
            "linked-heading--with-punctuation-é-and-日本", "limits-and-hostile-input-1",
        ])
    }
}

/// Finds the relative links of Markdown files and checks where they lead.
enum DocumentationLinks {
    /// The documents whose links are checked, relative to `root`.
    static func documents(in root: URL) -> [String] {
        var paths = ["README.md", "CONTRIBUTING.md", "Benchmarks/README.md"].filter {
            FileManager.default.fileExists(atPath: root.appendingPathComponent($0).path)
        }
        for folder in ["docs", "Rules"] {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path)) ?? []
            paths += names.filter { $0.hasSuffix(".md") }.sorted().map { folder + "/" + $0 }
        }
        return paths
    }

    /// `file:line: link: why` for every relative link in `documents` that leads nowhere.
    static func broken(in documents: [String], root: URL) -> [String] {
        var problems: [String] = []
        var anchorCache: [String: Set<String>] = [:]
        func anchors(of path: String) -> Set<String> {
            if let known = anchorCache[path] { return known }
            let text = (try? String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)) ?? ""
            let found = Set(Self.anchors(in: text))
            anchorCache[path] = found
            return found
        }
        for document in documents {
            guard let text = try? String(contentsOf: root.appendingPathComponent(document), encoding: .utf8) else {
                problems.append("\(document): cannot be read as UTF-8")
                continue
            }
            let folder = (document as NSString).deletingLastPathComponent
            for (line, target) in links(in: text) where isRelative(target) {
                let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
                let rawPath = String(parts[0])
                let anchor = parts.count > 1 ? String(parts[1]) : nil
                var path = document
                if !rawPath.isEmpty {
                    guard let decoded = rawPath.removingPercentEncoding,
                          let resolved = normalized(folder.isEmpty ? decoded : folder + "/" + decoded) else {
                        problems.append("\(document):\(line): \(target): outside the repository")
                        continue
                    }
                    path = resolved
                }
                var isFolder: ObjCBool = false
                let exists = path.isEmpty
                    || FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path, isDirectory: &isFolder)
                guard exists else {
                    problems.append("\(document):\(line): \(target): no such file")
                    continue
                }
                guard let anchor, !anchor.isEmpty else { continue }
                if !path.hasSuffix(".md") || isFolder.boolValue {
                    problems.append("\(document):\(line): \(target): an anchor into a file that is not Markdown")
                } else if !anchors(of: path).contains(anchor.removingPercentEncoding ?? anchor) {
                    problems.append("\(document):\(line): \(target): \(path) has no heading with that anchor")
                }
            }
        }
        return problems
    }

    /// The link targets of `text` with their 1-based lines: inline links and images `[text](target)`
    /// and reference definitions `[name]: target`, outside code blocks and code spans.
    static func links(in text: String) -> [(line: Int, target: String)] {
        var found: [(line: Int, target: String)] = []
        for (number, line) in prose(text) {
            let plain = line.replacing(/`+[^`]*`+/, with: "")
            if let definition = plain.wholeMatch(of: /\s{0,3}\[[^\]]+\]:\s*<?([^\s>]+)>?.*/) {
                found.append((number, String(definition.1)))
                continue
            }
            for match in plain.matches(of: /\]\(\s*<?([^\s)>]+)>?(?:\s+"[^"]*")?\s*\)/) {
                found.append((number, String(match.1)))
            }
        }
        return found
    }

    /// The anchors GitHub gives the headings of `text`, in order: the heading's text without its
    /// Markdown, lower-cased, with everything but letters, marks, digits, `_`, `-` and spaces
    /// removed and spaces made `-`; a repeated anchor gets `-1`, `-2`, … as github-slugger does.
    static func anchors(in text: String) -> [String] {
        var seen: [String: Int] = [:]
        var anchors: [String] = []
        for (_, line) in prose(text) {
            guard let heading = line.wholeMatch(of: /\s{0,3}#{1,6}\s+(.*?)(?:\s+#+)?\s*/) else { continue }
            var title = String(heading.1).replacing(/!?\[([^\]]*)\]\([^)]*\)/) { String($0.1) }
            title = title.replacing(/<[^>]+>/, with: "")
            title.removeAll { $0 == "`" || $0 == "*" }
            var slug = ""
            for scalar in title.lowercased().unicodeScalars {
                switch scalar.properties.generalCategory {
                case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
                     .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .letterNumber, .otherNumber,
                     .connectorPunctuation:
                    slug.unicodeScalars.append(scalar)
                default:
                    if scalar == "-" { slug.append("-") } else if scalar == " " { slug.append("-") }
                }
            }
            let count = seen[slug, default: 0]
            seen[slug] = count + 1
            anchors.append(count == 0 ? slug : "\(slug)-\(count)")
        }
        return anchors
    }

    /// The lines of `text` outside fenced code blocks, numbered from 1.
    static func prose(_ text: String) -> [(Int, Substring)] {
        var lines: [(Int, Substring)] = []
        var fence: Substring?
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.drop { $0 == " " }
            if let open = fence {
                if trimmed.hasPrefix(open) { fence = nil }
                continue
            }
            if let marker = trimmed.prefixMatch(of: /`{3,}|~{3,}/) {
                fence = marker.0
                continue
            }
            lines.append((index + 1, line))
        }
        return lines
    }

    /// Whether `target` is a path in the repository rather than an address (`https:`, `mailto:`, `//host`).
    static func isRelative(_ target: String) -> Bool {
        !target.hasPrefix("//") && target.prefixMatch(of: /[A-Za-z][A-Za-z0-9+.\-]*:/) == nil
    }

    /// `path` with `.` and `..` taken out; nil when it climbs out of the repository.
    static func normalized(_ path: String) -> String? {
        var parts: [Substring] = []
        for part in path.split(separator: "/") where part != "." {
            if part == ".." {
                guard !parts.isEmpty else { return nil }
                parts.removeLast()
            } else {
                parts.append(part)
            }
        }
        return parts.joined(separator: "/")
    }
}
