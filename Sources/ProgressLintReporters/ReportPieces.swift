#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import Synchronization
import ProgressLintSupport

/// Renders one piece of a report at a time into a buffer (a range of the report's files, say),
/// on the thread that made it.
public protocol ReportPieceRenderer: SendableMetatype {
    /// What the writer learns of a piece besides its bytes: how many items it holds, say.
    associatedtype Items = Int
    /// Renders piece `piece` into `buffer`, which is empty; returns what it wrote (how many items, say).
    mutating func render(_ piece: Int, into buffer: inout ReportBuffer) -> Items
}

/// A large part of a report rendered in pieces on several threads and written in order on this
/// one, so that the report is byte for byte what one thread writes, while the threads render
/// ahead and this one hands finished pieces to the stream (its `write` calls overlapping the
/// rendering).
///
/// Memory stays bounded: at most a fixed number of pieces (``slotsPerJob`` per job) are rendered
/// and not yet written; a thread that would render further ahead waits for the writer. Each piece
/// goes into a buffer of its own (``ReportBuffer/collecting()``), reused for the piece that many
/// places later. With one job (or when no thread can be started) every piece is rendered on this
/// thread, just before it is written.
public enum ReportPieces {
    /// Pieces rendered ahead of the writer, per job.
    public static let slotsPerJob = 2
    /// The stack of a rendering thread.
    static let stackSize = 1 << 20

    /// Renders pieces `0..<count` with renderers `makeRenderer` makes (one per thread, made on it),
    /// on up to `jobs` threads, and hands each finished piece, in order, to `write` on this thread
    /// with the stream, its buffer (which `write` may change in place) and what the renderer said it holds.
    public static func write<Renderer: ReportPieceRenderer>(
        count: Int, jobs: Int, to stream: inout ReportStream,
        renderer makeRenderer: @escaping @Sendable () -> Renderer,
        write: (inout ReportStream, inout ReportBuffer, _ items: Renderer.Items) -> Void
    ) {
        guard count > 0 else { return }
        let threads = Swift.max(0, Swift.min(jobs, count))
        guard threads > 1 else {
            var renderer = makeRenderer()
            var buffer = ReportBuffer.collecting()
            defer { buffer.free() }
            for piece in 0..<count {
                buffer.clear()
                let items = renderer.render(piece, into: &buffer)
                write(&stream, &buffer, items)
            }
            return
        }
        let shared = Shared<Renderer.Items>(slots: threads * slotsPerJob, count: count)
        defer { shared.free() }
        var started: [pthread_t] = []
        for _ in 0..<threads {
            if let thread = start({ shared.render(makeRenderer()) }) { started.append(thread) }
        }
        // No thread could be started: this one renders each piece before writing it.
        var inline: Renderer? = started.isEmpty ? makeRenderer() : nil
        for piece in 0..<count {
            let slot = piece % shared.slots
            if inline != nil {
                shared.buffers[slot].clear()
                shared.items[slot] = inline!.render(piece, into: &shared.buffers[slot])
            } else {
                shared.ready[slot].wait()
            }
            write(&stream, &shared.buffers[slot], shared.items[slot]!)
            shared.buffers[slot].clear()
            shared.room.signal()
        }
        for thread in started { pthread_join(thread, nil) }
    }

    /// What the threads share: the slots' buffers and item counts, each touched by one thread at a
    /// time (handed between them by the semaphores, which order their memory), and the next piece.
    private final class Shared<Items>: @unchecked Sendable {
        let slots: Int
        let count: Int
        let buffers: UnsafeMutablePointer<ReportBuffer>
        let items: UnsafeMutablePointer<Items?>
        /// Signalled when the piece in a slot is rendered.
        let ready: [DispatchSemaphore]
        /// Pieces that may be claimed before the writer catches up: at most `slots` claimed and not
        /// written, so the pieces in flight have a slot each (piece `p` in slot `p % slots`).
        let room: DispatchSemaphore
        let next = Atomic<Int>(0)

        init(slots: Int, count: Int) {
            self.slots = slots
            self.count = count
            buffers = .allocate(capacity: slots)
            for i in 0..<slots { (buffers + i).initialize(to: ReportBuffer.collecting()) }
            items = .allocate(capacity: slots)
            items.initialize(repeating: nil, count: slots)
            ready = (0..<slots).map { _ in DispatchSemaphore(value: 0) }
            room = DispatchSemaphore(value: slots)
        }

        /// Renders pieces until none is left.
        func render<Renderer: ReportPieceRenderer>(_ renderer: Renderer) where Renderer.Items == Items {
            var renderer = renderer
            while true {
                room.wait()
                let piece = next.wrappingAdd(1, ordering: .relaxed).oldValue
                guard piece < count else {
                    // The room taken is given back: another thread may be waiting for it to learn the same.
                    room.signal()
                    return
                }
                let slot = piece % slots
                items[slot] = renderer.render(piece, into: &buffers[slot])
                ready[slot].signal()
            }
        }

        func free() {
            for i in 0..<slots { buffers[i].free() }
            buffers.deinitialize(count: slots)
            buffers.deallocate()
            items.deinitialize(count: slots)
            items.deallocate()
        }
    }

    /// Starts a joinable thread running `body`; nil when none can be started.
    private static func start(_ body: @escaping @Sendable () -> Void) -> pthread_t? {
        #if canImport(Darwin)
        var thread: SystemCalls.ThreadID = nil
        #else
        var thread = pthread_t()
        #endif
        return SystemCalls.start(stackSize: stackSize, detached: false, thread: &thread, body) == nil ? thread : nil
    }
}
