import Dispatch
import Synchronization
@testable import ProgressLintEngine
@testable import ProgressLintRun
@testable import ProgressLintWorkspace
import ProgressLintYAML
import Testing
import TestSupport

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

    /// A cross-file rule's own value, as a rule would declare it.
    struct Seen: CrossFileValue, Equatable {
        var key: String
        var value: String
        var range: SourceRange
        var screen: String?
        var count: Int

        init(_ key: String, _ value: String, line: Int, screen: String? = "S", count: Int = 0) {
            (self.key, self.value, self.screen, self.count) = (key, value, screen, count)
            range = SourceRange(start: SourcePosition(line: line, column: 3, characterOffset: 40),
                                end: SourcePosition(line: line, column: 9, characterOffset: 46))
        }

        init(key: String, value: String, range: SourceRange, screen: String?, count: Int) {
            (self.key, self.value, self.range, self.screen, self.count) = (key, value, range, screen, count)
        }

        func write(to fields: inout CrossFileWriter) {
            fields.write(key); fields.write(value); fields.write(range); fields.write(screen); fields.write(count)
        }

        init(from fields: inout CrossFileReader) throws(CrossFileReadError) {
            (key, value, range) = (try fields.read(), try fields.read(), try fields.read())
            (screen, count) = (try fields.read(), try fields.read())
        }
    }

    static func records(_ values: [Seen]) -> [UInt8] {
        var writer = CrossFileWriter()
        for value in values { writer.append(value) }
        return writer.bytes
    }

    static func values(_ store: CrossFileStore, positions: [Int]) -> CrossFileValues<Seen> {
        CrossFileValues(store: store, order: store.order(by: positions), pathOfFile: { "file\($0).yaml" })
    }

    @Test func crossFileValuesReadBackWhatWasCollectedInReportOrderWithTheirFilesAndSeverities() {
        let store = CrossFileStore()
        store.append(Self.records([Seen("sync", "toolbar", line: 4), Seen("sync", "content", line: 9, screen: nil)]),
                     file: 1, severity: .info)
        store.append(Self.records([]), file: 2, severity: .error)  // nothing collected: nothing kept
        store.append(Self.records([Seen("upload", "toolbar", line: 2, count: -7)]), file: 0, severity: .error)
        let values = Self.values(store, positions: [1, 0, 2])  // file 1 is reported first
        let read = Array(values)
        #expect(read.map(\.info) == [Seen("sync", "toolbar", line: 4), Seen("sync", "content", line: 9, screen: nil),
                                     Seen("upload", "toolbar", line: 2, count: -7)])
        #expect(read.map(\.file.path) == ["file1.yaml", "file1.yaml", "file0.yaml"])
        #expect(read.map(\.file.severity) == [.info, .info, .error])
        #expect(read[0].file == read[1].file && read[1].file != read[2].file)
        // A second pass reads the same again.
        #expect(Array(values).map(\.info) == read.map(\.info))
        // Already in report order: read as stored.
        #expect(store.order(by: [0, 1, 2]) != nil)
        #expect(store.order(by: [1, 0, 2]) == nil)
    }

    @Test func theValuesOfSomeFilesReadBackAsInTheWholeInTheSameOrder() {
        for memoryLimit in [ByteStore.defaultMemoryLimit, 64] {  // in memory, and mostly in the temporary file
            let store = CrossFileStore(memoryLimit: memoryLimit)
            for file in [2, 0, 1, 3] {
                store.append(Self.records((0..<(file + 1)).map { Seen("t\($0)", "content", line: file * 10 + $0) }),
                             file: file, severity: .info)
            }
            let values = Self.values(store, positions: [1, 3, 0, 2])
            let whole = Array(values)
            let files = whole.map(\.file)
            // Files 0 and 3 (reported second and third), named in any order and more than once.
            let some = Array(values.only([files[5], files[3], files[5]]))
            #expect(some.map(\.info) == whole.filter { [3, 0].contains($0.file.number) }.map(\.info))
            #expect(some.map(\.file.path) == ["file0.yaml", "file3.yaml", "file3.yaml", "file3.yaml", "file3.yaml"])
            #expect(Array(values.only([])).isEmpty)
            #expect(Array(values.only(files)).map(\.info) == whole.map(\.info))
        }
    }

    @Test func textsAreKeptExactlyAsWritten() {
        let store = CrossFileStore()
        store.append(Self.records([Seen("caf\u{E9}", "toolbar", line: 1, screen: "Caf\u{E9}"),
                                   Seen("cafe\u{301}", "", line: 2, screen: "Cafe\u{301} 📷")]),
                     file: 0, severity: .info)
        let read = Array(Self.values(store, positions: [0])).map(\.info)
        #expect(read.map { Array($0.key.unicodeScalars) } == [Array("caf\u{E9}".unicodeScalars),
                                                            Array("cafe\u{301}".unicodeScalars)])
        #expect(read[1].screen.map { Array($0.utf8) } == Array("Cafe\u{301} 📷".utf8))
        #expect(read[1].value.isEmpty)
    }

    @Test func aFilesDamagedValuesArePassedOverNotATrap() {
        let store = CrossFileStore()
        store.append(Self.records([Seen("sync", "toolbar", line: 4), Seen("sync", "content", line: 9)]), file: 0, severity: .info)
        var raw = store.bytes.read(0, store.bytes.count) { Array($0) }
        raw[CrossFileStore.headerSize + 4 + 3] = 0x7F  // the first value's first text far longer than its value
        let broken = CrossFileStore()
        raw.withUnsafeBytes { _ = broken.bytes.append($0) }
        #expect(Array(Self.values(broken, positions: [0])).map(\.info) == [Seen("sync", "content", line: 9)])
        // A header whose length runs past the store's end: the values there, cut at the end.
        raw[CrossFileStore.headerSize - 1] = 0x7F
        let cut = CrossFileStore()
        raw.withUnsafeBytes { _ = cut.bytes.append($0) }
        #expect(Array(Self.values(cut, positions: [0])).map(\.info) == [Seen("sync", "content", line: 9)])
        #expect(cut.order(by: [0]) == nil)
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

    @Test func manyCrossFileValuesSpillToDiskAndReadBackTheSameInOrder() {
        let store = CrossFileStore(memoryLimit: 4096)
        for file in 0..<10_000 {  // about 1.5 MB of values
            let values = (0..<4).map { i in
                RunStorageTests.Seen("task\((file * 4 + i) % 7)", "content", line: file * 4 + i + 1, count: file)
            }
            store.append(RunStorageTests.records(values), file: file, severity: .info)
        }
        #expect(store.bytes.count > 1_000_000)
        var count = 0
        for (file, value) in RunStorageTests.values(store, positions: Array(0..<10_000)) {
            #expect(value.range.start.line == count + 1 && value.count == count / 4 && file.path == "file\(count / 4).yaml")
            count += 1
        }
        #expect(count == 40_000)
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

/// A store's readers: windows of their own, filled by `pread`, reading what was appended.
extension ByteStoreTests {
    /// Pieces of every length up to past a window (the last one larger than a window), appended to
    /// a store that keeps 100 bytes in memory: most in its file, the last in memory.
    static func filled() -> (ByteStore, [(Int, [UInt8])]) {
        let store = ByteStore(memoryLimit: 100)
        var pieces: [(Int, [UInt8])] = []
        for i in 0..<6000 {
            let bytes = (0..<(i % 53)).map { UInt8(truncatingIfNeeded: i &* 7 &+ $0) }
            pieces.append((bytes.withUnsafeBytes { store.append($0) }, bytes))
        }
        let large = (0..<(ByteStore.windowSize + 999)).map { UInt8(truncatingIfNeeded: $0 &* 13) }
        pieces.append((large.withUnsafeBytes { store.append($0) }, large))
        for i in 0..<9 {
            let bytes = [UInt8](repeating: UInt8(i), count: 11)
            pieces.append((bytes.withUnsafeBytes { store.append($0) }, bytes))
        }
        return (store, pieces)
    }

    @Test func aReaderReadsWhatWasAppendedAcrossWindowAndSpillBoundaries() {
        let (store, pieces) = Self.filled()
        #expect(store.count > 2 * ByteStore.windowSize)
        let reader = store.reader()
        #expect(reader.count == store.count)
        // In order (windows one after another), backwards (each read outside the window loads another).
        for (offset, bytes) in pieces + pieces.reversed() {
            #expect(reader.read(offset, bytes.count) { Array($0) } == bytes)
        }
        // Spans that cross a window's end, and the end of the file into memory.
        let whole = pieces.flatMap(\.1)
        for start in [ByteStore.windowSize - 5, 2 * ByteStore.windowSize - 1, whole.count - 150, whole.count - 30] {
            let length = min(40, whole.count - start)
            #expect(reader.read(start, length) { Array($0) } == Array(whole[start..<(start + length)]), "\(start)")
        }
    }

    @Test func readersOnSeveralThreadsEachReadTheSameBytes() {
        let (store, pieces) = Self.filled()
        let failures = Mutex(0)
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            let reader = store.reader()
            var wrong = 0
            // Each thread starts somewhere else, so their windows are apart.
            for i in 0..<pieces.count {
                let (offset, bytes) = pieces[(i + thread * 1500) % pieces.count]
                if reader.read(offset, bytes.count, { Array($0) }) != bytes { wrong += 1 }
            }
            failures.withLock { $0 += wrong }
        }
        #expect(failures.withLock { $0 } == 0)
    }

    @Test func aReaderKeepsReadingWhatItWasMadeWithWhileTheStoreGrows() {
        let store = ByteStore(memoryLimit: 100)
        let first = [UInt8](repeating: 7, count: 60)
        first.withUnsafeBytes { _ = store.append($0) }
        let reader = store.reader()
        for i in 0..<50 {
            let bytes = [UInt8](repeating: UInt8(i), count: 30)
            bytes.withUnsafeBytes { _ = store.append($0) }
        }
        #expect(reader.count == 60)
        #expect(reader.read(0, 60) { Array($0) } == first)
        #expect(store.read(60, 30) { Array($0) } == [UInt8](repeating: 0, count: 30))
    }
}
