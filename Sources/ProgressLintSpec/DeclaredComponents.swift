/// The configuration's `components:`: a team's own views, each declared as the known component it
/// stands for (then read as it by every rule) or as `custom`; neither gets a "did you mean".
public struct DeclaredComponents: Hashable, Sendable {
    /// What a declared name stands for.
    public enum Meaning: Hashable, Sendable {
        /// A known component: its platforms, style and determinacy apply.
        case known(KnownComponent)
        /// A custom view of the team's own.
        case custom

        /// The known component, nil for `custom`.
        public var knownComponent: KnownComponent? {
            if case .known(let component) = self { return component }
            return nil
        }

        /// As written in the config: the known component's name, or `custom`.
        public var name: String { knownComponent?.rawValue ?? "custom" }

        /// The meaning written as `text` (a known component's name or `custom`), nil for anything else.
        public init?(_ text: String) {
            if text == "custom" {
                self = .custom
            } else if let component = KnownComponent.named(text) {
                self = .known(component)
            } else {
                return nil
            }
        }
    }

    /// Every declared name and what it stands for.
    public private(set) var entries: [String: Meaning] = [:]

    /// None declared.
    public init() {}

    /// Whether none is declared (the decoder then looks nothing up).
    public var isEmpty: Bool { entries.isEmpty }

    /// What `name` stands for, nil when it is not declared.
    public subscript(name: String) -> Meaning? {
        get { entries[name] }
        set { entries[name] = newValue }
    }

    /// The declared names in byte order, with what each stands for (for `--print-config`).
    public var sorted: [(name: String, meaning: Meaning)] {
        entries.map { ($0.key, $0.value) }.sorted { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }
    }
}
