// WindowHost+DisplayLoss: the X server or Wayland compositor going away mid-run, told apart from a quit: Wayland's
// as DisplayLostError (SDL's Wayland driver turns it into an ordinary SDL_QUIT), X11's as one error line and exit
// status 2 (Xlib printed its own text and exited with status 1).

import CScrollKitPixels
import CSDL2

/// The display server closed the connection during a run (it was killed, crashed or restarted):
/// ``WindowHost/run(client:maxFrames:beforeFrame:)`` throws it instead of returning as for a quit (Wayland; a
/// lost X server ends the process with one error line and status 2, see ``WindowHost/watchDisplay()``).
public struct DisplayLostError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The server, e.g. "X server :99" or "Wayland compositor wayland-1".
    public let server: String

    public init(server: String) { self.server = server }

    /// "lost the display (X server :99 closed the connection)"
    public var description: String { "lost the display (\(server) closed the connection)" }
}

extension WindowHost {
    /// Replaces Xlib's I/O error handling (installed after SDL's own): a lost X server writes
    /// "error: lost the display (X server :N closed the connection)" and exits with status 2, instead of
    /// Xlib's own text and status 1. It cannot throw: Xlib allows no return, and SDL's teardown on a dead
    /// connection spins for ever (SDL_DestroyWindow waits in XIfEvent).
    func watchDisplay() {
        _ = sk_display_watch_x11(UnsafeMutableRawPointer(window), "error: lost the display")
    }

    /// Whether the display connection is gone (then ``displayLost`` says which server), checked after SDL's
    /// events are read and when a presenter fails. `probe` asks the X server for a round trip first, so a
    /// connection that is gone is noticed at once (ScrollKit's own X Present connection may see it first).
    @discardableResult
    func checkDisplayLost(probe: Bool = false) -> Bool {
        if displayLost != nil { return true }
        if probe && videoDriver == "x11" { sk_display_probe_x11(UnsafeMutableRawPointer(window)) }
        var name = [CChar](repeating: 0, count: 128)
        guard sk_display_lost(UnsafeMutableRawPointer(window), &name, Int32(name.count)) != 0 else { return false }
        let server = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        displayLost = DisplayLostError(server: (videoDriver == "wayland" ? "Wayland compositor " : "X server ") + server)
        quitRequested = true
        return true
    }
}
