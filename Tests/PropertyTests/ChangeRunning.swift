// What the list and grid change runners share (ListChangePropertyTests, GridChangePropertyTests): a clock
// stepped a frame at a time, flings by pointer, jumps, and the loop over a scenario's steps up to rest.
import Motion
@testable import ScrollKit

/// One step of a change scenario, whatever its batch.
enum ChangeAction<Batch> {
    /// A batch, animated or not; with `bad`, one that must be refused and change nothing.
    case batch(Batch, animated: Bool, bad: Bool)
    /// `setContentOffset(_:animated: false)` to `perMille` thousandths of the scroll range.
    case jump(perMille: Int)
    /// A drag of `distance` points released at `speed` pt/s.
    case fling(distance: Int, speed: Int)
    /// `frames` frames at 60 Hz.
    case frames(Int)
}

/// A scenario step (a generated value) as the action it stands for.
protocol ChangeStepping {
    associatedtype Batch
    var action: ChangeAction<Batch> { get }
}

/// A runner of change scenarios on a list or grid.
@MainActor
protocol ChangeRunning: AnyObject {
    associatedtype Batch
    var list: ListView { get }
    var time: Double { get set }
    var failure: String? { get }
    var stepIndex: Int { get set }
    /// Where a fling's pointer goes down (across the scroll axis).
    var flingX: Double { get }
    /// One frame at 60 Hz, with the runner's per-frame checks.
    func frame()
    func fail(_ message: String)
    /// Applies a batch to the model and the list, with the runner's checks.
    func batch(_ raw: Batch, animated: Bool, bad: Bool)
}

extension ChangeRunning {
    var scroll: ScrollingView { list.scrollView }

    func fling(distance: Int, speed: Int) {
        var p = Point(x: flingX, y: list.frame.height / 2)
        list.handle(.pointerDown(location: p, time: time))
        for _ in 0..<4 {
            frame()
            p.y += Double(distance) / 4
            list.handle(.pointerMove(location: p, time: time))
        }
        for _ in 0..<3 {
            time += 0.008
            p.y += Double(speed) * 0.008
            list.handle(.pointerMove(location: p, time: time))
        }
        list.handle(.pointerUp(location: p, time: time))
    }

    /// Runs `steps` (a frame after each), then lets the list come to rest (at most 10 s). - Returns: whether it
    /// did without a failure (then the runner checks the state at rest).
    func runSteps<Step: ChangeStepping>(_ steps: [Step]) -> Bool where Step.Batch == Batch {
        frame()
        for (i, step) in steps.enumerated() where failure == nil {
            stepIndex = i
            switch step.action {
            case let .batch(raw, animated, bad): batch(raw, animated: animated, bad: bad)
            case let .jump(p):
                let lo = scroll.minContentOffset.y, hi = scroll.maxContentOffset.y
                scroll.setContentOffset(Point(x: 0, y: lo + (hi - lo) * Double(p) / 1000), animated: false)
            case let .fling(d, s): fling(distance: d, speed: s)
            case let .frames(n): for _ in 0..<n { frame() }
            }
            frame()
        }
        stepIndex = steps.count
        var settle = 0
        while failure == nil && list.isAnimating && settle < 600 { frame(); settle += 1 }
        guard failure == nil else { return false }
        if list.isAnimating { fail("still animating 10 s after the last step") }
        return failure == nil
    }
}
