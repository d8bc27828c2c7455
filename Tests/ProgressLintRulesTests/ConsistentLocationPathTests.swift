import Foundation
@testable import ProgressLintEngine
@testable import ProgressLintRun
@testable import ProgressLintWorkspace
import ProgressLintRules
import ProgressLintSpec
import ProgressLintYAML
import TestSupport
import Testing

/// `consistent-location` keeps a sighting's YAML path as what it is made of (fields of the
/// sighting), and spells it only when read: the spelling must be ``YAMLPath/of(_:in:)``'s, for
/// every sighting, written in the usual place or not, and read back from its record as written.
@Suite struct ConsistentLocationPathTests {
    /// Indicators in and out of the usual place: ids missing, empty, repeated or not scalars,
    /// locations and whole indicators reached through `<<` and aliases, an aliased list.
    static let unusual = [
        """
        defaults: &d
          location: toolbar
        shared: &s
          id: shared
          style: spinner
          task: sync
          location: status-bar
        screen: Odd
        indicators:
          - id: plain
            style: spinner
            task: sync
            location: toolbar
          - style: spinner
            task: sync
            location: content
          - id: ""
            style: spinner
            task: sync
          - id: [x]
            style: spinner
            task: sync
            location: toolbar
          - id: merged
            <<: *d
            style: spinner
            task: sync
          - *s
          - id: aliased-value
            style: spinner
            task: sync
            other: &l navigation-bar
            location: *l
          - id: é ü
            style: spinner
            task: upload
            "location": below-trigger
        """,
        """
        list: &list
          - id: one
            style: spinner
            task: sync
            location: toolbar
        screen: Aliased list
        indicators: *list
        """,
        """
        screen: Many
        indicators:
          - &a
            id: a
            style: spinner
            task: sync
          - *a
          - id: b
            style: spinner
            task: sync
            location: toolbar
          - id: a
            style: spinner
            task: sync
            location: content
        """,
    ]

    /// Each judged indicator's sighting, with the path `YAMLPath.of` gives its reported node.
    /// A text that does not parse (an example of a syntax error) has none.
    static func sightings(of text: String) throws -> [(sighting: ConsistentLocation.Sighting, expected: String)] {
        var found: [(ConsistentLocation.Sighting, String)] = []
        for (index, document) in ((try? YAMLParser.parse(text)) ?? []).enumerated() {
            guard let screen = SpecDecoder.decode(document, documentIndex: index).screen else { continue }
            let context = RuleContext(screen: screen, platform: nil, configuration: Configuration(), document: document)
            let sightings = ConsistentLocation().collect(screen, context: context)
            let judged = screen.indicators.filter {
                $0.task != nil && $0.effectivePurpose == .taskProgress
                    && ($0.invalidKeys.isEmpty || ConsistentLocation.description.judges($0))
            }
            #expect(sightings.count == judged.count)
            for (sighting, indicator) in zip(sightings, judged) {
                found.append((sighting, YAMLPath.of(indicator.location?.node ?? indicator.node, in: document)))
            }
        }
        return found
    }

    @Test func aSightingsPathIsTheOneYAMLPathGivesInTheExamplesAndUnusualSpecs() throws {
        var count = 0
        for text in Self.unusual {
            let found = try Self.sightings(of: text)
            #expect(!found.isEmpty)
            for (sighting, expected) in found { #expect(sighting.yamlPath == expected) }
        }
        for text in try CoherenceTests.exampleSpecs().map(\.1) {
            for (sighting, expected) in try Self.sightings(of: text) {
                #expect(sighting.yamlPath == expected)
                count += 1
            }
        }
        #expect(count > 20)
    }

    @Test(.enabled(if: OptionalTools.missingCorpusGenerator == nil, Comment(rawValue: OptionalTools.missingCorpusGenerator ?? "")))
    func aSightingsPathIsTheOneYAMLPathGivesOnEveryIndicatorOfTheCorpus() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sightings-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let python = Process()
        python.executableURL = try #require(OptionalTools.python3)
        python.arguments = [try #require(CoherenceTests.generator).path, folder.path, "--files", "120", "--seed", "13",
                            "--violation-rate", "0.5"]
        python.standardOutput = FileHandle.nullDevice
        try python.run()
        python.waitUntilExit()
        #expect(python.terminationStatus == 0)
        let files = (FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?.allObjects as? [URL] ?? [])
            .filter { $0.pathExtension == "yaml" || $0.pathExtension == "yml" }
        #expect(files.count >= 100)
        var count = 0
        for file in files {
            for (sighting, expected) in try Self.sightings(of: String(contentsOf: file, encoding: .utf8)) {
                #expect(sighting.yamlPath == expected, "\(file.lastPathComponent)")
                count += 1
            }
        }
        #expect(count > 100)
    }

    @Test func aSightingsPathReadsBackFromItsRecordAsWritten() throws {
        for text in Self.unusual {
            for (sighting, expected) in try Self.sightings(of: text) {
                var writer = CrossFileWriter()
                writer.append(sighting)
                var reader = CrossFileReader(writer.bytes)
                let next = reader.next(ConsistentLocation.Sighting.self)
                let read = try #require(next)
                #expect(read == sighting)
                #expect(read.yamlPath == expected)
            }
        }
    }
}
