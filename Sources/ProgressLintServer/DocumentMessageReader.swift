#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reads `didChange` and `didOpen` notifications straight from their bytes: they come on every
/// keystroke, and `JSONDecoder` is slow on a body that is mostly one long escaped string.
/// Anything it is not sure of gives nil and goes through `JSONDecoder`, so the server's answer
/// never depends on which reader read it.
enum DocumentMessageReader {
    /// The message `body` holds, when it is a didChange or didOpen notification read whole.
    static func read(_ body: Data) -> IncomingMessage? {
        body.withUnsafeBytes { raw -> IncomingMessage? in
            let bytes = raw.bindMemory(to: UInt8.self)
            // Only bodies that name one of the two methods are worth reading here.
            guard bytes.count > 64 else { return nil }
            var parser = Parser(bytes: bytes)
            guard case .object(let members)? = parser.document() else { return nil }
            guard members["id"] == nil, members["error"] == nil, case .string(let method)? = members["method"]
            else { return nil }
            var message = IncomingMessage()
            message.method = method
            message.body = body
            guard case .object(let params)? = members["params"] else { return nil }
            switch method {
            case "textDocument/didChange":
                guard let change = didChange(params) else { return nil }
                message.didChange = change
            case "textDocument/didOpen":
                guard let open = didOpen(params) else { return nil }
                message.didOpen = open
            default:
                return nil
            }
            return message
        }
    }

    private static func didChange(_ params: [String: Value]) -> DidChangeTextDocumentParams? {
        guard case .object(let document)? = params["textDocument"], case .string(let uri)? = document["uri"],
              case .array(let changes)? = params["contentChanges"]
        else { return nil }
        var version: Int?
        switch document["version"] {
        case nil, .null?: version = nil
        case .int(let number)?: version = number
        default: return nil
        }
        var events: [TextDocumentContentChangeEvent] = []
        events.reserveCapacity(changes.count)
        for change in changes {
            guard case .object(let members) = change, case .string(let text)? = members["text"] else { return nil }
            var range: LSPRange?
            switch members["range"] {
            case nil, .null?: range = nil
            case .object(let bounds)?:
                guard let start = position(bounds["start"]), let end = position(bounds["end"]) else { return nil }
                range = LSPRange(start: start, end: end)
            default: return nil
            }
            events.append(TextDocumentContentChangeEvent(range: range, text: text))
        }
        return DidChangeTextDocumentParams(textDocument: VersionedTextDocumentIdentifier(uri: uri, version: version),
                                           contentChanges: events)
    }

    private static func didOpen(_ params: [String: Value]) -> DidOpenTextDocumentParams? {
        guard case .object(let item)? = params["textDocument"], case .string(let uri)? = item["uri"],
              case .int(let version)? = item["version"], case .string(let text)? = item["text"]
        else { return nil }
        var languageID: String?
        switch item["languageId"] {
        case nil, .null?: languageID = nil
        case .string(let id)?: languageID = id
        default: return nil
        }
        return DidOpenTextDocumentParams(textDocument: TextDocumentItem(uri: uri, languageId: languageID,
                                                                        version: version, text: text))
    }

    private static func position(_ value: Value?) -> Position? {
        guard case .object(let members)? = value, case .int(let line)? = members["line"],
              case .int(let character)? = members["character"]
        else { return nil }
        return Position(line: line, character: character)
    }

    /// A JSON value as this reader keeps it: whole numbers only (what these messages hold).
    indirect enum Value: Equatable {
        case null
        case bool(Bool)
        case int(Int)
        case string(String)
        case array([Value])
        case object([String: Value])
    }

    /// A strict JSON parser (RFC 8259) over UTF-8 bytes; nil at the first thing it does not take.
    struct Parser {
        let bytes: UnsafeBufferPointer<UInt8>
        var i = 0
        /// Messages are shallow; anything deeper is left to `JSONDecoder`.
        static let maxDepth = 16

        init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

        /// The one value the bytes hold (whitespace around it allowed), or nil.
        mutating func document() -> Value? {
            guard let value = value(depth: 0) else { return nil }
            skipSpace()
            return i == bytes.count ? value : nil
        }

        private mutating func skipSpace() {
            while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x0A || bytes[i] == 0x0D || bytes[i] == 0x09 { i += 1 }
        }

        private mutating func value(depth: Int) -> Value? {
            guard depth <= Parser.maxDepth else { return nil }
            skipSpace()
            guard i < bytes.count else { return nil }
            switch bytes[i] {
            case 0x7B: return object(depth: depth)
            case 0x5B: return array(depth: depth)
            case 0x22: return string().map(Value.string)
            case 0x74: return literal("true", .bool(true))
            case 0x66: return literal("false", .bool(false))
            case 0x6E: return literal("null", .null)
            case 0x2D, 0x30...0x39: return integer()
            default: return nil
            }
        }

        private mutating func literal(_ word: StaticString, _ value: Value) -> Value? {
            let count = word.utf8CodeUnitCount
            guard bytes.count - i >= count else { return nil }
            for k in 0..<count where bytes[i + k] != word.utf8Start[k] { return nil }
            i += count
            return value
        }

        /// A number without fraction or exponent that fits an `Int`; any other number gives nil.
        private mutating func integer() -> Value? {
            let start = i
            if bytes[i] == 0x2D { i += 1 }
            guard i < bytes.count, bytes[i] >= 0x30 && bytes[i] <= 0x39 else { return nil }
            // No leading zeros (JSON): `0` alone, or a digit 1-9 first.
            if bytes[i] == 0x30, i + 1 < bytes.count, bytes[i + 1] >= 0x30 && bytes[i + 1] <= 0x39 { return nil }
            while i < bytes.count, bytes[i] >= 0x30 && bytes[i] <= 0x39 { i += 1 }
            if i < bytes.count, bytes[i] == 0x2E || bytes[i] == 0x65 || bytes[i] == 0x45 { return nil }
            // At most 19 digits and a sign: longer cannot be an Int; `Int(_:)` checks the rest.
            guard i - start <= 20 else { return nil }
            return Int(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self)).map(Value.int)
        }

        private mutating func array(depth: Int) -> Value? {
            i += 1
            var items: [Value] = []
            skipSpace()
            if i < bytes.count, bytes[i] == 0x5D {
                i += 1
                return .array(items)
            }
            while true {
                guard let item = value(depth: depth + 1) else { return nil }
                items.append(item)
                skipSpace()
                guard i < bytes.count else { return nil }
                if bytes[i] == 0x2C {
                    i += 1
                } else if bytes[i] == 0x5D {
                    i += 1
                    return .array(items)
                } else {
                    return nil
                }
            }
        }

        private mutating func object(depth: Int) -> Value? {
            i += 1
            var members: [String: Value] = [:]
            skipSpace()
            if i < bytes.count, bytes[i] == 0x7D {
                i += 1
                return .object(members)
            }
            while true {
                skipSpace()
                guard i < bytes.count, bytes[i] == 0x22, let key = string() else { return nil }
                skipSpace()
                guard i < bytes.count, bytes[i] == 0x3A else { return nil }
                i += 1
                guard let member = value(depth: depth + 1) else { return nil }
                // A key written twice: which one counts is a decoder's choice, not this reader's.
                guard members.updateValue(member, forKey: key) == nil else { return nil }
                skipSpace()
                guard i < bytes.count else { return nil }
                if bytes[i] == 0x2C {
                    i += 1
                } else if bytes[i] == 0x7D {
                    i += 1
                    return .object(members)
                } else {
                    return nil
                }
            }
        }

        /// A string at `i` (its opening quote): runs without escapes copied as they are, escapes
        /// decoded; nil for a control character, a bad escape, a lone surrogate or invalid UTF-8.
        private mutating func string() -> String? {
            i += 1
            let start = i
            // The usual key or short value: no escape, copied in one piece.
            while i < bytes.count, bytes[i] != 0x22, bytes[i] != 0x5C, bytes[i] >= 0x20 { i += 1 }
            guard i < bytes.count else { return nil }
            if bytes[i] == 0x22 {
                let text = String(validating: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self)
                i += 1
                return text
            }
            // Grown as it goes (a reserve of the rest of the body for each string with an escape
            // would cost a body of many such strings the square of its size).
            var out: [UInt8] = []
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<i]))
            while i < bytes.count {
                let byte = bytes[i]
                if byte == 0x22 {
                    i += 1
                    return String(validating: out, as: UTF8.self)
                }
                if byte < 0x20 { return nil }
                if byte != 0x5C {
                    // A run up to the next quote, backslash or control character.
                    let run = i
                    while i < bytes.count, bytes[i] != 0x22, bytes[i] != 0x5C, bytes[i] >= 0x20 { i += 1 }
                    out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<i]))
                    continue
                }
                i += 1
                guard i < bytes.count else { return nil }
                let escape = bytes[i]
                i += 1
                switch escape {
                case 0x22, 0x5C, 0x2F: out.append(escape)
                case 0x62: out.append(0x08)
                case 0x66: out.append(0x0C)
                case 0x6E: out.append(0x0A)
                case 0x72: out.append(0x0D)
                case 0x74: out.append(0x09)
                case 0x75:
                    guard var scalar = hex4() else { return nil }
                    if scalar >= 0xD800 && scalar < 0xDC00 {
                        // A high surrogate: a low one must follow, as `\uDC00`…`\uDFFF`.
                        guard bytes.count - i >= 6, bytes[i] == 0x5C, bytes[i + 1] == 0x75 else { return nil }
                        i += 2
                        guard let low = hex4(), low >= 0xDC00 && low < 0xE000 else { return nil }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    } else if scalar >= 0xDC00 && scalar < 0xE000 {
                        return nil
                    }
                    guard let unicode = Unicode.Scalar(scalar) else { return nil }
                    out.append(contentsOf: unicode.utf8)
                default:
                    return nil
                }
            }
            return nil
        }

        /// Four hex digits at `i`.
        private mutating func hex4() -> UInt32? {
            guard bytes.count - i >= 4 else { return nil }
            var value: UInt32 = 0
            for _ in 0..<4 {
                let byte = bytes[i]
                let digit: UInt32
                switch byte {
                case 0x30...0x39: digit = UInt32(byte - 0x30)
                case 0x41...0x46: digit = UInt32(byte - 0x41 + 10)
                case 0x61...0x66: digit = UInt32(byte - 0x61 + 10)
                default: return nil
                }
                value = value << 4 | digit
                i += 1
            }
            return value
        }
    }
}
