/// One worker's side of the two places a run's workers share, the walk (which hands out files) and
/// the collector (which keeps outcomes in the walk's order): the files it has taken and not yet
/// linted, the outcomes it has not yet handed over, and when it takes its turn at either.
///
/// A worker never waits for a turn it can put off. While it still has files, it takes more only
/// when the walk is free (`take` with `wait` false), a few files before it runs out; while it
/// holds fewer than ``mostHeld`` outcomes, it hands them over only when the collector is free.
/// It waits for the walk only with no file left, and for the collector only with ``mostHeld``
/// outcomes in hand or at its end. On a warm run a file's own work (a `stat`, a lookup, a copy)
/// is shorter than a contended lock's trip through the kernel, so a worker that finds the other
/// at the walk or the collector goes on with its own files instead of sleeping.
///
/// The walk hands out files in sequence, so each worker's files, and its outcomes, come in
/// increasing sequence; the collector puts outcomes that come before earlier ones aside until
/// those come. A worker far ahead of another (one the system stopped a while) waits before
/// taking more files: when more than ``mostWaiting`` outcomes were put aside at its last hand-over,
/// it finishes the files it has, hands everything over and waits, holding neither files nor
/// outcomes, until fewer are put aside. So two workers never wait for each other.
struct WorkerTurns<Item, Outcome> {
    /// Files taken from the walk; the next to lint is at ``nextTaken``.
    private var taken: [Item] = []
    private var nextTaken = 0
    /// Outcomes not yet handed over, each with its file's sequence.
    private var outcomes: [(outcome: Outcome, sequence: Int)] = []
    /// How many outcomes the collector had put aside at the last hand-over.
    private(set) var waiting = 0
    /// Whether the walk has handed out its last file.
    private(set) var walkEnded = false

    /// How many files a worker takes from the walk at once, and how many outcomes it hands over
    /// when the collector is free.
    let batch: Int
    /// How many outcomes a worker holds before it waits for the collector.
    let mostHeld: Int
    /// How many outcomes put aside for earlier files stop a worker from taking more.
    let mostWaiting: Int
    /// How few files left make a worker take more, when the walk is free.
    let fewLeft: Int

    init(batch: Int, mostHeld: Int, mostWaiting: Int, fewLeft: Int) {
        self.batch = max(1, batch)
        self.mostHeld = max(self.batch, mostHeld)
        self.mostWaiting = mostWaiting
        self.fewLeft = fewLeft
        taken.reserveCapacity(self.batch + fewLeft)
        outcomes.reserveCapacity(self.mostHeld)
    }

    /// How many files are taken and not linted yet.
    var left: Int { taken.count - nextTaken }
    /// How many outcomes are not handed over yet.
    var held: Int { outcomes.count }

    /// The next file to lint, nil once the walk has none left.
    ///
    /// - Parameters:
    ///   - take: appends up to ``batch`` files from the walk to its argument; with `wait` false it
    ///     does nothing and returns false when the walk is busy (another worker holds it).
    ///   - handOver: hands the outcomes over to the collector and empties them, returning how
    ///     many outcomes the collector has put aside; with `wait` false it does nothing and
    ///     returns nil when the collector is busy. Called with no outcomes, it only asks.
    ///   - waitForFewer: waits until the collector has put aside at most ``mostWaiting``
    ///     outcomes, and returns how many it has (a worker far ahead waiting for another).
    mutating func next(
        take: (_ wait: Bool, _ into: inout [Item]) -> Bool,
        handOver: (_ wait: Bool, _ outcomes: inout [(outcome: Outcome, sequence: Int)]) -> Int?,
        waitForFewer: () -> Int
    ) -> Item? {
        if !walkEnded && left <= fewLeft {
            if left > 0 {
                // Ahead of time, and only when neither the walk nor the collector is behind.
                if waiting <= mostWaiting { fill(wait: false, take) }
            } else {
                if waiting > mostWaiting {
                    // Far ahead: everything handed over (which tells how many wait now), then
                    // nothing held while waiting.
                    handOverAll(handOver)
                    if waiting > mostWaiting { waiting = waitForFewer() }
                }
                fill(wait: true, take)
            }
        }
        guard nextTaken < taken.count else { return nil }
        let item = taken[nextTaken]
        nextTaken += 1
        return item
    }

    /// Keeps the outcome of the file numbered `sequence`, handing what is held over when the
    /// collector is free and a batch is held, or waiting for it when ``mostHeld`` are.
    mutating func deliver(
        _ outcome: Outcome, sequence: Int,
        handOver: (_ wait: Bool, _ outcomes: inout [(outcome: Outcome, sequence: Int)]) -> Int?
    ) {
        outcomes.append((outcome, sequence))
        guard outcomes.count >= batch else { return }
        if let count = handOver(outcomes.count >= mostHeld, &outcomes) { waiting = count }
    }

    /// Hands over every outcome held (none: only asks how many wait), waiting for the collector
    /// if it must (at the worker's end, and before a worker far ahead waits).
    mutating func handOverAll(
        _ handOver: (_ wait: Bool, _ outcomes: inout [(outcome: Outcome, sequence: Int)]) -> Int?
    ) {
        waiting = handOver(true, &outcomes) ?? waiting
    }

    private mutating func fill(wait: Bool, _ take: (_ wait: Bool, _ into: inout [Item]) -> Bool) {
        if nextTaken == taken.count {
            taken.removeAll(keepingCapacity: true)
            nextTaken = 0
        } else if nextTaken > 0 {
            taken.removeFirst(nextTaken)
            nextTaken = 0
        }
        let before = taken.count
        guard take(wait, &taken) else { return }
        if taken.count == before { walkEnded = true }
    }
}
