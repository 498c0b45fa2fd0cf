// PresentRects: the changed rectangles a presenter (X Present, Wayland) hands its C side, flattened, and whether
// the next present owes the whole frame.

import ScrollKitDamage

/// The changed rectangles of a frame as the presenters' C functions take them: (x, y, w, h) Int32s in a
/// buffer kept across frames (no allocation once grown), or none for the whole frame.
struct PresentRects {
    /// The packed rectangles (4 values each), valid after ``pack(_:)``.
    private(set) var flat: [Int32] = []
    /// A frame was not presented (every buffer busy) or the buffers were replaced: the next present sends
    /// the whole frame.
    var owesWholeFrame: Bool

    /// Most rectangles sent one by one; more are sent as the whole frame.
    static let limit = 128

    init(owesWholeFrame: Bool) {
        self.owesWholeFrame = owesWholeFrame
        flat.reserveCapacity(4 * Self.limit)
    }

    /// Packs `rects` (nil: the whole frame). Returns how many to send (0: the whole frame), or nil when
    /// nothing changed and there is nothing to present.
    mutating func pack(_ rects: [PixelRect]?) -> Int32? {
        guard let rects, !owesWholeFrame, rects.count <= Self.limit else { return 0 }
        if rects.isEmpty { return nil }
        flat.removeAll(keepingCapacity: true)
        for r in rects { flat.append(r.x); flat.append(r.y); flat.append(r.w); flat.append(r.h) }
        return Int32(rects.count)
    }
}
