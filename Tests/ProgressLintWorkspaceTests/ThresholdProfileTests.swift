import ProgressLintEngine
import ProgressLintWorkspace
import ProgressLintRules
import ProgressLintSpec
import ProgressLintYAML
import Testing
import TestSupport

/// The built-in threshold profiles (`extends: progress-lint:NAME`), each against the values the
/// contract's table gives (spec format, revision 1.3): literal values, one test per profile, so a
/// mistake in the one table of profiles cannot check itself.
@Suite struct ThresholdProfileValueTests {
    /// The seven thresholds of `extends: progress-lint:NAME` alone, in milliseconds, in the order
    /// instant, noticeable, attention, determinate-after, show-after-max, updates-every-max,
    /// min-display; and whether `determinate-after` was set (not following `attention`).
    func values(_ name: String) throws -> ([Double], Bool) {
        let c = try ConfigurationLoader(rules: RuleRegistry.descriptions).load(
            Array("extends: progress-lint:\(name)\n".utf8), path: "c.yml", directory: "/nowhere")
        let t = c.thresholds
        return ([t.instant, t.noticeable, t.attention, t.determinateAfter, t.showAfterMax, t.updatesEveryMax, t.minDisplay]
            .map(\.milliseconds), t.determinateAfterSet != nil)
    }

    @Test func nielsenIsTheDefaultsUnderAName() throws {
        #expect(try values("nielsen") == ([100, 1000, 10_000, 10_000, 2000, 2000, 400], false))
    }

    @Test func saltSetsInstantNoticeableAndAttention() throws {
        #expect(try values("salt") == ([100, 1000, 10_000, 10_000, 2000, 2000, 400], false))
    }

    @Test func primerShowsNothingUnderASecondAndTurnsDeterminateAtThree() throws {
        #expect(try values("primer") == ([1000, 1000, 10_000, 3000, 1000, 2000, 400], true))
    }

    @Test func fluent2SetsInstantAndNoticeable() throws {
        #expect(try values("fluent2") == ([1000, 3000, 10_000, 10_000, 2000, 2000, 400], false))
    }

    @Test func astroTurnsDeterminateAtTenSeconds() throws {
        #expect(try values("astro") == ([1000, 1000, 10_000, 10_000, 2000, 2000, 400], true))
    }

    @Test func atlassianShowsASpinnerPastASecond() throws {
        #expect(try values("atlassian") == ([1000, 1000, 10_000, 10_000, 2000, 2000, 400], false))
    }

    @Test func carbonShowsAnIndicatorPastThreeSeconds() throws {
        #expect(try values("carbon") == ([3000, 3000, 10_000, 10_000, 2000, 2000, 400], false))
    }

    @Test func gnomeNeedsNoIndicatorUnderThreeSecondsAndABarPastThirty() throws {
        #expect(try values("gnome") == ([3000, 3000, 10_000, 30_000, 2000, 2000, 400], true))
    }

    @Test func acornSetsInstantAndAMinimumDisplayTime() throws {
        #expect(try values("acorn") == ([200, 1000, 10_000, 10_000, 2000, 2000, 400], false))
        #expect(ThresholdProfile.named("acorn")?.values.map(\.key) == ["instant", "min-display"])
    }

    @Test func windowsLegacyTurnsToABarAfterFiveSeconds() throws {
        #expect(try values("windows-legacy") == ([2000, 2000, 10_000, 5000, 2000, 5000, 400], true))
        #expect(ThresholdProfile.named("windows-legacy")?.legacy == true)
    }

    /// Which thresholds each profile sets (empty cells of the contract's table are not set).
    @Test func eachProfileSetsExactlyTheThresholdsOfItsRow() {
        let sets = Dictionary(uniqueKeysWithValues: ThresholdProfile.all.map { ($0.name, Set($0.values.map(\.key))) })
        #expect(sets == [
            "nielsen": ["instant", "noticeable", "attention"],
            "salt": ["instant", "noticeable", "attention"],
            "primer": ["instant", "noticeable", "attention", "determinate-after", "show-after-max"],
            "fluent2": ["instant", "noticeable"],
            "astro": ["instant", "noticeable", "determinate-after"],
            "atlassian": ["instant", "noticeable"],
            "carbon": ["instant", "noticeable"],
            "gnome": ["instant", "noticeable", "determinate-after"],
            "acorn": ["instant", "min-display"],
            "windows-legacy": ["instant", "noticeable", "determinate-after", "updates-every-max"],
        ])
        #expect(ThresholdProfile.all.map(\.name) == ["nielsen", "salt", "primer", "fluent2", "astro", "atlassian",
                                                     "carbon", "gnome", "acorn", "windows-legacy"])
        let raised = ThresholdProfile.all.flatMap { p in p.values.filter(\.raised).map { "\(p.name).\($0.key)" } }
        #expect(raised == ["primer.noticeable", "astro.noticeable", "atlassian.noticeable", "carbon.noticeable",
                           "gnome.noticeable", "windows-legacy.noticeable"])
    }

    @Test func everyPublishedValueHasItsSentenceAndEveryProfileButTheBookAnAddress() {
        for profile in ThresholdProfile.all {
            for value in profile.values where !value.raised { #expect(!value.says.isEmpty, "\(profile.name).\(value.key)") }
            #expect((profile.address == nil) == (profile.name == "nielsen"), "\(profile.name)")
            #expect(profile.address.map { $0.hasPrefix("https://") } ?? true)
        }
    }
}

/// `extends` with profiles, the two new thresholds, and the order the thresholds must keep.
@Suite struct ThresholdProfileLoadingTests {
    let loader = ConfigurationLoader(rules: RuleRegistry.descriptions)

    func load(_ name: String, in folder: TemporaryFolder) throws(ConfigurationError) -> Configuration {
        let path = folder.path + "/" + name
        let bytes = Array(((try? String(contentsOfFile: path, encoding: .utf8)) ?? "").utf8)
        let directory = String(path[..<path.lastIndex(of: "/")!])
        return try loader.load(bytes, path: name, directory: directory, workingDirectory: folder.path)
    }

    func error(_ text: String, files: [String: String] = [:]) throws -> ConfigurationError? {
        let folder = try TemporaryFolder()
        for (name, content) in files { try folder.write(name, content) }
        try folder.write("c.yml", text)
        do {
            _ = try load("c.yml", in: folder)
            return nil
        } catch {
            return error
        }
    }

    func configuration(_ text: String, files: [String: String] = [:]) throws -> Configuration {
        let folder = try TemporaryFolder()
        for (name, content) in files { try folder.write(name, content) }
        try folder.write("c.yml", text)
        return try load("c.yml", in: folder)
    }

    /// A file origin as `path:line:column`.
    func shown(_ origin: SettingOrigin?) -> String? {
        guard case .file(let path, let position)? = origin else { return nil }
        return "\(path):\(position.line):\(position.column)"
    }

    // MARK: the new keys

    @Test func determinateAfterAndMinDisplayAreThresholdKeys() throws {
        let c = try configuration("thresholds: {determinate-after: 30s, min-display: 250ms}")
        #expect(c.thresholds.determinateAfter == .seconds(30))
        #expect(c.thresholds.minDisplay == Duration(milliseconds: 250))
        #expect(shown(c.thresholdOrigins["min-display"]) == "c.yml:1:51")
    }

    @Test func determinateAfterFollowsTheEffectiveAttentionUntilSet() throws {
        let base = ["base.yml": "thresholds: {attention: 20s}"]
        let follows = try configuration("extends: base.yml\nthresholds: {noticeable: 2s}", files: base)
        #expect(follows.thresholds.determinateAfter == .seconds(20))
        #expect(follows.thresholds.determinateAfterSet == nil)
        // Once set (here by a profile), it keeps its value whatever `attention` becomes later.
        let set = try configuration("extends: [progress-lint:gnome, base.yml]\nthresholds: {attention: 40s}", files: base)
        #expect(set.thresholds.determinateAfter == .seconds(30))
        #expect(set.thresholds.attention == .seconds(40))
    }

    @Test func aBadDeterminateAfterIsReportedAtItsValue() throws {
        let e = try #require(try error("thresholds:\n  determinate-after: 30"))
        #expect(e.position?.line == 2 && e.position?.column == 22)
        #expect(e.message.contains("determinate-after"))
    }

    // MARK: profiles in `extends`

    @Test func laterEntriesAndTheFilesOwnKeysOverrideAProfileKeyByKey() throws {
        let c = try configuration("""
            extends: [progress-lint:gnome, base.yml]
            thresholds:
              attention: 40s
            """, files: ["base.yml": "thresholds: {instant: 2s}"])
        #expect(c.thresholds.instant == .seconds(2))                  // base.yml, after the profile
        #expect(c.thresholds.noticeable == .seconds(3))               // the profile
        #expect(c.thresholds.attention == .seconds(40))               // this file
        #expect(c.thresholds.determinateAfter == .seconds(30))        // the profile
        #expect(c.thresholdOrigins["noticeable"] == .profile("progress-lint:gnome"))
        #expect(shown(c.thresholdOrigins["instant"]) == "base.yml:1:23")
        #expect(c.profiles == ["progress-lint:gnome"])
        #expect(c.files == ["base.yml", "c.yml"])
    }

    @Test func aFileBeforeAProfileInTheListIsOverriddenByIt() throws {
        let c = try configuration("extends: [base.yml, progress-lint:carbon]",
                                  files: ["base.yml": "thresholds: {instant: 2s, attention: 20s}"])
        #expect(c.thresholds.instant == .seconds(3))
        #expect(c.thresholds.attention == .seconds(20))
    }

    @Test func anExtendedFileMayExtendAProfile() throws {
        let c = try configuration("extends: shared.yml", files: ["shared.yml": "extends: progress-lint:primer"])
        #expect(c.thresholds.determinateAfter == .seconds(3))
        #expect(c.thresholdOrigins["determinate-after"] == .profile("progress-lint:primer"))
    }

    @Test func anUnknownProfileIsAnErrorAtTheValueNamingTheClosestAndListingAll() throws {
        let e = try #require(try error("extends: progress-lint:gnom"))
        #expect(e.position?.line == 1 && e.position?.column == 10)
        #expect(e.message.contains("`progress-lint:gnome`"))
        for profile in ThresholdProfile.all { #expect(e.message.contains(profile.id)) }
    }

    @Test func profileNamesAreComparedExactlyAndTheClosestFoundIgnoringCase() throws {
        for written in ["progress-lint:GNOME", "progress-lint:Gnome"] {
            let e = try #require(try error("extends: \(written)"), "\(written)")
            #expect(e.message.contains("did you mean `progress-lint:gnome`"), "\(e.message)")
        }
        let e = try #require(try error("extends: [progress-lint:Windows-Legacy]"))
        #expect(e.message.contains("did you mean `progress-lint:windows-legacy`"))
        #expect(e.position?.column == 11)
    }

    @Test func spacesInsideAQuotedProfileValueAreAnUnknownNameNamingTheClosest() throws {
        for written in ["\"progress-lint:gnome \"", "\"progress-lint: gnome\"", "\"progress-lint:windows legacy\""] {
            let e = try #require(try error("extends: \(written)"), "\(written)")
            #expect(e.message.contains("is not a built-in profile"), "\(e.message)")
            #expect(e.message.contains("did you mean `progress-lint:gnome`")
                    || e.message.contains("did you mean `progress-lint:windows-legacy`"), "\(e.message)")
        }
    }

    @Test func aNameFarFromEveryProfileStillNamesTheClosest() throws {
        let e = try #require(try error("extends: \"progress-lint:\""))
        #expect(e.message.contains("did you mean `progress-lint:"))
    }

    @Test func systemsThatPublishNoTimingsAreNamedAsSuch() throws {
        for name in ["apple", "material", "polaris", "winui", "kde", "Apple"] {
            let e = try #require(try error("extends: progress-lint:\(name)"), "\(name)")
            #expect(e.message.contains("publishes no timings"), "\(e.message)")
            #expect(e.message.contains("progress-lint:gnome"))
        }
    }

    @Test func aValueNotStartingWithThePrefixIsAPath() throws {
        for written in ["./progress-lint:gnome", "\" progress-lint:gnome\"", "Progress-Lint:gnome"] {
            let e = try #require(try error("extends: \(written)"), "\(written)")
            #expect(e.message.contains("cannot be read"), "\(written): \(e.message)")
            #expect(e.position?.line == 1 && e.position?.column == 10)
        }
        // And a file of that name is read as one.
        let c = try configuration("extends: ./progress-lint:gnome",
                                  files: ["progress-lint:gnome": "thresholds: {attention: 25s}"])
        #expect(c.thresholds.attention == .seconds(25))
        #expect(c.profiles.isEmpty)
    }

    @Test func aPlainScalarsSpacesAreNotPartOfTheName() throws {
        let c = try configuration("extends:   progress-lint:gnome   ")
        #expect(c.profiles == ["progress-lint:gnome"])
    }

    @Test func aCycleThroughFilesThatExtendProfilesIsStillACycle() throws {
        let e = try #require(try error("extends: [progress-lint:gnome, b.yml]",
                                       files: ["b.yml": "extends: [progress-lint:carbon, c.yml]"]))
        #expect(e.message.contains("makes a cycle"))
        #expect(e.path == "b.yml")
    }

    // MARK: the order check

    @Test func instantAboveNoticeableIsAnErrorAtTheValueThisFileWrites() throws {
        let e = try #require(try error("thresholds:\n  instant: 2s\n"))
        #expect(e.path == "c.yml")
        #expect(e.position?.line == 2 && e.position?.column == 12)
        #expect(e.message.contains("`instant` (2s, set in this file, line 2)"), "\(e.message)")
        #expect(e.message.contains("`noticeable` (1s, the default)"), "\(e.message)")
    }

    @Test func noticeableAboveAttentionIsAnError() throws {
        let e = try #require(try error("thresholds:\n  noticeable: 20s\n"))
        #expect(e.message.contains("`noticeable` (20s, set in this file, line 2)"), "\(e.message)")
        #expect(e.message.contains("`attention` (10s, the default)"), "\(e.message)")
        #expect(e.position?.line == 2)
    }

    @Test func noticeableAboveASetDeterminateAfterIsAnError() throws {
        let e = try #require(try error("thresholds:\n  determinate-after: 500ms\n"))
        #expect(e.message.contains("`noticeable` (1s, the default)"), "\(e.message)")
        #expect(e.message.contains("`determinate-after` (500ms, set in this file, line 2)"), "\(e.message)")
        #expect(e.position?.line == 2 && e.position?.column == 22)
    }

    @Test func determinateAfterIsCheckedOnlyWhenSet() throws {
        // Following `attention`, it cannot break the order by itself; set, it may sit below attention.
        _ = try configuration("thresholds: {noticeable: 5s, attention: 5s}")
        _ = try configuration("thresholds: {noticeable: 2s, determinate-after: 3s, attention: 20s}")
        _ = try configuration("thresholds: {instant: 1s, noticeable: 1s, attention: 1s}")  // equal is fine
    }

    @Test func whenTheFileWritesBothTheErrorIsAtTheLaterOfTheTwo() throws {
        let e = try #require(try error("thresholds:\n  noticeable: 1s\n  show-after-max: 1s\n  instant: 2s\n"))
        #expect(e.position?.line == 4, "\(e)")
        let f = try #require(try error("thresholds:\n  instant: 2s\n  noticeable: 1s\n"))
        #expect(f.position?.line == 3, "\(f)")
        let g = try #require(try error("thresholds: {noticeable: 1s, instant: 2s}"))
        #expect(g.position?.line == 1 && g.position?.column == 39, "\(g)")
    }

    @Test func whenTheFileWritesOneOfTheTwoTheErrorIsAtThatValue() throws {
        let e = try #require(try error("extends: progress-lint:gnome\nthresholds:\n  attention: 2s\n"))
        #expect(e.position?.line == 3 && e.position?.column == 14, "\(e)")
        #expect(e.message.contains("`noticeable` (3s, from the profile `progress-lint:gnome`)"), "\(e.message)")
        #expect(e.message.contains("`attention` (2s, set in this file, line 3)"), "\(e.message)")
    }

    @Test func whenTheFileWritesNeitherTheErrorIsAtItsExtendsValue() throws {
        let e = try #require(try error("platform: ios\nextends: [base.yml, progress-lint:gnome]\n",
                                       files: ["base.yml": "thresholds: {attention: 2s}"]))
        #expect(e.path == "c.yml")
        #expect(e.position?.line == 2 && e.position?.column == 10, "\(e)")  // the list's `[`
        #expect(e.message.contains("`attention` (2s, set in the extended file base.yml, line 1)"), "\(e.message)")
        #expect(e.message.contains("from the profile `progress-lint:gnome`"))
        // A block list: at its first `-`.
        let f = try #require(try error("extends:\n  - progress-lint:gnome\n  - base.yml\n",
                                       files: ["base.yml": "thresholds: {attention: 2s}"]))
        #expect(f.position?.line == 2 && f.position?.column == 3, "\(f)")
        // One value.
        let g = try #require(try error("extends: base.yml\n", files: ["base.yml": "thresholds: {instant: 5s}"]))
        #expect(g.position?.line == 1 && g.position?.column == 10, "\(g)")
        #expect(g.message.contains("`instant` (5s, set in the extended file base.yml"), "\(g.message)")
    }

    @Test func anIncoherentExtendedFileIsFineWhenTheLoadedFileRestoresTheOrder() throws {
        let c = try configuration("extends: base.yml\nthresholds: {noticeable: 5s}",
                                  files: ["base.yml": "thresholds: {instant: 5s}"])
        #expect(c.thresholds.instant == .seconds(5))
    }

    @Test func severalBrokenPairsAreOneErrorForTheFirstInOrder() throws {
        let e = try #require(try error("thresholds: {determinate-after: 100ms, noticeable: 20s, instant: 30s}"))
        #expect(e.message.hasPrefix("`instant`"), "\(e.message)")
        let f = try #require(try error("thresholds: {determinate-after: 100ms, noticeable: 20s}"))
        #expect(f.message.hasPrefix("`noticeable` (20s"), "\(f.message)")
        #expect(f.message.contains("`attention`"), "\(f.message)")
    }
}
