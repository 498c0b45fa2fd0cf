/// Receives the time between consecutive frames from a ``FrameDeltaNotifier``.
@MainActor
public protocol FrameDeltaReceiver: AnyObject {
    /// Called once per frame with the seconds since the previous frame delivered to this receiver.
    func displayWillUpdate(deltaTime: Double)
}

/// Calls a listener once per frame with the time since the previous frame (seed 001's wrapper).
///
/// - Holds its listener weakly: when the listener is gone, the notifier stops itself.
/// - Starts at once when created; stops on ``invalidate()`` or when the notifier is released.
/// - `deltaTime` is the difference of the display link's timestamps of consecutive delivered
///   frames, so a skipped frame shows up as a longer delta (two periods, not one).
/// - The first delta after a start or a restart is one nominal period (`displayLink.duration`),
///   never the raw timestamp; the same holds after the link is unpaused or the host wakes from idle
///   (a new ``DisplayLink/epoch``), so a listener never sees the length of a pause as one step.
///
/// ```swift
/// final class Mover: FrameDeltaReceiver {
///     var x = 0.0
///     func displayWillUpdate(deltaTime: Double) { x += 120 * deltaTime }   // 120 points per second
/// }
/// let mover = Mover()
/// let notifier = FrameDeltaNotifier(displayLink: host.displayLink, listener: mover)
/// ```
@MainActor
public final class FrameDeltaNotifier {
    /// The listener, held weakly.
    public private(set) weak var listener: (any FrameDeltaReceiver)?
    /// The link the notifier listens to.
    public let displayLink: DisplayLink

    private var handle: DisplayLink.Handle?
    private var lastTimestamp: Double?
    private var lastEpoch = 0

    /// A notifier that starts delivering deltas to `listener` from the next frame of `displayLink`.
    public init(displayLink: DisplayLink, listener: any FrameDeltaReceiver) {
        self.displayLink = displayLink
        self.listener = listener
        start()
    }

    isolated deinit {
        stop()
    }

    /// Whether the notifier is subscribed to its link (false after ``invalidate()``, after the
    /// listener went away, or when the link was invalidated).
    public var isRunning: Bool {
        guard let handle else { return false }
        return displayLink.contains(handle)
    }

    /// Starts again after ``invalidate()`` (nothing happens if running or if the listener is gone).
    /// The first delta after it is one nominal period.
    public func start() {
        guard !isRunning, listener != nil else { return }
        lastTimestamp = nil
        handle = displayLink.add { [weak self] link in
            self?.frame(link)
        }
    }

    /// Stops the deltas; ``start()`` may resume them.
    public func invalidate() {
        stop()
    }

    private func stop() {
        if let handle { displayLink.remove(handle) }
        handle = nil
        lastTimestamp = nil
    }

    private func frame(_ link: DisplayLink) {
        guard let listener else {
            stop()
            return
        }
        let now = link.timestamp
        let delta: Double
        if let last = lastTimestamp, lastEpoch == link.epoch {
            delta = max(0, now - last)   // 0 only if a frame is delivered twice
        } else {
            delta = link.duration
        }
        lastTimestamp = now
        lastEpoch = link.epoch
        listener.displayWillUpdate(deltaTime: delta)
    }
}
