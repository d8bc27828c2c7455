#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Any JSON value: the parts of LSP messages whose shape the server does not fix. A request id
/// comes back exactly as it came (a string stays a string, a 64-bit integer is never rounded).
public enum JSON: Hashable, Sendable, Codable {
    case null
    case bool(Bool)
    /// A whole number that fits an `Int`, read and written exactly.
    case integer(Int)
    /// Any other number.
    case number(Double)
    case string(String)
    case array([JSON])
    case object([String: JSON])

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        // A string first: a decoder may read a number from a string (`"1.0"` as 1.0), never the reverse.
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int.self) {
            self = .integer(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode([JSON].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSON].self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .integer(let value): try container.encode(value)
        case .number(let value):
            // Whole numbers as integers (request ids, versions), the rest as they are.
            if let whole = Int(exactly: value) { try container.encode(whole) } else { try container.encode(value) }
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }

    /// The member `key` of an object (nil for any other value or a missing key).
    public subscript(key: String) -> JSON? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    public var boolValue: Bool? { if case .bool(let value) = self { return value } else { return nil } }
    public var stringValue: String? { if case .string(let value) = self { return value } else { return nil } }
    public var arrayValue: [JSON]? { if case .array(let value) = self { return value } else { return nil } }
    public var intValue: Int? {
        switch self {
        case .integer(let value): return value
        case .number(let value): return Int(exactly: value)
        default: return nil
        }
    }

    /// Whether this is a value JSON-RPC allows as a request id: a string, a number or null.
    var isRequestID: Bool {
        switch self {
        case .null, .string, .integer, .number: return true
        case .bool, .array, .object: return false
        }
    }
}

/// JSON text from and to `Codable` values, with the options the server uses everywhere.
enum JSONCoding {
    static func encode<T: Encodable>(_ value: T) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        return try encoder.encode(value)
    }

    static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        try JSONDecoder().decode(type, from: data)
    }

    /// `value` as a ``JSON`` (for `data` and other free-form members).
    static func json<T: Encodable>(_ value: T) -> JSON {
        (try? decode(JSON.self, from: encode(value))) ?? .null
    }

    /// A ``JSON`` read as `T`, nil when it does not have that shape.
    static func value<T: Decodable>(_ type: T.Type, from json: JSON) -> T? {
        guard let data = try? encode(json) else { return nil }
        return try? decode(type, from: data)
    }
}
