/// One of `becomes`: when, and what the indicator is then.
public struct BecomesTiming: Hashable, Sendable {
    /// `when`: the moment the state starts, in words.
    public var when: String?
    /// `determinate` in this state, if written.
    public var determinate: Bool?
    /// `style` in this state, if written.
    public var style: String?

    /// Creates a state.
    public init(when: String?, determinate: Bool?, style: String?) {
        self.when = when
        self.determinate = determinate
        self.style = style
    }
}
