// The physics of every interactive position ScrollKit moves (the navigation slide, a sheet, a row's swipe, the
// keyboard, the refresh spinner's room), in one place: one spring each, named.

import Motion

extension PositionPhysics {
    /// The navigation slide (push, pop, the settle after an edge swipe): critically damped, response 0.35 s,
    /// settled within 0.1 pt and 1 pt/s.
    static let navigationSlide = PositionPhysics(spring: .criticallyDamped(response: 0.35),
                                                 tolerance: .init(distance: 0.1, velocity: 1))
    /// A sheet rising, settling on a detent and leaving: damping ratio 0.92, response 0.4 s, settled within
    /// 0.1 pt and 1 pt/s.
    static let sheet = PositionPhysics(spring: SpringDescription(dampingRatio: 0.92, response: 0.4),
                                       tolerance: .init(distance: 0.1, velocity: 1))
    /// A row's swipe offset opening, closing or sliding out: critically damped, response 0.3 s.
    static let swipe = PositionPhysics(spring: .criticallyDamped(response: 0.3))
    /// Positions driven only along timed curves (the keyboard's rise, the refresh spinner's collapse): the edge
    /// bounce spring, never used by them.
    static let timed = PositionPhysics(spring: .bounce)
}
