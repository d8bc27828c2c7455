@testable import ProgressLintEngine
@testable import ProgressLintRun
@testable import ProgressLintWorkspace
import ProgressLintRules
import ProgressLintSpec
import ProgressLintYAML
import Testing
import ProgressLintSupport

/// The byte-wise shortcuts of the path arithmetic and the cross-file collection give what the
/// character-wise forms give, and a file's cross-file values carry their rule and severity.
@Suite struct PlanAndPathTests {
    static let paths = [
        "", "/", "//", ".", "..", "a", "/a", "a/", "/a/b/c.yaml", "a//b///c", "./a/./b", "../a", "/../a", "a/../../b",
        "/w/specs/business/auth/login.yaml", "specs/./x/../y.yml", "/a/b/..", "/a/b/.", "a/.../b", "a/..b/.c",
        "a/\r\n/b", "/é/x.yaml", "/a/\u{301}b/c", "/a/.\u{301}/b", "/a/..\u{301}/b", "/x/y/\u{301}", "📷/b/../c",
    ]

    @Test func pathsNormaliseByBytesAsTheyDoByCharacters() {
        for path in Self.paths {
            #expect(PathText.normalize(path) == PathText.normalizeByCharacters(path), "\(path.debugDescription)")
            #expect(PathText.absolute(path, in: "/base/dir") == PathText.normalizeByCharacters(
                path.hasPrefix("/") ? path : "/base/dir/" + path), "\(path.debugDescription)")
        }
    }

    @Test func aPathsParentAndWrittenFolderAreTheCharacterWiseOnes() {
        for path in Self.paths {
            let parent: String
            if let slash = path.lastIndex(of: "/") {
                parent = slash == path.startIndex ? "/" : String(path[..<slash])
            } else {
                parent = "."
            }
            #expect(PathText.parent(path) == parent, "\(path.debugDescription)")
            var written: Substring?
            if let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) {
                let name = path[path.index(after: slash)...]
                if !(name.isEmpty || name == "." || name == "..") {
                    written = slash == path.startIndex ? path[...slash] : path[..<slash]
                }
            } else {
                written = path == "." || path == ".." || path.isEmpty ? nil : ""
            }
            #expect(PathText.writtenFolder(of: path) == written, "\(path.debugDescription)")
        }
    }

    /// ``SuppressionScanner/parse(_:at:)``'s reason and rules the long way: characters, not bytes.
    static func parsedByCharacters(_ text: String) -> (reason: String?, rules: [String]) {
        var body = Substring(text)
        var reason: String?
        if let dashes = body.firstRange(of: "--"), dashes.lowerBound > body.startIndex,
           body[body.index(before: dashes.lowerBound)] == " " || body[body.index(before: dashes.lowerBound)] == "\t"
        {
            reason = String(body[dashes.upperBound...].trimmingSpaces)
            body = body[..<dashes.lowerBound]
        }
        let words = body.split(whereSeparator: { $0 == " " || $0 == "\t" })
        let rules = words.dropFirst().joined(separator: " ")
            .split(whereSeparator: { $0 == "," || $0 == " " || $0 == "\t" })
            .map(String.init)
        return (reason?.isEmpty == true ? nil : reason, rules)
    }

    @Test func suppressionCommentsParseByBytesAsTheyDoByCharacters() {
        let texts = [
            "progress-lint-disable-line vague-label -- copy is final",
            "progress-lint-disable-next-line a,b , c,,d\t e -- why -- not",
            "progress-lint-disable a--b -- reason", "progress-lint-disable --", "progress-lint-disable x --",
            "progress-lint-disable x -- ", "progress-lint-disable x\t--\treason", "progress-lint-disable x --- three",
            "progress-lint-disable x ---", "progress-lint-disable-line x -\u{301}- no", "progress-lint-disable x -- é reason",
            "progress-lint-disable x é-- y -- z", "progress-lint-disable x --\u{301} y -- z", "progress-lint-disable \u{301}x,y",
            "progress-lint-disable x, \u{301}y -- r", "progress-lint-disable-line", "progress-lint-disable", "",
            "progress-lint-disable x \u{600}-- y -- z", "progress-lint-disable ,,, , -- ,", "progress-lint-disable a ,b,",
        ]
        for text in texts {
            let parsed = SuppressionScanner.parse(text, at: .start)
            let expected = Self.parsedByCharacters(text)
            #expect(parsed.reason == expected.reason, "\(text.debugDescription)")
            #expect(parsed.rules == expected.rules, "\(text.debugDescription)")
        }
    }

    /// A value of every kind of field, as a rule would declare it.
    struct Fields: CrossFileValue, Equatable {
        var text: String
        var number: Int
        var optional: String?
        var range: SourceRange

        func encode(to record: inout CrossFileWriter) {
            record.write(text)
            record.write(number)
            record.write(optional)
            record.write(range)
        }

        init(text: String, number: Int, optional: String?, line: Int) {
            (self.text, self.number, self.optional) = (text, number, optional)
            range = SourceRange(start: SourcePosition(line: line, column: 1, characterOffset: 0),
                                end: SourcePosition(line: line, column: 9, characterOffset: 8))
        }

        init(from record: inout CrossFileReader) {
            text = record.string()
            number = record.int()
            optional = record.optionalString()
            range = record.range()
        }
    }

    @Test func aCrossFileWriterReadsBackEveryRecordAcrossItsGrowth() {
        let values = (0..<200).map { n in
            Fields(text: n % 7 == 0 ? "" : String(repeating: "ü", count: n % 40) + "\(n)", number: n * -12_345,
                   optional: n % 3 == 0 ? nil : (n % 2 == 0 ? "" : "Ünïcode 📷 \(n)"), line: n + 1)
        }
        var writer = CrossFileWriter()
        for value in values { writer.record(value) }
        #expect(writer.count == values.count)
        let store = CrossFileStore()
        store.append(writer, file: 3, severity: .error)
        let read = CrossFileValues<Fields>(store: store, order: nil, pathOfFile: { "f\($0)" }).map { $0 }
        #expect(read.map(\.info) == values)
        #expect(read.allSatisfy { $0.file.number == 3 && $0.file.severity == .error })
    }

    @Test func consistentLocationHandsOverOneByOneTheSightingsItReturns() throws {
        let text = """
            screen: A
            indicators:
              - id: a
                style: spinner
                task: sync
                location: toolbar
              - style: bar
                determinate: true
                task: upload
              - id: c
                style: spinner
              - id: "é d"
                style: spinner
                task: sync
                location: navigation-bar
            """
        let document = try #require(try YAMLParser.parse(text).first)
        let screen = try #require(SpecDecoder.decode(document, documentIndex: 0).screen)
        let context = RuleContext(screen: screen, platform: nil, configuration: Configuration(), document: document)
        let rule = ConsistentLocation()
        let returned = rule.collect(screen, context: context)
        #expect(returned.count == 3)
        var sink = CrossFileSink<ConsistentLocation.Sighting>(writer: CrossFileWriter())
        rule.collect(screen, context: context, into: &sink)
        var writer = CrossFileWriter()
        for sighting in returned { writer.record(sighting) }
        #expect(sink.writer.count == writer.count)
        #expect(sink.writer.withBytes { Array($0) } == writer.withBytes { Array($0) })
    }

    @Test func aFilesCrossFileValuesCarryTheRuleAndItsConfiguredSeverity() {
        let linter = RuleRegistry.makeLinter()
        let spec = Array("""
            screen: A
            indicators:
              - id: a
                style: spinner
                task: sync
                location: toolbar
            ---
            screen: B
            indicators:
              - id: b
                style: spinner
                task: sync
            """.utf8)
        var configuration = Configuration()
        configuration.rules["consistent-location"] = .on(.error)
        let result = linter.lint(spec, path: "a.yaml", configuration: configuration)
        #expect(result.crossFile.map(\.id) == ["consistent-location"])
        #expect(result.crossFile.first?.records.count == 2)
        #expect(result.crossFileSeverity == ["consistent-location": .error])
        let byDefault = linter.lint(spec, path: "a.yaml", configuration: Configuration())
        #expect(byDefault.crossFileSeverity == ["consistent-location": .info])
        configuration.rules["consistent-location"] = .off
        #expect(linter.lint(spec, path: "a.yaml", configuration: configuration).crossFile.isEmpty)
    }
}
