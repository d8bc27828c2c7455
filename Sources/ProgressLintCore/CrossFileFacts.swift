#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import ProgressLintSupport
import ProgressLintYAML

/// Every fact one ``CrossFileRule`` gathered in a run, kept until all files are read.
///
/// Facts are kept compactly: their texts (tasks, locations, screen names, indicator ids, YAML
/// paths) repeat across files and are stored once, each fact holding their numbers, and a
/// fact's file is the number ``FileList/append(_:order:)`` gave it rather than a copy of its
/// path. The 49-byte facts go to a ``ByteStore``, so past 256 KB they wait in a temporary file,
/// and reading them in order (as ``ConsistentLocation`` does, twice) reads it block by block.
/// Reading a fact (``subscript(_:)``) builds the full ``CrossFileFact``.
public struct CrossFileFacts: RandomAccessCollection, Sendable {
    /// 49 bytes a fact. Lines, columns and offsets are kept in 32 bits (a spec is read whole
    /// into memory, and its size is limited far below 2 GB).
    private struct Stored: Sendable {
        var key: Int32
        var value: Int32
        var screen: Int32
        var indicator: Int32
        var yamlPath: Int32
        var file: Int32
        var start: (line: Int32, column: Int32, offset: Int32)
        var end: (line: Int32, column: Int32, offset: Int32)
        var severity: Severity

        var range: SourceRange {
            SourceRange(
                start: SourcePosition(line: Int(start.line), column: Int(start.column), characterOffset: Int(start.offset)),
                end: SourcePosition(line: Int(end.line), column: Int(end.column), characterOffset: Int(end.offset)))
        }

        static func compact(_ position: SourcePosition) -> (line: Int32, column: Int32, offset: Int32) {
            (Int32(clamping: position.line), Int32(clamping: position.column), Int32(clamping: position.characterOffset))
        }
    }

    private var store = ByteStore()
    private var factCount = 0
    private var strings: [String] = []
    private var numbers: [String: Int32] = [:]
    /// The path of each file number, for reading facts back; set by the runner before a rule finishes.
    var pathOfFile: @Sendable (Int) -> String = { _ in "" }

    /// No facts.
    public init() {}

    public var startIndex: Int { 0 }
    public var endIndex: Int { factCount }

    private func stored(_ position: Int) -> Stored {
        // Facts lie `size` bytes apart, unaligned.
        store.read(position * MemoryLayout<Stored>.size, MemoryLayout<Stored>.size) {
            $0.loadUnaligned(as: Stored.self)
        }
    }

    /// The fact at `position`, with its path.
    public subscript(position: Int) -> CrossFileFact {
        let fact = stored(position)
        return CrossFileFact(
            key: strings[Int(fact.key)], value: strings[Int(fact.value)], path: pathOfFile(Int(fact.file)),
            range: fact.range, screen: text(fact.screen), indicator: text(fact.indicator),
            yamlPath: text(fact.yamlPath))
    }

    /// The fact's `key` and `value` as numbers: equal numbers are equal texts, as Swift compares
    /// them (for grouping facts without reading them back).
    public func keyNumber(at position: Int) -> Int { Int(stored(position).key) }
    public func valueNumber(at position: Int) -> Int { Int(stored(position).value) }
    /// Both at once.
    public func numbers(at position: Int) -> (key: Int, value: Int) {
        let fact = stored(position)
        return (Int(fact.key), Int(fact.value))
    }
    /// The severity the fact's file gives the rule.
    public func severity(at position: Int) -> Severity { stored(position).severity }
    /// The number of the file the fact came from.
    public func file(at position: Int) -> Int { Int(stored(position).file) }

    /// Puts the facts in the order of their files' `positions` (by file number), keeping the
    /// order of each file's own facts.
    public mutating func sortByFile(_ positions: [Int]) {
        // Facts added file by file in report order (as a run adds them) stay where they are,
        // and are not read into memory to find that out.
        var previous = -1
        var sorted = true
        for position in indices {
            let rank = positions[file(at: position)]
            if rank < previous {
                sorted = false
                break
            }
            previous = rank
        }
        guard !sorted else { return }
        let facts = (0..<factCount).map { stored($0) }
        var order = Array(Int32(0)..<Int32(clamping: facts.count))
        order.sort { a, b in
            let x = positions[Int(facts[Int(a)].file)]
            let y = positions[Int(facts[Int(b)].file)]
            return x != y ? x < y : a < b
        }
        store = ByteStore()
        factCount = 0
        for index in order { add(facts[Int(index)]) }
    }

    /// Adds a fact from file number `file`, where the rule's severity is `severity`.
    public mutating func append(_ fact: CrossFileFact, file: Int, severity: Severity) {
        add(Stored(
            key: number(fact.key, exact: false), value: number(fact.value, exact: false), screen: fact.screen.map { number($0) } ?? -1,
            indicator: fact.indicator.map { number($0) } ?? -1, yamlPath: fact.yamlPath.map { number($0) } ?? -1,
            file: Int32(clamping: file), start: Stored.compact(fact.range.start), end: Stored.compact(fact.range.end),
            severity: severity))
    }

    private mutating func add(_ fact: Stored) {
        var fact = fact
        withUnsafeBytes(of: &fact) { _ = store.append(UnsafeRawBufferPointer(rebasing: $0[0..<MemoryLayout<Stored>.size])) }
        factCount += 1
    }

    private func text(_ number: Int32) -> String? { number < 0 ? nil : strings[Int(number)] }

    /// The number of `text`, stored once. Texts that Swift calls equal but whose bytes differ
    /// (canonically equivalent forms) are one key or value, as Swift compares them, but otherwise
    /// (`exact`) get numbers of their own, so each is shown as written.
    private mutating func number(_ text: String, exact: Bool = true) -> Int32 {
        if let known = numbers[text] {
            if !exact || ByteOrder.same(strings[Int(known)], text) { return known }
            strings.append(text)
            return Int32(strings.count - 1)
        }
        let new = Int32(strings.count)
        strings.append(text)
        numbers[text] = new
        return new
    }
}
