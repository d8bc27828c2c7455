import Foundation
import ProgressLintEngine
@testable import ProgressLintRun
import ProgressLintWorkspace
import ProgressLintYAML
import TestSupport
import Testing

@Suite struct YAMLPathTests {
    let text = """
        screen: S
        indicators:
          - &base {id: upload, style: bar, phases: [{name: A, share: 1}]}
          - <<: *base
            id: send
            accessibility: {announce: {start: Sending}}
          - style: spinner
            becomes: [{style: bar}, *base]
        """

    @Test func pathsNameItemsByIDAndKeysByName() throws {
        let document = try #require(try YAMLParser.parse(text).first)
        let paths = document.nodeIDs.map { YAMLPath.of($0, in: document) }
        #expect(paths.contains("indicators[upload].phases[0].share"))
        #expect(paths.contains("indicators[send].accessibility.announce.start"))
        #expect(paths.contains("indicators[2].becomes[0].style"))
    }

    @Test func theCachedAndDirectFormsAgreeOnEveryNode() throws {
        let document = try #require(try YAMLParser.parse(text).first)
        var cache = YAMLPath.Cache()
        for node in document.nodeIDs {
            #expect(YAMLPath.of(node, in: document) == YAMLPath.of(node, in: document, cache: &cache))
        }
    }

    static let packageRoot = TestFolders.packageRoot
    /// The contract's corpus generator, `../shared` beside the project or beside its folder of worktrees.
    static let generator = TestFolders.shared("bench/gen-corpus.py")

    /// The `.yaml` files below `folder`.
    static func specs(in folder: URL) -> [URL] {
        let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?.allObjects as? [URL] ?? []
        return files.filter { $0.pathExtension == "yaml" || $0.pathExtension == "yml" }.sorted { $0.path < $1.path }
    }

    /// Every node of every document of `files`, named both ways.
    func expectBothFormsAgree(on files: [URL]) throws -> Int {
        var nodes = 0
        for file in files {
            let documents = (try? YAMLParser.parse(String(contentsOf: file, encoding: .utf8))) ?? []
            for document in documents {
                var cache = YAMLPath.Cache()
                for node in document.nodeIDs {
                    nodes += 1
                    let direct = YAMLPath.of(node, in: document), cached = YAMLPath.of(node, in: document, cache: &cache)
                    #expect(direct == cached, "\(file.lastPathComponent): \(direct) ≠ \(cached)")
                }
            }
        }
        return nodes
    }

    @Test func theCachedAndDirectFormsAgreeOnEveryNodeOfTheExamples() throws {
        let files = Self.specs(in: Self.packageRoot.appendingPathComponent("Examples"))
        #expect(files.count > 5)
        #expect(try expectBothFormsAgree(on: files) > 500)
    }

    @Test(.enabled(if: OptionalTools.missingCorpusGenerator == nil, Comment(rawValue: OptionalTools.missingCorpusGenerator ?? "")))
    func theCachedAndDirectFormsAgreeOnEveryNodeOfTheCorpus() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("paths-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let python = Process()
        python.executableURL = try #require(OptionalTools.python3)
        python.arguments = [try #require(Self.generator).path, folder.path, "--files", "120", "--seed", "13",
                            "--violation-rate", "0.5"]
        python.standardOutput = FileHandle.nullDevice
        try python.run()
        python.waitUntilExit()
        #expect(python.terminationStatus == 0)
        let files = Self.specs(in: folder)
        #expect(files.count >= 100)
        #expect(try expectBothFormsAgree(on: files) > 10_000)
    }
}
