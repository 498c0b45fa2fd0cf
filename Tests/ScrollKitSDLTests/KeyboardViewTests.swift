// The on-screen keyboard: key geometry (every touch lands on exactly one key), typing with Shift and Caps Lock,
// pages, the Hebrew layout, Backspace's repeat on the frames' clock, the container's slide and keyboard
// avoidance, and screenshots of it up.

import Foundation
import Motion
import Testing
import ScrollKit
import ScrollKitSDL
import ScrollKitTesting
import ScrollKitTestSupport

/// A phone-sized form: a scroll view of rows with a field near the bottom, inside a ``KeyboardContainer``.
@MainActor
final class KeyboardRig {
    let size: Size
    let container: KeyboardContainer
    let scroll: ScrollingView
    let field: StandInTextField
    var time = 0.0
    var frame = 0
    let hz: Double

    init(size: Size = Size(width: 390, height: 844), fieldY: Double = 700, hz: Double = 60,
         presentation: KeyboardContainer.Presentation = .onTouch, layouts: [KeyboardLayout] = [.english, .hebrew]) {
        self.size = size
        self.hz = hz
        let form = ViewNode()
        scroll = ScrollingView(viewportSize: size, contentSize: Size(width: size.width, height: max(size.height, fieldY + 120)))
        scroll.frame = Rect(origin: .zero, size: size)
        field = StandInTextField(frame: Rect(x: 16, y: fieldY, width: size.width - 32, height: 44))
        scroll.addSubview(field)
        form.addSubview(scroll)
        container = KeyboardContainer(content: form, keyboard: KeyboardView(layouts: layouts), presentation: presentation)
        container.frame = Rect(origin: .zero, size: size)
    }

    var keyboard: KeyboardView { container.keyboard }

    /// Runs `count` frames at `hz`.
    func frames(_ count: Int) {
        for _ in 0..<count {
            let tick = FrameTick(index: frame, timestamp: time, duration: 1 / hz)
            container.step(tick)
            frame += 1
            time = Double(frame) / hz
        }
    }

    /// Runs frames for `seconds`.
    func wait(_ seconds: Double) { frames(Int((seconds * hz).rounded())) }

    func touch(_ p: Point, up: Bool = true) {
        container.handle(.touchDown(device: 0, id: 1, location: p, time: time))
        if up { container.handle(.touchUp(device: 0, id: 1, location: p, time: time + 0.01)) }
    }

    func lift(_ p: Point) { container.handle(.touchUp(device: 0, id: 1, location: p, time: time)) }

    /// The centre of the first key whose action is `action`, in root points.
    func centre(of action: KeyboardKey.Action) -> Point? {
        guard let k = keyboard.keys.first(where: { $0.key.action == action }) else { return nil }
        let origin = keyboard.frameInRoot
        return Point(x: origin.minX + k.frame.midX, y: origin.minY + k.frame.midY)
    }

    func centre(of text: String) -> Point? { centre(of: .character(text, shifted: text.uppercased() == text ? nil : text.uppercased())) }

    /// Taps the field (a touch focuses it) and lets the keyboard come up.
    func focusByTouch() {
        touch(Point(x: field.frameInRoot.midX, y: field.frameInRoot.midY))
        wait(0.5)
    }

    /// Taps the keys for `text`'s characters (each a lower-case letter key), a frame apart.
    func type(_ letters: String) {
        for c in letters {
            guard let p = centre(of: String(c)) else { Issue.record("no key \(c)"); return }
            touch(p)
            frames(1)
        }
    }
}

@Suite("On-screen keyboard", .serialized)
@MainActor
struct KeyboardViewTests {
    @Test("every point of the keyboard lands on exactly one key, inside which the key is drawn", arguments: [
        320.0, 390.0, 800.0, 1280.0,
    ])
    func keysTileTheKeyboard(width: Double) {
        let keyboard = KeyboardView()
        let height = KeyboardView.preferredHeight(forWidth: width)
        keyboard.frame = Rect(x: 0, y: 0, width: width, height: height)
        for page in [KeyboardLayout.Page.letters, .numbers, .symbols] {
            if page != keyboard.page {   // reach the page through its keys, as a user would
                keyboard.relayoutKeys()
                if let i = keyboard.keys.firstIndex(where: { $0.key.action == .page(page) }) ?? keyboard.keys.firstIndex(where: { $0.key.action == .page(.numbers) }) {
                    _ = keyboard.beginTracking(at: Point(x: keyboard.keys[i].frame.midX, y: keyboard.keys[i].frame.midY))
                    keyboard.endTracking(at: Point(x: keyboard.keys[i].frame.midX, y: keyboard.keys[i].frame.midY))
                }
            }
            keyboard.relayoutKeys()
            #expect(keyboard.keys.count > 30)
            for k in keyboard.keys {
                #expect(k.hitRect.contains(Point(x: k.frame.midX, y: k.frame.midY)))
                #expect(k.frame.minX >= k.hitRect.minX - 1e-9 && k.frame.maxX <= k.hitRect.maxX + 1e-9)
                #expect(k.frame.minX >= 0 && k.frame.maxX <= width + 1e-9 && k.frame.width > 0)
            }
            // A grid of points over the whole keyboard: each in exactly one hit rectangle.
            var y = 0.5
            while y < height {
                var x = 0.5
                while x < width {
                    let hits = keyboard.keys.filter { $0.hitRect.contains(Point(x: x, y: y)) }.count
                    if hits != 1 { Issue.record("(\(x), \(y)) on page \(page) is in \(hits) keys"); return }
                    x += 3.7
                }
                y += 2.9
            }
        }
    }

    @Test("a phone's rows: 10, 9 and 7 letters on English; key height 42 pt on a 390-pt phone")
    func englishRows() {
        let keyboard = KeyboardView()
        keyboard.frame = Rect(x: 0, y: 0, width: 390, height: KeyboardView.preferredHeight(forWidth: 390))
        keyboard.relayoutKeys()
        let rows = Dictionary(grouping: keyboard.keys.filter(\.key.isCharacter), by: { $0.frame.minY }).sorted { $0.key < $1.key }
        #expect(rows.map(\.value.count) == [10, 9, 7])
        #expect(rows.map { $0.value.map { keyboard.shownText($0.key) }.joined() } == ["qwertyuiop", "asdfghjkl", "zxcvbnm"])
        #expect(abs((keyboard.keys.first?.frame.height ?? 0) - 42.0) < 1)
    }

    @Test("two fingers type two keys in the order they went down, whichever lifts first")
    func twoFingersTypeTwoKeys() throws {
        let rig = KeyboardRig()
        rig.focusByTouch()
        #expect(rig.container.isKeyboardShown)
        func finger(_ id: Int, _ phase: Int, _ p: Point, _ dt: Double) {
            let t = rig.time + dt
            switch phase {
            case 0: rig.container.handle(.touchDown(device: 0, id: id, location: p, time: t))
            case 1: rig.container.handle(.touchMove(device: 0, id: id, location: p, time: t))
            default: rig.container.handle(.touchUp(device: 0, id: id, location: p, time: t))
            }
        }
        let a = try #require(rig.centre(of: "a")), s = try #require(rig.centre(of: "s"))
        let d = try #require(rig.centre(of: "d")), f = try #require(rig.centre(of: "f"))
        // a down, s down while a is held, a lifts, s lifts.
        finger(1, 0, a, 0.00)
        finger(2, 0, s, 0.03)
        finger(1, 2, a, 0.05)
        finger(2, 2, s, 0.08)
        rig.frames(2)
        #expect(rig.field.text == "as")
        // d down, f down, f lifts first, then d: still d before f.
        finger(3, 0, d, 0.00)
        finger(4, 0, f, 0.03)
        finger(4, 1, Point(x: f.x + 2, y: f.y), 0.04)
        finger(4, 2, f, 0.05)
        finger(3, 2, d, 0.08)
        rig.frames(2)
        #expect(rig.field.text == "asdf")
        #expect(rig.keyboard.pressedIndex == nil)
    }

    @Test("typing: a tap types on lift; Shift capitalises one letter; a double tap locks the capitals")
    func shiftAndCapsLock() throws {
        let rig = KeyboardRig()
        rig.focusByTouch()
        #expect(rig.container.isKeyboardShown && rig.field.isFocused)
        let shift = try #require(rig.centre(of: .shift))
        rig.touch(shift); rig.frames(1)
        #expect(rig.keyboard.showsCapitals)
        rig.type("hi")
        #expect(rig.field.text == "Hi")
        #expect(!rig.keyboard.showsCapitals)
        // Two Shift taps 0.2 s apart: Caps Lock; "ok" types "OK"; one more tap unlocks.
        rig.touch(shift); rig.wait(0.2); rig.touch(shift); rig.frames(1)
        #expect(rig.keyboard.isCapsLocked)
        rig.type("ok")
        #expect(rig.field.text == "HiOK")
        rig.touch(shift); rig.frames(1)
        #expect(!rig.keyboard.isCapsLocked && !rig.keyboard.showsCapitals)
        // Two taps 0.5 s apart are two toggles (on, off), not a lock.
        rig.touch(shift); rig.wait(0.5); rig.touch(shift); rig.frames(1)
        #expect(!rig.keyboard.isCapsLocked && !rig.keyboard.showsCapitals)
        // Space and Return.
        rig.touch(try #require(rig.centre(of: .space))); rig.frames(1)
        rig.touch(try #require(rig.centre(of: .enter))); rig.frames(1)
        #expect(rig.field.text == "HiOK " && rig.field.submits == 1)
        #expect(rig.field.isFocused)   // the keys never took the focus
    }

    @Test("sliding from key to key types the key under the finger when it lifts")
    func slideToAnotherKey() throws {
        let rig = KeyboardRig()
        rig.focusByTouch()
        let q = try #require(rig.centre(of: "q")), w = try #require(rig.centre(of: "w")), e = try #require(rig.centre(of: "e"))
        rig.touch(q, up: false)
        rig.frames(1)
        #expect(rig.keyboard.pressedIndex.map { rig.keyboard.keys[$0].key.label } == "q")
        rig.container.handle(.touchMove(device: 0, id: 1, location: w, time: rig.time))
        rig.container.handle(.touchMove(device: 0, id: 1, location: e, time: rig.time + 0.01))
        #expect(rig.keyboard.pressedIndex.map { rig.keyboard.keys[$0].key.label } == "e")
        rig.lift(e)
        #expect(rig.field.text == "e")
    }

    @Test("pages: 123 shows the digits, #+= the symbols, ABC the letters; the globe goes to Hebrew")
    func pagesAndHebrew() throws {
        let rig = KeyboardRig()
        rig.focusByTouch()
        rig.touch(try #require(rig.centre(of: .page(.numbers)))); rig.frames(1)
        rig.type("42")
        rig.touch(try #require(rig.centre(of: .page(.symbols)))); rig.frames(1)
        rig.type("#")
        rig.touch(try #require(rig.centre(of: .page(.letters)))); rig.frames(1)
        rig.type("a")
        rig.touch(try #require(rig.centre(of: .nextLayout))); rig.frames(1)
        #expect(rig.keyboard.layout.isRightToLeft)
        rig.type("שלום")
        #expect(rig.field.text == "42#aשלום")
        #expect(rig.keyboard.centreIsShiftless)
    }

    @Test("Backspace deletes when pressed, then repeats after 0.5 s every 0.1 s: the same count at 30, 60 and 144 Hz",
          arguments: [30.0, 60.0, 144.0])
    func backspaceRepeat(hz: Double) throws {
        let rig = KeyboardRig(hz: hz)
        rig.focusByTouch()
        rig.type("abcdefghijklmnopqrstuvwxyz")
        let start = rig.field.text.count
        let delete = try #require(rig.centre(of: .backspace))
        rig.touch(delete, up: false)
        #expect(rig.field.text.count == start - 1)                  // on the press
        rig.wait(0.45)
        #expect(rig.field.text.count == start - 1)                  // not yet repeating
        rig.wait(0.5)                                               // held 0.95 s: repeats at 0.5, 0.6, 0.7, 0.8, 0.9
        #expect(rig.field.text.count == start - 6)
        rig.lift(delete)
        rig.wait(0.5)
        #expect(rig.field.text.count == start - 6)
        #expect(!rig.container.needsFrames)
    }

    @Test("the keyboard slides up for a touch on a field (not for a click) and down when focus leaves")
    func slidesOnTouchFocus() throws {
        let rig = KeyboardRig()
        rig.frames(1)
        #expect(rig.keyboard.isHidden && rig.container.keyboardFraction == 0)
        // A mouse click focuses the field: no keyboard (a hardware keyboard is at hand).
        let p = Point(x: rig.field.frameInRoot.midX, y: rig.field.frameInRoot.midY)
        rig.container.handle(.pointerDown(location: p, time: rig.time))
        rig.container.handle(.pointerUp(location: p, time: rig.time + 0.01))
        rig.wait(0.5)
        #expect(rig.field.isFocused && !rig.container.isKeyboardShown && rig.keyboard.isHidden)
        rig.field.resignFocus()
        rig.frames(1)
        // A touch: up over 0.25 s, part way at 0.1 s.
        rig.touch(p)
        rig.wait(0.1)
        let partWay = rig.container.keyboardFraction
        #expect(partWay > 0.2 && partWay < 1)
        rig.wait(0.2)
        #expect(rig.container.keyboardFraction == 1)
        let height = KeyboardView.preferredHeight(forWidth: 390)
        #expect(rig.keyboard.frame == Rect(x: 0, y: 844 - height, width: 390, height: height))
        rig.wait(2)
        #expect(!rig.container.needsFrames)   // the slide, the avoiding scroll and its indicator all done
        // Focus leaves: down, hidden once it is.
        rig.field.resignFocus()
        rig.wait(0.3)
        #expect(rig.container.keyboardFraction == 0 && rig.keyboard.isHidden && !rig.container.isKeyboardShown)
        // Presentation .always: a click is enough.
        let always = KeyboardRig(presentation: .always)
        always.container.handle(.pointerDown(location: p, time: 0))
        always.container.handle(.pointerUp(location: p, time: 0.01))
        always.wait(0.5)
        #expect(always.container.keyboardFraction == 1)
    }

    @Test("keyboard avoidance: the scroll view gains the covered height as bottom inset and shows the field above the keyboard")
    func avoidance() throws {
        let rig = KeyboardRig(fieldY: 700)
        rig.frames(1)
        #expect(rig.scroll.contentInset.bottom == 0)
        rig.focusByTouch()
        let keyboardTop = rig.keyboard.frameInRoot.minY
        let height = KeyboardView.preferredHeight(forWidth: 390)
        #expect(abs(rig.scroll.contentInset.bottom - height) < 1e-9)  // the scroll view fills the screen: all of it covered
        let field = rig.field.frameInRoot
        #expect(field.maxY <= keyboardTop - KeyboardContainer.avoidanceMargin + 1e-6)
        #expect(field.minY >= 0)
        // The field was below the keyboard's top before: the content moved up by the difference.
        #expect(abs(rig.scroll.contentOffset.y - (700 + 44 + KeyboardContainer.avoidanceMargin - keyboardTop)) < 1e-6)
        // Focus leaves: the inset goes.
        rig.field.resignFocus()
        rig.wait(0.5)
        #expect(rig.scroll.contentInset.bottom == 0)
        // A field already above the keyboard does not scroll.
        let high = KeyboardRig(fieldY: 100)
        high.focusByTouch()
        #expect(high.scroll.contentOffset.y == 0)
    }

    @Test("drawing the keyboard (a key pressed, Shift on, its bubble up) allocates nothing once laid out", arguments: [
        "English", "Hebrew",
    ])
    func drawingAllocatesNothing(layoutName: String) throws {
        let layout = layoutName == "Hebrew" ? KeyboardLayout.hebrew : .english
        let target = try OffscreenRenderer(width: 390, height: 300, scale: 2, direct: true)
        let canvas = target.canvas
        let keyboard = KeyboardView(layouts: [layout])
        keyboard.frame = Rect(x: 0, y: 40, width: 390, height: KeyboardView.preferredHeight(forWidth: 390))
        keyboard.relayoutKeys()
        if let shift = keyboard.keys.first(where: { $0.key.action == .shift }) {
            _ = keyboard.beginTracking(at: Point(x: shift.frame.midX, y: shift.frame.midY))
            keyboard.endTracking(at: Point(x: shift.frame.midX, y: shift.frame.midY))
        }
        let letter = try #require(keyboard.keys.first { $0.key.isCharacter })
        _ = keyboard.beginTracking(at: Point(x: letter.frame.midX, y: letter.frame.midY))
        for _ in 0..<2 {   // caches the glyphs
            canvas.beginFrame()
            keyboard.draw(in: canvas)
        }
        let mallocs = MallocCounter.count {
            for _ in 0..<5 { keyboard.draw(in: canvas) }
        }
        if let mallocs { #expect(mallocs == 0, "drawing the keyboard made \(mallocs) mallocs in 5 frames") }
    }

    @Test("screenshots: the keyboard up under a focused field, a key pressed with its bubble; English and Hebrew")
    func screenshots() throws {
        let dir = ProcessInfo.processInfo.environment["SCROLLKIT_KEYBOARD_SHOTS"]
        for (name, layouts, width, height) in [("en", [KeyboardLayout.english, .hebrew], 390.0, 844.0),
                                               ("he", [KeyboardLayout.hebrew, .english], 390.0, 844.0),
                                               ("wide", [KeyboardLayout.english], 800.0, 600.0)] {
            let host = try HeadlessHost(options: HostOptions(size: Size(width: width, height: height), hz: 60), pixelScale: 2)
            let rig = KeyboardRig(size: Size(width: width, height: height), fieldY: height - 150, layouts: layouts)
            let client = RootViewClient(root: rig.container)
            var frame = 0
            let letter = name == "he" ? "ש" : "g"
            try host.run(client: client, maxFrames: 60) { tick in
                frame += 1
                if frame == 2 {
                    let f = rig.field.frameInRoot
                    host.inject(.touchDown(device: 0, id: 1, location: Point(x: f.midX, y: f.midY), time: tick.timestamp))
                    host.inject(.touchUp(device: 0, id: 1, location: Point(x: f.midX, y: f.midY), time: tick.timestamp))
                }
                if frame == 30 { for c in (name == "he" ? "שלום" : "hello") { rig.type(String(c)) } }
                if frame == 40, let p = rig.centre(of: letter) {
                    host.inject(.touchDown(device: 0, id: 2, location: p, time: tick.timestamp))
                }
            }
            let image = try host.readPixels()
            // The tray's grey shows between the keys, a letter key is white, the bubble's head above it is white.
            let keyboardTop = rig.keyboard.frameInRoot.minY
            #expect(rig.container.keyboardFraction == 1)
            let k = try #require(rig.keyboard.keys.first { $0.key.isCharacter && $0.frame.minY > 60 })
            let keyCentre = Point(x: k.frame.minX + 3, y: keyboardTop + k.frame.midY)
            let px = image[Int(keyCentre.x * 2), Int(keyCentre.y * 2)]
            #expect(px.r == 255 && px.g == 255 && px.b == 255)
            let gap = image[Int((k.frame.maxX + 3) * 2), Int((keyboardTop + k.frame.midY) * 2)]
            #expect(gap.r == 0xD1 && gap.g == 0xD4 && gap.b == 0xDA)
            #expect(rig.field.text == (name == "he" ? "שלום" : "hello"))
            if let dir { try host.screenshot(to: "\(dir)/keyboard-\(name).png") }
        }
    }
}

extension KeyboardView {
    /// Hebrew has no capitals: no Shift key on its letters page.
    var centreIsShiftless: Bool { !keys.contains { $0.key.action == .shift } }
}
