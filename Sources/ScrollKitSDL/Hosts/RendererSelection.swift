// RendererSelection: how a window host chooses its renderer before any exists (OpenGL only where a GPU may be).

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How a window host chooses its renderer, decided before any renderer exists, so that an OpenGL
/// driver is loaded only where a real GPU may be behind it.
///
/// Mesa's CPU-emulated OpenGL (llvmpipe with libLLVM, about 70 MB mapped) is slower than SDL's
/// software renderer with the canvas's direct compositing, so a host that loads it only to set it
/// aside pays its memory for nothing. The rule, in order:
///
/// Once loaded, the driver cannot be released: SDL unloads libGL with its last OpenGL window, but glvnd
/// keeps Mesa's vendor library (and with it llvmpipe and libLLVM) mapped until exit.
///
/// 1. `SCROLLKIT_RENDERER=software` forces SDL's software renderer (no OpenGL is ever loaded);
///    `SCROLLKIT_RENDERER=gpu` forces the accelerated renderer SDL picks, kept even when its OpenGL is
///    emulated on the CPU. `auto`, empty or unset: the rules below (another value is an error).
/// 2. `HostOptions.renderer == .software`: software.
/// 3. `SDL_RENDER_DRIVER` set: that renderer, as SDL creates it ("software" goes straight to
///    software; any other is kept, emulated or not, as before).
/// 4. The `dummy` video driver: software (it has no OpenGL).
/// 5. X11 or Wayland on Linux: no DRM render node (`/dev/dri/renderD*`) that this process may open for reading
///    and writing means no GPU the display could use (containers, VMs without 3D, CI, Xvfb on such a
///    machine), so any OpenGL would be emulated on the CPU: software, without loading it (SDL's X11
///    driver presents a software window through MIT-SHM, no OpenGL). This is the one fact read from
///    the machine: a directory listing and an `access(2)` per node. On Wayland, where SDL 2 has no
///    window framebuffer, the software renderer draws into a surface of ScrollKit's own that it shows from
///    wl_shm buffers (``WindowHost``'s Wayland presenter; if that cannot open, the accelerated renderer).
/// 6. X11 whose server offers none of the extensions through which a client renders on a GPU (`DRI3`,
///    `DRI2`, NVIDIA's `NV-GLX`), such as Xvfb or Xvnc, even on a machine with a GPU: its OpenGL could
///    only be emulated, so software. Asked of the X server over a connection of its own through the
///    libX11 that SDL already loaded (three `XQueryExtension` calls), still without OpenGL.
/// 7. Otherwise (a GPU the display can use, or not Linux): the accelerated renderer. If its OpenGL turns out to
///    be emulated on the CPU anyway (Xvfb or a remote X display on a machine with a GPU), it is set
///    aside and released: the window is made again without OpenGL, which unloads the GL library.
public enum RendererSelection: Sendable, Hashable {
    /// SDL's software renderer into the window surface; no OpenGL is loaded.
    case software
    /// SDL's accelerated renderer; `setsAsideEmulatedGL`: replace it by the software renderer (and
    /// release the GL driver) when its OpenGL is emulated on the CPU.
    case accelerated(setsAsideEmulatedGL: Bool)

    /// What the rule looks at (each one cheap to observe, none needing OpenGL).
    public struct Facts: Sendable, Hashable {
        /// `HostOptions.renderer`.
        public var requested: HostOptions.Renderer
        /// `SCROLLKIT_RENDERER`, nil when unset.
        public var override: String?
        /// `SDL_RENDER_DRIVER`, nil when unset.
        public var sdlRenderDriver: String?
        /// The SDL video driver ("x11", "wayland", "dummy", …).
        public var videoDriver: String
        /// Linux: whether a DRM render node can be opened; nil elsewhere (not observed).
        public var hasRenderNode: Bool?
        /// X11: whether the X server offers DRI3, DRI2 or NV-GLX; nil when not asked or not answered.
        public var xServerRendersOnGPU: Bool?

        public init(requested: HostOptions.Renderer = .automatic, override: String? = nil,
                    sdlRenderDriver: String? = nil, videoDriver: String, hasRenderNode: Bool?,
                    xServerRendersOnGPU: Bool? = nil) {
            self.requested = requested
            self.override = override
            self.sdlRenderDriver = sdlRenderDriver
            self.videoDriver = videoDriver
            self.hasRenderNode = hasRenderNode
            self.xServerRendersOnGPU = xServerRendersOnGPU
        }
    }

    /// The name of the override variable.
    public static let overrideVariable = "SCROLLKIT_RENDERER"

    /// The rule above, over observed facts (pure: tested without a display).
    /// - Throws: ``SDLError`` for an override value other than software, gpu, auto or empty.
    public static func choose(_ facts: Facts) throws -> RendererSelection {
        switch facts.override?.lowercased() {
        case "software": return .software
        case "gpu": return .accelerated(setsAsideEmulatedGL: false)
        case nil, "", "auto": break
        case let other?:
            throw SDLError("\(overrideVariable)=\(other) is not a renderer (software, gpu or auto)",
                           path: nil, sdlMessage: "")
        }
        if facts.requested == .software { return .software }
        if let driver = facts.sdlRenderDriver, !driver.isEmpty {
            return driver.lowercased() == "software" ? .software : .accelerated(setsAsideEmulatedGL: false)
        }
        if facts.videoDriver == "dummy" { return .software }
        if facts.videoDriver == "x11" || facts.videoDriver == "wayland", facts.hasRenderNode == false { return .software }
        if facts.videoDriver == "x11" && facts.xServerRendersOnGPU == false { return .software }
        return .accelerated(setsAsideEmulatedGL: true)
    }

    /// The facts of this process and machine, for a session running `videoDriver`. Each is observed
    /// only when the rules before it leave the choice open (the X server is asked last).
    static func observedFacts(requested: HostOptions.Renderer, videoDriver: String) -> Facts {
        func variable(_ name: String) -> String? { getenv(name).map { String(cString: $0) } }
        var facts = Facts(requested: requested, override: variable(overrideVariable),
                          sdlRenderDriver: variable("SDL_RENDER_DRIVER"), videoDriver: videoDriver, hasRenderNode: nil)
        #if os(Linux)
        guard (try? choose(facts)) == .accelerated(setsAsideEmulatedGL: true),
              videoDriver == "x11" || videoDriver == "wayland" else { return facts }
        facts.hasRenderNode = hasRenderNode()
        if facts.hasRenderNode == true, videoDriver == "x11" { facts.xServerRendersOnGPU = xServerRendersOnGPU() }
        #endif
        return facts
    }

    #if os(Linux)
    /// Whether the X server of `DISPLAY` offers DRI3, DRI2 or NV-GLX; nil when it cannot be asked
    /// (libX11 not loaded, no connection). Uses the libX11 SDL's X11 driver loaded, on a connection
    /// of its own that is closed at once.
    static func xServerRendersOnGPU() -> Bool? {
        guard let lib = dlopen("libX11.so.6", RTLD_LAZY | RTLD_NOLOAD) ?? dlopen("libX11.so.6", RTLD_LAZY) else { return nil }
        defer { dlclose(lib) }
        typealias Open = @convention(c) (UnsafePointer<CChar>?) -> OpaquePointer?
        typealias Close = @convention(c) (OpaquePointer?) -> Int32
        typealias Query = @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, UnsafeMutablePointer<Int32>?,
                                          UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<Int32>?) -> Int32
        guard let openSym = dlsym(lib, "XOpenDisplay"), let closeSym = dlsym(lib, "XCloseDisplay"),
              let querySym = dlsym(lib, "XQueryExtension") else { return nil }
        let open = unsafeBitCast(openSym, to: Open.self)
        let close = unsafeBitCast(closeSym, to: Close.self)
        let query = unsafeBitCast(querySym, to: Query.self)
        guard let display = open(nil) else { return nil }
        defer { _ = close(display) }
        var opcode: Int32 = 0, event: Int32 = 0, error: Int32 = 0
        let names: [String] = ["DRI3", "DRI2", "NV-GLX"]
        return names.contains { name in query(display, name, &opcode, &event, &error) != 0 }
    }
    #endif

    /// Whether `directory` holds a DRM render node (`renderD*`) this process may read and write.
    static func hasRenderNode(in directory: String = "/dev/dri") -> Bool {
        guard let dir = opendir(directory) else { return false }
        defer { closedir(dir) }
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(cString: raw.bindMemory(to: CChar.self).baseAddress!)
            }
            if name.hasPrefix("renderD"), access(directory + "/" + name, R_OK | W_OK) == 0 { return true }
        }
        return false
    }
}
