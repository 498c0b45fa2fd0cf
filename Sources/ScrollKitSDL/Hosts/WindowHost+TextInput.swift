// WindowHost+TextInput: the window host's typed-text plumbing — SDL's text input following the focused text
// field, and the system clipboard installed for text fields while the window is open.

import CSDL2
import ScrollKit

extension WindowHost {
    /// Starts or stops SDL's text input for the client's focused text field and places the input method's
    /// candidate window at its caret (``TextInputSession``). Called once a frame, after the client's update.
    func followTextInput(_ client: HostClient) {
        textInput.follow(client.focusedTextInput, windowScale: desktopScale.scale, translator: &translator)
    }

    /// Makes the desktop's clipboard (``SDLClipboard``) the one text fields use.
    func installClipboard() {
        if !(ViewNode.clipboard is SDLClipboard) { ViewNode.clipboard = SDLClipboard() }
    }

    /// Gives text fields an in-process clipboard again when the window closes (SDL's goes with it).
    func uninstallClipboard() {
        if ViewNode.clipboard is SDLClipboard { ViewNode.clipboard = MemoryClipboard() }
    }
}
