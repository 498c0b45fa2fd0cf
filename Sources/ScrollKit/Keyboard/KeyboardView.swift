// KeyboardView: an on-screen touch keyboard (letters with Shift and Caps Lock, numbers and symbols, Backspace
// that repeats while held, Return, a preview bubble over the pressed key) typing into the tree's focused text
// field; its key geometry.

import Motion

/// A touch keyboard for kiosks and touch screens, laid out and drawn like a phone's.
///
/// - Pages: letters (Shift: one tap capitalises the next letter, a double tap within
///   ``capsLockInterval`` locks the capitals, a tap unlocks), numbers ("123") and symbols ("#+="); the globe
///   key goes to the next of ``layouts`` (``KeyboardLayout/english`` and ``KeyboardLayout/hebrew`` by default).
/// - A character key types when the finger lifts, the key under it then: sliding over the keys moves the
///   preview bubble (the key's character, large, above it) as a phone's keyboard does. Backspace and Shift act
///   when pressed; Backspace held repeats after ``repeatDelay``, every ``repeatInterval``, timed on the frames'
///   timestamps (no clock).
/// - What it types goes to the focused text field of its tree (`ViewNode.focusedTextInput`): characters and
///   the space as `insertText`, Backspace and Return as `editingKey(.backspace / .enter)`. It never takes focus
///   itself, so the field keeps it.
///
/// Put it in a ``KeyboardContainer`` to have it slide up when a field is touched and the field's scroll view
/// make room for it. Its height follows its width (``preferredHeight(forWidth:)``).
@MainActor
public final class KeyboardView: ViewNode {
    /// Seconds Backspace is held before it repeats.
    public static let repeatDelay = 0.5
    /// Seconds between repeats of a held Backspace.
    public static let repeatInterval = 0.1
    /// Two Shift taps this close (seconds) lock the capitals.
    public static let capsLockInterval = 0.35

    /// The layouts the globe key goes through; never empty.
    public var layouts: [KeyboardLayout] {
        didSet {
            if layouts.isEmpty { layouts = [.english] }
            layoutIndex = min(layoutIndex, layouts.count - 1)
            keysChanged()
        }
    }
    /// The layout showing.
    public private(set) var layoutIndex = 0
    /// The page showing.
    public private(set) var page = KeyboardLayout.Page.letters
    /// Shift is on for the next letter.
    public private(set) var isShifted = false
    /// The capitals are locked (a double tap on Shift).
    public private(set) var isCapsLocked = false
    /// The key under the finger, as an index into ``keys`` (nil: none pressed).
    public private(set) var pressedIndex: Int?
    /// Called with what each key press typed, after it was delivered (tests, sounds, haptics stand-ins).
    public var onType: (@MainActor (KeyboardKey.Action) -> Void)?

    /// The keys of the page showing with their frames (view coordinates) and the rectangles that take a
    /// touch (each key's frame grown to meet its neighbours' and the keyboard's edges).
    public private(set) var keys: [(key: KeyboardKey, frame: Rect, hitRect: Rect)] = []

    /// Each key's glyph outlines (``glyphOutlines(for:in:)``), made with the layout.
    var glyphs: [[[Point]]] = []
    /// The keyboard's colours, or `nil` (the default) for its theme's keyboard tokens.
    @DrawingInput public var look: Look? = nil
    /// The look of the frame being drawn (set at the start of each draw).
    var drawnLook = Look(colors: Theme.light.colors)
    var lastFrameTime = 0.0
    private var pressedSince: Double?
    private var nextRepeat: Double?
    private var lastShiftTap: Double?
    private var laidOutWidth = -1.0

    /// A keyboard with `layouts` (the first shows).
    public init(layouts: [KeyboardLayout] = [.english, .hebrew]) {
        self.layouts = layouts.isEmpty ? [.english] : layouts
        super.init()
        // Each finger is its own track: a finger going down while another holds a key types that key first.
        addGestureRecognizer(TrackingGestureRecognizer(
            began: { [unowned self] pointer, point in self.fingerDown(pointer, at: point) },
            moved: { [unowned self] pointer, point in if pointer == self.pressingPointer { self.continueTracking(at: point) } },
            ended: { [unowned self] pointer, point in
                guard pointer == self.pressingPointer else { return }
                self.pressingPointer = nil
                self.endTracking(at: point)
            },
            cancelled: { [unowned self] pointer in
                guard pointer == self.pressingPointer else { return }
                self.pressingPointer = nil
                self.cancelTracking()
            }))
    }

    /// The pointer whose key is pressed (the last one down on a key).
    private var pressingPointer: PointerID?

    /// A finger down: the key another finger still holds is typed now (keys type in the order they went
    /// down, as a phone's keyboard rolls over), then this finger's key is pressed.
    private func fingerDown(_ pointer: PointerID, at point: Point) -> Bool {
        relayoutKeys()
        guard keyIndex(at: point) != nil else { return false }
        if pressingPointer != nil, let held = pressedIndex, keys.indices.contains(held) {
            endTracking(at: Point(x: keys[held].frame.midX, y: keys[held].frame.midY))
        }
        pressingPointer = pointer
        return beginTracking(at: point)
    }

    /// The layout showing.
    public var layout: KeyboardLayout { layouts[layoutIndex] }

    // MARK: Geometry

    static let sideInset = 3.0, topInset = 8.0, bottomInset = 6.0, keyGap = 6.0, rowGap = 11.0

    /// A key's height for a keyboard `width` points wide: 42 points on a phone, up to 54 on a wide screen.
    public static func keyHeight(forWidth width: Double) -> Double {
        let unit = letterWidth(forWidth: width)
        return min(54, max(40, unit * 1.3))
    }

    static func letterWidth(forWidth width: Double) -> Double {
        guard width.isFinite, width > 0 else { return 0 }
        return max(0, (width - 2 * sideInset - 9 * keyGap) / 10)
    }

    /// The keyboard's height at `width`: four rows of keys with their gaps and margins.
    public static func preferredHeight(forWidth width: Double) -> Double {
        guard width.isFinite, width > 0 else { return 0 }
        return topInset + 4 * keyHeight(forWidth: width) + 3 * rowGap + bottomInset
    }

    public override func layoutSubviews() { relayoutKeys() }

    func keysChanged() {
        pressedIndex = nil   // the keys are made again: an index into the old ones means nothing now
        laidOutWidth = -1
        relayoutKeys()
        setNeedsDisplay()
    }

    /// Places the page's keys for the current width: each row centred, a row that starts and ends with a
    /// function key stretched to the edges, the space bar taking what its row leaves.
    package func relayoutKeys() {
        let width = bounds.width
        guard width != laidOutWidth else { return }
        laidOutWidth = width
        keys.removeAll(keepingCapacity: true)
        defer { glyphs = keys.map { Self.glyphOutlines(for: $0.key.action, in: $0.frame) } }
        let unit = Self.letterWidth(forWidth: width), height = Self.keyHeight(forWidth: width)
        guard unit > 0 else { return }
        let rows = layout.rows(page)
        let left = Self.sideInset, right = width - Self.sideInset
        for (r, row) in rows.enumerated() {
            let y = Self.topInset + Double(r) * (height + Self.rowGap)
            var widths = row.map { $0.width * unit }
            let gaps = Double(max(0, row.count - 1)) * Self.keyGap
            if let space = row.firstIndex(where: { $0.action == .space }) {
                widths[space] = max(unit, right - left - gaps - widths.enumerated().filter { $0.offset != space }.reduce(0) { $0 + $1.element })
            }
            let total = widths.reduce(0, +) + gaps
            var xs: [Double] = []
            let stretched = row.count > 2 && !row[0].isCharacter && !row[row.count - 1].isCharacter && row.dropFirst().dropLast().allSatisfy(\.isCharacter)
            if stretched {
                // The function keys at the edges, the letters centred between them.
                let inner = widths.dropFirst().dropLast().reduce(0, +) + Double(row.count - 3) * Self.keyGap
                var x = (width - inner) / 2
                xs = [left]
                for w in widths.dropFirst().dropLast() { xs.append(x); x += w + Self.keyGap }
                xs.append(right - widths[widths.count - 1])
            } else {
                var x = (width - total) / 2
                for w in widths { xs.append(x); x += w + Self.keyGap }
            }
            for (i, key) in row.enumerated() {
                let frame = Rect(x: xs[i], y: y, width: widths[i], height: height)
                let prevEdge = i == 0 ? 0 : (xs[i - 1] + widths[i - 1] + xs[i]) / 2
                let nextEdge = i == row.count - 1 ? width : (xs[i] + widths[i] + xs[i + 1]) / 2
                let top = r == 0 ? 0 : y - Self.rowGap / 2
                let bottom = r == rows.count - 1 ? bounds.height : y + height + Self.rowGap / 2
                keys.append((key, frame, Rect(x: prevEdge, y: top, width: nextEdge - prevEdge, height: bottom - top)))
            }
        }
    }

    /// The index into ``keys`` of the key a touch at `point` (view coordinates) presses, or nil.
    public func keyIndex(at point: Point) -> Int? {
        guard point.x.isFinite, point.y.isFinite else { return nil }
        return keys.firstIndex { $0.hitRect.contains(point) }
    }

    // MARK: Pressing

    /// A finger went down at `point` (view coordinates): presses the key there (false: no key). The keyboard's
    /// own ``TrackingGestureRecognizer`` calls these four for each finger; call them to drive it directly.
    public func beginTracking(at point: Point) -> Bool {
        relayoutKeys()
        guard let index = keyIndex(at: point) else { return false }
        press(index)
        return true
    }

    /// The pressing finger moved to `point`: sliding moves between character keys.
    public func continueTracking(at point: Point) {
        guard let current = pressedIndex, keys.indices.contains(current) else { return }
        // Sliding moves between character keys (the bubble follows); a function key holds its press.
        guard keys[current].key.isCharacter, let index = keyIndex(at: point), index != current, keys[index].key.isCharacter else { return }
        pressedIndex = index
        setNeedsDisplay()
    }

    /// The pressing finger lifted: the pressed key acts (a character types).
    public func endTracking(at point: Point) {
        guard let index = pressedIndex else { return }
        release()
        guard keys.indices.contains(index) else { return }
        let action = keys[index].key.action
        switch action {
        case .character, .space, .enter: type(action)
        case .page(let target):
            page = target
            keysChanged()
        case .nextLayout:
            layoutIndex = (layoutIndex + 1) % layouts.count
            page = .letters
            isShifted = false
            isCapsLocked = false
            keysChanged()
        case .shift, .backspace:
            break   // acted when pressed
        }
    }

    /// The press ended without typing.
    public func cancelTracking() { release() }

    /// Presses key `index` of ``keys`` (what a touch does): Backspace deletes now and starts its repeat,
    /// Shift toggles now; other keys act when released (``endTracking(at:)``).
    func press(_ index: Int) {
        guard keys.indices.contains(index) else { return }
        pressedIndex = index
        pressedSince = nil
        nextRepeat = nil
        setNeedsDisplay()
        // The tap's time: the router's latest event (the last frame's time may be long past when nothing moved).
        let tapTime = max(lastFrameTime, rootView.router?.latestTime ?? lastFrameTime)
        switch keys[index].key.action {
        case .backspace:
            type(.backspace)
        case .shift:
            if isCapsLocked {
                isCapsLocked = false
                isShifted = false
                lastShiftTap = nil
            } else if let last = lastShiftTap, tapTime - last <= Self.capsLockInterval {
                isCapsLocked = true
                isShifted = true
                lastShiftTap = nil
            } else {
                isShifted.toggle()
                lastShiftTap = tapTime
            }
        default:
            break
        }
    }

    private func release() {
        pressedIndex = nil
        pressedSince = nil
        nextRepeat = nil
        setNeedsDisplay()
    }

    /// Delivers `action` to the tree's focused text field.
    func type(_ action: KeyboardKey.Action) {
        let field = rootView.focusedTextInput
        let time = lastFrameTime
        switch action {
        case .character(let text, let shifted):
            let upper = isShifted || isCapsLocked
            field?.insertText(upper ? (shifted ?? text) : text, time: time)
            lastShiftTap = nil   // a letter between two Shift taps makes them no double tap
            if isShifted && !isCapsLocked {
                isShifted = false
                setNeedsDisplay()
            }
        case .space: field?.insertText(" ", time: time)
        case .enter: _ = field?.editingKey(.enter, modifiers: [], time: time)
        case .backspace: _ = field?.editingKey(.backspace, modifiers: [], time: time)
        default: return
        }
        onType?(action)
    }

    /// Whether the keys show capitals.
    public var showsCapitals: Bool { layout.hasShift && page == .letters && (isShifted || isCapsLocked) }

    // MARK: Frames

    public override func update(_ tick: FrameTick) {
        let now = tick.targetTimestamp
        guard now.isFinite else { return }
        lastFrameTime = tick.timestamp.isFinite ? tick.timestamp : now
        guard let index = pressedIndex, keys.indices.contains(index), keys[index].key.action == .backspace else { return }
        if pressedSince == nil {
            pressedSince = lastFrameTime
            nextRepeat = lastFrameTime + Self.repeatDelay
        }
        while let due = nextRepeat, due <= now + Precision.slack {
            type(.backspace)
            nextRepeat = due + Self.repeatInterval
        }
    }

    public override var isOpaque: Bool { true }

    public override func draw(in canvas: any DrawingCanvas, frame: Rect) { drawKeyboard(in: canvas, frame: frame) }

    public override var isAnimating: Bool {
        if let index = pressedIndex, keys.indices.contains(index), keys[index].key.action == .backspace { return true }
        return super.isAnimating
    }
}
