#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ProgressLintEngine
import ProgressLintRun
import ProgressLintWorkspace
import ProgressLintReporters
import ProgressLintRules
import ProgressLintSpec
import ProgressLintYAML

extension LanguageServer {
    /// `textDocument/hover`: a rule id in a suppression comment, or a finding, shows the rule's
    /// page; a spec key shows its entry of the key table.
    func hover(_ params: TextDocumentPositionParams) -> Hover? {
        guard var hover = markdownHover(params) else { return nil }
        if !client.markdownHover {
            // A client that shows plain text gets plain text: the page without its markup.
            hover.contents.kind = "plaintext"
            hover.contents.value = TerminalMarkdown.render(hover.contents.value)
        }
        return hover
    }

    private func markdownHover(_ params: TextDocumentPositionParams) -> Hover? {
        guard let document = documents[params.textDocument.uri] else { return nil }
        currentHoverDocument = document
        defer { currentHoverDocument = nil }
        let index = document.index
        if let (rule, range) = ruleIDInComment(at: params.position, index: index),
           let description = linter.descriptions[rule] {
            return Hover(contents: MarkupContent(value: rulePage(description)), range: range)
        }
        if let lint = lint(params.textDocument.uri) {
            let here = LSPRange(start: params.position, end: params.position)
            var seen: Set<String> = []
            let pages = lint.published.filter { $0.range.touches(here) && seen.insert($0.code).inserted }
                .compactMap { linter.descriptions[$0.code].map(rulePage) }
            if !pages.isEmpty { return Hover(contents: MarkupContent(value: pages.joined(separator: "\n\n---\n\n"))) }
        }
        if let (key, range) = specKey(at: params.position, index: index) {
            return Hover(contents: MarkupContent(value: SpecKeyText.markdown(key)), range: range)
        }
        return nil
    }

    private func rulePage(_ description: RuleDescription) -> String {
        RulePage.render(description, reports: RuleRegistry.reports(of:on:))
    }

    /// The suppression comment on `position`'s line: the byte offset of its rule list in the line, the line's text.
    private func suppressionComment(line: Int, index: TextIndex) -> (listStart: Int, text: [UInt8])? {
        let text = Array(index.lineText(line).utf8)
        let marker = Array("progress-lint-disable".utf8)
        guard let hash = text.indices.first(where: { i in
            text[i] == UInt8(ascii: "#") && (i == 0 || text[i - 1] == 0x20 || text[i - 1] == 0x09)
                && {
                    var j = i + 1
                    while j < text.count && (text[j] == 0x20 || text[j] == 0x09) { j += 1 }
                    return text[j...].starts(with: marker)
                }()
        }) else { return nil }
        // Past the directive (up to the first white space after it).
        var i = hash + 1
        while i < text.count && (text[i] == 0x20 || text[i] == 0x09) { i += 1 }
        while i < text.count && text[i] != 0x20 && text[i] != 0x09 { i += 1 }
        return (i, text)
    }

    private static func isRuleByte(_ byte: UInt8) -> Bool {
        (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39) || byte == 0x2D || (byte >= 0x41 && byte <= 0x5A)
    }

    /// The rule id under `position` in a suppression comment, and its range.
    private func ruleIDInComment(at position: Position, index: TextIndex) -> (String, LSPRange)? {
        guard let (listStart, text) = suppressionComment(line: position.line, index: index),
              position.line < index.lineStarts.count else { return nil }
        let lineStart = index.lineStarts[position.line]
        let at = index.byteOffset(of: position, encoding) - lineStart
        guard at >= listStart, at <= text.count else { return nil }
        var start = at, end = at
        while start > listStart && Self.isRuleByte(text[start - 1]) { start -= 1 }
        while end < text.count && Self.isRuleByte(text[end]) { end += 1 }
        guard start < end else { return nil }
        // Not in the reason after ` -- `.
        if let dashes = (listStart..<start).first(where: { text[$0] == 0x2D && $0 + 1 < text.count && text[$0 + 1] == 0x2D
            && ($0 == 0 || text[$0 - 1] == 0x20) }), dashes < start { return nil }
        let word = String(decoding: text[start..<end], as: UTF8.self)
        return (word, index.range(bytes: lineStart + start, lineStart + end, encoding))
    }

    private func completionDocumentation(_ text: String) -> JSON {
        guard let formats = client.completionFormats else { return .string(TerminalMarkdown.render(text)) }
        if formats.contains("markdown") { return .object(["kind": .string("markdown"), "value": .string(text)]) }
        return .object(["kind": .string("plaintext"), "value": .string(TerminalMarkdown.render(text))])
    }

    /// `textDocument/completion`: rule ids in a suppression comment's list.
    func completion(_ params: TextDocumentPositionParams) -> CompletionList {
        guard let document = documents[params.textDocument.uri],
              let (listStart, text) = suppressionComment(line: params.position.line, index: document.index),
              params.position.line < document.index.lineStarts.count
        else { return CompletionList(items: []) }
        let index = document.index
        let lineStart = index.lineStarts[params.position.line]
        let at = index.byteOffset(of: params.position, encoding) - lineStart
        guard at >= listStart, at <= text.count else { return CompletionList(items: []) }
        let before = text[listStart..<at]
        // Nothing to complete in the reason.
        if String(decoding: before, as: UTF8.self).contains(" --") { return CompletionList(items: []) }
        var start = at
        while start > listStart && Self.isRuleByte(text[start - 1]) { start -= 1 }
        let partial = String(decoding: text[start..<at], as: UTF8.self)
        let named = Set(String(decoding: before, as: UTF8.self).split(whereSeparator: { $0 == "," || $0 == " " }).map(String.init))
        let range = index.range(bytes: lineStart + start, lineStart + at, encoding)
        let items = RuleRegistry.descriptions
            .filter { !$0.isInputRule && $0.id.hasPrefix(partial) && !(named.contains($0.id) && $0.id != partial) }
            .map { description in
                CompletionItem(label: description.id, detail: description.summary,
                               documentation: completionDocumentation(description.rationale),
                               textEdit: TextEdit(range: range, newText: description.id))
            }
        return CompletionList(items: items)
    }

    /// The spec key written at `position`, from the key table, and the key's range.
    private func specKey(at position: Position, index: TextIndex) -> (SpecKey, LSPRange)? {
        guard let documents = try? YAMLParser.parse(index.bytes) else { return nil }
        let offset = index.byteOffset(of: position, encoding)
        for document in documents {
            guard let root = document.root else { continue }
            if let found = find(offset, in: root, keys: SpecKey.all(ScreenKey.self), document: document, index: index) {
                return found
            }
        }
        return nil
    }

    /// Where a written duration (or each end of a range) stands against the thresholds of the
    /// document's configuration: "3s: past `noticeable` (1s), under `attention` (10s)".
    private func durationText(_ written: String) -> String {
        var thresholds = Thresholds()
        var origins: [String: SettingOrigin] = [:]
        if let document = currentHoverDocument, let path = document.path,
           case .success(let configuration) = configurations.configuration(for: path) {
            thresholds = configuration.thresholds
            origins = configuration.thresholdOrigins
        }
        // A threshold a built-in profile set is named with it: "(3s, from profile `progress-lint:gnome`)".
        func shown(_ key: String, _ value: Duration) -> String {
            if case .profile(let name)? = origins[key] { return "\(value), from profile `\(name)`" }
            return "\(value)"
        }
        let ends = written.contains("..") ? written.components(separatedBy: "..") : [written]
        let named = [("instant", thresholds.instant), ("noticeable", thresholds.noticeable),
                     ("attention", thresholds.attention)]
        let lines = ends.compactMap { end -> String? in
            let text = end.trimmingSpaces()
            guard let duration = try? Duration.parse(Substring(text)) else { return nil }
            let past = named.last { duration >= $0.1 }
            let under = named.first { duration < $0.1 }
            var parts: [String] = []
            if let past { parts.append("past `\(past.0)` (\(shown(past.0, past.1)))") }
            if let under { parts.append("under `\(under.0)` (\(shown(under.0, under.1)))") }
            if thresholds.determinateAfterSet != nil, duration >= thresholds.determinateAfter {
                parts.append("past `determinate-after` (\(shown("determinate-after", thresholds.determinateAfter)))")
            }
            return "`\(text)`: " + parts.joined(separator: ", ")
        }
        return lines.isEmpty ? "" : "Held against the thresholds: " + lines.joined(separator: "; ")
    }

    private func find(_ offset: Int, in node: NodeID, keys: [SpecKey], document: YAMLDocument, index: TextIndex)
        -> (SpecKey, LSPRange)?
    {
        let range = document[node].range
        guard index.byteOffset(of: range.start) <= offset, offset <= index.byteOffset(of: range.end) else { return nil }
        switch document.kind(of: node) {
        case .mapping:
            for n in 0..<document.pairCount(of: node) {
                let (keyNode, value) = document.pair(n, of: node)
                guard document.kind(of: keyNode) == .scalar else { continue }
                let name = document.value(of: keyNode)
                guard let key = keys.first(where: { $0.name == name }) else { continue }
                let keyRange = document[keyNode].range
                let start = index.byteOffset(of: keyRange.start), end = index.byteOffset(of: keyRange.end)
                if start <= offset && offset <= end {
                    return (key, index.range(bytes: start, end, encoding))
                }
                if document.kind(of: value) == .scalar, SpecKeyText.isDuration(key.info.type) {
                    let valueRange = document[value].range
                    let from = index.byteOffset(of: valueRange.start), to = index.byteOffset(of: valueRange.end)
                    if from <= offset && offset <= to {
                        var described = key
                        described.info.doc += "\n\n" + durationText(document.value(of: value))
                        return (described, index.range(bytes: from, to, encoding))
                    }
                }
                if let children = SpecKeyText.children(of: key.info.type),
                   let found = find(offset, in: value, keys: children, document: document, index: index) {
                    return found
                }
            }
        case .sequence:
            for n in 0..<document.itemCount(of: node) {
                if let found = find(offset, in: document.item(n, of: node), keys: keys, document: document, index: index) {
                    return found
                }
            }
        default:
            break
        }
        return nil
    }
}

/// A key table entry as hover text.
enum SpecKeyText {
    /// The keys of the mappings a value of `type` holds (a list's items' keys), nil for a scalar.
    static func children(of type: SpecValueType) -> [SpecKey]? {
        switch type {
        case .mapping(let keys), .list(_, let keys), .boolOrMapping(_, let keys), .keywordOrMapping(_, _, let keys):
            return keys
        case .indicators:
            return SpecKey.all(IndicatorKey.self)
        default:
            return nil
        }
    }

    static func typeText(_ type: SpecValueType) -> String {
        switch type {
        case .text: return "text"
        case .bool: return "`true` or `false`"
        case .duration: return "a duration (`250ms`, `3s`, `2m`, `1h`)"
        case .expectedDuration: return "a duration, a range such as `2s..30s`, or `unknown`"
        case .fraction: return "a number from 0 to 1"
        case .version: return "the format's version, `1`"
        case .choice(let values, _): return "one of " + values.map { "`\($0)`" }.joined(separator: ", ")
        case .mapping: return "a mapping"
        case .list(let item, _): return "a list; each item is \(item)"
        case .indicators: return "a list of indicators"
        case .boolOrMapping(let mapping, _): return "`true`/`false`, or a mapping: \(mapping)"
        case .keywordOrMapping(let keywords, let mapping, _):
            return "one of " + keywords.map { "`\($0)`" }.joined(separator: ", ") + ", or a mapping: \(mapping)"
        case .durationOrFalse: return "a duration, or `false`"
        }
    }

    static func isDuration(_ type: SpecValueType) -> Bool {
        switch type {
        case .duration, .expectedDuration, .durationOrFalse: return true
        default: return false
        }
    }

    static func markdown(_ key: SpecKey) -> String {
        var text = "**`\(key.name)`**: \(key.info.doc)\n\n- type: \(typeText(key.info.type))"
        if key.info.isRequired { text += "\n- required" }
        if let value = key.info.defaultValue { text += "\n- default: `\(value)`" }
        if let children = children(of: key.info.type) {
            text += "\n- keys: " + children.map { "`\($0.name)`" }.joined(separator: ", ")
        }
        return text
    }
}
