#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The HTML report's colours, in one place: the stylesheet and the charts use only these, and a
/// test computes their contrast (WCAG 2.2: text at least 4.5:1 against its background, chart
/// marks and focus rings at least 3:1 against the page).
public enum HTMLPalette {
    public static let page = "#ffffff"
    public static let text = "#1b1f24"
    public static let muted = "#57606a"
    public static let link = "#0b57d0"
    public static let panel = "#f6f8fa"
    public static let rule = "#8c959f"
    public static let error = "#b3261e"
    public static let warning = "#8a5300"
    public static let info = "#1f5fa8"
    public static let newBadge = "#1a7f37"
    public static let fixedBadge = "#57606a"
    public static let badgeText = "#ffffff"
    public static let work = "#24292f"
    public static let determinate = "#0b57d0"
    public static let indeterminate = "#0b57d0"
    public static let phaseA = "#6f42c1"
    public static let phaseB = "#0a7e74"
    public static let instant = "#2e7d32"
    public static let noticeable = "#6f42c1"
    public static let attention = "#b3261e"
    public static let focus = "#0b57d0"

    /// Text colours and the backgrounds they are drawn on: each pair needs 4.5:1.
    public static let textPairs: [(name: String, foreground: String, background: String)] = [
        ("text", text, page), ("text on panel", text, panel), ("muted", muted, page), ("muted on panel", muted, panel),
        ("link", link, page), ("link on panel", link, panel), ("error", error, page), ("error on panel", error, panel),
        ("warning", warning, page), ("warning on panel", warning, panel), ("info", info, page), ("info on panel", info, panel),
        ("new badge", badgeText, newBadge), ("fixed badge", badgeText, fixedBadge),
        ("chart labels", text, page), ("threshold instant label", instant, page),
        ("threshold noticeable label", noticeable, page), ("threshold attention label", attention, page),
    ]

    /// Chart marks, borders and the focus ring against the page: each needs 3:1.
    public static let markPairs: [(name: String, foreground: String, background: String)] = [
        ("work span", work, page), ("determinate span", determinate, page), ("indeterminate hatching", indeterminate, page),
        ("phase A", phaseA, page), ("phase B", phaseB, page), ("phase A against phase B", phaseA, "#ffffff"),
        ("instant line", instant, page), ("noticeable line", noticeable, page), ("attention line", attention, page),
        ("error marker", error, page), ("warning marker", warning, page), ("info marker", info, page),
        ("focus ring", focus, page), ("focus ring on panel", focus, panel), ("table rules", rule, page),
    ]

    /// Every colour the report uses.
    public static let all: [String] = [
        page, text, muted, link, panel, rule, error, warning, info, newBadge, fixedBadge, badgeText, work, determinate,
        indeterminate, phaseA, phaseB, instant, noticeable, attention, focus,
    ]

    /// WCAG 2.2's contrast ratio of two `#rrggbb` colours (1 to 21); nil when one is not such a colour.
    public static func contrast(_ a: String, _ b: String) -> Double? {
        guard let la = luminance(a), let lb = luminance(b) else { return nil }
        return (Swift.max(la, lb) + 0.05) / (Swift.min(la, lb) + 0.05)
    }

    /// Relative luminance of a `#rrggbb` colour.
    static func luminance(_ hex: String) -> Double? {
        let digits = Array(hex.utf8.dropFirst())
        guard hex.hasPrefix("#"), digits.count == 6 else { return nil }
        func channel(_ i: Int) -> Double? {
            guard let v = UInt8(String(decoding: digits[i..<(i + 2)], as: UTF8.self), radix: 16) else { return nil }
            let c = Double(v) / 255
            return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        guard let r = channel(0), let g = channel(2), let b = channel(4) else { return nil }
        return 0.2126 * r + 0.7152 * g + 0.0722 * b
    }
}
