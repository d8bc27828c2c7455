#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import ProgressLintSupport
import ProgressLintEngine
import ProgressLintRun
import ProgressLintWorkspace
import ProgressLintRules
import ProgressLintSpec
import ProgressLintYAML

extension LanguageServer {
    /// The path diagnostics are reported under: relative to the workspace folder holding the file
    /// (as the command run there shows it), else the absolute path.
    func shownPath(_ path: String) -> String {
        for folder in folders.sorted(by: { $0.count > $1.count }) {
            let prefix = folder.hasSuffix("/") ? folder : folder + "/"
            if path.hasPrefix(prefix) { return String(path.dropFirst(prefix.count)) }
        }
        return path
    }

    /// Lints `bytes` (the file at `path`) as the command would: the nearest configuration, its
    /// include/exclude, the size limit. Nil when nothing is to be reported (a config that does not
    /// load, which is reported on the config file; a file the config leaves out; YAML that is not a spec).
    func lintBytes(_ bytes: [UInt8], path: String?) -> [Diagnostic]? {
        let absolute = path ?? PathText.joining(configurations.workingDirectory, "untitled.yml")
        let configuration: Configuration
        switch configurations.configuration(for: absolute) {
        case .failure(let error):
            noteConfigurationError(error)
            return nil
        case .success(let found):
            configuration = found
        }
        if path != nil, !configurations.includes(absolute, configuration: configuration) { return nil }
        // One run over this file, judged as the command judges a file named with
        // --force-exclude: YAML not shaped like a spec gets nothing, a broken spec still shows.
        guard var diagnostics = LintRunner(linter: linter, loader: loader).lint(
            text: bytes, path: shownPath(absolute), configuration: configuration, nonSpec: .skip)
        else { return nil }
        if !settings.specSchema { diagnostics.removeAll { $0.ruleID == InputRuleID.specSchema } }
        return diagnostics
    }

    /// The current lint of an open document, made when the text or the configuration changed.
    @discardableResult
    func lint(_ uri: String) -> Document.Lint? {
        guard var document = documents[uri] else { return nil }
        if configurations.dropStale() {
            // A config file changed on disk and no watcher said so: everything open is linted again.
            configurationErrors.removeAll()
            for other in documents.keys where other != uri { documents[other]?.lint = nil }
            document.lint = nil
        }
        if let lint = document.lint, lint.version == document.version { return lint }
        var diagnostics = lintBytes(document.index.bytes, path: document.path) ?? []
        if let path = document.path, workspace.scanned.contains(path),
           ConfigurationCache.stamp(path)?.size == Int64(document.index.bytes.count),
           LanguageServer.readFile(path, limit: document.index.bytes.count) == document.index.bytes {
            // The workspace run's cross-file findings hold for the text it read, which the editor
            // still has: they replace those of the file alone.
            diagnostics.removeAll { linter.isCrossFile($0.ruleID) }
            diagnostics = (diagnostics + (workspace.crossFile[path] ?? [])).sorted(by: Diagnostic.ordered)
        }
        let docs = docsURL(for: document.path)
        let lint = Document.Lint(version: document.version, diagnostics: diagnostics,
                                 published: diagnostics.map { lspDiagnostic($0, index: document.index, docsURL: docs) })
        document.lint = lint
        documents[uri] = document
        return lint
    }

    /// Where the rule pages of the file at `path` are published, for `codeDescription.href`: as
    /// the command decides (`PROGRESS_LINT_DOCS_URL`, else the config's `docs-url:`). None when no
    /// address is configured or the client does not take `codeDescription`.
    func docsURL(for path: String?) -> String? {
        guard client.codeDescription else { return nil }
        let absolute = path ?? PathText.joining(configurations.workingDirectory, "untitled.yml")
        let configured = (try? configurations.configuration(for: absolute).get())?.docsURL
        return Configuration.effectiveDocsURL(configured: configured,
                                              environment: getenv(Configuration.docsURLVariable).map { String(cString: $0) })
    }

    /// An engine diagnostic in LSP terms, in the agreed encoding; `docsURL` gives its rule's page.
    func lspDiagnostic(_ diagnostic: Diagnostic, index: TextIndex, docsURL: String? = nil) -> LSPDiagnostic {
        var data: DiagnosticData?
        if let fix = diagnostic.fix {
            data = DiagnosticData(fix: .init(
                title: fix.title, applicability: fix.applicability.rawValue,
                edits: fix.applicability == .displayOnly ? [] : textEdits(fix, index: index)))
        }
        let severity: Int
        switch diagnostic.severity {
        case .error: severity = 1
        case .warning: severity = 2
        default: severity = 3
        }
        return LSPDiagnostic(range: index.range(of: diagnostic.range, encoding), severity: severity,
                             code: diagnostic.ruleID,
                             codeDescription: Configuration.documentationURI(for: diagnostic.ruleID, docsURL: docsURL)
                                 .map { CodeDescription(href: $0) },
                             source: "progress-lint",
                             message: diagnostic.message, data: data)
    }

    func textEdits(_ fix: Fix, index: TextIndex) -> [TextEdit] {
        fix.edits.map { edit in
            let bytes = index.bytes
            // Lines added after the last line break are written before it, as the same bytes: an
            // insertion at the position past the last line makes some editors (Neovim) add an empty line.
            let content = Array(edit.content.utf8)
            if edit.start == bytes.count, edit.end == bytes.count, bytes.last == 0x0A, content.last == 0x0A {
                let breakLength = bytes.count >= 2 && bytes[bytes.count - 2] == 0x0D ? 2 : 1
                let contentBreak = content.count >= 2 && content[content.count - 2] == 0x0D ? 2 : 1
                let at = bytes.count - breakLength
                let moved = Array(bytes[at...]) + content.dropLast(contentBreak)
                return TextEdit(range: index.range(bytes: at, at, encoding), newText: String(decoding: moved, as: UTF8.self))
            }
            return TextEdit(range: index.range(bytes: edit.start, edit.end, encoding), newText: edit.content)
        }
    }

    /// After a change (`save`: an open or a save): pushed diagnostics are sent when the settings
    /// lint at this moment; pulled ones wait for the client's request.
    func changed(_ uri: String, save: Bool) {
        guard documents[uri] != nil else { return }
        if settings.lintOn == .save && !save { return }
        if client.pullDiagnostics {
            if settings.lintOn == .save { lint(uri) }
            return
        }
        publishLint(uri)
    }

    func publishLint(_ uri: String) {
        guard let lint = lint(uri) else { return }
        publish(uri, version: lint.version, lint.published)
    }

    func publish(_ uri: String, version: Int?, _ diagnostics: [LSPDiagnostic]) {
        sendBody(DiagnosticJSON.publish(uri: uri, version: version, diagnostics))
    }

    /// `textDocument/diagnostic`: the document's findings (a config file's load error, for a config file).
    func pullDiagnostics(_ params: DocumentDiagnosticParams) -> FullDocumentDiagnosticReport {
        let uri = params.textDocument.uri
        if let path = DocumentURI.path(of: uri), configurationErrors[path] != nil {
            return FullDocumentDiagnosticReport(items: configurationDiagnostics(path))
        }
        guard let document = documents[uri] else {
            // A closed file: its workspace lint, when there is one.
            return FullDocumentDiagnosticReport(items: workspace.published[uri] ?? [])
        }
        if settings.lintOn == .save, let lint = document.lint {
            return FullDocumentDiagnosticReport(items: lint.published)
        }
        return FullDocumentDiagnosticReport(items: lint(uri)?.published ?? [])
    }
}
