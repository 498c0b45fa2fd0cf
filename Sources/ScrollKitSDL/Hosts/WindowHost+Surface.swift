// WindowHost's window surface: pointing the software canvas at the surface SDL's software renderer draws into (or,
// on Wayland, at ScrollKit's own canvas surface).

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
        if let waylandPresenter { attachWaylandSurface(waylandPresenter); return }
        if let x11Canvas { attachX11Surface(x11Canvas); return }
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
}
