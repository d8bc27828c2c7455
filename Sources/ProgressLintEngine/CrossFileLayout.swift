/// How a ``CrossFileValue`` is made from its fields and what they are: the fields `a`, `b`…
/// read of a value, made again by `make` (its memberwise initialiser, usually) from the same
/// fields in the same order.
///
/// One initialiser per number of fields (up to eight) rather than a parameter pack: each is inlined
/// into the rule's module and specialised there for the value's field types, so writing and
/// reading a value calls each field's code directly (a pack left every field a call through
/// its protocol witness, unspecialised across the module boundary; see Benchmarks/README.md).
public struct CrossFileLayout<Value>: Sendable {
    @usableFromInline let writeFields: @Sendable (Value, inout CrossFileWriter) -> Void
    @usableFromInline let readFields: @Sendable (inout CrossFileReader) throws(CrossFileReadError) -> Value

    /// The layout of 1 field (see ``CrossFileLayout``).
    @inlinable public init<A: CrossFileField>(
        _ make: @escaping @Sendable (A) -> Value,
        _ a: @escaping @Sendable (Value) -> A
    ) {
        writeFields = { value, record in a(value).write(to: &record) }
        readFields = { (record: inout CrossFileReader) throws(CrossFileReadError) -> Value in
            try make(A.read(from: &record))
        }
    }

    /// The layout of 2 fields (see ``CrossFileLayout``).
    @inlinable public init<A: CrossFileField, B: CrossFileField>(
        _ make: @escaping @Sendable (A, B) -> Value,
        _ a: @escaping @Sendable (Value) -> A,
        _ b: @escaping @Sendable (Value) -> B
    ) {
        writeFields = { value, record in a(value).write(to: &record); b(value).write(to: &record) }
        readFields = { (record: inout CrossFileReader) throws(CrossFileReadError) -> Value in
            try make(A.read(from: &record), B.read(from: &record))
        }
    }

    /// The layout of 3 fields (see ``CrossFileLayout``).
    @inlinable public init<A: CrossFileField, B: CrossFileField, C: CrossFileField>(
        _ make: @escaping @Sendable (A, B, C) -> Value,
        _ a: @escaping @Sendable (Value) -> A,
        _ b: @escaping @Sendable (Value) -> B,
        _ c: @escaping @Sendable (Value) -> C
    ) {
        writeFields = { value, record in
            a(value).write(to: &record)
            b(value).write(to: &record)
            c(value).write(to: &record)
        }
        readFields = { (record: inout CrossFileReader) throws(CrossFileReadError) -> Value in
            try make(A.read(from: &record), B.read(from: &record), C.read(from: &record))
        }
    }

    /// The layout of 4 fields (see ``CrossFileLayout``).
    @inlinable public init<
        A: CrossFileField, B: CrossFileField, C: CrossFileField, D: CrossFileField
    >(
        _ make: @escaping @Sendable (A, B, C, D) -> Value,
        _ a: @escaping @Sendable (Value) -> A,
        _ b: @escaping @Sendable (Value) -> B,
        _ c: @escaping @Sendable (Value) -> C,
        _ d: @escaping @Sendable (Value) -> D
    ) {
        writeFields = { value, record in
            a(value).write(to: &record)
            b(value).write(to: &record)
            c(value).write(to: &record)
            d(value).write(to: &record)
        }
        readFields = { (record: inout CrossFileReader) throws(CrossFileReadError) -> Value in
            try make(
                A.read(from: &record),
                B.read(from: &record),
                C.read(from: &record),
                D.read(from: &record))
        }
    }

    /// The layout of 5 fields (see ``CrossFileLayout``).
    @inlinable public init<
        A: CrossFileField, B: CrossFileField, C: CrossFileField, D: CrossFileField, E: CrossFileField
    >(
        _ make: @escaping @Sendable (A, B, C, D, E) -> Value,
        _ a: @escaping @Sendable (Value) -> A,
        _ b: @escaping @Sendable (Value) -> B,
        _ c: @escaping @Sendable (Value) -> C,
        _ d: @escaping @Sendable (Value) -> D,
        _ e: @escaping @Sendable (Value) -> E
    ) {
        writeFields = { value, record in
            a(value).write(to: &record)
            b(value).write(to: &record)
            c(value).write(to: &record)
            d(value).write(to: &record)
            e(value).write(to: &record)
        }
        readFields = { (record: inout CrossFileReader) throws(CrossFileReadError) -> Value in
            try make(
                A.read(from: &record),
                B.read(from: &record),
                C.read(from: &record),
                D.read(from: &record),
                E.read(from: &record))
        }
    }

    /// The layout of 6 fields (see ``CrossFileLayout``).
    @inlinable public init<
        A: CrossFileField, B: CrossFileField, C: CrossFileField, D: CrossFileField, E: CrossFileField,
        F: CrossFileField
    >(
        _ make: @escaping @Sendable (A, B, C, D, E, F) -> Value,
        _ a: @escaping @Sendable (Value) -> A,
        _ b: @escaping @Sendable (Value) -> B,
        _ c: @escaping @Sendable (Value) -> C,
        _ d: @escaping @Sendable (Value) -> D,
        _ e: @escaping @Sendable (Value) -> E,
        _ f: @escaping @Sendable (Value) -> F
    ) {
        writeFields = { value, record in
            a(value).write(to: &record)
            b(value).write(to: &record)
            c(value).write(to: &record)
            d(value).write(to: &record)
            e(value).write(to: &record)
            f(value).write(to: &record)
        }
        readFields = { (record: inout CrossFileReader) throws(CrossFileReadError) -> Value in
            try make(
                A.read(from: &record),
                B.read(from: &record),
                C.read(from: &record),
                D.read(from: &record),
                E.read(from: &record),
                F.read(from: &record))
        }
    }

    /// The layout of 7 fields (see ``CrossFileLayout``).
    @inlinable public init<
        A: CrossFileField, B: CrossFileField, C: CrossFileField, D: CrossFileField, E: CrossFileField,
        F: CrossFileField, G: CrossFileField
    >(
        _ make: @escaping @Sendable (A, B, C, D, E, F, G) -> Value,
        _ a: @escaping @Sendable (Value) -> A,
        _ b: @escaping @Sendable (Value) -> B,
        _ c: @escaping @Sendable (Value) -> C,
        _ d: @escaping @Sendable (Value) -> D,
        _ e: @escaping @Sendable (Value) -> E,
        _ f: @escaping @Sendable (Value) -> F,
        _ g: @escaping @Sendable (Value) -> G
    ) {
        writeFields = { value, record in
            a(value).write(to: &record)
            b(value).write(to: &record)
            c(value).write(to: &record)
            d(value).write(to: &record)
            e(value).write(to: &record)
            f(value).write(to: &record)
            g(value).write(to: &record)
        }
        readFields = { (record: inout CrossFileReader) throws(CrossFileReadError) -> Value in
            try make(
                A.read(from: &record),
                B.read(from: &record),
                C.read(from: &record),
                D.read(from: &record),
                E.read(from: &record),
                F.read(from: &record),
                G.read(from: &record))
        }
    }

    /// The layout of 8 fields (see ``CrossFileLayout``).
    @inlinable public init<
        A: CrossFileField, B: CrossFileField, C: CrossFileField, D: CrossFileField, E: CrossFileField,
        F: CrossFileField, G: CrossFileField, H: CrossFileField
    >(
        _ make: @escaping @Sendable (A, B, C, D, E, F, G, H) -> Value,
        _ a: @escaping @Sendable (Value) -> A,
        _ b: @escaping @Sendable (Value) -> B,
        _ c: @escaping @Sendable (Value) -> C,
        _ d: @escaping @Sendable (Value) -> D,
        _ e: @escaping @Sendable (Value) -> E,
        _ f: @escaping @Sendable (Value) -> F,
        _ g: @escaping @Sendable (Value) -> G,
        _ h: @escaping @Sendable (Value) -> H
    ) {
        writeFields = { value, record in
            a(value).write(to: &record)
            b(value).write(to: &record)
            c(value).write(to: &record)
            d(value).write(to: &record)
            e(value).write(to: &record)
            f(value).write(to: &record)
            g(value).write(to: &record)
            h(value).write(to: &record)
        }
        readFields = { (record: inout CrossFileReader) throws(CrossFileReadError) -> Value in
            try make(
                A.read(from: &record),
                B.read(from: &record),
                C.read(from: &record),
                D.read(from: &record),
                E.read(from: &record),
                F.read(from: &record),
                G.read(from: &record),
                H.read(from: &record))
        }
    }
}
