import ProgressLintSpec
import ProgressLintYAML
import Testing

@Suite struct SpecDecoderTests {
    /// A spec in which the key at `path` (below an indicator, or a screen key) holds a list of
    /// numbers, a value no key of the format accepts.
    static func wrongValue(at path: [String], screenKey: Bool) -> String {
        var nested = "[1, 2]"
        for (depth, name) in path.enumerated().reversed() {
            let isLast = depth == path.count - 1
            // `phases` and `becomes` hold lists of mappings.
            nested = isLast ? "\(name): \(nested)"
                : ["phases", "becomes"].contains(name) ? "\(name): [{\(nested)}]" : "\(name): {\(nested)}"
        }
        var keys = screenKey ? [("screen", "S"), ("indicators", "[]")] : [("id", "a"), ("style", "bar")]
        keys.removeAll { $0.0 == path[0] }
        let mapping = (keys.map { "\($0.0): \($0.1)" } + [nested]).joined(separator: ", ")
        return screenKey ? "{\(mapping)}\n" : "screen: S\nindicators:\n  - {\(mapping)}\n"
    }

    @Test func everyKeyOfTheKeyTableIsDecodedAWrongValueOfEachIsReportedNotIgnored() throws {
        var paths: [([String], Bool)] = ScreenKey.allCases.map { ([$0.rawValue], true) }
        paths += IndicatorKey.allCases.map { ([$0.rawValue], false) }
        paths += AccessibilityKey.allCases.map { (["accessibility", $0.rawValue], false) }
        paths += AnnounceKey.allCases.map { (["accessibility", "announce", $0.rawValue], false) }
        paths += ReduceMotionKey.allCases.map { (["reduce-motion", $0.rawValue], false) }
        paths += CancelKey.allCases.map { (["cancel", $0.rawValue], false) }
        paths += PhaseKey.allCases.map { (["phases", $0.rawValue], false) }
        paths += FailureKey.allCases.map { (["failure", $0.rawValue], false) }
        paths += StallKey.allCases.map { (["stall", $0.rawValue], false) }
        paths += BecomesKey.allCases.map { (["becomes", $0.rawValue], false) }
        for (path, screenKey) in paths {
            let text = Self.wrongValue(at: path, screenKey: screenKey)
            let (_, issues, _) = try decode(text)
            #expect(!issues.isEmpty, "\(path.joined(separator: ".")) was not checked:\n\(text)")
            #expect(!issues.contains { $0.message.hasPrefix("unknown key") }, "\(issues.map(\.message))\n\(text)")
        }
    }

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

    @Test func durationsPastSevenDaysOrInfiniteAreOutOfRange() throws {
        #expect(try Duration.parse("168h") == Duration.maximum)
        #expect(try Duration.parse("604800000ms") == Duration.maximum)
        #expect(Duration.maximum.description == "168h")
        for text in ["169h", "604800001ms", "10081m", "10000000000000000000h", "1" + String(repeating: "0", count: 309) + "s",
                     String(repeating: "9", count: 400) + "ms"] {
            #expect(throws: Duration.ParseError.outOfRange, "\(text.prefix(30))") { try Duration.parse(text[...]) }
        }
        // A tiny duration is in range: it only rounds towards zero.
        #expect(try Duration.parse("0.000000000000000000001ms").milliseconds > 0)
    }

    @Test func aDurationBuiltPastTheRangeStillDescribesItselfWithoutTrapping() {
        #expect(Duration(milliseconds: 1e300).description.hasSuffix("h"))
        #expect(Duration(milliseconds: .infinity).description == "infh")
    }

    @Test(arguments: ["duration: 10000000000000000000h", "show-after: 169h", "updates-every: 1e400s",
                      "duration: 1s..99999999999999999999999h", "auto-refresh: 200h"])
    func aDurationOutOfRangeIsASchemaIssueAtItsValue(pair: String) throws {
        let (_, issues, doc) = try decode("screen: S\nindicators:\n  - id: a\n    style: bar\n    \(pair)\n")
        let key = pair.prefix { $0 != ":" }
        if pair.contains("1e400") {
            // An exponent is not a duration at all.
            #expect(issues.map(\.message) == ["`\(key): 1e400s` is not a duration; write a number with a unit "
                                             + "(ms, s, m, h), such as 250ms, 1.5s or 2m"])
            return
        }
        let issue = try #require(issues.first)
        #expect(issues.count == 1)
        #expect(issue.kind == .schema)
        #expect(issue.message.hasPrefix("`\(key): "))
        #expect(issue.message.hasSuffix("is out of range; a duration is at most 168h (7 days)"))
        #expect(line(issue, doc) == "5:\(key.count + 7)")
    }

    @Test func booleansAreTheCoreSchemaSpellingsOnly() throws {
        for (text, value) in [("true", true), ("True", true), ("TRUE", true), ("false", false), ("False", false),
                              ("FALSE", false)] {
            let (screen, issues, _) = try decode("screen: S\nindicators:\n  - {id: a, style: bar, pause: \(text)}\n")
            #expect(issues.isEmpty, "\(text)")
            #expect(screen?.indicators.first?.pause?.value == value, "\(text)")
        }
        for text in ["yes", "Yes", "YES", "yEs", "no", "nO", "on", "oN", "off", "oFF", "y", "Y", "n", "N"] {
            let (screen, issues, doc) = try decode("screen: S\nindicators:\n  - {id: a, style: bar, pause: \(text)}\n")
            #expect(screen?.indicators.first?.pause == nil)
            let issue = try #require(issues.first, "\(text)")
            #expect(issue.message.hasPrefix("`pause: \(text)` is a YAML 1.1 boolean; use true/false"), "\(issue.message)")
            #expect(line(issue, doc) == "3:32")
        }
        for text in ["\"true\"", "tRUE", "1", "0", "truee"] {
            let (_, issues, _) = try decode("screen: S\nindicators:\n  - {id: a, style: bar, pause: \(text)}\n")
            #expect(issues.map(\.message).first?.hasPrefix("`pause` must be true or false") == true, "\(text)")
        }
    }

    @Test func versionIsThePlainIntegerOneOnly() throws {
        let (accepted, none, _) = try decode("version: 1\nscreen: S\nindicators: []\n")
        #expect(none.isEmpty)
        #expect(accepted?.version?.value == 1)
        for text in ["\"1\"", "'1'", "1.0", "01", "+1", "0x1", "1e0", "2", "true"] {
            let (_, issues, doc) = try decode("version: \(text)\nscreen: S\nindicators: []\n")
            #expect(issues.count == 1, "\(text)")
            #expect(issues.first?.message.contains("is not supported; 1 is the only version") == true, "\(text)")
            #expect(issues.first.map { line($0, doc) } == "1:10", "\(text)")
        }
    }

    @Test func suggestionsCoverCaseAndSeparatorMistakes() {
        #expect(SpecKeys.suggestion(for: "show_after", among: SpecKeys.indicator) == "show-after")
        #expect(SpecKeys.suggestion(for: "lable", among: SpecKeys.indicator) == "label")
        #expect(SpecKeys.suggestion(for: "zzzzzz", among: SpecKeys.indicator) == nil)
    }
}
