// WindowHost's accessibility: starting the AT-SPI bridge for the client's tree, serving its D-Bus traffic after
// each frame and during the idle sleep, and where the window is on the screen.

import CSDL2
import ScrollKit

extension WindowHost {
    /// Starts the accessibility bridge for the client's tree when an assistive technology wants it
    /// (``AccessibilityBridge/isWanted``) and the client has a tree (``HostClient/accessibilityRoot``).
    func startAccessibility(client: HostClient) {
        guard AccessibilityBridge.shared == nil, let root = client.accessibilityRoot else { return }
        if (root.accessibilityLabel ?? "").isEmpty { root.accessibilityLabel = options.title }   // the window's name
        AccessibilityBridge.startIfWanted(root: root) { [weak self] in self?.screenPlacement() ?? (0, 0, 1) }
    }

    /// The window's top-left on the screen (pixels) and pixels per point.
    func screenPlacement() -> (x: Double, y: Double, scale: Double) {
        var x: Int32 = 0, y: Int32 = 0
        SDL_GetWindowPosition(window, &x, &y)
        return (Double(x), Double(y), desktopScale.scale)
    }

    /// After a frame: the requests waiting are served (never waited for), the changes reported; a client's
    /// action owes a frame.
    func serveAccessibility(_ bridge: AccessibilityBridge) {
        bridge.dispatch()
        bridge.sync()
        if bridge.takeClientActed() { frameOwed = true }
    }

    /// The idle sleep with the bridge running: on the display connection (X11) and GLib's descriptors together,
    /// so a request is answered at once and nothing runs while nobody asks (other video drivers: 10 ms steps).
    func waitServingAccessibility(_ bridge: AccessibilityBridge) {
        SDL_PumpEvents()
        if SDL_HasEvents(SDL_FIRSTEVENT.rawValue, SDL_LASTEVENT.rawValue) == SDL_FALSE {
            let fd = clock.wakeDescriptor
            _ = bridge.wait(descriptor: fd, timeout: fd >= 0 ? 0.5 : 0.01)
        }
        if bridge.takeClientActed() { frameOwed = true }
    }
}
