/// One of `phases`: its name, share and duration as written.
public struct PhaseTiming: Hashable, Sendable {
    /// `name`, if written.
    public var name: String?
    /// `share`: the fraction of the indicator the phase fills, if written.
    public var share: Double?
    /// `duration` in milliseconds, if written.
    public var durationMs: Double?

    /// Creates a phase.
    public init(name: String?, share: Double?, durationMs: Double?) {
        self.name = name
        self.share = share
        self.durationMs = durationMs
    }
}
