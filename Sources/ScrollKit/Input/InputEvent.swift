// InputEvent, the input a view tree takes (pointer, touch, wheel, magnify, keys, typed text, input-method
// composition), Key and KeyModifiers.

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
    /// Backspace: deletes backwards in a text field.
    case backspace = "Backspace"
    /// Delete (forward delete).
    case delete = "Delete"
    /// The letter keys editing shortcuts use (Ctrl+A, C, V, X, Y, Z). Hosts report a letter key only while
    /// Control is held; without it the letter arrives as typed text (``InputEvent/text(_:time:)``).
    case a = "A", c = "C", v = "V", x = "X", y = "Y", z = "Z"
    /// Zoom in one step (hosts report Ctrl + `+` or Ctrl + `=`, and the keypad's plus): see
    /// `ScrollingView.keyZoomStep`.
    case zoomIn = "ZoomIn"
    /// Zoom out one step (Ctrl + `-`).
    case zoomOut = "ZoomOut"
    /// Back to the smallest zoom scale (Ctrl + `0`).
    case zoomReset = "ZoomReset"
    /// The Back command's own key: a keyboard's or remote's Back (AC Back) and a gamepad's B. It and
    /// ``escape`` are one command (``ViewNode/performBack()``).
    case back = "Back"
    /// The Menu key (and Shift+F10): opens the focused view's context menu (``ViewNode/contextMenuProvider``).
    case contextMenu = "Menu"

    /// The keys a scroll view handles (the names scripts accept).
    public static let scrollKeys: [Key] = [.up, .down, .left, .right, .pageUp, .pageDown, .home, .end, .space]
}

/// The modifier keys held with a key press.
public struct KeyModifiers: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// Shift (with arrows, Home and End: extend the selection).
    public static let shift = KeyModifiers(rawValue: 1 << 0)
    /// Control (Ctrl+arrows move by word; Ctrl+letters are the editing shortcuts).
    public static let control = KeyModifiers(rawValue: 1 << 1)
    /// Alt.
    public static let alt = KeyModifiers(rawValue: 1 << 2)
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
    /// A key pressed with the `modifiers` held. Shift+Tab arrives as ``Key/backtab`` (no modifiers).
    case key(Key, modifiers: KeyModifiers = [], time: Double)
    /// Typed text as the platform delivers it (`SDL_TEXTINPUT`): any Unicode, case kept, spaces included.
    /// It goes to the focused text field; apps also use single characters as shortcuts ("f", "?", "1")
    /// when no text field has focus.
    case text(String, time: Double)
    /// An input method's composition in progress (`SDL_TEXTEDITING`): the text being composed and the
    /// composition's own cursor as a Unicode scalar offset into it. An empty `text` ends the composition
    /// without committing anything; a commit arrives as ``text(_:time:)``.
    case composition(String, cursor: Int, time: Double)
    /// A middle-click at `location` (window points): paste the primary selection there, as X11 and Wayland
    /// desktops do (into the text field under it).
    case pastePrimary(location: Point, time: Double)
    /// Finger `id` of touchscreen `device` touched down at `location` (window points). Fingers are told
    /// apart by (`device`, `id`); ids may be reused once a finger is up. Each finger is a pointer with an arena
    /// of its own (``PointerID``, ``GestureRecognizer``); fingers on one scroll view move it by their centroid.
    case touchDown(device: Int, id: Int, location: Point, time: Double)
    /// Finger `id` of `device` moved to `location`.
    case touchMove(device: Int, id: Int, location: Point, time: Double)
    /// Finger `id` of `device` lifted at `location`.
    case touchUp(device: Int, id: Int, location: Point, time: Double)
    /// A relative zoom about `location` (window points): multiply the zoom scale by `scale`. Hosts report
    /// Ctrl + wheel as `ScrollingView.wheelZoomStep` raised to the wheel's steps (see the SDL
    /// `EventTranslator`); the innermost zoomable scroll view under `location` zooms.
    case magnify(scale: Double, location: Point, time: Double)
    /// A right click (the secondary mouse button going down) at `location`: opens the context menu of the deepest
    /// view there that has one (``ViewNode/contextMenuProvider``).
    case secondaryClick(location: Point, time: Double)
    /// A game controller's button went down (`pressed`) or up. The D-pad and shoulders repeat while held
    /// (``KeyRepeat``), driven by the frames' target times; see ``GamepadButton`` for what each does.
    case gamepad(GamepadButton, pressed: Bool, time: Double)
    /// A game controller's left stick at (`x`, `y`), each -1…1 (y down): past its dead zone it moves focus as
    /// the D-pad does, repeating faster the further it leans (``StickNavigation``). (0, 0) is at rest.
    case gamepadStick(x: Double, y: Double, time: Double)
    /// A rotary encoder turned `steps` notches: positive is clockwise, forward. It moves focus in order (as Tab
    /// and Shift-Tab), or in edit mode changes the focused ``RotaryEditable`` control's value.
    case rotary(steps: Int, time: Double)

    /// The event's own timestamp.
    public var time: Double {
        switch self {
        case .pointerDown(_, let t), .pointerMove(_, let t), .pointerUp(_, let t),
             .wheel(_, _, _, let t), .key(_, _, let t), .text(_, let t), .composition(_, _, let t), .pastePrimary(_, let t),
             .touchDown(_, _, _, let t), .touchMove(_, _, _, let t), .touchUp(_, _, _, let t),
             .magnify(_, _, let t), .secondaryClick(_, let t), .gamepad(_, _, let t), .gamepadStick(_, _, let t), .rotary(_, let t):
            return t
        }
    }
}
