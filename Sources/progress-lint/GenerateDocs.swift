import ArgumentParser
import ProgressLintCore
import ProgressLintReporters
import ProgressLintRules

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `progress-lint generate-docs`: writes `Rules/<rule-id>.md` for every rule and removes orphaned pages.
/// A contributor's command: hidden from help, and it writes only inside the progress-lint package.
struct GenerateDocs: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate-docs",
        abstract: "Regenerate the rule pages under Rules/ from the rules' descriptions (in the package's folder).",
        shouldDisplay: false
    )

    @Option(help: "The folder to write the pages to (inside the package; default its Rules/).")
    var output: String?

    func run() throws {
        let here = GenerateDocs.currentDirectory()
        guard let root = GenerateDocs.packageRoot(from: here) else {
            Output.standardError("progress-lint: generate-docs writes the rule pages of the progress-lint package; "
                                 + "run it in the package's folder (no Package.swift naming progress-lint in "
                                 + "\(TerminalText.safe(here)) or above)\n")
            throw ExitCode(2)
        }
        let folder: String
        if let output {
            let absolute = GenerateDocs.normalize(output.hasPrefix("/") ? output : here + "/" + output)
            guard absolute.hasPrefix(root + "/") else {
                Output.standardError("progress-lint: --output \(TerminalText.safe(output)) is outside the package "
                                     + "\(TerminalText.safe(root)); give a folder inside it\n")
                throw ExitCode(2)
            }
            folder = output
        } else {
            folder = root == here ? RulePage.folder : root + "/" + RulePage.folder
        }
        let pages = RulePage.all(RuleRegistry.descriptions, reports: RuleRegistry.reports(of:on:))
        do {
            try DocsFolder.sync(pages, in: folder)
        } catch {
            Output.standardError("progress-lint: cannot write \(TerminalText.safe(error.path)): \(error.reason)\n")
            throw ExitCode(2)
        }
        Output.standardOutput("wrote \(pages.count - 1) rule pages and an index to \(TerminalText.safe(folder))/\n")
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

    static func normalize(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/") where part != "." {
            if part == ".." { if !parts.isEmpty { parts.removeLast() } } else { parts.append(part) }
        }
        return "/" + parts.joined(separator: "/")
    }

    static func currentDirectory() -> String {
        var buffer = [CChar](repeating: 0, count: 4096)
        guard getcwd(&buffer, buffer.count) != nil else { return "/" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
