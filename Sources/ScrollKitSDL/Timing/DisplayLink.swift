// DisplayLink: a stand-in for CADisplayLink, one callback per frame of a host's timeline.

import Motion

/// A stand-in for `CADisplayLink`: one callback, run on the main actor once per frame of a
/// ``FrameTimeline`` (a host's frames), paced by the display.
///
/// Each link is one callback with its own ``isPaused``, ``preferredFramesPerSecond`` and
/// ``invalidate()``; several links share a host's timeline and never affect each other:
/// invalidating or pausing one leaves the others running.
///
/// - ``timestamp`` is when the frame the callback runs in began (its deadline on the timeline),
///   ``targetTimestamp`` when it will be on screen, ``duration`` this link's nominal period
///   (`1 / frameRate`). All in seconds on the timeline's clock; 0 before the link's first frame.
/// - ``isPaused`` stops the callback, not time: frames pass and are not delivered.
///   ``invalidate()`` removes the link from its timeline for good.
/// - ``preferredFramesPerSecond`` below the timeline's rate runs the callback on fewer frames (30 on a
///   60 Hz timeline: every other frame). On a host's own link (`host.displayLink`) it sets the host's
///   frame rate instead (the timeline's ``FrameTimeline/preferredFramesPerSecond``).
/// - A link on a timeline is held by it (as a run loop holds a `CADisplayLink`) until invalidated;
///   capture your own objects weakly in the callback.
///
/// ```swift
/// let link = host.makeDisplayLink { link in spinner.angle += link.duration * .pi }
/// link.preferredFramesPerSecond = 30
/// // later
/// link.invalidate()          // this link only: the host's other links keep running
/// ```
///
/// ## Bad input
/// Negative or too-high preferred rates mean the timeline's rate; adding an invalidated link, or
/// one without a callback, runs nothing. Nothing traps.
@MainActor
public final class DisplayLink {
    /// How a frame's start is found (see ``FrameTimeline/Pacing``).
    public typealias Pacing = FrameTimeline.Pacing

    /// The timeline the link runs on, or `nil` before ``add(to:)`` and after ``invalidate()``.
    /// Held weakly: the timeline holds its links.
    public private(set) weak var timeline: FrameTimeline?
    /// While true, frames pass without calling the callback. Unpausing starts a new ``epoch``.
    public var isPaused: Bool = false {
        didSet { if oldValue && !isPaused { resumptions += 1 } }
    }
    /// Frames per second wanted; 0 (the default) means every frame of the timeline. Values at or
    /// above the timeline's rate, and negative ones, also mean every frame. On a host's own link it
    /// sets the host's frame rate (see the type's notes).
    public var preferredFramesPerSecond: Int = 0 {
        didSet { if pacesTimeline { timeline?.preferredFramesPerSecond = preferredFramesPerSecond } }
    }
    /// False after ``invalidate()``.
    public private(set) var isValid = true

    /// When the frame of the last callback began (seconds). 0 before the first one.
    public private(set) var timestamp: Double = 0
    /// When that frame will be on screen (seconds).
    public private(set) var targetTimestamp: Double = 0
    /// The frame of the last callback, `nil` before the first one.
    public private(set) var currentTick: FrameTick?

    private let callback: (@MainActor (DisplayLink) -> Void)?
    /// This is a host's own link: its preferred rate is the timeline's.
    let pacesTimeline: Bool
    private var resumptions = 0
    /// The timestamp of the last frame this link was due in (for rates below the timeline's).
    private var lastDue: Double?
    private var lastDueEpoch = -1

    /// A link that runs `callback` once per frame, once added to a timeline with ``add(to:)`` (or made
    /// by ``FrameTimeline/makeDisplayLink(_:)`` / ``AppHost/makeDisplayLink(_:)``, which do both).
    public init(_ callback: @escaping @MainActor (DisplayLink) -> Void) {
        self.callback = callback
        pacesTimeline = false
    }

    /// A host's own link: no callback; its preferred rate paces `timeline`.
    init(pacing timeline: FrameTimeline) {
        callback = nil
        pacesTimeline = true
        add(to: timeline)
    }

    /// Puts the link on `timeline` (taking it off any other). It runs from the timeline's next
    /// ``FrameTimeline/fire()``. Does nothing after ``invalidate()``.
    public func add(to timeline: FrameTimeline) {
        guard isValid, timeline !== self.timeline else { return }
        self.timeline?.detach(self)
        self.timeline = timeline
        lastDue = nil
        timeline.attach(self)
    }

    /// Puts the link on `host`'s timeline.
    public func add(to host: some AppHost) {
        add(to: host.timeline)
    }

    /// Stops this link's callback for good and takes it off its timeline. Other links on the same
    /// timeline (including the host's own) are not affected. Calling it again does nothing.
    public func invalidate() {
        guard isValid else { return }
        isValid = false
        timeline?.detach(self)
        timeline = nil
    }

    /// The rate the callback runs at: ``preferredFramesPerSecond`` when it is in 1..<the timeline's
    /// rate, else the timeline's rate (60 with no timeline).
    public var frameRate: Double {
        let base = timeline?.frameRate ?? 60
        let preferred = Double(preferredFramesPerSecond)
        return !pacesTimeline && preferred >= 1 && preferred < base ? preferred : base
    }

    /// The nominal period between this link's callbacks in seconds: `1 / frameRate`.
    public var duration: Double { 1 / frameRate }

    /// Counts interruptions of this link's frames: the timeline's starts and restarts after idle, and
    /// the ends of this link's pauses. Time differences across epochs are not frame deltas
    /// (``FrameDeltaNotifier`` uses this).
    public var epoch: Int { (timeline?.epoch ?? 0) + resumptions }

    /// Whether the callback would run on a coming frame (valid, on a timeline, not paused, with a callback).
    public var isActive: Bool { isValid && !isPaused && callback != nil && timeline != nil }

    /// The host's clock (the timeline's); `nil` when the link is on no timeline.
    public var clock: (any FrameClock)? { timeline?.clock }

    /// Called by the timeline in each frame: updates the timestamps and runs the callback when due.
    func frame(_ tick: FrameTick, timeline: FrameTimeline) {
        guard isValid, !isPaused, self.timeline === timeline else { return }
        if !pacesTimeline, preferredFramesPerSecond >= 1, Double(preferredFramesPerSecond) < timeline.frameRate {
            // Due once a period of its own has passed (half a timeline period of slack for rounding).
            let e = epoch
            if let last = lastDue, lastDueEpoch == e,
               tick.timestamp - last < 1 / Double(preferredFramesPerSecond) - 0.5 * tick.duration {
                return
            }
            lastDue = tick.timestamp
            lastDueEpoch = e
        }
        timestamp = tick.timestamp
        targetTimestamp = tick.targetTimestamp
        currentTick = tick
        callback?(self)
    }
}
