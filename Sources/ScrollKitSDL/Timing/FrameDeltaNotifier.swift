// FrameDeltaNotifier, which tells receivers the time between consecutive frames, and FrameDeltaReceiver.

/// Receives the time between consecutive frames from a ``FrameDeltaNotifier``.
@MainActor
public protocol FrameDeltaReceiver: AnyObject {
    /// Called once per frame with the seconds since the previous frame delivered to this receiver.
    func displayWillUpdate(deltaTime: Double)
}

/// Calls a listener once per frame with the time since the previous frame: a frame-delta listener.
///
/// - Rides on a ``DisplayLink`` of its own on the host's ``FrameTimeline``: invalidating it never
///   touches the host's other links, and theirs never touch it.
/// - Holds its listener weakly: when the listener is gone, the notifier stops itself.
/// - Starts at once when created; stops on ``invalidate()`` or when the notifier is released.
/// - `deltaTime` is the difference of the timestamps of consecutive delivered frames, so a skipped
///   frame shows up as a longer delta (two periods, not one).
/// - The first delta after a start or a restart is one nominal period (the link's `duration`), never
///   the raw timestamp; the same holds after the link is unpaused or the host wakes from idle (a new
///   ``DisplayLink/epoch``), so a listener never sees the length of a pause as one step.
///
/// ```swift
/// final class Mover: FrameDeltaReceiver {
///     var x = 0.0
///     func displayWillUpdate(deltaTime: Double) { x += 120 * deltaTime }   // 120 points per second
/// }
/// let mover = Mover()
/// let notifier = FrameDeltaNotifier(timeline: host.timeline, listener: mover)
/// ```
@MainActor
public final class FrameDeltaNotifier {
    /// The listener. Held weakly because the usual listener owns its notifier (a scene keeps
    /// `notifier = FrameDeltaNotifier(…, listener: self)`), so a strong reference would be a cycle; and
    /// as the frame-delta listener this is modelled on did, a notifier whose listener is gone stops itself.
    public private(set) weak var listener: (any FrameDeltaReceiver)?
    /// The timeline the notifier's link runs on. Held weakly (the host owns it); with the timeline
    /// gone the notifier stops.
    public private(set) weak var timeline: FrameTimeline?
    /// The notifier's own link while it runs (a new one after each ``start()``), else `nil`.
    /// Held strongly: it is the notifier's; it invalidates it when it stops.
    public private(set) var displayLink: DisplayLink?

    private var lastTimestamp: Double?
    private var lastEpoch = 0

    /// A notifier that starts delivering deltas to `listener` from the next frame of `timeline`.
    public init(timeline: FrameTimeline, listener: any FrameDeltaReceiver) {
        self.timeline = timeline
        self.listener = listener
        start()
    }

    /// A notifier on the timeline `displayLink` runs on (a host's `displayLink`), with a link of its own.
    /// If `displayLink` is on no timeline (never added, or invalidated) the notifier does not run.
    public convenience init(displayLink: DisplayLink, listener: any FrameDeltaReceiver) {
        if let timeline = displayLink.timeline {
            self.init(timeline: timeline, listener: listener)
        } else {
            self.init(detachedListener: listener)
        }
    }

    private init(detachedListener listener: any FrameDeltaReceiver) {
        self.listener = listener
    }

    isolated deinit {
        stop()
    }

    /// Whether the notifier's link is running (false after ``invalidate()``, after the listener went
    /// away, or when its link was invalidated by someone else).
    public var isRunning: Bool { displayLink?.isValid ?? false }

    /// Starts again after ``invalidate()`` (nothing happens if running, if the listener is gone or the
    /// timeline is). The first delta after it is one nominal period.
    public func start() {
        guard !isRunning, listener != nil, let timeline else { return }
        lastTimestamp = nil
        displayLink = timeline.makeDisplayLink { [weak self] link in
            self?.frame(link)
        }
    }

    /// Stops the deltas (invalidates the notifier's own link); ``start()`` may resume them.
    public func invalidate() {
        stop()
    }

    private func stop() {
        displayLink?.invalidate()
        displayLink = nil
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
