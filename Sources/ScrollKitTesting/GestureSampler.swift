// GestureSampler: gestures as a device reports them — a finger or a mouse sampled at its own rate along a
// human movement profile, so the events' times and positions (and the release velocity a tracker measures)
// are those of a device, whatever the frame rate.

import Foundation
import ScrollKit

/// The device a ``TestApp``'s gestures are made with.
public enum InputDevice: Sendable, Hashable {
    /// A touchscreen finger (touch events, one device, finger ids from 1), sampled at `rate` Hz (120: a
    /// phone's or a kiosk panel's digitizer).
    case touchscreen(rate: Double)
    /// A mouse (pointer events), sampled at `rate` Hz (125: a USB mouse's default polling).
    case mouse(rate: Double)

    /// A touchscreen sampled at 120 Hz.
    public static let touch = InputDevice.touchscreen(rate: 120)
    /// A mouse polled at 125 Hz.
    public static let pointer = InputDevice.mouse(rate: 125)

    /// Seconds between two samples (a rate that is not positive and finite counts as 120 Hz).
    var interval: Double {
        let rate: Double
        switch self {
        case .touchscreen(let r), .mouse(let r): rate = r
        }
        return 1 / (rate.isFinite && rate > 0 ? min(rate, 8000) : 120)
    }
}

/// Builds the events of gestures, each event at its own time. Positions follow the minimum-jerk profile of
/// human point-to-point movement (Flash & Hogan, 1985): a drag starts and ends at rest, so it releases
/// without a fling; a fling reaches its speed and is released while moving at it, so a velocity tracker
/// that looks at the last 100 ms measures the speed asked for.
public struct GestureSampler: Sendable {
    /// The device.
    public var device: InputDevice
    /// How long a finger or button stays down for a tap (a typical tap's contact).
    public static let tapContact = 0.06
    /// The pause between the two taps of a double tap (well inside any double-tap interval).
    public static let doubleTapGap = 0.12
    /// How long a fling takes to reach its speed, and how long it then keeps it before the release.
    public static let flingRamp = 0.04, flingCruise = 0.1
    /// How long a drag's finger rests where it ended before it lifts: a person who means to stop pauses,
    /// so the lift carries no speed (longer than a velocity tracker's 40 ms gap and its 100 ms window).
    public static let dragHold = 0.1

    public init(device: InputDevice) { self.device = device }

    /// A tap at `point` starting at `time`.
    public func tap(at point: Point, time: Double) -> [InputEvent] {
        [down(point, time), up(point, time + Self.tapContact)]
    }

    /// Two taps at `point`.
    public func doubleTap(at point: Point, time: Double) -> [InputEvent] {
        tap(at: point, time: time) + tap(at: point, time: time + Self.tapContact + Self.doubleTapGap)
    }

    /// A press held still for `duration` seconds.
    public func longPress(at point: Point, duration: Double, time: Double) -> [InputEvent] {
        let d = duration.isFinite ? max(0, duration) : 0
        return [down(point, time), up(point, time + d)]
    }

    /// A drag from `start` to `end` over `duration` seconds, along the minimum-jerk profile (at rest at both
    /// ends), sampled at the device's rate; released where it ended after ``dragHold``: no fling.
    public func drag(from start: Point, to end: Point, duration: Double, time: Double) -> [InputEvent] {
        let d = duration.isFinite && duration > 0 ? duration : device.interval
        var events = [down(start, time)]
        var t = device.interval
        while t < d {
            let s = Self.minimumJerk(t / d)
            events.append(move(Point(x: start.x + (end.x - start.x) * s, y: start.y + (end.y - start.y) * s), time + t))
            t += device.interval
        }
        events.append(move(end, time + d))
        events.append(up(end, time + d + Self.dragHold))
        return events
    }

    /// A fling from `start` at `velocity` (points per second, each axis): the finger speeds up to it over
    /// ``flingRamp`` (smoothly), keeps it for ``flingCruise`` and lifts while moving. The distance covered
    /// before the release is about `velocity × 0.12 s`.
    public func fling(from start: Point, velocity: Point, time: Double) -> [InputEvent] {
        let ramp = Self.flingRamp, total = Self.flingRamp + Self.flingCruise
        let vx = velocity.x.isFinite ? velocity.x : 0, vy = velocity.y.isFinite ? velocity.y : 0
        // Distance along the way at time t: the speed rises as smoothstep over the ramp, then stays.
        func travelled(_ t: Double) -> Double {
            if t <= ramp {
                let u = t / ramp
                return ramp * (u * u * u - u * u * u * u / 2)   // ∫ (3u² − 2u³) du × ramp
            }
            return ramp / 2 + (t - ramp)
        }
        func at(_ t: Double) -> Point {
            let s = travelled(t)
            return Point(x: start.x + vx * s, y: start.y + vy * s)
        }
        var events = [down(start, time)]
        var t = device.interval
        while t < total {
            events.append(move(at(t), time + t))
            t += device.interval
        }
        events.append(move(at(total), time + total))
        events.append(up(at(total), time + total))
        return events
    }

    /// Two fingers about `center`, `spread` points apart, moving apart (or together) to `spread × scale`
    /// over `duration` along the minimum-jerk profile. Always touch events (a mouse has one pointer).
    public func pinch(center: Point, scale: Double, spread: Double, duration: Double, time: Double) -> [InputEvent] {
        let s0 = spread.isFinite && spread > 0 ? spread : 100
        let k = scale.isFinite && scale > 0 ? scale : 1
        let d = duration.isFinite && duration > 0 ? duration : 0.3
        func fingers(_ gap: Double) -> (Point, Point) {
            (Point(x: center.x - gap / 2, y: center.y), Point(x: center.x + gap / 2, y: center.y))
        }
        let (a0, b0) = fingers(s0)
        var events: [InputEvent] = [.touchDown(device: 0, id: 1, location: a0, time: time),
                                    .touchDown(device: 0, id: 2, location: b0, time: time)]
        let step = InputDevice.touch.interval
        var t = step
        var last = (a0, b0)
        while t < d + step / 2 {
            let u = min(t, d) / d
            last = fingers(s0 * (1 + (k - 1) * Self.minimumJerk(u)))
            events.append(.touchMove(device: 0, id: 1, location: last.0, time: time + min(t, d)))
            events.append(.touchMove(device: 0, id: 2, location: last.1, time: time + min(t, d)))
            t += step
        }
        events.append(.touchUp(device: 0, id: 1, location: last.0, time: time + d))
        events.append(.touchUp(device: 0, id: 2, location: last.1, time: time + d))
        return events
    }

    /// Wheel notches: `steps` whole or fractional steps (positive `dy`: away from the user, toward the
    /// start), one notch every 30 ms as a hand turns a wheel.
    public func wheel(dx: Double, dy: Double, at point: Point, time: Double) -> [InputEvent] {
        let x = dx.isFinite ? dx : 0, y = dy.isFinite ? dy : 0
        let notches = max(1, Int(max(abs(x), abs(y)).rounded(.up)))
        let n = Double(notches)
        return (0..<notches).map { .wheel(dx: x / n, dy: y / n, location: point, time: time + Double($0) * 0.03) }
    }

    /// The minimum-jerk position profile, 0 at `u` = 0 and 1 at `u` = 1, at rest at both ends.
    public static func minimumJerk(_ u: Double) -> Double {
        let x = min(max(u, 0), 1)
        return x * x * x * (10 - 15 * x + 6 * x * x)
    }

    private func down(_ p: Point, _ t: Double) -> InputEvent {
        if case .mouse = device { return .pointerDown(location: p, time: t) }
        return .touchDown(device: 0, id: 1, location: p, time: t)
    }

    private func move(_ p: Point, _ t: Double) -> InputEvent {
        if case .mouse = device { return .pointerMove(location: p, time: t) }
        return .touchMove(device: 0, id: 1, location: p, time: t)
    }

    private func up(_ p: Point, _ t: Double) -> InputEvent {
        if case .mouse = device { return .pointerUp(location: p, time: t) }
        return .touchUp(device: 0, id: 1, location: p, time: t)
    }
}
