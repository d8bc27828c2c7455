import Foundation
import Testing

/// Code frames under the text report's diagnostics, `--format concise`, `--column-unit` and
/// `--color`, run with the built binary; and the Vim and VS Code recipes on a non-ASCII line.
@Suite struct CodeFrameCommandTests {
    static let bad = "screen: S\nindicators:\n  - {id: a, style: spinner, presentation: overlay, label: Loading}\n"
    /// Line 4 has emoji (outside the BMP), CJK and a combining accent before the misspelt key `placement`.
    static let nonASCII = "screen: Settings\nplatform: ios\nindicators:\n"
        + "  - {id: sync, style: spinner, label: \"😀 日本 e\u{301} Please wait\", placement: inline}\n"
    static var nonASCIILine: String { String(nonASCII.split(separator: "\n")[3]) }

    func run(_ arguments: [String], stdin: String? = nil, environment: [String: String] = [:], in dir: String? = nil)
        throws -> CommandTests.Run
    {
        try CommandTests.run(arguments, stdin: stdin, environment: environment, in: dir)
    }

    func folder(_ files: [String: String]) throws -> String { try CommandTests.folder(files) }

    /// The frame printed under the first header line that contains `marker`.
    func frame(in output: String, under marker: String) -> [String] {
        let lines = output.components(separatedBy: "\n")
        guard let i = lines.firstIndex(where: { $0.contains(marker) }) else { return [] }
        return Array(lines[(i + 1)...].prefix { !$0.isEmpty })
    }

    @Test func theTextReportShowsTheSourceLineWithCaretsUnderTheNode() throws {
        let dir = try folder(["a.yaml": Self.bad])
        let r = try run(["a.yaml"], environment: ["NO_COLOR": "1"], in: dir)
        #expect(r.status == 1)
        #expect(frame(in: r.stdout, under: "[vague-label]") == [
            "  |",
            "3 |   - {id: a, style: spinner, presentation: overlay, label: Loading}",
            "  |   " + String(repeating: " ", count: 56) + "^^^^^^^",  // under `Loading`, at column 59
        ])
        // Each diagnostic's frame is followed by an empty line, then the summary.
        #expect(r.stdout.contains("^^^^^^^\n\n"))
        #expect(r.stdout.hasSuffix("in 1 file, 1 screen, 1 indicator; [*] 1 fixable with --fix --unsafe-fixes\n"))
    }

    @Test func conciseKeepsOneLinePerDiagnosticAndTheSameHeaders() throws {
        let dir = try folder(["a.yaml": Self.bad])
        let text = try run(["a.yaml"], in: dir).stdout.components(separatedBy: "\n")
        let concise = try run(["--format", "concise", "a.yaml"], in: dir)
        #expect(concise.status == 1)
        let lines = concise.stdout.components(separatedBy: "\n").dropLast()
        #expect(lines.count >= 3)
        #expect(lines.allSatisfy { $0.hasPrefix("a.yaml:") || $0.contains(" problems (") })
        #expect(text.filter { $0.hasPrefix("a.yaml:") } == lines.filter { $0.hasPrefix("a.yaml:") })
        // No frame line looks like `file:line:col:`.
        let framed = text.filter { !$0.hasPrefix("a.yaml:") && !$0.isEmpty && !$0.contains(" problems (") }
        #expect(!framed.isEmpty)
        #expect(framed.allSatisfy { $0.range(of: #"^\S+:\d+:\d+:"#, options: .regularExpression) == nil })
        #expect(framed.allSatisfy { $0.range(of: #"^ *\d* \|"#, options: .regularExpression) != nil })
    }

    @Test func aLongLineIsClippedAroundTheNodeWithTheCaretsStillUnderIt() throws {
        let filler = (0..<40).map { "k\($0): v\($0)" }.joined(separator: ", ")
        let spec = "screen: S\nindicators:\n  - {id: a, style: bar, determinate: true, \(filler), placment: x}\n"
        let dir = try folder(["long.yaml": spec])
        let r = try run(["long.yaml"], environment: ["NO_COLOR": "1"], in: dir)
        let lines = frame(in: r.stdout, under: "unknown key `placment`")
        #expect(lines.count == 3)
        let source = try #require(lines.dropFirst().first), carets = try #require(lines.last)
        #expect(source.hasPrefix("3 | …") && source.hasSuffix("placment: x}"))
        #expect(source.count < spec.count)
        let caret = try #require(carets.firstIndex(of: "^"))
        let offset = carets.distance(from: carets.startIndex, to: caret)
        #expect(String(source.dropFirst(offset).prefix(8)) == "placment")
        #expect(carets.filter { $0 == "^" }.count == 8)
        // The header still gives the column in the whole line.
        let column = Array(spec.split(separator: "\n")[2]).firstIndex(of: "p").map { $0 + 1 }
        #expect(r.stdout.contains("long.yaml:3:\(try #require(column)): error: unknown key `placment`"))
    }

    @Test func caretsFollowTheDisplayWidthOfEmojiCJKAndCombiningAccents() throws {
        let dir = try folder(["spec.yaml": Self.nonASCII])
        let r = try run(["spec.yaml"], environment: ["NO_COLOR": "1"], in: dir)
        let lines = frame(in: r.stdout, under: "unknown key `placement`")
        #expect(lines.count == 3)
        let source = lines[1], carets = lines[2]
        // Before `placement` on the shown line: 😀 and 日本 take two columns each, the accent none.
        let shown = try #require(source.components(separatedBy: " | ").last)
        let before = try #require(shown.components(separatedBy: "placement").first)
        let width = before.unicodeScalars.reduce(0) { sum, s in
            switch s.value {
            case 0x301: sum
            case 0x1F600, 0x65E5, 0x672C: sum + 2
            default: sum + 1
            }
        }
        #expect(carets == "  | " + String(repeating: " ", count: width) + "^^^^^^^^^")
    }

    @Test func tabsAndControlCharactersAreShownVisiblyAndTheCaretsAlignWithWhatIsShown() throws {
        let spec = "screen: S\nindicators:\n  - {id: \"abc\td\", style: bar, placment: \"x\u{1B}[31m\"}\n"
        let dir = try folder(["t.yaml": spec])
        let r = try run(["t.yaml"], environment: ["NO_COLOR": "1"], in: dir)
        #expect(!r.stdout.contains("\u{1B}"))
        #expect(!r.stdout.contains("\t"))
        let lines = frame(in: r.stdout, under: "[yaml-syntax]")
        #expect(lines.count == 3)
        let shown = try #require(lines[1].components(separatedBy: " | ").last)
        #expect(shown.contains("\"abc   d\""))  // the tab at column 13 reaches column 16 (a multiple of four)
        #expect(shown.contains("\"x\\u{1B}[31m\""))
        let offset = try #require(lines[2].components(separatedBy: " | ").last).prefix { $0 == " " }.count
        #expect(shown.dropFirst(offset).hasPrefix("\\u{1B}"))
    }

    @Test func columnUnitConvertsConciseGithubJSONAndSARIFColumnsOnANonASCIILine() throws {
        let dir = try folder(["spec.yaml": Self.nonASCII])
        let line = Self.nonASCIILine
        let key = try #require(line.range(of: "placement"))
        let char = line.unicodeScalars.distance(from: line.unicodeScalars.startIndex, to: key.lowerBound) + 1
        let utf16 = line.utf16.distance(from: line.utf16.startIndex, to: key.lowerBound) + 1
        let byte = line.utf8.distance(from: line.utf8.startIndex, to: key.lowerBound) + 1
        #expect((char, utf16, byte) == (62, 63, 70))
        for (unit, column) in [("char", char), ("utf16", utf16), ("byte", byte)] {
            let concise = try run(["--format", "concise", "--column-unit", unit, "spec.yaml"], in: dir).stdout
            #expect(concise.contains("spec.yaml:4:\(column): error: unknown key `placement`"), "\(unit)")
            let github = try run(["--format", "github", "--column-unit", unit, "spec.yaml"], in: dir).stdout
            let end = column + "placement".count
            #expect(github.contains("line=4,col=\(column),endLine=4,endColumn=\(end),"), "\(unit)")
            let json = try run(["--format", "json", "--column-unit", unit, "spec.yaml"], in: dir).stdout
            let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
            #expect(object["columnUnit"] as? String == unit)
            let diagnostics = try #require(object["diagnostics"] as? [[String: Any]])
            let d = try #require(diagnostics.first { ($0["message"] as? String)?.contains("`placement`") == true })
            #expect(d["column"] as? Int == column && d["endColumn"] as? Int == end, "\(unit)")
        }
        for (unit, kind, column) in [("utf16", "utf16CodeUnits", utf16), ("char", "unicodeCodePoints", char),
                                     ("byte", "unicodeCodePoints", char)] {
            let sarif = try run(["--format", "sarif", "--column-unit", unit, "spec.yaml"], in: dir).stdout
            #expect(sarif.contains("\"columnKind\":\"\(kind)\"") || sarif.contains("\"columnKind\": \"\(kind)\""),
                    "\(unit)")
            let object = try #require(try JSONSerialization.jsonObject(with: Data(sarif.utf8)) as? [String: Any])
            let results = try #require(((object["runs"] as? [[String: Any]])?.first?["results"]) as? [[String: Any]])
            let columns = results.compactMap { result -> Int? in
                let locations = result["locations"] as? [[String: Any]]
                let physical = locations?.first?["physicalLocation"] as? [String: Any]
                return (physical?["region"] as? [String: Any])?["startColumn"] as? Int
            }
            #expect(columns.contains(column), "\(unit)")
        }
    }

    @Test func anUnknownColumnUnitOrColorIsAUsageError() throws {
        let dir = try folder(["a.yaml": Self.bad])
        let unit = try run(["--column-unit", "bytes", "a.yaml"], in: dir)
        #expect(unit.status == 2)
        #expect(unit.stderr.contains("--column-unit 'bytes'"))
        #expect(try run(["--color", "sometimes", "a.yaml"], in: dir).status == 2)
    }

    @Test func framesAreColouredWhenColourIsForcedAndPlainOtherwise() throws {
        let dir = try folder(["a.yaml": Self.bad])
        for forced in [try run(["--color", "always", "a.yaml"], environment: ["NO_COLOR": "1"], in: dir),
                       try run(["a.yaml"], environment: ["FORCE_COLOR": "1"], in: dir)] {
            let lines = frame(in: forced.stdout, under: "[vague-label]")
            #expect(lines.count == 3)
            #expect(lines[1] == "\u{1B}[1;34m3\u{1B}[0m \u{1B}[1;34m|\u{1B}[0m "
                    + "  - {id: a, style: spinner, presentation: overlay, label: Loading}")
            #expect(lines[2] == "  \u{1B}[1;34m|\u{1B}[0m " + String(repeating: " ", count: 58)
                    + "\u{1B}[1;33m^^^^^^^\u{1B}[0m")
        }
        for plain in [try run(["a.yaml"], in: dir), try run(["--color", "never", "a.yaml"], environment: ["FORCE_COLOR": "1"], in: dir),
                      try run(["--color", "always", "--format", "json", "a.yaml"], in: dir)] {
            #expect(!plain.stdout.contains("\u{1B}"))
        }
    }

    @Test func aCrossFileDiagnosticHasAFrameToo() throws {
        let a = "screen: A\nindicators:\n  - {id: up, task: upload, style: bar, determinate: true, location: toolbar, label: Uploading 3 photos}\n"
        let b = "screen: B\nindicators:\n  - {id: up, task: upload, style: bar, determinate: true, location: content, label: Uploading 3 photos}\n"
        let dir = try folder(["a.yaml": a, "b.yaml": b])
        let r = try run(["a.yaml", "b.yaml"], environment: ["NO_COLOR": "1"], in: dir)
        let lines = frame(in: r.stdout, under: "[consistent-location]")
        #expect(lines.count == 3)
        #expect(lines.dropFirst().first?.contains("location: ") == true)
    }

    // MARK: editors on a non-ASCII line

    @Test(.enabled(if: IntegrationCommandTests.vim != nil, "Vim is not installed (no `vim` or `nvim` on PATH)"))
    func vimMakeAndCfirstPutTheCursorOnTheNodeOnANonASCIILine() throws {
        // The first finding is after emoji, CJK and a combining accent on line 1.
        let spec = "{screen: \"😀 日本 e\u{301}\", platfrom: ios, indicators: []}\n"
        let dir = try folder(["spec.yaml": spec])
        let compiler = IntegrationCommandTests.packageRoot.appendingPathComponent("Editors/vim/compiler/progress-lint.vim").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: IntegrationCommandTests.vim!)
        process.currentDirectoryURL = URL(fileURLWithPath: dir)
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = CommandTests.binary.deletingLastPathComponent().path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        process.environment = environment
        process.arguments = ["-u", "NONE", "-i", "NONE", "-N", "-es", "-c", "set encoding=utf-8", "-c", "source \(compiler)",
                             "-c", "silent make", "-c", "cfirst",
                             "-c", "call writefile([line('.'), col('.'), strpart(getline('.'), col('.') - 1, 8), len(getqflist())], 'pos.txt')",
                             "-c", "qa!", "spec.yaml"]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        let written = try String(contentsOfFile: dir + "/pos.txt", encoding: .utf8).split(separator: "\n").map(String.init)
        let key = try #require(spec.range(of: "platfrom"))
        let byteColumn = spec.utf8.distance(from: spec.utf8.startIndex, to: key.lowerBound) + 1
        #expect(byteColumn == 29)
        #expect(written.count == 4)
        #expect(written.first == "1")
        #expect(written.dropFirst().first == String(byteColumn))
        #expect(written.dropFirst(2).first == "platfrom")
        #expect(Int(written.last ?? "") ?? 0 >= 1)
    }

    @Test(.enabled(if: IntegrationCommandTests.vim != nil, "Vim is not installed (no `vim` or `nvim` on PATH)")) func vimErrorformatSkipsTheCodeFrameLines() throws {
        let dir = try folder(["spec.yaml": Self.nonASCII])
        let text = try run(["spec.yaml"], in: dir)
        let entries = try IntegrationCommandTests.vimQuickfix(text.stdout, in: dir, entry: "e.lnum . '|' . e.col . '|' . e.valid")
        let headers = text.stdout.split(separator: "\n").filter { $0.hasPrefix("spec.yaml:") }
        #expect(entries.count == headers.count)
        #expect(entries.allSatisfy { $0.hasSuffix("|1") })
    }

    @Test func vsCodeProblemMatcherColumnIsTheJavaScriptStringIndexOnANonASCIILine() throws {
        let tasks = try Data(contentsOf: IntegrationCommandTests.packageRoot.appendingPathComponent("Editors/vscode/tasks.json"))
        let object = try #require(try JSONSerialization.jsonObject(with: tasks) as? [String: Any])
        let task = try #require((object["tasks"] as? [[String: Any]])?.first)
        let matcher = try #require(task["problemMatcher"] as? [String: Any])
        let pattern = try #require(matcher["pattern"] as? [String: Any])
        let regex = try NSRegularExpression(pattern: try #require(pattern["regexp"] as? String))
        let columnGroup = try #require(pattern["column"] as? Int)
        let args = try #require(task["args"] as? [String]).filter { $0 != "${workspaceFolder}" }
        let dir = try folder(["spec.yaml": Self.nonASCII])
        let lines = try run(args + ["spec.yaml"], in: dir).stdout.split(separator: "\n").map(String.init)
        let placement = try #require(lines.first { $0.contains("unknown key `placement`") })
        let m = try #require(regex.firstMatch(in: placement, range: NSRange(placement.startIndex..., in: placement)))
        let columnRange = try #require(Range(m.range(at: columnGroup), in: placement))
        let column = try #require(Int(placement[columnRange]))
        // JavaScript's `line.indexOf("placement") + 1`: UTF-16 code units, as VS Code counts.
        let line = Self.nonASCIILine
        let key = try #require(line.range(of: "placement"))
        let jsIndex = line.utf16.distance(from: line.utf16.startIndex, to: key.lowerBound)
        #expect(column == jsIndex + 1)
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/node") {
            let node = Process()
            node.executableURL = URL(fileURLWithPath: "/usr/bin/node")
            let script = "const l = require('fs').readFileSync(process.argv[1], 'utf8').split('\\n')[3];"
                + "process.stdout.write(String(l.indexOf('placement') + 1))"
            node.arguments = ["-e", script, dir + "/spec.yaml"]
            let out = Pipe()
            node.standardOutput = out
            try node.run()
            let printed = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            node.waitUntilExit()
            #expect(printed == String(column))
        }
    }
}
