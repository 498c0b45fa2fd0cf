// RootViewClient: the HostClient that runs one view tree, and AppHost's run(rootView:) on it.

import Motion
import ScrollKit

/// A ``HostClient`` that runs one view tree: the root fills the window, gets every event and frame, and
/// draws; the host sleeps when nothing in the tree moves. What ``AppHost/run(rootView:maxFrames:quitOnBack:)``
/// uses; make one yourself to add a frame hook (`run(client:maxFrames:beforeFrame:)`).
@MainActor
public final class RootViewClient: HostClient {
    /// The tree's root.
    public let root: ViewNode
    /// Whether a Back the tree does not take (Escape or the Back key with no presentation to dismiss, no stack
    /// to pop, nothing focused using it, and the root's `onBack` saying no) ends the run. Off by default: Back
    /// is the tree's (``ScrollKit/ViewNode/performBack()``), and a car's Back key must not close the app.
    public var quitOnBack: Bool
    private var quit = false
    /// The ``ViewNode/textScaleGeneration`` the tree was laid out at.
    private var textScaleSeen = ViewNode.textScaleGeneration

    public init(root: ViewNode, quitOnBack: Bool = false) {
        self.root = root
        self.quitOnBack = quitOnBack
    }

    /// The same, with the old name.
    @available(*, deprecated, renamed: "init(root:quitOnBack:)", message: "Escape is the Back command now; an unhandled Back quits only with quitOnBack")
    public convenience init(root: ViewNode, quitOnEscape: Bool) { self.init(root: root, quitOnBack: quitOnEscape) }

    public func hostDidResize(to size: Size) { root.frame = Rect(origin: .zero, size: size) }

    public func handle(_ event: InputEvent) {
        root.handle(event)
        if quitOnBack, case .key(let key, _, _) = event, key == .escape || key == .back, root.lastBackWentUnhandled { quit = true }
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
    /// Escape and the Back key are the tree's Back (``ScrollKit/ViewNode/performBack()``: a sheet is dismissed, a
    /// stack pops); one the tree does not take ends the run only when `quitOnBack`.
    public func run(rootView: ViewNode, maxFrames: Int? = nil, quitOnBack: Bool = false) throws {
        try run(client: RootViewClient(root: rootView, quitOnBack: quitOnBack), maxFrames: maxFrames, beforeFrame: nil)
    }

    /// The same, with the old name.
    @available(*, deprecated, renamed: "run(rootView:maxFrames:quitOnBack:)", message: "Escape is the Back command now; an unhandled Back quits only with quitOnBack")
    public func run(rootView: ViewNode, maxFrames: Int? = nil, quitOnEscape: Bool) throws {
        try run(rootView: rootView, maxFrames: maxFrames, quitOnBack: quitOnEscape)
    }
}
