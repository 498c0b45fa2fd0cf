// WindowHost's window surface: pointing the software canvas at the surface SDL's software renderer draws into (or
// at a presenter's canvas surface: X11 Present's pixmap, Wayland's canvas).

import CSDL2

extension WindowHost {
    /// Points the canvas's software fast path at the window surface, for a software renderer.
    ///
    /// SDL's software renderer for a window draws into `SDL_GetWindowSurface(window)`. A resize
    /// invalidates that surface: the next `SDL_GetWindowSurface` (by this or by the renderer, on its
    /// next draw) frees it and makes a new one, and the renderer draws into the new one. So this runs
    /// after every resize and before every frame is drawn, and the canvas never writes into a freed
    /// surface. O(1) when nothing changed. Hardware renderers: nothing (no window surface is made).
    func attachWindowSurface() {
        guard isSoftwareRenderer else { return }
        if let waylandPresenter { attachCanvas(of: waylandPresenter); return }
        if let kmsPresenter {
            kmsPresenter.prepareBackBuffer(stats: &stats)   // the canvas draws into a buffer not on screen
            attachCanvas(of: kmsPresenter)
            return
        }
        if let x11Canvas {
            attachCanvas(of: x11Canvas)
            presenter?.awaitCanvasIdle(into: &stats)   // never draw into pixels the X server still reads
            return
        }
        guard SDL_GetRenderTarget(renderer) == nil, let surface = SDL_GetWindowSurface(window) else {
            canvas.attachSoftwareTarget(nil)
            return
        }
        if surface == attachedSurface && canvas.isCompositingDirectly { return }
        // Only when the renderer really draws into this surface: same size as its output.
        var w: Int32 = 0, h: Int32 = 0
        let sameSize = SDL_GetRendererOutputSize(renderer, &w, &h) == 0
            && w == surface.pointee.w && h == surface.pointee.h
        canvas.attachSoftwareTarget(sameSize ? surface : nil)
        attachedSurface = canvas.isCompositingDirectly ? surface : nil
    }

    /// Keeps a presenter's canvas surface the window's size in pixels, and the canvas on it. A new size is a
    /// new surface (a surface's size is read-only to SDL's users), so the software renderer is made again on
    /// it and the canvas moves onto that renderer; the old surface is freed once no renderer draws into it.
    private func attachCanvas(of presenter: some CanvasPresenter) {
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetWindowSizeInPixels(window, &w, &h)
        if w > 0, h > 0, let retired = presenter.resizeCanvas(width: w, height: h) {
            if let made = SDL_CreateSoftwareRenderer(presenter.canvasSurface) {
                canvas.rebind(renderer: made)
                SDL_DestroyRenderer(renderer)
                renderer = made
                SDL_FreeSurface(retired)
            }   // else (out of memory) the old renderer keeps drawing into the old surface, which stays
            canvas.setNeedsFullRedraw()
        }
        if attachedSurface != presenter.canvasSurface || !canvas.isCompositingDirectly {
            canvas.attachSoftwareTarget(presenter.canvasSurface)
            attachedSurface = canvas.isCompositingDirectly ? presenter.canvasSurface : nil
        }
    }
}

/// A presenter whose canvas surface the window's software renderer draws into (X11 Present's shared-memory
/// pixmap, the Wayland presenter's canvas): the window host keeps it the window's size in pixels.
@MainActor
protocol CanvasPresenter: AnyObject {
    /// The surface the canvas draws into.
    var canvasSurface: UnsafeMutablePointer<SDL_Surface> { get }
    /// Makes ``canvasSurface`` a new `width` × `height` surface when the size changed, and returns the one it
    /// replaced (its pixels stay valid until the caller frees it, with `SDL_FreeSurface`, once no renderer
    /// draws into it); nil when the size is the same or the new one cannot be made.
    func resizeCanvas(width: Int32, height: Int32) -> UnsafeMutablePointer<SDL_Surface>?
}

extension X11Presenter: CanvasPresenter {}
extension WaylandPresenter: CanvasPresenter {}
extension KMSPresenter: CanvasPresenter {
    /// The mode's size is the canvas's for the whole run: never a new surface.
    func resizeCanvas(width: Int32, height: Int32) -> UnsafeMutablePointer<SDL_Surface>? { nil }
}
