/// A ``ScreenTiming``'s fields as stored (see ``ScreenTimingVisitor``).
public struct EncodedScreen {
    /// ``ScreenTiming/path``.
    public var path: UnsafeRawBufferPointer?
    /// ``ScreenTiming/screen``.
    public var screen: UnsafeRawBufferPointer?
    /// ``ScreenTiming/documentIndex``.
    public var documentIndex: Int
    /// ``ScreenTiming/platform``.
    public var platform: UnsafeRawBufferPointer?
    /// `instant`, `noticeable`, `attention`, `showAfterMax`, `updatesEveryMax`, `determinateAfter`,
    /// `minDisplay`, in milliseconds (the order of ``Thresholds/entries``).
    public var thresholds: (Double, Double, Double, Double, Double, Double, Double)
    /// How many indicators follow.
    public var indicatorCount: Int

    /// A screen's fields as read (by ``ScreenTimingList``'s reader, inlined into its visitors).
    @inlinable
    init(path: UnsafeRawBufferPointer?, screen: UnsafeRawBufferPointer?, documentIndex: Int,
         platform: UnsafeRawBufferPointer?, thresholds: (Double, Double, Double, Double, Double, Double, Double), indicatorCount: Int) {
        self.path = path
        self.screen = screen
        self.documentIndex = documentIndex
        self.platform = platform
        self.thresholds = thresholds
        self.indicatorCount = indicatorCount
    }
}
