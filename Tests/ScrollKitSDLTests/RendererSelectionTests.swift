import Foundation
import Testing
@testable import ScrollKitSDL

/// The window host's renderer rule over observed facts: OpenGL is loaded only where a GPU may be behind it.
@Suite("Renderer selection")
struct RendererSelectionTests {
    typealias Facts = RendererSelection.Facts
    static let setAside = RendererSelection.accelerated(setsAsideEmulatedGL: true)
    static let keepGL = RendererSelection.accelerated(setsAsideEmulatedGL: false)

    @Test("X11 or Wayland without a render node: software, no OpenGL loaded; with one: accelerated, an emulated GL set aside")
    func renderNodeDecides() throws {
        #expect(try RendererSelection.choose(Facts(videoDriver: "x11", hasRenderNode: false)) == .software)
        #expect(try RendererSelection.choose(Facts(videoDriver: "x11", hasRenderNode: true)) == Self.setAside)
        // Wayland: software on ScrollKit's own wl_shm buffers (SDL 2 has no window framebuffer there).
        #expect(try RendererSelection.choose(Facts(videoDriver: "wayland", hasRenderNode: false)) == .software)
        #expect(try RendererSelection.choose(Facts(videoDriver: "wayland", hasRenderNode: true)) == Self.setAside)
        // Not observed (not Linux) or another driver: as before.
        #expect(try RendererSelection.choose(Facts(videoDriver: "x11", hasRenderNode: nil)) == Self.setAside)
        #expect(try RendererSelection.choose(Facts(videoDriver: "cocoa", hasRenderNode: nil)) == Self.setAside)
        #expect(try RendererSelection.choose(Facts(videoDriver: "dummy", hasRenderNode: true)) == .software)
    }

    @Test("X11 with a render node: an X server without DRI3, DRI2 or NV-GLX (Xvfb, Xvnc) means software")
    func xServerDecides() throws {
        #expect(try RendererSelection.choose(Facts(videoDriver: "x11", hasRenderNode: true,
                                                   xServerRendersOnGPU: false)) == .software)
        #expect(try RendererSelection.choose(Facts(videoDriver: "x11", hasRenderNode: true,
                                                   xServerRendersOnGPU: true)) == Self.setAside)
        #expect(try RendererSelection.choose(Facts(videoDriver: "x11", hasRenderNode: true,
                                                   xServerRendersOnGPU: nil)) == Self.setAside)
        #expect(try RendererSelection.choose(Facts(override: "gpu", videoDriver: "x11", hasRenderNode: true,
                                                   xServerRendersOnGPU: false)) == Self.keepGL)
    }

    #if os(Linux)
    /// Without a display there is no answer; under Xvfb (`DISPLAY` set and
    /// `SCROLLKIT_TEST_X_SERVER_GPU=0`, as checked by hand) the answer is no.
    @Test("the X server is asked through libX11, without OpenGL")
    @MainActor
    func xServerQuery() {
        let display = ProcessInfo.processInfo.environment["DISPLAY"] ?? ""
        let answer = RendererSelection.xServerRendersOnGPU()
        if display.isEmpty {
            #expect(answer == nil)
        } else if let expected = ProcessInfo.processInfo.environment["SCROLLKIT_TEST_X_SERVER_GPU"] {
            #expect(answer == (expected == "1"))
        }
    }
    #endif

    @Test("SCROLLKIT_RENDERER forces either path and beats everything else; a bad value is an error")
    func overrideWins() throws {
        #expect(try RendererSelection.choose(Facts(override: "software", videoDriver: "x11", hasRenderNode: true)) == .software)
        #expect(try RendererSelection.choose(Facts(override: "GPU", videoDriver: "x11", hasRenderNode: false)) == Self.keepGL)
        #expect(try RendererSelection.choose(Facts(requested: .software, override: "gpu", videoDriver: "x11",
                                                   hasRenderNode: false)) == Self.keepGL)
        #expect(try RendererSelection.choose(Facts(override: "auto", videoDriver: "x11", hasRenderNode: false)) == .software)
        #expect(try RendererSelection.choose(Facts(override: "", videoDriver: "x11", hasRenderNode: true)) == Self.setAside)
        #expect(throws: SDLError.self) {
            try RendererSelection.choose(Facts(override: "vulkan", videoDriver: "x11", hasRenderNode: true))
        }
    }

    @Test("HostOptions.renderer = .software and SDL_RENDER_DRIVER are kept as before")
    func optionsAndSDLVariable() throws {
        #expect(try RendererSelection.choose(Facts(requested: .software, videoDriver: "x11", hasRenderNode: true)) == .software)
        #expect(try RendererSelection.choose(Facts(sdlRenderDriver: "opengl", videoDriver: "x11", hasRenderNode: false)) == Self.keepGL)
        #expect(try RendererSelection.choose(Facts(sdlRenderDriver: "software", videoDriver: "x11", hasRenderNode: true)) == .software)
    }

    @Test("a render node is a renderD* entry this process may read and write")
    func renderNodeScan() throws {
        let dir = NSTemporaryDirectory() + "scrollkit-dri-\(getpid())"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(!RendererSelection.hasRenderNode(in: dir))
        #expect(!RendererSelection.hasRenderNode(in: dir + "/missing"))
        _ = FileManager.default.createFile(atPath: dir + "/card0", contents: Data())
        #expect(!RendererSelection.hasRenderNode(in: dir))
        _ = FileManager.default.createFile(atPath: dir + "/renderD128", contents: Data())
        #expect(RendererSelection.hasRenderNode(in: dir))
    }
}
