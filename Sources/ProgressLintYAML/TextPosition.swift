/// Positions computed from raw bytes: errors that libyaml reports as byte offsets, limits met
/// part-way through a file, suppression comments. Lines end at LF; columns and the character
/// offset count UTF-8 lead bytes (leniently: a stray continuation byte counts nothing).
public enum TextPosition {
    /// The line and column of the byte at `byteOffset`, counting from the byte at `start` (line 1, column 1).
    public static func of(byteOffset: Int, in bytes: [UInt8], from start: Int = 0) -> SourcePosition {
        var line = 1
        var column = 1
        var characters = 0
        var i = start
        while i < byteOffset && i < bytes.count {
            let byte = bytes[i]
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
            if byte & 0xC0 != 0x80 { characters += 1 }
            i += 1
        }
        return SourcePosition(line: line, column: column, characterOffset: characters)
    }
}
