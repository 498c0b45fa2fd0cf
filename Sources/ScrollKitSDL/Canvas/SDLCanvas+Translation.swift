// SDLCanvas's translation stack: pushTranslation, popTranslation and the sum in force.

import ScrollKit

// Translations: a stack of sums in points. Every drawing call adds the current sum (`tx`, `ty`) to
// its coordinates before multiplying by the pixel scale, so a translated shape lands on exactly the
// pixels it would cover if drawn at the moved coordinates without a translation.
extension SDLCanvas {
    /// Moves the origin of the calls that follow (shapes, text, images, `pushClip` rects) by `dx`,
    /// `dy` points, on top of the translation in force. NaN or infinite components count as 0.
    /// Clips already pushed stay where they are. O(1); no allocation below 16 nested translations.
    public func pushTranslation(dx: Double, dy: Double) {
        if damage.isRecording { return damage.pushTranslation(dx: dx, dy: dy) }   // its state while it records
        translationStack.append(SIMD2(tx, ty))
        if dx.isFinite { tx += dx }
        if dy.isFinite { ty += dy }
    }

    /// Restores the translation in force before the matching `pushTranslation(dx:dy:)`. Without one,
    /// does nothing.
    public func popTranslation() {
        if damage.isRecording { return damage.popTranslation() }
        guard let previous = translationStack.popLast() else { return }
        tx = previous.x
        ty = previous.y
    }

    /// The sum of the translations in force, in points (zero when none).
    public var currentTranslation: Point { damage.isRecording ? damage.currentTranslation : Point(x: tx, y: ty) }

    /// How many translations are pushed.
    public var translationDepth: Int { damage.isRecording ? damage.translationDepth : translationStack.count }

    func resetTranslation() {
        translationStack.removeAll(keepingCapacity: true)
        tx = 0
        ty = 0
    }
}
