// InputEvent, the input a view tree takes (pointer, touch, wheel, magnify, keys, characters), and Key.

/// The named keys ScrollKit and its hosts report. Scroll views react to the first nine
/// (arrows, PageUp, PageDown, Home, End, Space); apps may use the rest.
public enum Key: String, Sendable, Hashable, CaseIterable {
    case up = "Up", down = "Down", left = "Left", right = "Right"
    case pageUp = "PageUp", pageDown = "PageDown", home = "Home", end = "End", space = "Space"
    case escape = "Escape", tab = "Tab"
    /// The Return key (and the keypad's Enter).
    case enter = "Enter"
    /// Shift-Tab: Tab pressed with Shift held, which moves backwards where Tab moves forwards
    /// (Qt's name for it). Hosts report it instead of ``tab`` while Shift is held.
    case backtab = "Backtab"
    /// Zoom in one step (hosts report Ctrl + `+` or Ctrl + `=`, and the keypad's plus): see
    /// `ScrollingView.keyZoomStep`.
    case zoomIn = "ZoomIn"
    /// Zoom out one step (Ctrl + `-`).
    case zoomOut = "ZoomOut"
    /// Back to the smallest zoom scale (Ctrl + `0`).
    case zoomReset = "ZoomReset"

    /// The keys a scroll view handles (the names scripts accept).
    public static let scrollKeys: [Key] = [.up, .down, .left, .right, .pageUp, .pageDown, .home, .end, .space]
}

/// Input as plain data, independent of SDL. Each event carries its own timestamp (seconds on the
/// host's clock), which velocity tracking uses, even when several events arrive in one frame.
public enum InputEvent: Sendable, Hashable {
    /// A primary pointer (mouse button or finger) went down at `location` (window points).
    case pointerDown(location: Point, time: Double)
    case pointerMove(location: Point, time: Double)
    case pointerUp(location: Point, time: Double)
    /// A wheel turn in steps (fractions allowed). Positive `dy` = turned away from the user =
    /// scroll toward the start, as SDL reports it. `location` is the pointer's position.
    /// A view tree tells a trackpad's stream of fractional steps from a wheel's notches by their values
    /// and `time`s (see ``WheelStreamClassifier``), so give each event its own timestamp.
    case wheel(dx: Double, dy: Double, location: Point, time: Double)
    case key(Key, time: Double)
    /// A printable key pressed (for app shortcuts such as "f", "h", "?", "1"), lower-case where it has case.
    case character(String, time: Double)
    /// Finger `id` of touchscreen `device` touched down at `location` (window points). Fingers are told
    /// apart by (`device`, `id`); ids may be reused once a finger is up. A view tree turns the fingers of
    /// one touchscreen into one pointer at their centroid (see ``TouchTracker``).
    case touchDown(device: Int, id: Int, location: Point, time: Double)
    /// Finger `id` of `device` moved to `location`.
    case touchMove(device: Int, id: Int, location: Point, time: Double)
    /// Finger `id` of `device` lifted at `location`.
    case touchUp(device: Int, id: Int, location: Point, time: Double)
    /// A relative zoom about `location` (window points): multiply the zoom scale by `scale`. Hosts report
    /// Ctrl + wheel as `ScrollingView.wheelZoomStep` raised to the wheel's steps (see the SDL
    /// `EventTranslator`); the innermost zoomable scroll view under `location` zooms.
    case magnify(scale: Double, location: Point, time: Double)

    /// The event's own timestamp.
    public var time: Double {
        switch self {
        case .pointerDown(_, let t), .pointerMove(_, let t), .pointerUp(_, let t),
             .wheel(_, _, _, let t), .key(_, let t), .character(_, let t),
             .touchDown(_, _, _, let t), .touchMove(_, _, _, let t), .touchUp(_, _, _, let t),
             .magnify(_, _, let t):
            return t
        }
    }
}
