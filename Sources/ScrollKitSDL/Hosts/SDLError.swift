// SDLError: an error from SDL or its companions, as one line naming what failed.

import CSDL2

/// An error from SDL or one of its companions (SDL2_ttf, SDL2_image), or from loading a file for them.
///
/// `description` is one line: what failed, the file involved (if any), and SDL's own text
/// (`SDL_GetError()`) at the moment the error was made.
public struct SDLError: Error, CustomStringConvertible, Sendable {
    /// What failed, in words, including the file or path when there is one.
    public let message: String
    /// The file or path the failure concerns, if any (font, image or PNG path).
    public let path: String?
    /// `SDL_GetError()` captured when the error was made (may be empty).
    public let sdlMessage: String

    /// An error whose `sdlMessage` is SDL's current error text.
    /// - Parameters:
    ///   - message: what failed, e.g. "cannot open font '/x/y.ttf'".
    ///   - path: the file concerned, if any.
    public init(_ message: String, path: String? = nil) {
        self.init(message, path: path, sdlMessage: SDLError.currentSDLError())
    }

    /// An error with an explicit SDL text (pass "" when SDL is not involved).
    public init(_ message: String, path: String?, sdlMessage: String) {
        self.message = message
        self.path = path
        self.sdlMessage = sdlMessage
    }

    public var description: String {
        sdlMessage.isEmpty ? message : "\(message): \(sdlMessage)"
    }

    /// SDL's current error text (`SDL_GetError()`), "" when there is none.
    public static func currentSDLError() -> String {
        guard let cString = SDL_GetError() else { return "" }
        return String(cString: cString)
    }
}
