// WindowHost's display facts: SDL's refresh rate, CPU-emulated OpenGL, the window's size in SDL's units, and
// whether presenting blocks on the display (and turning the renderer's vsync on or off).

import CSDL2

/// What the window host reads of the display and the renderer: SDL's reported refresh rate, whether a
/// present blocks on the vblank, and whether an OpenGL renderer is emulated on the CPU.
extension WindowHost {
    /// The `GL_RENDERER` string of an OpenGL (or GLES) renderer when that OpenGL is emulated on the CPU
    /// (Mesa's llvmpipe, softpipe or swrast, SwiftShader); nil for real GPUs and other renderers.
    /// SDL's GL renderers leave their context current after creation, so `glGetString` answers.
    static func cpuEmulatedGL(_ renderer: OpaquePointer) -> String? {
        guard RendererInfo(renderer).name.hasPrefix("opengl"),
              let address = SDL_GL_GetProcAddress("glGetString") else { return nil }
        typealias GetString = @convention(c) (UInt32) -> UnsafePointer<UInt8>?
        let glGetString = unsafeBitCast(address, to: GetString.self)
        guard let bytes = glGetString(0x1F01) else { return nil }   // GL_RENDERER
        let name = String(cString: bytes)
        let lowered = name.lowercased()
        return ["llvmpipe", "softpipe", "swrast", "swiftshader"].contains { lowered.contains($0) } ? name : nil
    }

    /// The refresh rate SDL reports for the window's display, 0 when unknown.
    static func refreshRate(of window: OpaquePointer) -> Double {
        var mode = SDL_DisplayMode()
        if SDL_GetWindowDisplayMode(window, &mode) == 0, mode.refresh_rate > 0 {
            return Double(mode.refresh_rate)
        }
        let index = SDL_GetWindowDisplayIndex(window)
        if index >= 0, SDL_GetCurrentDisplayMode(index, &mode) == 0, mode.refresh_rate > 0 {
            return Double(mode.refresh_rate)
        }
        return 0
    }

    /// Presents a few blank frames and tells whether the present really waits for the display:
    /// the median interval must be within 10% of `period` and most of it spent inside the present.
    static func presentsBlock(renderer: OpaquePointer, clock: RealClock, period: Double) -> Bool {
        var intervals: [Double] = []
        var blocked: [Double] = []
        var last = clock.now
        for i in 0..<10 {
            SDL_SetRenderDrawColor(renderer, 0, 0, 0, 255)
            SDL_RenderClear(renderer)
            let before = clock.now
            SDL_RenderPresent(renderer)
            let after = clock.now
            if i >= 2 {   // the first presents may include setup
                intervals.append(after - last)
                blocked.append(after - before)
            }
            last = after
        }
        let interval = FrameStats.percentile(intervals, 50)
        let inside = FrameStats.percentile(blocked, 50)
        return abs(interval - period) < 0.1 * period && inside > 0.5 * period
    }

    /// The window's size in SDL's units for `size` points: pixels at `scale` on X11 (each side 1...16384).
    static func windowSize(_ size: Size, scale: Double) -> (Int32, Int32) {
        let (w, h) = HostOptions(size: size).pixelSafeSize
        guard scale != 1, scale.isFinite, scale > 0 else { return (w, h) }
        func side(_ v: Int32) -> Int32 { Int32(min(max((Double(v) * scale).rounded(), 1), 16_384)) }
        return (side(w), side(h))
    }

    /// Turns the renderer's vsync on or off (only when it changes).
    func setRendererVSync(_ on: Bool) {
        guard on != rendererVSync else { return }
        SDL_RenderSetVSync(renderer, on ? 1 : 0)
        rendererVSync = on
    }

    /// Gives up vsync pacing when presents stop blocking (e.g. the compositor changed): three
    /// presents in a row under a quarter period apart would otherwise run the loop unpaced.
    func checkVSyncStillBlocks(interval: Double) {
        guard usesVSync else { return }
        fastPresents = interval < 0.25 * timeline.duration ? fastPresents + 1 : 0
        if fastPresents >= 3 {
            usesVSync = false
            setRendererVSync(false)
            timeline.pacing = .deadlines
            timeline.restartTimeline()
        }
    }
}
