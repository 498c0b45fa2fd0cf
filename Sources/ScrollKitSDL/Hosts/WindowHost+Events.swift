// WindowHost's events: SDL's (and the console's) events, translated and handed to the client, and what the host
// does itself with the window's (resize, display change, expose, quit).

import CSDL2
import Motion
import ScrollKit

extension WindowHost {
    /// Hands the client the events SDL has, pumping SDL first unless the frame's wait already did
    /// (`pumped`): a frame paced by Wayland's callbacks takes what SDL read while it waited, since a pump
    /// between the callback and the commit can cost a repaint (see `WaylandPresenter.waitForCallback`).
    func drainEvents(client: HostClient, pumped: Bool) {
        deliverPending(to: client)
        translator.referenceTicks = SDL_GetTicks64()
        var event = SDL_Event()
        func next() -> Bool {
            pumped ? SDL_PeepEvents(&event, 1, SDL_GETEVENT, SDL_FIRSTEVENT.rawValue, SDL_LASTEVENT.rawValue) == 1
                : SDL_PollEvent(&event) != 0
        }
        while next() {
            if let hostEvent = translator.hostEvent(for: event) {   // no array per event
                handle(hostEvent, client: client)
            }
            if event.type == SDL_TEXTEDITING_EXT.rawValue { SDL_free(event.editExt.text) }   // ours to free
        }
        if kmsPresenter != nil { drainConsoleInput(client: client) }
        checkDisplayLost()   // a lost connection comes as a quit (Wayland) or not at all (X11)
    }

    func handle(_ event: HostEvent, client: HostClient) {
        switch event {
        case .input(let input):
            client.handle(input)
            frameOwed = true
            if input.time.isFinite { frameInputTime = min(frameInputTime ?? input.time, input.time) }
        case .resized:
            refreshSize(notify: true)
            frameOwed = true
        case .displayChanged:
            let rate = Self.refreshRate(of: window)
            reportedRefreshRate = rate
            if options.hz == nil { timeline.setDisplayRate(rate > 0 ? rate : 60) }
            if usesVSync && rate <= 0 { usesVSync = false; setRendererVSync(false) }
            refreshSize(notify: true)
            frameOwed = true
        case .exposed:
            frameOwed = true
            canvas.setNeedsFullRedraw()   // the window's pixels are shown again: present a whole frame
        case .minimized, .restored:
            refreshSize(notify: true)
            frameOwed = true
        case .quit:
            quitRequested = true
        }
    }
}
