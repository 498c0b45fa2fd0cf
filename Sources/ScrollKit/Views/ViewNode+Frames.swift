// ViewNode+Frames: the walks of the tree that say whether it needs frames (any motion, fades included) and whether
// it is idle (nothing but ambient animations such as a caret's blink).

extension ViewNode {
    /// Whether the tree needs frames for anything: ``isAnimating`` (motion), or a scroll indicator still
    /// fading out after the motion ended (``ScrollingView/isIndicatorFading``). A host that sleeps at rest
    /// should ask this (``isAnimating`` alone leaves a fading indicator half-faded until the next input).
    /// One walk of the tree: the ``isAnimating`` walk, in which each scroll view also counts its fade.
    public var needsFrames: Bool {
        let outer = ViewNode.walkCountsFades
        ViewNode.walkCountsFades = true
        defer { ViewNode.walkCountsFades = outer }
        return isAnimating
    }

    /// Whether the tree is idle: it needs no frames but for ambient animations (``hasAmbientAnimation``: a
    /// focused field's caret blinking). What a test waits for before it looks (ScrollKitTesting's
    /// `TestApp.settle()`), as XCTest's wait for an idle app does not count a blinking caret; a host still
    /// draws ambient animations (``needsFrames`` counts them).
    public var isIdle: Bool { ViewNode.ignoringAmbientAnimations { !needsFrames } }

    /// Evaluates `body` with ambient animations left out of every ``isAnimating`` and ``needsFrames`` walk in
    /// it: how a client whose frames come from view trees tells that it is idle (ScrollKitSDL's
    /// `HostClient.isIdle`).
    public static func ignoringAmbientAnimations<T>(_ body: () throws -> T) rethrows -> T {
        let outer = walkCountsAmbient
        walkCountsAmbient = false
        defer { walkCountsAmbient = outer }
        return try body()
    }

    /// Internal: true during a ``needsFrames`` walk, in which a scroll view's ``isAnimating`` also counts an
    /// indicator fading out (so that the one walk answers both questions).
    static var walkCountsFades = false

    /// Internal: false during an ``ignoringAmbientAnimations(_:)`` walk, in which ``hasAmbientAnimation`` does
    /// not count.
    static var walkCountsAmbient = true
}
