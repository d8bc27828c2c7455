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

        static let layout = CrossFileLayout(Seen.init(key:value:range:screen:count:), \.key, \.value, \.range,
                                            \.screen, \.count)
    }

    static func records(_ values: [Seen]) -> CrossFileWriter {
        var writer = CrossFileWriter()
        for value in values { writer.record(value) }
        return writer
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

    /// The first two fields of a ``Seen``, as a rule reads what it compares.
    struct SeenKey: CrossFileValue, Equatable {
        var key: String
        var value: String

        static let layout = CrossFileLayout(SeenKey.init, \.key, \.value)
    }

    @Test func recordsReadAsTheirFirstFieldsOrWholeGiveTheValuesInTheSameOrderWithTheirFiles() {
        let store = CrossFileStore()
        store.append(Self.records([Seen("sync", "toolbar", line: 4), Seen("sync", "content", line: 9, screen: nil)]),
                     file: 1, severity: .info)
        store.append(Self.records([Seen("upload", "toolbar", line: 2, count: -7)]), file: 0, severity: .error)
        for positions in [[1, 0], [0, 1]] {
            let values = Self.values(store, positions: positions)
            let whole = Array(values)
            let records = Array(values.records)
            #expect(records.map { try? $0.record.read(Seen.self) } == whole.map(\.info))
            #expect(records.map { try? $0.record.read(SeenKey.self) }.map(\.?.key) == whole.map(\.info.key))
            #expect(records.map { try? $0.record.read(SeenKey.self) }.map(\.?.value) == whole.map(\.info.value))
            #expect(records.map(\.file.path) == whole.map(\.file.path))
            #expect(records.map(\.file.severity) == whole.map(\.file.severity))
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

    /// The bytes of one record of `value`, without its length.
    static func fields(of value: Seen) -> [UInt8] {
        var writer = CrossFileWriter()
        writer.record(value)
        return writer.withBytes { Array($0.dropFirst(4)) }
    }

    @Test func aTruncatedRecordReadsAsAnErrorNotATrap() {
        let bytes = Self.fields(of: Seen("sync", "toolbar", line: 4, count: 12))
        let whole = CrossFileRecord(bytes: bytes, range: 0..<bytes.count)
        #expect((try? whole.read(Seen.self)) == Seen("sync", "toolbar", line: 4, count: 12))
        // "sync" and "toolbar" with their lengths: the key reads from that much on, the whole value never.
        let keyLength = 4 + 4 + 4 + 7
        for length in 0..<bytes.count {
            let record = CrossFileRecord(bytes: bytes, range: 0..<length)
            #expect(throws: CrossFileReadError.self) { try record.read(Seen.self) }
            #expect((try? record.read(SeenKey.self)) == (length >= keyLength ? SeenKey(key: "sync", value: "toolbar") : nil))
        }
    }

    /// A value whose fields check what they read: a yes-or-no, a case, a list.
    enum Kind: String, CrossFileField { case spinner, bar }
    struct Checked: CrossFileValue, Equatable {
        var flag: Bool
        var kind: Kind
        var list: [Int]
        static let layout = CrossFileLayout(Checked.init, \.flag, \.kind, \.list)
    }

    @Test func storedBytesThatNoFieldCanBeReadAsAnErrorNotATrap() {
        var writer = CrossFileWriter()
        writer.record(Checked(flag: true, kind: .bar, list: [3, -4]))
        let bytes = writer.withBytes { Array($0.dropFirst(4)) }
        func read(_ bytes: [UInt8]) -> Checked? { try? CrossFileRecord(bytes: bytes, range: 0..<bytes.count).read(Checked.self) }
        #expect(read(bytes) == Checked(flag: true, kind: .bar, list: [3, -4]))
        var flag = bytes
        flag[0] = 2  // neither yes nor no
        #expect(read(flag) == nil)
        var kind = bytes
        kind[1 + 4] = UInt8(ascii: "x")  // "xar": no case
        #expect(read(kind) == nil)
        var list = bytes
        list[1 + 4 + 3 + 7] = 0x7F  // a count of elements far past the record's end
        #expect(read(list) == nil)
        // Read through the values, a record that does not read back is passed over.
        let store = CrossFileStore()
        var damaged = CrossFileWriter()
        damaged.record(Checked(flag: true, kind: .spinner, list: []))
        damaged.record(Checked(flag: false, kind: .bar, list: [1]))
        store.append(damaged, file: 0, severity: .info)
        let raw = store.bytes.read(0, store.bytes.count) { Array($0) }
        let broken = CrossFileStore()
        var corrupted = raw
        corrupted[CrossFileStore.headerSize + 4] = 9  // the first record's yes-or-no
        corrupted.withUnsafeBytes { _ = broken.bytes.append($0) }
        let values = CrossFileValues<Checked>(store: broken, order: nil, pathOfFile: { "f\($0)" }).map(\.info)
        #expect(values == [Checked(flag: false, kind: .bar, list: [1])])
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

extension RunStorageTests {
    /// Every record `values` hands to `forEachRecord`, read whole, with its file's path and severity.
    static func readInPlace(_ values: CrossFileValues<Seen>) -> [(path: String, severity: Severity, info: Seen?)] {
        var read: [(path: String, severity: Severity, info: Seen?)] = []
        values.forEachRecord { file, record in read.append((file.path, file.severity, try? record.read(Seen.self))) }
        return read
    }

    @Test func recordsReadInPlaceAreTheValuesInReportOrderWithTheirFilesAsIterated() {
        for memoryLimit in [ByteStore.defaultMemoryLimit, 64] {  // in memory, and mostly in the temporary file
            let store = CrossFileStore(memoryLimit: memoryLimit)
            for file in [2, 0, 1] {
                let values = (0..<(file + 2)).map { Seen("task\($0 % 2)", "content", line: file * 10 + $0, count: file) }
                store.append(Self.records(values), file: file, severity: file == 0 ? .error : .info)
            }
            store.append(Self.records([]), file: 3, severity: .info)
            for positions in [[1, 2, 0, 3], [2, 0, 1, 3]] {
                let values = Self.values(store, positions: positions)
                let iterated = Array(values)
                let inPlace = Self.readInPlace(values)
                #expect(inPlace.map(\.info) == iterated.map(\.info))
                #expect(inPlace.map(\.path) == iterated.map(\.file.path))
                #expect(inPlace.map(\.severity) == iterated.map(\.file.severity))
                #expect(inPlace.count == 9)
            }
        }
        #expect(Self.readInPlace(Self.values(CrossFileStore(), positions: [])).isEmpty, "an empty store: no call")
    }

    @Test func keysOfRecordsReadInPlaceAreNumberedByTheBytesOfTheirFirstTextsAcrossFiles() {
        let store = CrossFileStore()
        store.append(Self.records([Seen("caf\u{E9}", "toolbar", line: 1), Seen("sync", "toolbar", line: 2)]),
                     file: 0, severity: .info)
        store.append(Self.records([Seen("sync", "toolbar", line: 3, screen: nil), Seen("cafe\u{301}", "toolbar", line: 4),
                                   Seen("caf\u{E9}", "", line: 5), Seen("caf\u{E9}", "toolbar", line: 6, count: 9)]),
                     file: 1, severity: .info)
        var pairs = CrossFileKeys(texts: 2), firsts = CrossFileKeys(texts: 1)
        var numbers: [[Int]] = []
        var new: [Bool] = []
        Self.values(store, positions: [0, 1]).forEachRecord { _, record in
            guard let pair = try? pairs.number(of: record), let first = try? firsts.number(of: record) else { return }
            numbers.append([pair.number, first.number])
            new.append(pair.isNew)
        }
        // Equal bytes in different files are one key, whatever the fields after them; `é`
        // precomposed and decomposed are two.
        #expect(numbers == [[0, 0], [1, 1], [1, 1], [2, 2], [3, 0], [0, 0]])
        #expect(new == [true, true, false, true, true, false])
        #expect((0..<pairs.count).map(pairs.texts) == [["caf\u{E9}", "toolbar"], ["sync", "toolbar"],
                                                       ["cafe\u{301}", "toolbar"], ["caf\u{E9}", ""]])
        #expect(pairs.texts(2).first.map { Array($0.utf8) } == Array("cafe\u{301}".utf8))
        #expect(firsts.count == 3)
    }

    @Test func aTruncatedRecordReadInPlaceIsAnErrorNotATrap() {
        let bytes = Self.fields(of: Seen("sync", "toolbar", line: 4, count: 12))
        bytes.withUnsafeBytes { raw in
            for length in 0...bytes.count {
                let record = CrossFileRecordView(UnsafeRawBufferPointer(rebasing: raw[0..<length]))
                var one = CrossFileKeys(texts: 1), two = CrossFileKeys(texts: 2)
                #expect((try? one.number(of: record))?.number == (length >= 4 + 4 ? 0 : nil))
                #expect((try? two.number(of: record))?.number == (length >= 4 + 4 + 4 + 7 ? 0 : nil))
                #expect((try? record.read(Seen.self)) == (length == bytes.count ? Seen("sync", "toolbar", line: 4, count: 12) : nil))
            }
        }
    }
}
