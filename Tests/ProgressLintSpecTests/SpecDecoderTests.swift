import ProgressLintSpec
import ProgressLintYAML
import Testing

@Suite struct SpecDecoderTests {
    func decode(_ text: String) throws -> (screen: Screen?, issues: [SpecIssue], document: YAMLDocument) {
        let document = try #require(try YAMLParser.parse(text).first)
        let (screen, issues) = SpecDecoder.decode(document, documentIndex: 0)
        return (screen, issues, document)
    }

    func line(_ issue: SpecIssue, _ document: YAMLDocument) -> String {
        let start = document[issue.node].range.start
        return "\(start.line):\(start.column)"
    }

    @Test func theCompleteExampleOfTheSpecFormatDecodesWithoutIssues() throws {
        let text = """
            version: 1
            platform: ios
            screen: Upload photos
            indicators:
              - id: upload
                style: bar
                determinate: true
                component: UIProgressView
                task: upload
                duration: 5s..2m
                presentation: inline
                label: Uploading 12 photos
                accessibility:
                  label: Uploading photos
                  announce: {start: Uploading 12 photos, completion: Upload complete}
                cancel: {discards-progress: true, confirm: true}
                pause: true
                updates-every: 250ms
                phases:
                  - {name: Uploading, share: 0.9, duration: 1m}
                  - {name: Verifying, share: 0.1, duration: 6s, verifies: true}
                on-total-change: reallocate
                failure: {fills: false, message: Stopped., retry: true}
                stall: {after: 20s, message: No progress., retry: true}
            """
        let (screen, issues, _) = try decode(text)
        #expect(issues.isEmpty, "\(issues)")
        let s = try #require(screen)
        #expect(s.platform?.value == .ios)
        let upload = try #require(s.indicators.first)
        #expect(upload.expectedDuration == .range(lower: .seconds(5), upper: .seconds(120)))
        #expect(upload.updatesEvery?.value == Duration(milliseconds: 250))
        #expect(upload.cancel?.value.discardsProgress?.value == true)
        #expect(upload.phases?.value.map { $0.share?.value } == [0.9, 0.1])
        #expect(upload.accessibility?.value.announce?.value.completion?.value == "Upload complete")
        #expect(upload.knownComponent == .uiProgressView)
    }

    @Test func unknownKeysSuggestTheClosestValidKey() throws {
        let (_, issues, doc) = try decode("screen: S\nindicators:\n  - id: a\n    style: bar\n    showAfter: 1s\n")
        #expect(issues.count == 1)
        #expect(issues[0].message.contains("did you mean `show-after`?"))
        #expect(line(issues[0], doc) == "5:5")
    }

    @Test func aBareNumberDurationSaysWhichUnitIsMissing() throws {
        let (screen, issues, doc) = try decode("screen: S\nindicators:\n  - id: a\n    style: bar\n    duration: 30\n")
        #expect(issues.first?.message.contains("30s") == true)
        #expect(line(issues[0], doc) == "5:15")
        #expect(screen?.indicators.first?.duration == nil, "an invalid value is treated as absent")
    }

    @Test func yaml11BooleansAreRejectedWithTheirMeaning() throws {
        let (_, issues, _) = try decode("screen: S\nindicators:\n  - {id: a, style: bar, pause: yes, close: off}\n")
        #expect(issues.map(\.message).contains { $0.contains("`pause: yes`") && $0.contains("use true/false") })
        #expect(issues.map(\.message).contains { $0.contains("`close: off`") })
    }

    @Test func rangesMustNotRunBackwards() throws {
        let (_, issues, _) = try decode("screen: S\nindicators:\n  - {id: a, style: bar, duration: 30s..2s}\n")
        #expect(issues.first?.message.contains("lower bound above its upper bound") == true)
    }

    @Test func missingRequiredKeysPointAtTheMappingStart() throws {
        let (_, issues, doc) = try decode("version: 1\nindicators:\n  - label: x\n")
        let messages = issues.map(\.message)
        #expect(messages.contains { $0.contains("missing required key `screen`") })
        #expect(messages.contains { $0.contains("missing required key `id`") })
        #expect(issues.contains { $0.message.contains("`id`") && line($0, doc) == "3:5" })
        #expect(issues.contains { $0.message.contains("`screen`") && line($0, doc) == "1:1" })
    }

    @Test func duplicateIDsAreReportedAtTheLaterID() throws {
        let (_, issues, doc) = try decode("screen: S\nindicators:\n  - {id: a, style: bar}\n  - {id: a, style: spinner}\n")
        #expect(issues.count == 1)
        #expect(issues[0].kind == .duplicateID)
        #expect(line(issues[0], doc) == "4:10")
    }

    @Test func mergeKeysInheritValuesAndWrittenKeysWin() throws {
        let text = "screen: S\nindicators:\n  - &base {id: a, style: bar, label: Base, determinate: true}\n  - <<: *base\n    id: b\n    label: Own\n"
        let (screen, issues, doc) = try decode(text)
        #expect(issues.isEmpty, "\(issues)")
        let b = try #require(screen?.indicators.last)
        #expect(b.id?.value == "b")
        #expect(b.label?.value == "Own")
        #expect(b.isDeterminate)
        #expect(doc[try #require(b.determinate).node].range.start.line == 3, "inherited values stay where written")
    }

    @Test func badEnumValuesListTheChoices() throws {
        let (_, issues, _) = try decode("screen: S\nindicators:\n  - {id: a, style: circle}\n")
        #expect(issues.first?.message.contains("bar, spinner, refresh-control") == true)
    }

    @Test func onlyVersionOneIsAccepted() throws {
        let (_, issues, _) = try decode("version: 2\nscreen: S\nindicators: []\n")
        #expect(issues.first?.message.contains("1 is the only version") == true)
    }

    @Test func aScreenThatIsNotAMappingIsOneIssue() throws {
        let (screen, issues, _) = try decode("- just\n- a list\n")
        #expect(screen == nil)
        #expect(issues.count == 1)
    }

    @Test func durationsParseEveryUnit() throws {
        #expect(try Duration.parse("250ms") == Duration(milliseconds: 250))
        #expect(try Duration.parse("1.5s") == Duration(milliseconds: 1500))
        #expect(try Duration.parse("2m") == Duration(milliseconds: 120_000))
        #expect(try Duration.parse("1h") == Duration(milliseconds: 3_600_000))
        #expect(try Duration.parse("0s") == Duration(milliseconds: 0))
        #expect(throws: Duration.ParseError.missingUnit("30")) { try Duration.parse("30") }
        #expect(throws: Duration.ParseError.malformed) { try Duration.parse("3 sec") }
        #expect(Duration(milliseconds: 1500).description == "1.5s")
        #expect(Duration(milliseconds: 120_000).description == "2m")
    }

    @Test func suggestionsCoverCaseAndSeparatorMistakes() {
        #expect(SpecKeys.suggestion(for: "show_after", among: SpecKeys.indicator) == "show-after")
        #expect(SpecKeys.suggestion(for: "lable", among: SpecKeys.indicator) == "label")
        #expect(SpecKeys.suggestion(for: "zzzzzz", among: SpecKeys.indicator) == nil)
    }
}
