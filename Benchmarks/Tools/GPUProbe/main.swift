import CSDL2Probe
import Glibc
import ProbeSupport

// Whether a cached texture would help a GPU renderer (issue 18: "on GPU renderers, full redraws stay;
// measure whether a cached texture helps there too"):
//
//   gpu-probe [FRAMES]          needs a display (DISPLAY, e.g. Xvfb) and an accelerated SDL renderer
//
// A window of 800x600 through SDL's accelerated renderer, paced at 60 Hz, alternating two kinds of frame:
//   present     clear and present: the floor of any frame on this renderer;
//   cached      what a frame drawn by damage would cost there before it draws anything: the last frame
//               (a target texture) copied into a second target with the scrolled region moved by 7 rows
//               (one window's worth of pixels), the exposed strip filled, that target copied to the
//               window, present (two window-sized copies; the targets then swap).
// Prints the renderer (and GL_RENDERER), then per kind the CPU time of the whole process per frame (the
// driver's own threads included) and the wall time, p50 and p99. Compare with the same renderer's whole
// frame (`SCROLLKIT_RENDERER=gpu scrollkit-demo --stats`, "frame cost, CPU time across threads"):
// scripts/measure-window.sh prints both. Exit 2 when there is no display or no accelerated renderer.

let frames = CommandLine.arguments.count > 1 ? Int(CommandLine.arguments[1]) ?? 0 : 600
guard frames >= 2 else {
    print("gpu-probe: FRAMES must be a whole number of 2 or more")
    exit(2)
}
guard SDL_Init(SDL_INIT_VIDEO) == 0 else {
    print("gpu-probe: no display: \(String(cString: SDL_GetError()))")
    exit(2)
}
let width: Int32 = 800, height: Int32 = 600
let regionTop: Int32 = 147, delta: Int32 = 7   // the list scene's scrolled region; a fling's rows a frame
SDL_SetHint(SDL_HINT_RENDER_VSYNC, "0")
guard let window = SDL_CreateWindow("gpu-probe", 0, 0, width, height, SDL_WINDOW_SHOWN.rawValue),
      let renderer = SDL_CreateRenderer(window, -1, SDL_RENDERER_ACCELERATED.rawValue | SDL_RENDERER_TARGETTEXTURE.rawValue)
else {
    print("gpu-probe: no accelerated renderer: \(String(cString: SDL_GetError()))")
    exit(2)
}
var info = SDL_RendererInfo()
SDL_GetRendererInfo(renderer, &info)
let name = String(cString: info.name)
guard name != "software" else {
    print("gpu-probe: SDL gave its software renderer, not an accelerated one")
    exit(2)
}
var glName = ""
if name.hasPrefix("opengl"), let address = SDL_GL_GetProcAddress("glGetString") {
    typealias GetString = @convention(c) (UInt32) -> UnsafePointer<UInt8>?
    if let bytes = unsafeBitCast(address, to: GetString.self)(0x1F01) { glName = String(cString: bytes) }   // GL_RENDERER
}
guard var front = SDL_CreateTexture(renderer, SDL_PIXELFORMAT_ARGB8888.rawValue, Int32(SDL_TEXTUREACCESS_TARGET.rawValue), width, height),
      var back = SDL_CreateTexture(renderer, SDL_PIXELFORMAT_ARGB8888.rawValue, Int32(SDL_TEXTUREACCESS_TARGET.rawValue), width, height)
else {
    print("gpu-probe: the renderer has no target textures: \(String(cString: SDL_GetError()))")
    exit(2)
}
// Something to move: stripes of rows in the first target.
SDL_SetRenderTarget(renderer, front)
for y in stride(from: Int32(0), to: height, by: 20) {
    SDL_SetRenderDrawColor(renderer, UInt8(truncatingIfNeeded: y), 200, 255 &- UInt8(truncatingIfNeeded: y), 255)
    var r = SDL_Rect(x: 0, y: y, w: width, h: 20)
    SDL_RenderFillRect(renderer, &r)
}
SDL_SetRenderTarget(renderer, nil)

func presentOnly() {
    SDL_SetRenderDrawColor(renderer, 242, 242, 247, 255)
    SDL_RenderClear(renderer)
    SDL_RenderPresent(renderer)
}

func cachedFrame() {
    SDL_SetRenderTarget(renderer, back)
    var top = SDL_Rect(x: 0, y: 0, w: width, h: regionTop)
    SDL_RenderCopy(renderer, front, &top, &top)                        // what did not move
    let h = height - regionTop - delta
    var src = SDL_Rect(x: 0, y: regionTop + delta, w: width, h: h)
    var dst = SDL_Rect(x: 0, y: regionTop, w: width, h: h)
    SDL_RenderCopy(renderer, front, &src, &dst)                        // the scrolled region, moved
    SDL_SetRenderDrawColor(renderer, 255, 255, 255, 255)
    var strip = SDL_Rect(x: 0, y: height - delta, w: width, h: delta)
    SDL_RenderFillRect(renderer, &strip)                               // stands for the exposed strip's drawing
    SDL_SetRenderTarget(renderer, nil)
    SDL_RenderCopy(renderer, back, nil, nil)                           // to the window
    SDL_RenderPresent(renderer)
    swap(&front, &back)
}

var cpu: [[Double]] = [[], []], wall: [[Double]] = [[], []]
let period = 1000.0 / 60
var deadline = now() + period
for i in 0..<(frames + 60) {                                           // 60 warm-up frames
    while now() < deadline { usleep(UInt32(max(50, (deadline - now()) * 1000 - 100))) }
    deadline += period
    var event = SDL_Event()
    while SDL_PollEvent(&event) != 0 {}
    let kind = i % 2
    let c0 = processCPUTime(), t0 = now()
    if kind == 0 { presentOnly() } else { cachedFrame() }
    let c1 = processCPUTime(), t1 = now()
    if i >= 60 {
        cpu[kind].append(c1 - c0)
        wall[kind].append(t1 - t0)
    }
}
for k in 0..<2 { cpu[k].sort(); wall[k].sort() }
func ms(_ v: Double) -> String {
    let s = String(Int((v * 1000).rounded()))
    let padded = String(repeating: "0", count: max(0, 4 - s.count)) + s
    return padded.dropLast(3) + "." + padded.suffix(3) + " ms"
}
print("gpu-probe: renderer \(name)\(glName.isEmpty ? "" : " (GL_RENDERER \(glName))"), \(width)x\(height), \(frames / 2) frames of each kind at 60 Hz")
for (k, label) in ["present", "cached"].enumerated() {
    print("\(label): CPU p50 \(ms(percentile(cpu[k], 0.5))), p99 \(ms(percentile(cpu[k], 0.99))); "
          + "wall p50 \(ms(percentile(wall[k], 0.5))), p99 \(ms(percentile(wall[k], 0.99)))")
}
SDL_DestroyTexture(front)
SDL_DestroyTexture(back)
SDL_DestroyRenderer(renderer)
SDL_DestroyWindow(window)
SDL_Quit()
