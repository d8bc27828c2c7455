import ProgressLintSpec
import ProgressLintYAML

/// A ``CrossFileRule`` with its value type hidden, as the engine keeps it.
public struct AnyCrossFileRule: Sendable {
    /// The rule's id.
    public let id: String
    private let collectValues: @Sendable (Screen, RuleContext, inout CrossFileWriter) -> Void
    private let finishValues: @Sendable (any CrossFileStorage, [Int]?, @escaping @Sendable (Int) -> String) -> [CrossFileFinding]

    init<R: CrossFileRule>(_ rule: R) {
        id = R.description.id
        collectValues = { screen, context, writer in
            // The writer moves into the sink and back: no copy of its bytes.
            var sink = CrossFileSink<R.Info>(writer: writer)
            writer = CrossFileWriter()
            rule.collect(screen, context: context, into: &sink)
            swap(&writer, &sink.writer)
        }
        finishValues = { store, order, pathOfFile in
            rule.finish(CrossFileValues<R.Info>(store: store, order: order, pathOfFile: pathOfFile))
        }
    }

    /// Writes what `screen` contributes to `records`.
    func collect(_ screen: Screen, context: RuleContext, into records: inout CrossFileWriter) {
        collectValues(screen, context, &records)
    }

    /// The rule's findings over `store`, read in the order `order` gives (nil: as stored).
    package func finish(_ store: any CrossFileStorage, order: [Int]?, pathOfFile: @escaping @Sendable (Int) -> String)
        -> [CrossFileFinding]
    {
        finishValues(store, order, pathOfFile)
    }
}
