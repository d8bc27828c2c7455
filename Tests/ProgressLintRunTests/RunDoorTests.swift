import Foundation
import Testing

/// Reports, the language server and the command read a finished run through ``RunReport`` and
/// open the cache through ``RunCache``: the run's storage (`Storage/`) and cache (`Cache/`) are
/// its own, declare nothing `public`, and no file of the reporters or the server names one of
/// their types.
@Suite struct RunDoorTests {
    static let sources = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources")
    static let inside = ["ProgressLintRun/Storage", "ProgressLintRun/Cache"]
    static let readers = ["ProgressLintReporters", "ProgressLintServer"]
    static var present: Bool {
        FileManager.default.fileExists(atPath: sources.appendingPathComponent(inside[0]).path)
    }

    /// The Swift files under `folder` of `Sources`, with their text.
    static func files(_ folder: String) -> [(name: String, text: String)] {
        let url = sources.appendingPathComponent(folder)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        return names.filter { $0.hasSuffix(".swift") }.sorted().compactMap { name in
            (try? String(contentsOf: url.appendingPathComponent(name), encoding: .utf8)).map { ("\(folder)/\(name)", $0) }
        }
    }

    /// The types declared at the top level of the storage and cache files.
    static func storageTypes() -> Set<String> {
        let declaration = /^(?:@\w+\s+)*(?:(?:final|private|fileprivate|internal|package)\s+)*(?:struct|enum|class|protocol|typealias|actor)\s+([A-Z][A-Za-z0-9_]*)/
            .anchorsMatchLineEndings()
        var names: Set<String> = []
        for folder in inside {
            for file in files(folder) {
                for match in file.text.matches(of: declaration) { names.insert(String(match.1)) }
            }
        }
        return names
    }

    @Test(.enabled(if: present, "the sources are not beside the tests"))
    func storageAndCacheDeclareNothingPublic() {
        let files = Self.inside.flatMap(Self.files)
        #expect(files.count > 5)
        for file in files {
            for (number, line) in file.text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where line.contains(/(^|[^A-Za-z_.])(public|open)\s/) && !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") {
                Issue.record("\(file.name):\(number + 1) declares something public: \(line)")
            }
        }
    }

    @Test(.enabled(if: present, "the sources are not beside the tests"))
    func reportersAndTheServerNameNoStorageOrCacheType() {
        let types = Self.storageTypes()
        // What the storage and the cache hold, found by reading them.
        #expect(types.isSuperset(of: ["DiagnosticList", "FileList", "ScreenTimingList", "LintCache", "CacheFolder"]))
        let files = Self.readers.flatMap(Self.files)
        #expect(files.count > 10)
        for file in files {
            let words = Set(file.text.split { !($0.isLetter || $0.isNumber || $0 == "_") }.map(String.init))
            for name in types.intersection(words).sorted() {
                Issue.record("\(file.name) names \(name), a type of the run's storage or cache: read the run through RunReport")
            }
        }
    }
}
