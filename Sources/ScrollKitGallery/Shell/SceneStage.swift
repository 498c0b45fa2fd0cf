// SceneStage: the gallery's content area view, drawing the current tab's scene or the error that kept it from
// starting.

import ScrollKit

/// The content area of the gallery's window, a view: it draws the current tab's scene (or the error that
/// kept it from starting) as if the area were a window of its own, the canvas translated to the area's
/// top-left and clipped to it.
///
/// The scene is a `DemoScene`, not a view: it takes the host's events itself. The shell asks the window's
/// hit test whether a pointer lands here (``GalleryShell/handle(_:)``), so the tab bar, the HUD and the
/// help above it decide what is theirs by the tree's own rules.
@MainActor
final class SceneStage: ViewNode, AccessibilityHosting {
    /// The tab whose scene shows.
    weak var tab: GalleryShell.Tab?

    /// The current scene's tree, published to assistive technology as the stage's content.
    var accessibilityHostedRoot: ViewNode? { tab?.scene?.accessibilityRoot }

    override func draw(in canvas: any DrawingCanvas, frame: Rect) {
        guard let tab else { return }
        // Skipped when the scene paints all of it opaquely (the list: one full-screen fill less a frame).
        if !(tab.sceneSize == frame.size && tab.scene?.coversOpaquely(frame.size) == true) {
            canvas.fill(frame, color: GalleryTheme.contentBackground)
        }
        canvas.pushTranslation(dx: frame.minX, dy: frame.minY)
        canvas.pushClip(Rect(origin: .zero, size: frame.size))
        if let scene = tab.scene {
            scene.draw(in: canvas)
        } else {
            drawError(tab.error ?? "", title: tab.title, in: canvas, size: frame.size)
        }
        canvas.popClip()
        canvas.popTranslation()
    }

    private func drawError(_ message: String, title: String, in canvas: DrawingCanvas, size: Size) {
        let card = Rect(x: 24, y: 24, width: max(0, size.width - 48), height: 96)
        GalleryTheme.card(card, in: canvas)
        canvas.drawText("The \(title) scene could not start", in: Rect(x: card.minX + 20, y: card.minY + 16, width: card.width - 40, height: 30),
                        style: TextStyle(size: 17, weight: .bold, color: GalleryTheme.ink), alignment: .leading)
        canvas.drawText(message, in: Rect(x: card.minX + 20, y: card.minY + 50, width: card.width - 40, height: 26),
                        style: TextStyle(size: 14, color: GalleryTheme.bad), alignment: .leading)
    }
}
