import ProgressLintSpec

/// A ``CrossFileRule`` with its value type hidden, as the engine keeps it.
public struct AnyCrossFileRule: Sendable {
    /// The rule's id.
    public let id: String
    private let collectValues: @Sendable (Screen, RuleContext, inout CrossFileCollection) -> Void
    private let finishValues: @Sendable (any CrossFileStorage, [Int]?, @escaping @Sendable (Int) -> String) -> [CrossFileFinding]

    init<R: CrossFileRule>(_ rule: R) {
        id = R.description.id
        collectValues = { screen, context, collection in
            let infos = rule.collect(screen, context: context)
            guard !infos.isEmpty else { return }
            CrossFileWriter.appending(to: &collection.records) { writer in
                for info in infos { writer.append(info) }
            }
            collection.count += infos.count
        }
        finishValues = { store, order, pathOfFile in
            rule.finish(CrossFileValues<R.Info>(store: store, order: order, pathOfFile: pathOfFile))
        }
    }

    /// Adds what `screen` contributes to `collection`.
    func collect(_ screen: Screen, context: RuleContext, into collection: inout CrossFileCollection) {
        collectValues(screen, context, &collection)
    }

    /// The rule's findings over `store`, read in the order `order` gives (nil: as stored).
    package func finish(_ store: any CrossFileStorage, order: [Int]?, pathOfFile: @escaping @Sendable (Int) -> String)
        -> [CrossFileFinding]
    {
        finishValues(store, order, pathOfFile)
    }
}
