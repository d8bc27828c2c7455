#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ProgressLintSupport
import ProgressLintEngine
import ProgressLintRun
import ProgressLintWorkspace
import ProgressLintRules
import ProgressLintYAML

/// The kind of the fix-all action.
let fixAllKind = "source.fixAll.progress-lint"

extension LanguageServer {
    /// `textDocument/codeAction`: for each finding in the range, its fix and the two ways to
    /// disable its rule; and the fix-all action. Every change is a `WorkspaceEdit` the editor applies.
    func codeActions(_ params: CodeActionParams) -> [CodeAction] {
        let uri = params.textDocument.uri
        guard let lint = lint(uri), let document = documents[uri] else { return [] }
        let index = document.index
        func wanted(_ kind: String) -> Bool {
            guard let only = params.context.only else { return true }
            return only.contains { kind == $0 || kind.hasPrefix($0 + ".") }
        }
        var actions: [CodeAction] = []
        var disabled: Set<String> = []
        for (diagnostic, published) in zip(lint.diagnostics, lint.published) where published.range.touches(params.range) {
            if let fix = diagnostic.fix, wanted("quickfix") {
                actions.append(quickFix(fix, rule: diagnostic.ruleID, diagnostic: published, uri: uri, index: index))
            }
            guard settings.disableActions, wanted("quickfix"), !(linter.descriptions[diagnostic.ruleID]?.isInputRule ?? true)
            else { continue }
            for scope in [Suppression.Scope.nextLine, .file]
            where disabled.insert("\(diagnostic.ruleID) \(scope.rawValue) \(diagnostic.range.start.line)").inserted {
                if let action = disableAction(diagnostic, scope: scope, published: published, document: document) {
                    actions.append(action)
                }
            }
            if disabled.insert("\(diagnostic.ruleID) config").inserted,
               let action = turnOffAction(rule: diagnostic.ruleID, document: document, published: published) {
                actions.append(action)
            }
        }
        if wanted(fixAllKind), let action = fixAll(document) { actions.append(action) }
        return actions
    }

    private func quickFix(_ fix: Fix, rule: String, diagnostic: LSPDiagnostic, uri: String, index: TextIndex) -> CodeAction {
        switch fix.applicability {
        case .safe:
            return CodeAction(title: "progress-lint (\(rule)): \(fix.title)", kind: "quickfix", diagnostics: [diagnostic],
                              isPreferred: true, edit: WorkspaceEdit(changes: [uri: textEdits(fix, index: index)]))
        case .unsafe:
            return CodeAction(title: "progress-lint (\(rule)): \(fix.title) (unsafe fix: it changes what the spec says)",
                              kind: "quickfix", diagnostics: [diagnostic], isPreferred: false,
                              edit: WorkspaceEdit(changes: [uri: textEdits(fix, index: index)]))
        case .displayOnly:
            return CodeAction(title: "progress-lint (\(rule)): \(fix.title) (suggestion only: edit the spec by hand)",
                              kind: "quickfix", diagnostics: [diagnostic], isPreferred: false,
                              disabled: CodeActionDisabled(reason: "this fix is shown, never applied"))
        }
    }

    /// `source.fixAll.progress-lint`: what `--fix --stdin` writes (with `--unsafe-fixes` when the
    /// setting says so), as one edit of the whole text; nil when nothing changes.
    func fixAll(_ document: Document) -> CodeAction? {
        let absolute = document.path ?? PathText.joining(configurations.workingDirectory, "untitled.yml")
        guard case .success(let configuration) = configurations.configuration(for: absolute),
              document.path == nil || configurations.includes(absolute, configuration: configuration),
              document.index.bytes.count <= configuration.limits.maxFileSize
        else { return nil }
        let outcome = Fixer.fix(document.index.bytes, path: shownPath(absolute), configuration: configuration,
                                linter: linter, unsafe: settings.unsafeFixes)
        guard outcome.changed else { return nil }
        let edit = TextEdit(range: document.index.wholeRange(encoding),
                            newText: String(decoding: outcome.bytes, as: UTF8.self))
        return CodeAction(title: "progress-lint: fix all (\(outcome.applied) fix\(outcome.applied == 1 ? "" : "es"))",
                          kind: fixAllKind, diagnostics: nil, isPreferred: nil,
                          edit: WorkspaceEdit(changes: [document.uri: [edit]]))
    }

    /// "Disable RULE for this line" (a `disable-next-line` comment above the finding's line) or
    /// "… for this file" (a `disable-file` comment at the top): the rule is added to a comment of
    /// that kind already there, else a comment is written. Offered only when linting the edited
    /// text shows the finding gone and no new finding.
    private func disableAction(_ diagnostic: Diagnostic, scope: Suppression.Scope, published: LSPDiagnostic,
                               document: Document) -> CodeAction? {
        let bytes = document.index.bytes
        let rule = diagnostic.ruleID
        let comments = SuppressionScanner.scan(bytes, documents: (try? YAMLParser.parse(bytes)) ?? [])
        let line = diagnostic.range.start.line
        let existing = comments.first { comment in
            comment.scope == scope && (scope == .file || comment.position.line == line - 1)
        }
        var edit: (start: Int, end: Int, text: String)
        if let existing {
            if existing.rules.contains(rule) { return nil }
            // After the last rule named: before ` -- reason` or at the end of the comment.
            let comment = Array(bytes[existing.byteRange])
            var end = comment.count
            if let dashes = findDashes(comment) { end = dashes }
            while end > 0 && (comment[end - 1] == 0x20 || comment[end - 1] == 0x09) { end -= 1 }
            let at = existing.byteRange.lowerBound + end
            edit = (at, at, existing.rules.isEmpty ? " \(rule)" : ", \(rule)")
        } else if scope == .file {
            let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
            edit = (start, start, "# progress-lint-disable-file \(rule)\n")
        } else {
            // Above the finding's line, indented as it is, with the line's own break.
            let lineStart = document.index.byteOffset(of: SourcePosition(line: line, column: 1, characterOffset: 0))
            var indentEnd = lineStart
            while indentEnd < bytes.count && (bytes[indentEnd] == 0x20 || bytes[indentEnd] == 0x09) { indentEnd += 1 }
            let indent = String(decoding: bytes[lineStart..<indentEnd], as: UTF8.self)
            let lineBreak = bytes.contains(0x0D) && bytes.contains(0x0A) ? "\r\n" : "\n"
            edit = (lineStart, lineStart, "\(indent)# progress-lint-disable-next-line \(rule)\(lineBreak)")
        }
        var edited = bytes
        edited.replaceSubrange(edit.start..<edit.end, with: Array(edit.text.utf8))
        // The edit must do what it says: the finding gone, nothing new reported.
        guard let after = lintBytes(edited, path: document.path) else { return nil }
        let before = Set((lint(document.uri)?.diagnostics ?? []).map { "\($0.ruleID) \($0.message)" })
        let remaining = after.filter { $0.ruleID == rule && $0.message == diagnostic.message }
        let beforeSame = (lint(document.uri)?.diagnostics ?? []).filter { $0.ruleID == rule && $0.message == diagnostic.message }
        guard remaining.count < beforeSame.count,
              !after.contains(where: { !before.contains("\($0.ruleID) \($0.message)") && $0.ruleID != rule })
        else { return nil }
        let title = scope == .file ? "Disable \(rule) for this file" : "Disable \(rule) for this line"
        let textEdit = TextEdit(range: document.index.range(bytes: edit.start, edit.end, encoding), newText: edit.text)
        return CodeAction(title: title, kind: "quickfix", diagnostics: [published], isPreferred: false,
                          edit: WorkspaceEdit(changes: [document.uri: [textEdit]]))
    }

    /// Where ` -- ` starts a suppression comment's reason, if it has one.
    private func findDashes(_ comment: [UInt8]) -> Int? {
        guard comment.count >= 2 else { return nil }
        for i in 0..<(comment.count - 1) where comment[i] == 0x2D && comment[i + 1] == 0x2D {
            if i == 0 || comment[i - 1] == 0x20 || comment[i - 1] == 0x09 { return i }
        }
        return nil
    }
}
