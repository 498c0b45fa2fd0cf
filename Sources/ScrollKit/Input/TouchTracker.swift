// TouchTracker (fingers and mouse into one pointer stream) and TouchResampler (touch moves resampled at frame
// times).

/// Turns touch and mouse input into the one pointer stream that scroll views follow: several fingers
/// pan by their centroid.
///
/// Internal: each of a router's pointer sessions runs one (``ViewNode/handle(_:)``) for the fingers moving
/// together in it; recognizers see every finger on its own, in its own arena.
///
/// - Fingers are told apart by (`device`, `id`). The first finger down, while no mouse button is held,
///   picks the touchscreen: fingers of any other device are ignored until every finger of this one is up.
/// - The pointer goes down where the first finger touched. From then on it moves with the centroid of
///   the fingers down: a finger moving by *d* while *n* are down moves it by *d / n*, so two fingers
///   moving together pan at their own speed, never twice it. A finger touching down or lifting moves it
///   not at all (the centroid is re-based): the others carry the drag on from where it is, with no jump.
///   Its track, sampled at each finger move, is the centroid's, and so is the release velocity.
/// - The last finger's up is the pointer-up (its location moves the pointer as that finger's move would;
///   like every up, it is not a velocity sample). Another finger's up location is not used: an up
///   reports where the finger already was.
/// - Mouse pointer events pass through unchanged while no finger is down and are dropped while one is;
///   a finger down while the mouse button is held is ignored. A `pointerUp` while fingers are down ends
///   the touch gesture at the pointer's location and forgets the fingers: a host's way to cancel (on
///   losing focus). Hosts drop the mouse events a system synthesizes from touch (see the SDL
///   `EventTranslator`), so a touch is never handled twice.
/// - Wheel, key and character events pass through unchanged.
/// - A router also remembers that the gesture is a touch: its drags show the pointer resampled at each
///   frame (``ScrollingView/touchResampleLatency``) instead of at each event. A host with a tracker of its
///   own in front passes the pointer on as one finger (device 0, id 0) to keep that (the gallery shell does).
///
/// Bad input: a touch down or move at a non-finite location is ignored; a last up at one lifts at the
/// finger's last location. Moves and ups of unknown fingers are ignored; a second down of a finger that
/// is already down is a move.
///
/// ```swift
/// var touches = TouchTracker()
/// touches.pointerEvent(for: .touchDown(device: 0, id: 1, location: Point(x: 100, y: 300), time: 0))
/// // → .pointerDown at (100, 300)
/// touches.pointerEvent(for: .touchDown(device: 0, id: 2, location: Point(x: 200, y: 300), time: 0.01))
/// // → nil: the pointer stays at (100, 300)
/// touches.pointerEvent(for: .touchMove(device: 0, id: 2, location: Point(x: 200, y: 260), time: 0.02))
/// // → .pointerMove to (100, 280): the centroid moved by 20
/// ```
///
/// Cost: O(fingers) per event; allocation only when a finger joins.
struct TouchTracker: Sendable, Hashable {
    struct Finger: Sendable, Hashable {
        var id: Int
        var location: Point
    }

    /// The touchscreen whose fingers drive the pointer, while any is down.
    private(set) var device: Int?
    var fingers: [Finger] = []
    /// pointer = centroid + offset; re-based whenever a finger joins or leaves.
    var offset = Point.zero
    private var mouseDown = false

    /// A tracker with no finger down.
    init() {}

    /// How many fingers of ``device`` are down.
    var fingerCount: Int { fingers.count }

    /// The touch pointer's location (window points) while a finger is down, else nil.
    var pointerLocation: Point? {
        guard !fingers.isEmpty else { return nil }
        let c = centroid
        return Point(x: c.x + offset.x, y: c.y + offset.y)
    }

    /// How far apart the fingers are while two or more are down: their mean distance from their centroid
    /// (window points), else nil. A pinch zooms by the ratio of this to its value when the pinch began.
    var spread: Double? {
        guard fingers.count >= 2 else { return nil }
        let c = centroid
        var sum = 0.0
        for f in fingers {
            let dx = f.location.x - c.x, dy = f.location.y - c.y
            sum += (dx * dx + dy * dy).squareRoot()
        }
        return sum / Double(fingers.count)
    }

    /// Whether a finger of `device` going down now would be followed (no mouse button held, and no other
    /// touchscreen's fingers down).
    /// Whether finger `id` of `device` is down.
    func has(device: Int, id: Int) -> Bool {
        device == self.device && fingers.contains { $0.id == id }
    }

    /// Whether the mouse button is held (a tracker fed the mouse's events).
    var mouseIsDown: Bool { mouseDown }

    func accepts(device: Int) -> Bool {
        !mouseDown && (fingers.isEmpty || self.device == nil || self.device == device)
    }

    var centroid: Point {
        var sx = 0.0, sy = 0.0
        for f in fingers { sx += f.location.x; sy += f.location.y }
        let n = Double(fingers.count)
        return Point(x: sx / n, y: sy / n)
    }

    /// The event of the single pointer stream that `event` makes (see the type's notes), or nil when it
    /// makes none. Touch events never come back as themselves.
    mutating func pointerEvent(for event: InputEvent) -> InputEvent? {
        switch event {
        case .pointerDown:
            guard fingers.isEmpty else { return nil }
            mouseDown = true
            return event
        case .pointerMove:
            return fingers.isEmpty ? event : nil
        case .pointerUp(_, let time):
            guard let at = pointerLocation else {
                mouseDown = false
                return event
            }
            forget()
            return .pointerUp(location: at, time: time)
        case .touchDown(let device, let id, let p, let time):
            guard p.x.isFinite, p.y.isFinite, !mouseDown else { return nil }
            guard let current = self.device, !fingers.isEmpty else {
                self.device = device
                fingers = [Finger(id: id, location: p)]
                offset = .zero
                return .pointerDown(location: p, time: time)
            }
            guard device == current else { return nil }
            if let i = fingers.firstIndex(where: { $0.id == id }) { return move(i, to: p, time: time) }
            let pointer = pointerLocation ?? p
            fingers.append(Finger(id: id, location: p))
            rebase(keeping: pointer)
            return nil
        case .touchMove(let device, let id, let p, let time):
            guard device == self.device, p.x.isFinite, p.y.isFinite,
                  let i = fingers.firstIndex(where: { $0.id == id }) else { return nil }
            return move(i, to: p, time: time)
        case .touchUp(let device, let id, let p, let time):
            guard device == self.device, let i = fingers.firstIndex(where: { $0.id == id }) else { return nil }
            if fingers.count == 1 {
                if p.x.isFinite, p.y.isFinite { fingers[0].location = p }
                let at = pointerLocation ?? p
                forget()
                return .pointerUp(location: at, time: time)
            }
            let pointer = pointerLocation ?? p
            fingers.remove(at: i)
            rebase(keeping: pointer)
            return nil
        case .wheel, .key, .text, .composition, .pastePrimary, .magnify, .secondaryClick, .gamepad, .gamepadStick, .rotary:
            return event
        }
    }

    private mutating func move(_ i: Int, to p: Point, time: Double) -> InputEvent? {
        fingers[i].location = p
        guard let at = pointerLocation else { return nil }
        return .pointerMove(location: at, time: time)
    }

    /// Sets the offset so that the pointer stays at `pointer` with the fingers now down.
    private mutating func rebase(keeping pointer: Point) {
        let c = centroid
        offset = Point(x: pointer.x - c.x, y: pointer.y - c.y)
    }

    private mutating func forget() {
        fingers.removeAll()
        device = nil
        offset = .zero
    }
}

/// The touch resampler of a scroll view's drag: where the finger was at a given time, from its recent
/// samples (see ``ScrollingView/touchResampleLatency``). Pure; O(samples kept).
enum TouchResampler {
    struct Sample: Sendable, Hashable {
        var time: Double
        var location: Point
    }

    /// Samples kept: enough to cover the latency at 1 kHz.
    static let capacity = 16

    /// Records a sample (time order; an older one is ignored, one at the same time replaces the last).
    static func add(_ location: Point, time: Double, to samples: inout [Sample]) {
        guard time.isFinite, location.x.isFinite, location.y.isFinite else { return }
        if let last = samples.last {
            if time < last.time { return }
            if time == last.time { samples[samples.count - 1].location = location; return }
        }
        if samples.count >= capacity { samples.removeFirst(samples.count - capacity + 1) }
        samples.append(Sample(time: time, location: location))
    }

    /// The location at `time`: interpolated between the samples around it; the newest one after it, the
    /// oldest one before it (no prediction); nil without samples.
    static func location(in samples: [Sample], at time: Double) -> Point? {
        guard let newest = samples.last else { return nil }
        guard time.isFinite, time < newest.time else { return newest.location }
        guard let i = samples.lastIndex(where: { $0.time <= time }) else { return samples[0].location }
        let a = samples[i], b = samples[i + 1]
        let f = (time - a.time) / (b.time - a.time)
        return Point(x: a.location.x + (b.location.x - a.location.x) * f,
                     y: a.location.y + (b.location.y - a.location.y) * f)
    }
}
