// RootViewClient: the HostClient that runs one view tree, and AppHost's run(rootView:) on it.

import Motion
import ScrollKit

/// A ``HostClient`` that runs one view tree: the root fills the window, gets every event and frame, and
/// draws; the host sleeps when nothing in the tree moves. What ``AppHost/run(rootView:maxFrames:quitOnEscape:)``
/// uses; make one yourself to add a frame hook (`run(client:maxFrames:beforeFrame:)`).
@MainActor
public final class RootViewClient: HostClient {
    /// The tree's root.
    public let root: ViewNode
    /// Whether Escape ends the run (a key the tree does not otherwise use) while no text field has focus
    /// (a field gets it first).
    public var quitOnEscape: Bool
    private var quit = false
    /// The ``ViewNode/textScaleGeneration`` the tree was laid out at.
    private var textScaleSeen = ViewNode.textScaleGeneration

    public init(root: ViewNode, quitOnEscape: Bool = true) {
        self.root = root
        self.quitOnEscape = quitOnEscape
    }

    public func hostDidResize(to size: Size) { root.frame = Rect(origin: .zero, size: size) }

    public func handle(_ event: InputEvent) {
        if quitOnEscape, case .key(.escape, _, _) = event, root.focusedTextInput == nil { quit = true; return }
        root.handle(event)
    }

    /// Steps the tree; first re-lays it out if ``ViewNode/textScale`` changed since the last frame.
    public func update(_ tick: FrameTick) {
        if ViewNode.textScaleGeneration != textScaleSeen {
            textScaleSeen = ViewNode.textScaleGeneration
            root.textScaleDidChange()
        }
        root.step(tick)
    }
    public func draw(in canvas: DrawingCanvas) { root.draw(in: canvas) }
    public var needsFrames: Bool { root.needsFrames }
    public var wantsQuit: Bool { quit }
    /// The tree, published to assistive technology when one is on.
    public var accessibilityRoot: ViewNode? { root }
    /// The tree's focused text field (`root.focusedTextInput`): the host keeps the platform's text input on
    /// while there is one.
    public var focusedTextInput: (any TextInputClient)? { root.focusedTextInput }
}

extension AppHost {
    /// Runs `rootView` as the whole window (see ``RootViewClient``): it is resized to the window, routes
    /// input through its tree, steps and draws every frame, and lets the host sleep while nothing moves.
    /// Escape ends the run when `quitOnEscape`.
    public func run(rootView: ViewNode, maxFrames: Int? = nil, quitOnEscape: Bool = true) throws {
        try run(client: RootViewClient(root: rootView, quitOnEscape: quitOnEscape), maxFrames: maxFrames, beforeFrame: nil)
    }
}
