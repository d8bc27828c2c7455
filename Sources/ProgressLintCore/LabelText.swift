/// How labels are compared with the configured `vague-labels`.
public enum LabelText {
    /// Lower-case, without surrounding white space and without trailing dots or an ellipsis:
    /// `"  Loading… "` and `"loading..."` both become `"loading"`.
    public static func normalized(_ text: String) -> String {
        var s = Substring(text)
        while let f = s.first, f.isWhitespace { s.removeFirst() }
        while let l = s.last, l == "." || l == "…" || l.isWhitespace { s.removeLast() }
        return s.lowercased()
    }
}
