@testable import ProgressLintCore
import ProgressLintYAML
import Testing

/// What a run keeps per file: a compact file list and compact cross-file facts that read back
/// exactly what was put in, in report order.
@Suite struct RunStorageTests {
    @Test func aFileListReadsBackPathsAndScreenNamesInPathOrder() {
        var files = FileList()
        let b = files.append(FileSummary(path: "specs/b.yaml", screenNames: ["Photos", "", "Ünïcode 📷"], indicators: 4))
        let a = files.append(FileSummary(path: "specs/a.yaml", screenNames: [], indicators: 0))
        files.append(FileSummary(path: "specs/a/z.yaml", screenNames: ["Z"], indicators: 1))
        files.sortByPath()
        #expect(files.map(\.path) == ["specs/a.yaml", "specs/a/z.yaml", "specs/b.yaml"])
        #expect(files[2] == FileSummary(path: "specs/b.yaml", screenNames: ["Photos", "", "Ünïcode 📷"], indicators: 4))
        #expect(files.screens == 4)
        #expect(files.indicators == 5)
        #expect(files.path(ofFile: b) == "specs/b.yaml")
        #expect(files.path(ofFile: a) == "specs/a.yaml")
        #expect(files.positionsOfFiles() == [2, 0, 1])
    }

    @Test func filesWithPathsThatReadTheSameKeepTheOrderTheyWereFoundIn() {
        var files = FileList()
        files.append(FileSummary(path: "x.yaml", screenNames: ["second"]), order: 2)
        files.append(FileSummary(path: "x.yaml", screenNames: ["first"]), order: 1)
        files.sortByPath()
        #expect(files.map(\.screenNames) == [["first"], ["second"]])
    }

    func fact(_ key: String, _ value: String, line: Int, screen: String? = "S") -> CrossFileFact {
        CrossFileFact(key: key, value: value, range: SourceRange(at: SourcePosition(line: line, column: 3)),
                      screen: screen, indicator: "i\(line)", yamlPath: "indicators[i\(line)].location")
    }

    @Test func crossFileFactsReadBackWhatWasAddedAndGroupByNumber() {
        var facts = CrossFileFacts()
        facts.append(fact("sync", "toolbar", line: 4), file: 1, severity: .info)
        facts.append(fact("sync", "content", line: 9, screen: nil), file: 0, severity: .error)
        facts.append(fact("upload", "toolbar", line: 2), file: 0, severity: .error)
        facts.sortByFile([1, 0])  // file 1 is reported first
        #expect(facts.map(\.range.start.line) == [4, 9, 2])
        #expect(facts[1].screen == nil)
        #expect(facts[1].yamlPath == "indicators[i9].location")
        #expect(facts.severity(at: 0) == .info)
        #expect(facts.file(at: 0) == 1)
        #expect(facts.keyNumber(at: 0) == facts.keyNumber(at: 1))
        #expect(facts.keyNumber(at: 1) != facts.keyNumber(at: 2))
        #expect(facts.valueNumber(at: 0) == facts.valueNumber(at: 2))
    }

    @Test func canonicallyEquivalentTextsAreOneKeyButAreShownAsWritten() {
        var facts = CrossFileFacts()
        facts.append(fact("caf\u{E9}", "toolbar", line: 1, screen: "Caf\u{E9}"), file: 0, severity: .info)
        facts.append(fact("cafe\u{301}", "toolbar", line: 2, screen: "Cafe\u{301}"), file: 0, severity: .info)
        #expect(facts.keyNumber(at: 0) == facts.keyNumber(at: 1))
        #expect(facts[1].screen.map { Array($0.unicodeScalars) } == Array("Cafe\u{301}".unicodeScalars))
    }
}

/// The store behind file lists and facts: what goes past its memory limit waits in a temporary
/// file and reads back the same, in order and out of it.
@Suite struct ByteStoreTests {
    @Test func bytesPastTheMemoryLimitReadBackTheSame() {
        let store = ByteStore(memoryLimit: 100)
        var offsets: [(Int, [UInt8])] = []
        for i in 0..<5000 {
            let bytes = (0..<(i % 37)).map { UInt8(truncatingIfNeeded: i &* 31 &+ $0) }
            offsets.append((bytes.withUnsafeBytes { store.append($0) }, bytes))
        }
        #expect(store.count == offsets.reduce(0) { $0 + $1.1.count })
        // In order, then backwards (each read outside the window loads another).
        for (offset, bytes) in offsets + offsets.reversed() {
            #expect(store.read(offset, bytes.count) { Array($0) } == bytes)
        }
    }

    @Test func aLongFileListSpillsAndStillReadsInPathOrder() {
        var files = FileList()
        for i in (0..<60_000).reversed() {  // about 2 MB: past the store's 256 KB
            files.append(FileSummary(path: "specs/f\(100_000 + i).yaml", screenNames: ["Screen \(i)"], indicators: i % 3))
        }
        files.sortByPath()
        #expect(files.count == 60_000)
        #expect(files.first == FileSummary(path: "specs/f100000.yaml", screenNames: ["Screen 0"], indicators: 0))
        #expect(files[12_345] == FileSummary(path: "specs/f112345.yaml", screenNames: ["Screen 12345"], indicators: 0))
        #expect(files.path(at: 59_999) == "specs/f159999.yaml")
    }

    @Test func manyCrossFileFactsSpillAndGroupTheSame() {
        var facts = CrossFileFacts()
        for i in 0..<40_000 {  // 2 MB of facts
            let fact = CrossFileFact(key: "task\(i % 7)", value: i % 5 == 0 ? "toolbar" : "content",
                                     range: SourceRange(at: SourcePosition(line: i + 1, column: 3)), screen: "S",
                                     indicator: "i\(i)", yamlPath: nil)
            facts.append(fact, file: i / 4, severity: .info)
        }
        #expect(facts.count == 40_000)
        #expect(facts[39_999].indicator == "i39999")
        #expect(facts[39_999].range.start.line == 40_000)
        #expect(facts.numbers(at: 7) == (facts.keyNumber(at: 0), facts.valueNumber(at: 1)))
        #expect(facts.file(at: 39_999) == 9_999)
    }
}

extension RunStorageTests {
    @Test func aCopyOfAFileListKeepsItsFilesWhenTheOtherGrows() {
        var first = FileList()
        first.append(FileSummary(path: "a.yaml", screenNames: ["A"]))
        var second = first
        second.append(FileSummary(path: "b.yaml", screenNames: ["B"]))
        first.append(FileSummary(path: "c.yaml", screenNames: ["C"]))
        #expect(first.map(\.path) == ["a.yaml", "c.yaml"])
        #expect(second.map(\.path) == ["a.yaml", "b.yaml"])
        #expect(first[1].screenNames == ["C"])
    }
}

extension ByteStoreTests {
    @Test func aReadAcrossTheSpillReadsBothParts() {
        // A 90-byte piece, then one that passes the limit and sends both to the file, then a read
        // of bytes from the end of the file and the start of memory.
        let store = ByteStore(memoryLimit: 100)
        let first = [UInt8](repeating: 1, count: 90)
        let second = [UInt8](repeating: 2, count: 20)
        let third = [UInt8](repeating: 3, count: 5)
        for piece in [first, second, third] { piece.withUnsafeBytes { _ = store.append($0) } }
        #expect(store.read(105, 10) { Array($0) } == [UInt8](repeating: 2, count: 5) + third)
    }
}

extension ByteStoreTests {
    @Test func withoutAUsableTemporaryFolderEverythingStaysInMemory() {
        let store = ByteStore(memoryLimit: 16, folder: "/nonexistent-folder-for-progress-lint")
        var pieces: [(Int, [UInt8])] = []
        for i in 0..<200 {
            let bytes = [UInt8](repeating: UInt8(i % 251), count: 7)
            pieces.append((bytes.withUnsafeBytes { store.append($0) }, bytes))
        }
        for (offset, bytes) in pieces { #expect(store.read(offset, bytes.count) { Array($0) } == bytes) }
    }
}
