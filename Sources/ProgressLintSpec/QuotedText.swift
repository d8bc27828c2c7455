extension StringProtocol {
    /// The text as a message quotes it: at most ``String/messageQuoteLimit`` characters, then `…`,
    /// so a megabyte-long id reached through a thousand aliases costs a thousand short quotes.
    public var clippedForMessage: String {
        let head = prefix(String.messageQuoteLimit)
        return head.endIndex == endIndex ? String(self) : String(head) + "…"
    }
}

extension String {
    /// How many characters of a spec's text a message quotes.
    public static let messageQuoteLimit = 60
}
