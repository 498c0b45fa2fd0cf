/// `--soak SECONDS`: random input for that much simulated time, invariants checked every frame.
///
/// - Input (seeded by `--seed`, same seed → same run): drags and flings, wheel bursts, scroll keys,
///   timed scroll-tos and scroll-to-items with random durations (0–3 s) and random named curves,
///   resizes (including tiny ones: 1x1 … 40x40, and back), pauses that let motion settle, and, in
///   the list scene, changes of the item count (to 0, 1, a few, a random count, and back to `--items`).
///   Pointer input stays below the gallery's tab bar, so the scene never changes.
/// - Checks after every frame's update (any scene): offset and velocity finite. List scene also:
///   the offset within its range plus the maximum overscroll (one viewport, plus whatever a
///   resize or a count change left past the edge until it is back in range at rest or in a
///   drag: a timed scroll that starts out there may come back out as far as its start), the visible rows
///   exactly those intersecting the viewport, and every completion of the soak's own scroll-tos
///   fired exactly once (the last ones are ended with `stopMotion()` at the end of the run).
/// - Drawing: every `drawEvery`-th frame only (default 10), so that an hour of simulated time
///   (216,000 frames at 60 Hz) takes minutes; the host still clears and presents every frame.
/// - Memory: the resident set size is read after warm-up (the first `min(65,536, frames / 2)`
///   frames: the host's frame-statistics ring holds 65,536 samples and is full after that many)
///   and at every tenth of the run and at the end, all at the `--size` window size (the soak resizes back to it just before: the
///   framebuffer follows the window size), and the largest reading in between (every 1,000 frames,
///   at whatever size the window then has) is reported too.
package struct SoakOptions: Sendable, Equatable {
    // Accepted values: `OptionRanges.soakSeconds` and `OptionRanges.soakDrawEvery`.
    /// `--soak-draw-every` when not given.
    package static let defaultDrawEvery = 10

    /// Simulated seconds.
    var seconds: Double
    /// Draw one frame in this many.
    var drawEvery: Int = SoakOptions.defaultDrawEvery

    package init(seconds: Double, drawEvery: Int = SoakOptions.defaultDrawEvery) {
        self.seconds = seconds
        self.drawEvery = drawEvery
    }

    /// Frames for `seconds` at `hz` (at least 1).
    func frameCount(hz: Double) -> Int { max(1, Int((seconds * hz).rounded())) }
}
