/// An ``IndicatorTiming``'s own fields as stored (see ``ScreenTimingVisitor``); `presentation`
/// and `location` are nil where ``IndicatorTiming`` has an empty text.
public struct EncodedIndicator {
    /// ``IndicatorTiming/id``.
    public var id: UnsafeRawBufferPointer?
    /// ``IndicatorTiming/line``.
    public var line: Int
    /// ``IndicatorTiming/endLine``.
    public var endLine: Int
    /// ``IndicatorTiming/style``.
    public var style: UnsafeRawBufferPointer?
    /// ``IndicatorTiming/determinate``.
    public var determinate: Bool
    /// ``IndicatorTiming/component``.
    public var component: UnsafeRawBufferPointer?
    /// ``IndicatorTiming/presentation``.
    public var presentation: UnsafeRawBufferPointer?
    /// ``IndicatorTiming/location``.
    public var location: UnsafeRawBufferPointer?
    /// ``IndicatorTiming/showAfterMs``.
    public var showAfterMs: Double?
    /// ``IndicatorTiming/durationMinMs``.
    public var durationMinMs: Double?
    /// ``IndicatorTiming/durationMaxMs``.
    public var durationMaxMs: Double?
    /// How many phases follow.
    public var phaseCount: Int
    /// How many `becomes` states follow (after the phases).
    public var becomesCount: Int

    /// An indicator's fields as read (by ``ScreenTimingList``'s reader, inlined into its visitors).
    @inlinable
    init(id: UnsafeRawBufferPointer?, line: Int, endLine: Int, style: UnsafeRawBufferPointer?, determinate: Bool,
         component: UnsafeRawBufferPointer?, presentation: UnsafeRawBufferPointer?, location: UnsafeRawBufferPointer?,
         showAfterMs: Double?, durationMinMs: Double?, durationMaxMs: Double?, phaseCount: Int, becomesCount: Int) {
        self.id = id
        self.line = line
        self.endLine = endLine
        self.style = style
        self.determinate = determinate
        self.component = component
        self.presentation = presentation
        self.location = location
        self.showAfterMs = showAfterMs
        self.durationMinMs = durationMinMs
        self.durationMaxMs = durationMaxMs
        self.phaseCount = phaseCount
        self.becomesCount = becomesCount
    }
}
