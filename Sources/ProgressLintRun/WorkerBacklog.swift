/// One worker's side of the two places a run's workers share, the walk (which hands out files) and
/// the collector (which keeps outcomes in the walk's order): the files it has taken and not yet
/// linted, the outcomes it has not yet handed over, and when it takes its turn at either.
///
/// A worker never waits for a turn it can put off. While it still has files, it takes more only
/// when the walk is free (`take` with `wait` false), a few files before it runs out, and waits for
/// the walk only with no file left. It hands outcomes over when they are in turn: when the first
/// it holds is the one the collector takes next (`inTurn`, read without the collector's lock),
/// it hands over those that follow on from it and keeps the rest. So the collector takes outcomes
/// as they come, never putting them aside (a record put aside is copied out of its window of the
/// cache file), and its lock is rarely wanted by two workers at once. On a warm run a file's own
/// work (a `stat`, a lookup, a copy) is shorter than a contended lock's trip through the kernel.
///
/// The walk hands out files in sequence, so each worker's files, and its outcomes, come in
/// increasing sequence. A worker whose outcomes are not in turn (another worker, one the system
/// stopped a while, holds earlier ones) holds at most ``outOfTurnLimit``, then hands them all over and
/// the collector puts them aside. A worker far ahead waits before taking more files: when more
/// than ``mostWaiting`` outcomes were put aside at its last hand-over, it finishes the files it
/// has, hands everything over and waits, holding neither files nor outcomes, until fewer are put
/// aside. So two workers never wait for each other.
struct WorkerBacklog<Item, Outcome> {
    /// Files taken from the walk; the next to lint is at ``nextTaken``.
    private var taken: [Item] = []
    private var nextTaken = 0
    /// Outcomes not yet handed over, each with its file's sequence.
    private var outcomes: [(outcome: Outcome, sequence: Int)] = []
    /// How many outcomes the collector had put aside at the last hand-over.
    private(set) var waiting = 0
    /// Whether the walk has handed out its last file.
    private(set) var walkEnded = false

    /// How many files a worker takes from the walk at once, and how many outcomes in turn it
    /// hands over at once.
    let batch: Int
    /// How many outcomes not in turn a worker holds before it hands them over to be put aside.
    let outOfTurnLimit: Int
    /// How many outcomes put aside for earlier files stop a worker from taking more.
    let mostWaiting: Int
    /// How few files left make a worker take more, when the walk is free.
    let refillBelow: Int

    init(batch: Int, outOfTurnLimit: Int, mostWaiting: Int, refillBelow: Int) {
        self.batch = max(1, batch)
        self.outOfTurnLimit = max(self.batch, outOfTurnLimit)
        self.mostWaiting = mostWaiting
        self.refillBelow = refillBelow
        taken.reserveCapacity(self.batch + refillBelow)
        outcomes.reserveCapacity(self.outOfTurnLimit)
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
    ///   - handOver: hands outcomes over to the collector, taking them out of its argument, and
    ///     returns how many outcomes the collector has put aside: without `all` those in turn at
    ///     its front (the rest are kept), with `all` every one. Called with none, it only asks.
    ///   - waitForFewer: waits until the collector has put aside at most ``mostWaiting``
    ///     outcomes, and returns how many it has (a worker far ahead waiting for another).
    mutating func next(
        take: (_ wait: Bool, _ into: inout [Item]) -> Bool,
        handOver: (_ all: Bool, _ outcomes: inout [(outcome: Outcome, sequence: Int)]) -> Int,
        waitForFewer: () -> Int
    ) -> Item? {
        if !walkEnded && left <= refillBelow {
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

    /// Keeps the outcome of the file numbered `sequence`, handing those in turn over once a batch
    /// is held (`inTurn`: the sequence the collector takes next), or all of them when
    /// ``outOfTurnLimit`` are.
    mutating func deliver(
        _ outcome: Outcome, sequence: Int, inTurn: () -> Int,
        handOver: (_ all: Bool, _ outcomes: inout [(outcome: Outcome, sequence: Int)]) -> Int
    ) {
        outcomes.append((outcome, sequence))
        if outcomes.count >= outOfTurnLimit {
            waiting = handOver(true, &outcomes)
        } else if outcomes.count >= batch, outcomes[0].sequence == inTurn() {
            waiting = handOver(false, &outcomes)
        }
    }

    /// Hands over every outcome held (none: only asks how many wait), at the worker's end and
    /// before a worker far ahead waits.
    mutating func handOverAll(
        _ handOver: (_ all: Bool, _ outcomes: inout [(outcome: Outcome, sequence: Int)]) -> Int
    ) {
        waiting = handOver(true, &outcomes)
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
