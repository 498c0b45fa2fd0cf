/// The scroll indicator's opacity: 1 while the list moves, then held 0.5 s and faded over 0.3 s.
struct ScrollIndicatorFade {
    static let hold = 0.5
    static let fade = 0.3
    private var lastMoving: Double?
    private var now = 0.0

    /// Records whether the list moves in the frame shown at `time` (seconds).
    mutating func update(moving: Bool, at time: Double) {
        now = time
        if moving { lastMoving = time }
    }

    /// 0...1.
    var alpha: Double {
        guard let lastMoving else { return 0 }
        let t = (now - lastMoving - Self.hold) / Self.fade
        return t.isNaN ? 0 : min(max(1 - t, 0), 1)
    }

    /// Whether the indicator is still visible (frames are needed to fade it out).
    var isFading: Bool { alpha > 0 }
}
