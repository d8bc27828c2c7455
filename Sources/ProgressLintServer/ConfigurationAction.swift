#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ProgressLintEngine
import ProgressLintRun
import ProgressLintSupport
import ProgressLintWorkspace
import ProgressLintYAML

extension LanguageServer {
    /// "Turn RULE off in .progress-lint.yml": an edit of the governing config file (its layout kept),
    /// or a new one where none governs; offered only when the edited config turns the rule off.
    func turnOffAction(rule: String, document: Document, published: LSPDiagnostic) -> CodeAction? {
        guard let path = document.path,
              case .success(let configuration) = configurations.configuration(for: path) else { return nil }
        let title = "Turn \(rule) off in .progress-lint.yml"
        guard let written = configuration.path else {
            guard client.createFiles else { return nil }
            let folder = folders.first { path.hasPrefix($0.hasSuffix("/") ? $0 : $0 + "/") }
                ?? PathText.parent(path)
            let newPath = PathText.joining(folder, ConfigurationResolver.fileNames[0])
            let text = "rules:\n  \(rule): off\n"
            guard turnsOff(rule, text: Array(text.utf8), path: newPath) else { return nil }
            let uri = DocumentURI.uri(of: newPath)
            let edit = TextEdit(range: LSPRange(start: Position(line: 0, character: 0), end: Position(line: 0, character: 0)),
                                newText: text)
            return CodeAction(title: title, kind: "quickfix", diagnostics: [published], isPreferred: false,
                              edit: WorkspaceEdit(changes: nil, documentChanges: [
                                  .object(["kind": .string("create"), "uri": .string(uri),
                                           "options": .object(["ignoreIfExists": .bool(true)])]),
                                  .object(["textDocument": .object(["uri": .string(uri), "version": .null]),
                                           "edits": JSONCoding.json([edit])]),
                              ]))
        }
        let configPath = configurations.absolutePath(written)
        let bytes: [UInt8]
        if let open = documents.values.first(where: { $0.path == configPath }) {
            bytes = open.index.bytes
        } else if let read = LanguageServer.readFile(configPath, limit: 1024 * 1024) {
            bytes = read
        } else {
            return nil
        }
        guard let (start, end, text) = ConfigurationEdit.turnOff(rule, in: bytes) else { return nil }
        var edited = bytes
        edited.replaceSubrange(start..<end, with: Array(text.utf8))
        guard turnsOff(rule, text: edited, path: configPath) else { return nil }
        let index = TextIndex(bytes)
        let edit = TextEdit(range: index.range(bytes: start, end, encoding), newText: text)
        return CodeAction(title: title, kind: "quickfix", diagnostics: [published], isPreferred: false,
                          edit: WorkspaceEdit(changes: [DocumentURI.uri(of: configPath): [edit]]))
    }

    /// Whether the config text loads and sets `rule` off.
    private func turnsOff(_ rule: String, text: [UInt8], path: String) -> Bool {
        guard let loaded = try? loader.load(text, path: path, directory: PathText.parent(path),
                                            workingDirectory: configurations.workingDirectory)
        else { return false }
        return loaded.rules[rule] == .off
    }
}

/// The one edit of a config file's text that sets a rule off.
enum ConfigurationEdit {
    /// The bytes to replace and the text to write: the rule's value under a block `rules:` mapping,
    /// a line added at the end of that mapping, or a `rules:` mapping added at the end. Nil when
    /// the text does not parse or `rules` is written in flow style.
    static func turnOff(_ rule: String, in bytes: [UInt8]) -> (Int, Int, String)? {
        guard let documents = try? YAMLParser.parse(bytes) else { return nil }
        let index = TextIndex(bytes)
        let lineBreak = bytes.contains(0x0D) ? "\r\n" : "\n"
        guard let document = documents.first, let root = document.root, document.kind(of: root) == .mapping else {
            // An empty config: the whole mapping is new.
            if documents.allSatisfy({ $0.root == nil }) {
                let needsBreak = !bytes.isEmpty && bytes.last != 0x0A
                return (bytes.count, bytes.count, (needsBreak ? lineBreak : "") + "rules:\(lineBreak)  \(rule): off\(lineBreak)")
            }
            return nil
        }
        let pairs = document[root].pairs
        guard let rules = pairs.first(where: { document.kind(of: $0.key) == .scalar && document.value(of: $0.key) == "rules" }) else {
            let needsBreak = !bytes.isEmpty && bytes.last != 0x0A
            let end = index.byteOffset(of: document[root].range.end)
            // After the last line of the top-level mapping (before a `...` or a later document).
            let at = max(end, lastContentLineEnd(bytes, upTo: end))
            return (at, at, (needsBreak && at == bytes.count ? lineBreak : "") + "rules:\(lineBreak)  \(rule): off\(lineBreak)")
        }
        let value = rules.value
        if document.kind(of: value) == .scalar && document.isNull(value) {
            // `rules:` with nothing under it.
            let at = index.byteOffset(of: document[value].range.end)
            return (at, at, "\(lineBreak)  \(rule): off")
        }
        guard document.kind(of: value) == .mapping, !document[value].isFlow else { return nil }
        if let existing = document[value].pairs.first(where: { document.value(of: $0.key) == rule }) {
            let range = document[existing.value].range
            return (index.byteOffset(of: range.start), index.byteOffset(of: range.end), "off")
        }
        guard let last = document[value].pairs.last, let first = document[value].pairs.first else { return nil }
        let indent = document[first.key].range.start.column - 1
        // After the line holding the end of the mapping's last value.
        let lastEnd = index.byteOffset(of: document[last.value].range.end)
        var at = lastEnd
        while at < bytes.count && bytes[at] != 0x0A { at += 1 }
        if at < bytes.count { at += 1 } else {
            return (at, at, lineBreak + String(repeating: " ", count: indent) + "\(rule): off" + lineBreak)
        }
        return (at, at, String(repeating: " ", count: indent) + "\(rule): off" + lineBreak)
    }

    /// The end of the last line with content at or before `offset` (past its line break).
    private static func lastContentLineEnd(_ bytes: [UInt8], upTo offset: Int) -> Int {
        var at = min(offset, bytes.count)
        while at < bytes.count && bytes[at] != 0x0A { at += 1 }
        return at < bytes.count ? at + 1 : at
    }
}
