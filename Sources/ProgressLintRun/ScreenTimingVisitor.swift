/// What ``ScreenTimingList/readScreens(at:_:)`` hands over, in this order for each screen:
/// ``screen(_:)``, then for each of its indicators ``indicator(_:)``, its phases, its `becomes`
/// and ``endIndicator()``, and last ``endScreen()``. Texts are UTF-8 as stored (nil when absent).
public protocol ScreenTimingVisitor {
    /// A screen's own fields.
    mutating func screen(_ screen: EncodedScreen)
    /// An indicator's own fields; its phases and `becomes` follow.
    mutating func indicator(_ indicator: EncodedIndicator)
    /// One of the indicator's phases.
    mutating func phase(name: UnsafeRawBufferPointer?, share: Double?, durationMs: Double?)
    /// One of the indicator's `becomes` states.
    mutating func becomes(when: UnsafeRawBufferPointer?, determinate: Bool?, style: UnsafeRawBufferPointer?)
    /// The indicator is done.
    mutating func endIndicator()
    /// The screen is done.
    mutating func endScreen()
}
