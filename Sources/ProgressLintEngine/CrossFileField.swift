import ProgressLintSpec
import ProgressLintYAML

/// A field of a ``CrossFileValue``: what the engine can keep and read back. Numbers, texts,
/// booleans, source ranges and positions, optionals and arrays of fields, and enums whose raw
/// value is a field (`enum Kind: String, CrossFileField`).
public protocol CrossFileField: Sendable {
    /// Writes the field.
    func write(to record: inout CrossFileWriter)
    /// Reads the field back; an error when the record ends before it or holds no such field.
    static func read(from record: inout CrossFileReader) throws(CrossFileReadError) -> Self
}

extension Int: CrossFileField {
    @inlinable public func write(to record: inout CrossFileWriter) { record.write(self) }
    @inlinable public static func read(from record: inout CrossFileReader) throws(CrossFileReadError) -> Int {
        try record.int()
    }
}

extension Bool: CrossFileField {
    @inlinable public func write(to record: inout CrossFileWriter) { record.write(flag: self) }
    @inlinable public static func read(from record: inout CrossFileReader) throws(CrossFileReadError) -> Bool {
        try record.flag()
    }
}

extension String: CrossFileField {
    @inlinable public func write(to record: inout CrossFileWriter) { record.write(self) }
    @inlinable public static func read(from record: inout CrossFileReader) throws(CrossFileReadError) -> String {
        try record.string()
    }
}

extension Optional: CrossFileField where Wrapped: CrossFileField {
    @inlinable public func write(to record: inout CrossFileWriter) {
        record.write(flag: self != nil)
        if let self { self.write(to: &record) }
    }

    @inlinable public static func read(from record: inout CrossFileReader) throws(CrossFileReadError) -> Wrapped? {
        try record.flag() ? try Wrapped.read(from: &record) : nil
    }
}

extension Array: CrossFileField where Element: CrossFileField {
    @inlinable public func write(to record: inout CrossFileWriter) {
        record.write(count)
        for element in self { element.write(to: &record) }
    }

    @inlinable public static func read(from record: inout CrossFileReader) throws(CrossFileReadError) -> [Element] {
        let count = try record.int()
        // Each element takes a byte at least: a count past the bytes left is damage, not a size to reserve.
        guard count >= 0, count <= record.remaining else { throw CrossFileReadError("an array longer than its record") }
        var elements: [Element] = []
        elements.reserveCapacity(count)
        for _ in 0..<count { elements.append(try Element.read(from: &record)) }
        return elements
    }
}

extension CrossFileField where Self: RawRepresentable, RawValue: CrossFileField {
    @inlinable public func write(to record: inout CrossFileWriter) { rawValue.write(to: &record) }
    @inlinable public static func read(from record: inout CrossFileReader) throws(CrossFileReadError) -> Self {
        guard let value = Self(rawValue: try RawValue.read(from: &record)) else {
            throw CrossFileReadError("a raw value that is no case of \(Self.self)")
        }
        return value
    }
}

extension SourcePosition: CrossFileField {
    @inlinable public func write(to record: inout CrossFileWriter) {
        record.write(line)
        record.write(column)
        record.write(characterOffset)
    }

    @inlinable public static func read(from record: inout CrossFileReader) throws(CrossFileReadError) -> SourcePosition {
        SourcePosition(line: try record.int(), column: try record.int(), characterOffset: try record.int())
    }
}

extension SourceRange: CrossFileField {
    @inlinable public func write(to record: inout CrossFileWriter) {
        start.write(to: &record)
        end.write(to: &record)
    }

    @inlinable public static func read(from record: inout CrossFileReader) throws(CrossFileReadError) -> SourceRange {
        SourceRange(start: try SourcePosition.read(from: &record), end: try SourcePosition.read(from: &record))
    }
}

extension YAMLItemPath: CrossFileField {
    @inlinable public func write(to record: inout CrossFileWriter) {
        text.write(to: &record)
        item.write(to: &record)
        atField.write(to: &record)
    }

    @inlinable public static func read(from record: inout CrossFileReader) throws(CrossFileReadError) -> YAMLItemPath {
        YAMLItemPath(text: try String?.read(from: &record), item: try Int?.read(from: &record),
                     atField: try Bool.read(from: &record))
    }
}
