import ProgressLintEngine

/// The inventories of records added up as the records hold them, by their names' bytes in a short
/// list, with no `String` or dictionary per record; ``inventory`` is the sum as an ``Inventory``.
struct InventoryTally {
    private var counts = (0, 0, 0, 0, 0, 0)
    private var styles: [(name: [UInt8], count: Int)] = []
    private var platforms: [(name: [UInt8], count: Int)] = []

    init() {}

    /// Adds `record`'s inventory (its tables were checked by ``FileRecord/parse(_:rules:crossFileIDs:)``).
    /// Counts wrap rather than trap: a record's counts are its own file's, far below `Int.max`.
    mutating func add(_ record: FileRecord) {
        let c = record.inventoryCounts
        counts = (counts.0 &+ c.0, counts.1 &+ c.1, counts.2 &+ c.2, counts.3 &+ c.3, counts.4 &+ c.4, counts.5 &+ c.5)
        record.bytes.withUnsafeBytes { whole in
            var reader = DiagnosticCoder.Reader(UnsafeRawBufferPointer(rebasing: whole[record.inventoryTables]))
            InventoryTally.add(&reader, to: &styles)
            InventoryTally.add(&reader, to: &platforms)
        }
    }

    private static func add(_ reader: inout DiagnosticCoder.Reader, to table: inout [(name: [UInt8], count: Int)]) {
        let entries = Int(clamping: reader.unsigned())
        var done = 0
        while done < entries && reader.offset < reader.bytes.count {
            done += 1
            let length = min(Int(clamping: reader.unsigned()), reader.bytes.count - reader.offset)
            let name = UnsafeRawBufferPointer(rebasing: reader.bytes[reader.offset..<(reader.offset + length)])
            reader.offset += length
            let count = reader.int()
            if let place = table.firstIndex(where: { $0.name.elementsEqual(name) }) {
                table[place].count &+= count
            } else {
                table.append((Array(name), count))
            }
        }
    }

    /// The counts added so far.
    var inventory: Inventory {
        var inventory = Inventory()
        (inventory.indicators, inventory.determinate, inventory.animated, inventory.reduceMotionFallback,
         inventory.cancel, inventory.completionAnnouncement) = counts
        func dictionary(_ table: [(name: [UInt8], count: Int)]) -> [String: Int] {
            Dictionary(table.map { (String(decoding: $0.name, as: UTF8.self), $0.count) }, uniquingKeysWith: &+)
        }
        if !styles.isEmpty { inventory.byStyle = dictionary(styles) }
        if !platforms.isEmpty { inventory.byPlatform = dictionary(platforms) }
        return inventory
    }
}
