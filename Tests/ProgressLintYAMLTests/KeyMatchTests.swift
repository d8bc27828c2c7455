@testable import ProgressLintYAML
import Testing

/// The decoder's one-pass reads of the arena give what the node-by-node reads give.
@Suite struct KeyMatchTests {
    func document(_ text: String) throws -> YAMLDocument {
        try #require(try YAMLParser.parse(text).first)
    }

    static let names = ["id", "style", "show-after", "K", "café", "discards-progress", "discards-progrezz",
                        "a-name-of-more-than-sixteen-bytes"]

    @Test func matchedKeysAreEachPairWithTheIndexThatIndexOfFinds() throws {
        let doc = try document("""
            id: a
            ? [list, key]
            : 1
            style: bar
            \u{212A}: kelvin
            café: x
            cafe\u{301}: y
            discards-progress: true
            discards-progrezz: false
            a-name-of-more-than-sixteen-bytes: 1
            a-name-of-more-than-sixteen-bytez: 2
            unknown: 3
            ? {a: b}
            : 4
            "": 5
            """)
        let root = try #require(doc.root)
        let set = NameSet(Self.names)
        // A buffer left longer by an earlier mapping: only the count written is read.
        var matches = Array(repeating: KeyMatch(key: root, value: root, index: 7), count: 40)
        let count = doc.matchKeys(of: root, in: set, into: &matches)
        #expect(count == doc.pairCount(of: root))
        for n in 0..<count {
            let (key, value) = doc.pair(n, of: root)
            #expect(matches[n].key == key && matches[n].value == value)
            #expect(matches[n].index == (doc.index(of: key, in: set) ?? -1), "\(n)")
        }
        #expect(matches[0].index == 0 && matches[2].index == 1)
        // The Kelvin sign is `K` as `String ==` has it, and a decomposed é is é.
        #expect(matches[3].index == 3 && matches[4].index == 4 && matches[5].index == 4)
        // Names past 16 bytes are told apart by all their bytes.
        #expect(matches[6].index == 5 && matches[7].index == 6 && matches[8].index == 7 && matches[9].index == -1)
        #expect(matches[1].index == -1 && matches[10].index == -1 && matches[11].index == -1 && matches[12].index == -1)
    }

    @Test func aBufferTooShortGrowsAndAnythingButAMappingMatchesNothing() throws {
        let doc = try document("{id: a, style: bar, show-after: 2s}")
        let root = try #require(doc.root)
        var matches: [KeyMatch] = []
        #expect(doc.matchKeys(of: root, in: NameSet(Self.names), into: &matches) == 3)
        #expect(matches.map(\.index) == [0, 1, 2])
        let scalar = doc.pair(0, of: root).value
        #expect(doc.matchKeys(of: scalar, in: NameSet(Self.names), into: &matches) == 0)
        let list = try document("[id, style]")
        #expect(list.matchKeys(of: try #require(list.root), in: NameSet(Self.names), into: &matches) == 0)
    }

    @Test func aScalarsStyleAndNullAreThoseReadOneByOne() throws {
        let doc = try document("""
            a: ~
            b: null
            c: Null
            d: NULL
            e:
            f: nULL
            g: "~"
            h: !!str null
            i: bar
            j: 'null'
            k: [1]
            l: {m: n}
            o: nul
            p: ~~
            """)
        for id in doc.nodeIDs {
            if let scalar = doc.scalarStyle(of: id) {
                #expect(doc.kind(of: id) == .scalar)
                #expect(scalar.style == doc.style(of: id))
                #expect(scalar.isNull == doc.isNull(id), "\(doc.value(of: id))")
            } else {
                #expect(doc.kind(of: id) != .scalar)
            }
        }
    }
}
