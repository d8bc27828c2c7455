import Foundation
@testable import ProgressLintRun
@testable import ProgressLintWorkspace
import Testing
import TestSupport

/// The walk's order, listings and the folders it holds open for the cache's `stat`s.
@Suite struct WalkTests {
    /// Every walked file with its listing and open folder.
    static func walk(_ path: String) -> [(path: String, listing: Int, folder: OpenFolder?)] {
        var walk = FileDiscovery.Walk([path])
        var found: [(String, Int, OpenFolder?)] = []
        while let next = walk.next() {
            if case .walked(let file) = next { found.append((file.path, walk.listingOfLast, walk.folderOfLast)) }
        }
        return found
    }

    @Test func aFoldersEntriesComeInByteOrderWithAFoldersNameFollowedByASlash() throws {
        let folder = try TemporaryFolder()
        // Names that share their first 8 bytes, a folder whose name starts a file's, bytes above
        // 0x7F, a name that is a prefix of another.
        let names = ["settings-b.yaml", "settings-a.yaml", "settings.yaml", "a.yaml", "a/x.yaml", "a-b.yaml", "a.b/y.yaml",
                     "é.yaml", "z.yml", "settings-a.yaml.yaml", "abcdefgh.yaml", "abcdefgh/z.yaml", "abcdefg.yaml"]
        for name in names { try folder.write("specs/" + name, "screen: x\n") }
        let walked = Self.walk(folder.path + "/specs").map { String($0.path.dropFirst(folder.path.count + 7)) }
        // The order of the report: every path compared byte-wise, a folder's as its name and a `/`.
        let expected = names.sorted { a, b in
            func key(_ name: String) -> [UInt8] {
                let parts = name.split(separator: "/", omittingEmptySubsequences: false)
                return parts.dropLast().flatMap { Array($0.utf8) + [UInt8(ascii: "/")] } + Array(parts.last!.utf8)
            }
            return key(a).lexicographicallyPrecedes(key(b))
        }
        #expect(walked == expected)
    }

    @Test func filesOfOneListingShareItAndTheirOpenFolderStatsThemAsTheirPathsDo() throws {
        let folder = try TemporaryFolder()
        for name in ["a/1.yaml", "a/2.yaml", "b/3.yaml", "b/c/4.yaml"] { try folder.write(name, "screen: x\n") }
        let walked = Self.walk(folder.path)
        #expect(walked.count == 4)
        #expect(walked[0].listing == walked[1].listing)
        #expect(Set(walked.map(\.listing)).count == 3)
        for file in walked {
            let open = try #require(file.folder)
            #expect(FileStamp.of(Array(file.path.utf8), in: open) == FileStamp.of(Array(file.path.utf8)))
        }
        #expect(walked[0].folder === walked[1].folder)
    }

    @Test func aWalkHoldsAtMostItsLimitOfFoldersOpenAndOpensMoreAsTheyAreLetGo() throws {
        let folder = try TemporaryFolder()
        let count = OpenFolder.limit + 8
        for i in 0..<count { try folder.write("f\(1000 + i)/s.yaml", "screen: x\n") }
        // Every file kept (as planning ahead keeps them): past the limit, folders are not held.
        let all = Self.walk(folder.path)
        #expect(all.count == count)
        #expect(all.filter { $0.folder != nil }.count == OpenFolder.limit)
        #expect(all.prefix(OpenFolder.limit).allSatisfy { $0.folder != nil })
        // Each let go before the next: every folder held.
        var walk = FileDiscovery.Walk([folder.path])
        var held = 0
        while walk.next() != nil { if walk.folderOfLast != nil { held += 1 } }
        #expect(held == count)
    }

    @Test func aListingTellsWhetherItsFolderMayHoldAConfigurationFile() throws {
        let folder = try TemporaryFolder()
        for name in ["plain/a.yaml", "yml/b.yaml", "yml/.progress-lint.yml", "yaml/c.yaml", "yaml/.progress-lint.yaml",
                     "other/d.yaml", "other/.progress-lint.json", "other/progress-lint.yml"] {
            try folder.write(name, "screen: x\n")
        }
        // A link that points nowhere is a configuration file too (an error when read), as `lstat` finds it.
        try FileManager.default.createDirectory(atPath: folder.path + "/link", withIntermediateDirectories: true)
        try folder.write("link/e.yaml", "screen: x\n")
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/link/.progress-lint.yml", withDestinationPath: "gone")
        var walk = FileDiscovery.Walk([folder.path])
        var mayHold: [String: Bool] = [:]
        while let next = walk.next() {
            guard case .walked(let file) = next else { continue }
            let name = String(file.path.dropFirst(folder.path.count + 1))
            mayHold[name] = walk.mayHoldConfiguration(listing: walk.listingOfLast)
        }
        #expect(mayHold == ["plain/a.yaml": false, "yml/b.yaml": true, "yaml/c.yaml": true, "other/d.yaml": false, "other/progress-lint.yml": false,
                            "link/e.yaml": true])
        // A listing not made (yet), or a path named on the command line, may hold one.
        #expect(walk.mayHoldConfiguration(listing: -1))
        #expect(walk.mayHoldConfiguration(listing: 1000))
    }
}
