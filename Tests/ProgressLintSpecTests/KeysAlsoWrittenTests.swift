import ProgressLintSpec
import ProgressLintYAML
import Testing

/// Keys written as people write them on a platform or in another tool (`type`, `aria-label`) are
/// answered with the format's key, which spelling alone would not find.
@Suite struct KeysAlsoWrittenTests {
    func issues(_ text: String) throws -> [SpecIssue] {
        let document = try #require(try YAMLParser.parse(text).first)
        return SpecDecoder.decode(document, documentIndex: 0).issues
    }

    @Test(arguments: [
        ("    type: spinner\n", "type", "style"),
        ("    kind: bar\n", "kind", "style"),
        ("    delay: 1s\n", "delay", "show-after"),
        ("    estimatedDuration: 5s\n", "estimatedDuration", "duration"),
        ("    prefers_reduced_motion: stop-animation\n", "prefers_reduced_motion", "reduce-motion"),
        ("    accessibility:\n      aria-label: Uploading\n", "aria-label", "label"),
        ("    accessibility:\n      contentDescription: Uploading\n", "contentDescription", "label"),
    ])
    func anUnknownKeyPeopleWriteElsewhereSuggestsTheFormatsKey(written: String, name: String, meant: String) throws {
        // A style key written otherwise stands in for `style`; any other comes after it.
        let style = meant == "style" ? "" : "    style: bar\n"
        let found = try issues("screen: S\nindicators:\n  - id: a\n" + style + written)
        let unknown = try #require(found.first { $0.message.hasPrefix("unknown key `\(name)`") })
        #expect(unknown.message.hasSuffix("; did you mean `\(meant)`?"), "\(unknown.message)")
        #expect(unknown.remedy == .renameKey(meant))
    }

    @Test func aKeyCloseInSpellingStillWinsAndAnUnrelatedOneListsTheChoices() throws {
        let close = try issues("screen: S\nindicators:\n  - id: a\n    style: bar\n    lable: Uploading\n")
        #expect(close.first?.message.hasSuffix("did you mean `label`?") == true)
        let unrelated = try issues("screen: S\nindicators:\n  - id: a\n    style: bar\n    colour: red\n")
        #expect(unrelated.first?.message.contains("expected one of `id`, `style`") == true)
        #expect(unrelated.first?.remedy == nil)
    }

    @Test func namesAlsoWrittenAreNoKeyOfTheirMappingAndMeanOneKeyEach() {
        func check<K: SpecKeySet>(_: K.Type) {
            let keys = Set(K.allCases.map { $0.rawValue.normalizedKey })
            var seen: [String: String] = [:]
            for key in K.allCases {
                for name in key.info.alsoWritten {
                    #expect(!keys.contains(name.normalizedKey), "\(name) is a key of \(K.self)")
                    #expect(seen.updateValue(key.rawValue, forKey: name.normalizedKey) == nil, "\(name) twice")
                    #expect(SpecKeys.usualName(for: name, in: K.self) == key.rawValue)
                }
            }
        }
        check(ScreenKey.self); check(IndicatorKey.self); check(AccessibilityKey.self); check(AnnounceKey.self)
        check(ReduceMotionKey.self); check(CancelKey.self); check(PhaseKey.self); check(FailureKey.self)
        check(StallKey.self); check(BecomesKey.self)
        #expect(SpecKeys.usualName(for: "colour", in: IndicatorKey.self) == nil)
    }
}

private extension String {
    var normalizedKey: String { String(lowercased().filter { $0 != "-" && $0 != "_" && $0 != " " }) }
}
