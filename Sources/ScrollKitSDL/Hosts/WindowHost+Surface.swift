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

    /// Keeps a presenter's canvas surface the window's size in pixels, and the canvas on it.
    private func attachCanvas(of presenter: some CanvasPresenter) {
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetWindowSizeInPixels(window, &w, &h)
        if w > 0, h > 0, presenter.resizeCanvas(width: w, height: h) {
            SDL_RenderSetViewport(renderer, nil)   // the renderer's viewport follows its surface's new size
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
    /// Makes ``canvasSurface`` `width` × `height` pixels, in place; returns whether the size changed (the
    /// canvas must then redraw everything).
    func resizeCanvas(width: Int32, height: Int32) -> Bool
}

extension X11Presenter: CanvasPresenter {}
extension WaylandPresenter: CanvasPresenter {}
