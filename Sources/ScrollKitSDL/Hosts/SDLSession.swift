// SDLSession: SDL's video subsystem, shared by every host of the process.

import CSDL2
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// SDL's video subsystem, shared by every host of the process: started by the first host,
/// stopped (`SDL_QuitSubSystem`) when the last one goes away.
///
/// SDL picks one video driver per process, so hosts that need different drivers cannot live at the
/// same time: a headless host while a window is open (or the reverse) is an error, not a surprise.
/// One after the other is fine.
///
/// - Headless sessions force SDL's `dummy` driver with `SDL_SetHintWithPriority(SDL_HINT_VIDEODRIVER,
///   "dummy", SDL_HINT_OVERRIDE)` before `SDL_InitSubSystem`; the override beats an `SDL_VIDEODRIVER`
///   variable and, unlike `setenv`, does not leak into a later window host of the same process.
///   Without it and without a display, SDL would try Wayland, print an `XDG_RUNTIME_DIR` error and load
///   EGL for its offscreen driver.
/// - Display sessions use `SDL_VIDEODRIVER` when it is set, else SDL's own choice. On Linux with
///   neither `DISPLAY` nor `WAYLAND_DISPLAY` set, they fail at once with a clear message.
@MainActor
public final class SDLSession {
    /// Which kind of video driver a session needs.
    public enum Video: Sendable, Hashable {
        /// SDL's `dummy` driver: no display, no input, software rendering on memory surfaces.
        case headless
        /// A real display (X11 or Wayland on Linux), or whatever `SDL_VIDEODRIVER` names.
        case display
        /// One SDL video driver by name ("x11", "wayland", "offscreen", …).
        case driver(String)
    }

    /// The kind of video this session holds.
    public let video: Video
    /// The driver SDL is running (`SDL_GetCurrentVideoDriver()`), e.g. "x11" or "dummy".
    public let driverName: String

    private static var users = 0
    private static var running: (video: Video, driver: String)?

    /// Starts SDL's video subsystem for `video`, or joins the running one.
    /// - Throws: ``SDLError`` with `SDL_GetError()`'s text when SDL cannot start (an unknown or
    ///   unavailable driver, no X server…); ``SDLError`` when SDL already runs another driver in
    ///   this process, or (Linux) no display is available for ``Video/display``.
    public init(video: Video) throws {
        let wanted: String?
        switch video {
        case .headless: wanted = "dummy"
        case .driver(let name): wanted = name
        case .display: wanted = nil
        }
        if let running = Self.running {
            guard Self.compatible(wanted: wanted, running: running.driver) else {
                throw SDLError(
                    "SDL is already running the '\(running.driver)' video driver in this process; "
                        + "close the other host first", path: nil, sdlMessage: "")
            }
            guard SDL_InitSubSystem(SDL_INIT_VIDEO) == 0 else {
                throw SDLError("SDL could not start its video subsystem")
            }
            self.video = video
            driverName = running.driver
            Self.users += 1
            return
        }
        if SDL_WasInit(SDL_INIT_VIDEO) != 0 {
            // Started by other code of this process: SDL counts the users; the driver cannot change.
            let current = SDL_GetCurrentVideoDriver().map { String(cString: $0) } ?? "unknown"
            guard Self.compatible(wanted: wanted, running: current) else {
                throw SDLError(
                    "SDL is already running the '\(current)' video driver in this process; "
                        + "cannot start '\(wanted ?? "a display")'", path: nil, sdlMessage: "")
            }
        }
        if let wanted {
            SDL_SetHintWithPriority(SDL_HINT_VIDEODRIVER, wanted, SDL_HINT_OVERRIDE)
        } else {
            SDL_ResetHint(SDL_HINT_VIDEODRIVER)
            if let problem = Self.missingDisplay() {
                throw SDLError(problem, path: nil, sdlMessage: "")
            }
        }
        SDL_ClearError()
        guard SDL_InitSubSystem(SDL_INIT_VIDEO) == 0 else {
            let error = SDLError("SDL could not start its video subsystem")
            SDL_ResetHint(SDL_HINT_VIDEODRIVER)
            throw error
        }
        let name = SDL_GetCurrentVideoDriver().map { String(cString: $0) } ?? "unknown"
        Self.running = (video, name)
        Self.users = 1
        self.video = video
        driverName = name
    }

    /// Whether a session wanting `wanted` (nil: any display) can share SDL running `running`.
    private static func compatible(wanted: String?, running: String) -> Bool {
        if let wanted { return wanted == running }
        // A display session runs where SDL_VIDEODRIVER points, which may be the dummy driver.
        if running == "dummy" {
            guard let env = getenv("SDL_VIDEODRIVER") else { return false }
            return String(cString: env) == "dummy"
        }
        return true
    }

    isolated deinit {
        Self.users -= 1
        if Self.users <= 0 {
            Self.users = 0
            Self.running = nil
        }
        SDL_QuitSubSystem(SDL_INIT_VIDEO)   // SDL counts its users: the last one really stops it
    }

    /// Whether the running driver draws nowhere visible (dummy, offscreen, evdev-less KMS…):
    /// its "vsync" and refresh rate mean nothing.
    public var isOffscreenDriver: Bool {
        ["dummy", "offscreen", "evdev"].contains(driverName)
    }

    /// Why a display session cannot start, or nil. Linux only: elsewhere SDL decides.
    static func missingDisplay() -> String? {
        #if os(Linux)
        func isSet(_ name: String) -> Bool {
            guard let value = getenv(name) else { return false }
            return value.pointee != 0
        }
        if isSet("SDL_VIDEODRIVER") { return nil }
        if isSet("DISPLAY") || isSet("WAYLAND_DISPLAY") { return nil }
        return "no display available (DISPLAY and WAYLAND_DISPLAY are unset); run headless instead"
        #else
        return nil
        #endif
    }
}
