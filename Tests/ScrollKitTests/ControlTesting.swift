// What the control tests share: a root holding the control, and a tap as a pointer down and up.

import Motion
@testable import ScrollKit

/// A suite of control tests: a window-like root for a control, and taps on it.
@MainActor
protocol ControlTesting {}

extension ControlTesting {
    /// A root 400 × 300 holding `view`.
    func tree(_ view: ViewNode) -> ViewNode {
        let root = ViewNode(frame: Rect(x: 0, y: 0, width: 400, height: 300))
        root.addSubview(view)
        return root
    }

    /// A tap at `p` (root points): a pointer down at `time` and up 50 ms later.
    func tap(_ root: ViewNode, at p: Point, time: Double = 0) {
        root.handle(.pointerDown(location: p, time: time))
        root.handle(.pointerUp(location: p, time: time + 0.05))
    }
}
