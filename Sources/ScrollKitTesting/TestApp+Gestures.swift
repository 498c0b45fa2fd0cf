// TestApp's gestures and keys: taps, drags, flings, swipes, pinches, wheel turns, typed text, input-method
// composition and key presses, each sent as a device sends it and run until it has been delivered.

import ScrollKit

extension TestApp {
    private var sampler: GestureSampler { GestureSampler(device: device) }

    /// The centre of `view` in window points.
    public func center(of view: ViewNode) -> Point {
        let f = view.frameInRoot
        return Point(x: f.midX, y: f.midY)
    }

    /// The speed of ``swipeUp(on:)`` and its siblings, in points per second: a brisk swipe.
    public static let swipeSpeed = 1500.0

    // MARK: - Touches and clicks

    /// Taps (or clicks) at `point`.
    public func tap(at point: Point) { perform(sampler.tap(at: point, time: time)) }
    /// Taps the centre of `view`.
    public func tap(_ view: ViewNode) { tap(at: center(of: view)) }

    /// Two taps in quick succession at `point`.
    public func doubleTap(at point: Point) { perform(sampler.doubleTap(at: point, time: time)) }
    /// Two taps on the centre of `view`.
    public func doubleTap(_ view: ViewNode) { doubleTap(at: center(of: view)) }

    /// A press held still at `point` for `duration` seconds (0.6 by default: past the 0.5 s long press).
    public func longPress(at point: Point, duration: Double = 0.6) {
        perform(sampler.longPress(at: point, duration: duration, time: time))
    }
    /// A long press on the centre of `view`.
    public func longPress(_ view: ViewNode, duration: Double = 0.6) { longPress(at: center(of: view), duration: duration) }

    /// A drag from `start` to `end` taking `duration` seconds, at rest at both ends, then a short rest before
    /// the finger lifts (no fling).
    public func drag(from start: Point, to end: Point, duration: Double = 0.5) {
        perform(sampler.drag(from: start, to: end, duration: duration, time: time))
    }

    /// A fling from `start` (the window's centre by default) released at `velocity` points per second.
    public func fling(from start: Point? = nil, velocity: Point) {
        perform(sampler.fling(from: start ?? Point(x: size.width / 2, y: size.height / 2), velocity: velocity,
                              time: time))
    }

    /// A brisk upward swipe (content moves up: toward the end of a list) on `view`, or on the window's centre.
    public func swipeUp(on view: ViewNode? = nil) { swipe(on: view, Point(x: 0, y: -Self.swipeSpeed)) }
    /// A brisk downward swipe (toward the start of a list).
    public func swipeDown(on view: ViewNode? = nil) { swipe(on: view, Point(x: 0, y: Self.swipeSpeed)) }
    /// A brisk leftward swipe.
    public func swipeLeft(on view: ViewNode? = nil) { swipe(on: view, Point(x: -Self.swipeSpeed, y: 0)) }
    /// A brisk rightward swipe.
    public func swipeRight(on view: ViewNode? = nil) { swipe(on: view, Point(x: Self.swipeSpeed, y: 0)) }

    private func swipe(on view: ViewNode?, _ velocity: Point) {
        // Start behind the centre so that the swipe's travel (about 0.12 s of the speed) stays on the view.
        let c = view.map(center(of:)) ?? Point(x: size.width / 2, y: size.height / 2)
        let back = 0.06
        fling(from: Point(x: c.x - velocity.x * back, y: c.y - velocity.y * back), velocity: velocity)
    }

    /// Two fingers pinching about `center` (the window's centre by default) to `scale` times their spread.
    public func pinch(scale: Double, at center: Point? = nil, duration: Double = 0.3) {
        let c = center ?? Point(x: size.width / 2, y: size.height / 2)
        perform(GestureSampler(device: .touch).pinch(center: c, scale: scale, spread: 100, duration: duration,
                                                    time: time))
    }

    /// Wheel notches at `point` (the window's centre by default): positive `dy` turns away from the user,
    /// scrolling toward the start, as SDL reports it.
    public func scroll(wheel dy: Double, dx: Double = 0, at point: Point? = nil) {
        perform(sampler.wheel(dx: dx, dy: dy, at: point ?? Point(x: size.width / 2, y: size.height / 2), time: time))
    }

    // MARK: - Keys and text

    /// Types `text` one character (grapheme cluster) at a time, 80 ms apart, as a keyboard's
    /// `SDL_TEXTINPUT` events deliver it, to the focused text field.
    public func typeText(_ text: String) {
        var t = time
        var events: [InputEvent] = []
        for character in text {
            events.append(.text(String(character), time: t))
            t += 0.08
        }
        perform(events)
    }

    /// An input method's composition in progress (`cursor`: a scalar offset into `text`); an empty `text`
    /// ends it without committing. Commit with ``typeText(_:)``.
    public func compose(_ text: String, cursor: Int? = nil) {
        perform([.composition(text, cursor: cursor ?? text.unicodeScalars.count, time: time)])
    }

    /// Presses `key` with `modifiers` held (Ctrl+Z: `press(.z, modifiers: .control)`).
    public func press(_ key: Key, modifiers: KeyModifiers = []) {
        perform([.key(key, modifiers: modifiers, time: time)])
    }
}
