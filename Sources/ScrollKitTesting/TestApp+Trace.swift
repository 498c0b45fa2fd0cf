// Recording a TestApp's per-frame trace: the columns of `scrollkit-demo --trace`, sampled after each frame's draw
// from the app's main scroll view (or a sampler of the test's own), with each frame's cost.

import Motion
import ScrollKit
import ScrollKitSDL

extension TestApp {
    /// Runs `body` (gestures, pumps, settles) and records a row for every frame it runs: the columns of
    /// ``TraceFormat``, as `scrollkit-demo --trace` writes them, sampled after the frame's draw, with the
    /// frame's CPU cost (``FrameTrace/frameCosts``).
    ///
    /// `sampling` says what a frame reports (a ``TraceSample``); by default ``mainTraceSample()``: the first list
    /// (else scroll view) of the tree, the focused text field, a navigation stack's depth.
    public func recordTrace(sampling: (@MainActor () -> TraceSample)? = nil,
                            _ body: (TestApp) throws -> Void) rethrows -> FrameTrace {
        let sample = sampling ?? { [unowned self] in mainTraceSample() }
        var lines: [String] = []
        var indices: [Int] = []
        let outer = onFrameDrawn
        onFrameDrawn = { tick in
            outer?(tick)
            lines.append(TraceFormat.row(tick, sample()))
            indices.append(tick.index)
        }
        defer { onFrameDrawn = outer }
        try body(self)
        let rows = TraceFormat.records(lines.joined(separator: "\n"))
        var cost: [Int: Double] = [:]
        for s in host.stats.samples.suffix(indices.count + 16) { cost[s.index] = s.cost }
        let costs = indices.map { cost[$0] ?? .nan }
        return FrameTrace(rows: rows, frameCosts: costs, period: 1 / hz)
    }

    /// What the default trace samples: the first ``ListView`` in the tree (depth first; a navigation stack's
    /// top screen only), else the first ``ScrollingView``, as the main scroll view; the focused text field's
    /// text, selection and composition; the navigation stack's depth.
    public func mainTraceSample() -> TraceSample {
        var sample = TraceSample.neutral
        var depth = 0
        func find(_ node: ViewNode) -> ViewNode? {
            if node is ListView || node is ScrollingView { return node }
            if let stack = node as? NavigationStackView {
                if depth == 0 { depth = stack.depth }
                return find(stack.topScreen)
            }
            for child in node.subviews { if let found = find(child) { return found } }
            return nil
        }
        if let root, let main = find(root) {
            if let list = main as? ListView {
                sample = TraceSample(list: list)
            } else if let scroll = main as? ScrollingView {
                sample = TraceSample(offset: scroll.contentOffset, velocity: scroll.velocity, phase: scroll.phase,
                                     viewportSize: scroll.frame.size, contentSize: scroll.contentSize)
                sample.zoomScale = scroll.zoomScale
            }
        }
        sample.navigationDepth = depth
        if let field = client.focusedTextInput { sample.fillText(from: field) }
        return sample
    }
}

/// What a ``TestApp``'s host runs: the app's client, told of its size only when it changes (a headless host
/// tells it at the start of every run, that is every pump), and `afterDraw` called with each frame's tick once
/// it is drawn.
@MainActor
final class ObservedClient: HostClient {
    let client: any HostClient
    var afterDraw: (@MainActor (FrameTick) -> Void)?
    private var tick: FrameTick?
    private var size: Size?

    init(_ client: any HostClient) {
        self.client = client
    }

    func hostDidResize(to size: Size) {
        guard size != self.size else { return }
        self.size = size
        client.hostDidResize(to: size)
    }
    func handle(_ event: InputEvent) { client.handle(event) }
    func update(_ tick: FrameTick) {
        self.tick = tick
        client.update(tick)
    }
    func draw(in canvas: DrawingCanvas) {
        client.draw(in: canvas)
        if let tick, let afterDraw { afterDraw(tick) }
        tick = nil
    }
    var needsFrames: Bool { client.needsFrames }
    var wantsQuit: Bool { client.wantsQuit }
    var accessibilityRoot: ViewNode? { client.accessibilityRoot }
    var focusedTextInput: (any TextInputClient)? { client.focusedTextInput }
}
