/// A guideline text a rule comes from, cited by its public title, publisher and address.
public enum GuidelineSource: String, CaseIterable, Sendable {
    case johnSweetIndeterminate = "A"
    case johnSweetDeterminate = "B"
    case ubuntuActivityIndicators = "C"
    case appleHumanInterfaceGuidelines = "D"
    case magentaA11yLoadingSpinner = "E"
    // Catalogue 1.3.
    case wcagPauseStopHide = "F"
    case wcagUnderstandingPauseStopHide = "F-understanding"
    case waiARIA = "G"
    case windowsProgressControls = "H-windows"
    case gnomeSpinners = "H-gnome"
    case atlassianSpinner = "H-atlassian"
    case acornLoadingIndicators = "I"

    /// The document's public title.
    public var title: String {
        switch self {
        case .johnSweetIndeterminate: return "iOS Progress Indicators (2 of 3): indeterminate indicators"
        case .johnSweetDeterminate: return "iOS Progress Indicators (3 of 3): determinate indicators"
        case .ubuntuActivityIndicators: return "Activity indicators (Ubuntu Touch app design guidelines, UI Toolkit)"
        case .appleHumanInterfaceGuidelines: return "Human Interface Guidelines: Progress indicators"
        case .magentaA11yLoadingSpinner: return "Loading spinner (native app accessibility checklist, iOS and Android)"
        case .wcagPauseStopHide:
            return "Web Content Accessibility Guidelines (WCAG) 2.2, Success Criterion 2.2.2 Pause, Stop, Hide (Level A)"
        case .wcagUnderstandingPauseStopHide: return "Understanding Success Criterion 2.2.2: Pause, Stop, Hide (WCAG 2.2)"
        case .waiARIA: return "Accessible Rich Internet Applications (WAI-ARIA) 1.2"
        case .windowsProgressControls: return "Progress controls (Windows App SDK design guidance)"
        case .gnomeSpinners: return "GNOME Human Interface Guidelines: Spinners"
        case .atlassianSpinner: return "Spinner: usage (Atlassian Design System)"
        case .acornLoadingIndicators: return "Loading indicators (Firefox Acorn design system)"
        }
    }

    /// Who published it (and when, where known).
    public var publisher: String {
        switch self {
        case .johnSweetIndeterminate, .johnSweetDeterminate: return "John Sweet, johnsweetaccessibility.com, April 2020"
        case .ubuntuActivityIndicators: return "Canonical / UBports"
        case .appleHumanInterfaceGuidelines: return "Apple"
        case .magentaA11yLoadingSpinner: return "MagentaA11y (T-Mobile)"
        case .wcagPauseStopHide, .waiARIA: return "W3C"
        case .wcagUnderstandingPauseStopHide: return "W3C Web Accessibility Initiative (WAI)"
        case .windowsProgressControls: return "Microsoft"
        case .gnomeSpinners: return "The GNOME Project"
        case .atlassianSpinner: return "Atlassian"
        case .acornLoadingIndicators: return "Mozilla"
        }
    }

    /// Where to read it: a web address, or where in a larger guide it sits.
    public var address: String {
        switch self {
        case .johnSweetIndeterminate: return "https://johnsweetaccessibility.com/2020/04/ios-progress-indicators-2-of-3/"
        case .johnSweetDeterminate: return "https://johnsweetaccessibility.com/2020/04/ios-progress-indicators-3-of-3/"
        case .ubuntuActivityIndicators: return "Ubuntu app design guides, \"Building blocks › Activity indicators\""
        case .appleHumanInterfaceGuidelines: return "https://developer.apple.com/design/human-interface-guidelines/progress-indicators"
        case .magentaA11yLoadingSpinner: return "https://www.magentaa11y.com/checklist-native/loading-spinner/"
        case .wcagPauseStopHide: return "https://www.w3.org/TR/WCAG22/#pause-stop-hide"
        case .wcagUnderstandingPauseStopHide: return "https://www.w3.org/WAI/WCAG22/Understanding/pause-stop-hide.html"
        case .waiARIA: return "https://www.w3.org/TR/wai-aria-1.2/"
        case .windowsProgressControls: return "https://learn.microsoft.com/en-us/windows/apps/design/controls/progress-controls"
        case .gnomeSpinners: return "https://developer.gnome.org/hig/patterns/feedback/spinners.html"
        case .atlassianSpinner: return "https://atlassian.design/components/spinner/usage"
        case .acornLoadingIndicators: return "https://acorn.firefox.com/latest/patterns/loading-indicators-SKyqf3Lj"
        }
    }

    /// Whether ``address`` is a web address (else it names a place in a guide).
    public var hasURL: Bool { address.hasPrefix("https://") }

    /// Where the default thresholds (0.1 s, 1 s, 10 s) that sources A and B quote come from.
    public static let thresholdsCitation =
        "Jakob Nielsen, *Usability Engineering* (1993), chapter 5, \"Response times\""
}

/// A reference from a rule to the part of a guideline it follows.
public struct SourceReference: Hashable, Sendable {
    /// The guideline.
    public var source: GuidelineSource
    /// The section of it, by its heading.
    public var section: String

    /// Creates a reference.
    public init(_ source: GuidelineSource, section: String) {
        self.source = source
        self.section = section
    }
}
