// ImageDecodeWorker: the decoding thread of one ImageLibrary, and what it hands back (SurfaceBox, DecodeResult).
import CSDL2
import CSDL2_image
import Foundation

/// A decoded surface handed from the worker to the main actor. Ownership moves with it: the worker never
/// touches a surface after handing it over, so no two threads ever use one.
struct SurfaceBox: @unchecked Sendable {
    let surface: UnsafeMutablePointer<SDL_Surface>
}

/// A finished decode: the surface or why there is none.
struct DecodeResult: Sendable {
    enum Outcome: Sendable {
        case decoded(SurfaceBox)
        case failed(ImageFailure)
        /// Dropped from a full queue before it was decoded: no longer pending, requested again when drawn.
        case dropped
    }
    let key: ImageKey
    let outcome: Outcome
}

/// The decoding thread of one ``ImageLibrary``: a stack of jobs (newest first: the rows on screen now)
/// and a queue of results, both guarded by one condition lock.
///
/// `@unchecked Sendable`: every stored var is read and written only while holding `condition`.
final class ImageDecodeWorker: @unchecked Sendable {
    struct Job: Sendable {
        let key: ImageKey
        let searchDirectories: [String]
    }

    /// Jobs beyond this many are dropped oldest first (they are requested again if still drawn).
    static let maxQueuedJobs = 512

    private let condition = NSCondition()
    private var jobs: [Job] = []
    private var results: [DecodeResult] = []
    private var busy = false
    private var started = false
    private var stopping = false
    private let wakeEventType: UInt32 = {
        let type = SDL_RegisterEvents(1)
        return type == UInt32.max ? 0 : type
    }()

    var hasResults: Bool {
        condition.lock()
        defer { condition.unlock() }
        return !results.isEmpty
    }

    func enqueue(_ job: Job) {
        condition.lock()
        jobs.append(job)
        if jobs.count > Self.maxQueuedJobs {
            // The oldest request: answer it as "not decoded" so the library forgets it is pending.
            let dropped = jobs.removeFirst()
            results.append(DecodeResult(key: dropped.key, outcome: .dropped))
        }
        if !started {
            started = true
            let thread = Thread { [self] in run() }
            thread.name = "ScrollKit image decoder"
            thread.qualityOfService = .utility
            thread.start()
        }
        condition.broadcast()
        condition.unlock()
    }

    /// Moves the finished results into `buffer` (appended).
    func take(into buffer: inout [DecodeResult]) {
        condition.lock()
        buffer.append(contentsOf: results)
        results.removeAll(keepingCapacity: true)
        condition.unlock()
    }

    func takeAll() -> [DecodeResult] {
        var all: [DecodeResult] = []
        take(into: &all)
        return all
    }

    func waitUntilIdle(before deadline: Date) {
        condition.lock()
        while !jobs.isEmpty || busy {
            if !condition.wait(until: deadline) { break }
        }
        condition.unlock()
    }

    func stop() {
        condition.lock()
        stopping = true
        jobs.removeAll()
        condition.broadcast()
        condition.unlock()
    }

    private func run() {
        while true {
            condition.lock()
            while jobs.isEmpty && !stopping { condition.wait() }
            if stopping {
                condition.unlock()
                return
            }
            let job = jobs.removeLast()
            busy = true
            condition.unlock()

            let outcome = ImageLibrary.decode(job.key, in: job.searchDirectories)

            condition.lock()
            busy = false
            if stopping {
                if case .decoded(let box) = outcome { SDL_FreeSurface(box.surface) }
            } else {
                results.append(DecodeResult(key: job.key, outcome: outcome))
            }
            condition.broadcast()
            condition.unlock()
            wakeHost()
        }
    }

    /// Wakes a host sleeping in `SDL_WaitEventTimeout` (SDL_PushEvent is thread-safe).
    private func wakeHost() {
        AccessibilityBridge.wakeUp()   // a host sleeping on the accessibility bus's descriptors too
        guard wakeEventType != 0, SDL_WasInit(SDL_INIT_EVENTS) != 0 else { return }
        var event = SDL_Event()
        event.type = wakeEventType
        _ = SDL_PushEvent(&event)
    }
}
