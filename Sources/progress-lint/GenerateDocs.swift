import ArgumentParser
import ProgressLintEngine
import ProgressLintRun
import ProgressLintWorkspace
import ProgressLintReporters
import ProgressLintRules
import ProgressLintSupport

/// `progress-lint generate-docs`: writes `Rules/<rule-id>.md` for every rule and removes orphaned pages,
/// regenerates the spec key tables of `docs/spec-format.md`, and writes `docs/profiles.md` (the built-in profiles). A contributor's command: hidden from help, and it
/// writes only inside the progress-lint package.
struct GenerateDocs: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate-docs",
        abstract: "Regenerate the rule pages under Rules/ from the rules' descriptions, and the key tables "
            + "of docs/spec-format.md (in the package's folder).",
        shouldDisplay: false
    )

    @Option(help: "The folder to write the pages to (inside the package; default its Rules/).")
    var output: String?

    @Option(help: "The page whose spec key tables to regenerate (inside the package; default its docs/spec-format.md).")
    var keyTables: String?

    func run() throws {
        let here = SystemCalls.currentDirectory() ?? "/"
        guard let root = GenerateDocs.packageRoot(from: here) else {
            Output.standardError("progress-lint: generate-docs writes the rule pages of the progress-lint package; "
                                 + "run it in the package's folder (no Package.swift naming progress-lint in "
                                 + "\(TerminalText.safe(here)) or above)\n")
            throw ExitCode(2)
        }
        let folder = try inside(root, output, here: here, default: RulePages.folder, what: "--output")
        let pages = RulePages.all(RuleRegistry.descriptions, reports: RuleRegistry.reports(of:on:))
        do {
            try DocsFolder.sync(pages, in: folder)
        } catch {
            Output.standardError("progress-lint: cannot write \(TerminalText.safe(error.path)): \(error.reason)\n")
            throw ExitCode(2)
        }
        Output.standardOutput("wrote \(pages.count - 1) rule pages and an index to \(TerminalText.safe(folder))/\n")
        try updateKeyTable(try inside(root, keyTables, here: here, default: KeyTablesPage.page, what: "--key-tables"))
        try writeProfilesPage(root == here ? ProfilesText.page : root + "/" + ProfilesText.page)
    }

    /// Writes `docs/profiles.md` from the profiles' table, when it changed.
    private func writeProfilesPage(_ page: String) throws {
        let text = ProfilesText.markdown()
        if let bytes = try? FileReader.read(SpecFile(path: page), limit: 16 << 20).get(),
           String(decoding: bytes, as: UTF8.self) == text { return }
        do {
            try Output.write(text, to: page)
        } catch {
            Output.standardError("progress-lint: cannot write \(TerminalText.safe(error.path)): \(error.reason)\n")
            throw ExitCode(2)
        }
        Output.standardOutput("wrote \(TerminalText.safe(page))\n")
    }

    /// `path` (relative to `here`), or `fallback` in `root`; refused when it is outside the package.
    private func inside(_ root: String, _ path: String?, here: String, default fallback: String, what: String) throws
        -> String
    {
        guard let path else { return root == here ? fallback : root + "/" + fallback }
        let absolute = PathText.normalize(path.hasPrefix("/") ? path : here + "/" + path)
        guard absolute.hasPrefix(root + "/") else {
            Output.standardError("progress-lint: \(what) \(TerminalText.safe(path)) is outside the package "
                                 + "\(TerminalText.safe(root)); give a path inside it\n")
            throw ExitCode(2)
        }
        return path
    }

    /// Rewrites the key tables of `page` from the key table.
    private func updateKeyTable(_ page: String) throws {
        let bytes = try? FileReader.read(SpecFile(path: page), limit: 16 << 20).get()
        guard let bytes, let text = String(validating: bytes, as: UTF8.self), let updated = KeyTablesPage.replacing(in: text)
        else {
            Output.standardError("progress-lint: cannot update the key tables of \(TerminalText.safe(page)): "
                                 + "it is missing or lacks the `<!-- keys:begin` and `<!-- keys:end -->` markers\n")
            throw ExitCode(2)
        }
        guard updated != text else { return }
        do {
            try Output.write(updated, to: page)
        } catch {
            Output.standardError("progress-lint: cannot write \(TerminalText.safe(error.path)): \(error.reason)\n")
            throw ExitCode(2)
        }
        Output.standardOutput("updated the key tables of \(TerminalText.safe(page))\n")
    }

    /// The nearest folder from `start` up whose Package.swift names the progress-lint package.
    static func packageRoot(from start: String) -> String? {
        var folder = start
        while true {
            let manifest = (folder == "/" ? "" : folder) + "/Package.swift"
            if case .success(let bytes) = FileReader.read(SpecFile(path: manifest), limit: 1024 * 1024),
               String(decoding: bytes, as: UTF8.self).contains("name: \"progress-lint\"") {
                return folder
            }
            if folder == "/" || folder.isEmpty { return nil }
            guard let slash = folder.lastIndex(of: "/") else { return nil }
            folder = slash == folder.startIndex ? "/" : String(folder[..<slash])
        }
    }
}
