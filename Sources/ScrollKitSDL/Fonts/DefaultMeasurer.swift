// ScrollKitSDL's load-time hook (called from CScrollKitPixels' constructor): FontTextMeasurer.shared becomes the
// measurer text without a canvas uses by default.

import ScrollKit

/// Registers `FontTextMeasurer.shared` (made on first use, on the main actor) as ``TextMeasurerDefault/make``
/// unless an app set its own. Called once, when the library is loaded.
@_cdecl("scrollkit_sdl_library_loaded")
func scrollKitSDLLibraryLoaded() {
    if TextMeasurerDefault.make == nil { TextMeasurerDefault.make = { FontTextMeasurer.shared } }
}
