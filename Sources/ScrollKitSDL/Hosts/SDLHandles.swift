// SDLRendererHandle, SDLWindowHandle and SDLSurfaceHandle: an app's own SDL objects in ScrollKitSDL's
// own types, so that no public declaration of ScrollKitSDL names an SDL type.
import CSDL2

/// An SDL renderer (`SDL_Renderer*`) in ScrollKitSDL's own type.
///
/// An app that makes its renderer with its own SDL hands it to ScrollKit by address:
///
/// ```swift
/// let renderer = SDL_CreateRenderer(window, -1, 0)!            // the app's own SDL module
/// let handle = SDLRendererHandle(address: UnsafeMutableRawPointer(renderer))
/// ```
///
/// ScrollKitSDL gives renderers back the same way (``SDLBridge/renderer``); ``address`` is the pointer for
/// the app's own SDL calls (`OpaquePointer(handle.address)`). A handle does not own the renderer.
public struct SDLRendererHandle: Hashable {
    package let pointer: OpaquePointer

    /// Wraps the address of an `SDL_Renderer` the app made (it must outlive every use of the handle).
    public init(address: UnsafeMutableRawPointer) {
        pointer = OpaquePointer(address)
    }

    package init(_ pointer: OpaquePointer) {
        self.pointer = pointer
    }

    /// The renderer's address (an `SDL_Renderer*`).
    public var address: UnsafeMutableRawPointer { UnsafeMutableRawPointer(pointer) }
}

/// An SDL window (`SDL_Window*`) in ScrollKitSDL's own type: see ``SDLRendererHandle``.
public struct SDLWindowHandle: Hashable {
    package let pointer: OpaquePointer

    /// Wraps the address of an `SDL_Window` the app made (it must outlive every use of the handle).
    public init(address: UnsafeMutableRawPointer) {
        pointer = OpaquePointer(address)
    }

    package init(_ pointer: OpaquePointer) {
        self.pointer = pointer
    }

    /// The window's address (an `SDL_Window*`).
    public var address: UnsafeMutableRawPointer { UnsafeMutableRawPointer(pointer) }
}

/// An SDL surface (`SDL_Surface*`) in ScrollKitSDL's own type: see ``SDLRendererHandle``.
public struct SDLSurfaceHandle: Hashable {
    package let pointer: UnsafeMutablePointer<SDL_Surface>

    /// Wraps the address of an `SDL_Surface` the app owns (it must outlive every use of the handle).
    public init(address: UnsafeMutableRawPointer) {
        pointer = address.assumingMemoryBound(to: SDL_Surface.self)
    }

    package init(_ pointer: UnsafeMutablePointer<SDL_Surface>) {
        self.pointer = pointer
    }

    /// The surface's address (an `SDL_Surface*`).
    public var address: UnsafeMutableRawPointer { UnsafeMutableRawPointer(pointer) }

    /// The surface's size in pixels.
    public var pixelWidth: Int { Int(pointer.pointee.w) }
    /// The surface's size in pixels.
    public var pixelHeight: Int { Int(pointer.pointee.h) }
}

/// One SDL event (`SDL_Event`) in ScrollKitSDL's own type: copied from the app's own event, or polled by
/// ``SDLBridge/pollEvent()`` for an app that does not call SDL itself.
///
/// ```swift
/// var event = SDL_Event()                                       // the app's own SDL module
/// while SDL_PollEvent(&event) != 0 {
///     if let input = bridge.inputEvent(for: SDLEvent(copying: &event)) { list.handle(input) }
/// }
/// ```
public struct SDLEvent {
    package var event: SDL_Event

    /// Copies the `SDL_Event` at `address` (the app's own, as `&event`).
    public init(copying address: UnsafeRawPointer) {
        event = address.loadUnaligned(as: SDL_Event.self)
    }

    package init(_ event: SDL_Event) {
        self.event = event
    }

    /// SDL's event type number (`SDL_EventType`'s raw value: `SDL_QUIT` is 0x100).
    public var type: UInt32 { event.type }

    /// Whether this is SDL's quit event (the window was closed, or the process was asked to end).
    public var isQuit: Bool {
        event.type == SDL_QUIT.rawValue
    }
}
