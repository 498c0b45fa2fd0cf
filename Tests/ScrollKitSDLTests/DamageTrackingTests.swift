// Damage tracking as an app sees it: a custom view whose look changes is redrawn alone, a view whose pixels
// change behind unchanged calls says so with setNeedsDisplay(), a resting frame draws nothing, and a
// scrolled list moves its pixels (byte-identical to a whole frame: DamageIdentityTests runs every scene).
import CSDL2
import Foundation
import Motion
import ScrollKit
import ScrollKitSDL
import Testing

/// A square of one colour; `color` changes what it draws.
@MainActor
private final class Swatch: ViewNode {
    var color = RGBAColor(hex: 0xFF3B30)
    override func draw(in canvas: any DrawingCanvas, frame: Rect) { canvas.fill(frame, color: color) }
}

private final class Rows: ListDataSource {
    var numberOfItems: Int { 10_000 }
    var fixedItemSize: Double? { 40 }
    func cell(at index: Int, in list: ListView) -> ListCell {
        let cell = list.dequeueCell(LabelCell.self, for: index)
        cell.title = "Row \(index)"
        return cell
    }
}

/// Rows of standard cells whose titles can change.
private final class StandardRows: ListDataSource {
    var titles = (0..<2_000).map { "Row \($0)" }
    let height: Double
    init(height: Double) { self.height = height }
    var numberOfItems: Int { titles.count }
    var fixedItemSize: Double? { height }
    func cell(at index: Int, in list: ListView) -> ListCell {
        let cell = list.dequeueCell(StandardCell.self, for: index)
        cell.title = titles[index]
        // Some rows overflow their height (two lines of subtitle): they clip their text to their frame.
        cell.subtitle = index % 5 == 0 ? "A subtitle long enough to wrap onto a second line in a narrow row \(index)"
            : index % 3 == 0 ? "Subtitle \(index)" : nil
        cell.leading = .swatch(RGBAColor(hex: 0x0A7AFF), symbol: "\(index % 10)")
        cell.accessory = index % 2 == 0 ? .chevron : .value("\(index)")
        return cell
    }
}

/// Sections of cards with 40-point sticky headers drawn as a bar.
private final class StickySections: GridDataSource {
    var numberOfSections: Int { 50 }
    func numberOfItems(inSection section: Int) -> Int { 12 }
    var sectionStyle: GridSectionStyle? { GridSectionStyle(headerLength: 40, footerLength: 0, insets: .zero) }
    func cell(at index: Int, in list: ListView) -> ListCell {
        let cell = list.dequeueCell(LabelCell.self, for: index)
        cell.title = "Card \(index)"
        return cell
    }
    func headerCell(forSection section: Int, in list: ListView) -> ListCell {
        let header = list.dequeueCell(LabelCell.self, for: section)
        header.title = "Section \(section)"
        header.backgroundColor = RGBAColor(hex: 0xE5E5EA)
        return header
    }
}

@Suite("Damage tracking", .serialized)
@MainActor
struct DamageTrackingTests {
    private func frame(_ host: HeadlessHost, _ root: ViewNode) {
        let tick = host.timeline.waitForNextFrame()
        root.step(tick)
        host.canvas.beginFrame()
        root.draw(in: host.canvas)
        host.canvas.endFrame()
    }

    /// A host drawing by damage and one drawing whole, of the same size and scale.
    private func hostPair(_ size: Size, scale: Double) throws -> (damage: HeadlessHost, whole: HeadlessHost) {
        setenv("SDL_VIDEODRIVER", "dummy", 1)
        return (try HeadlessHost(options: HostOptions(size: size, hz: 60), pixelScale: scale),
                try HeadlessHost(options: HostOptions(size: size, hz: 60), pixelScale: scale, tracksDamage: false))
    }

    /// Steps `root` one frame and draws it on both hosts; the frames must be equal. - Returns: the pixels.
    @discardableResult
    private func drawAlike(_ root: ViewNode, _ hosts: (damage: HeadlessHost, whole: HeadlessHost), _ label: String,
                           sourceLocation: SourceLocation = #_sourceLocation) throws -> RGBAImage {
        let tick = hosts.damage.timeline.waitForNextFrame()
        root.step(tick)
        for h in [hosts.damage, hosts.whole] {
            h.canvas.beginFrame()
            root.draw(in: h.canvas)
            h.canvas.endFrame()
        }
        let image = try hosts.damage.readPixels()
        #expect(image == (try hosts.whole.readPixels()), "\(label)", sourceLocation: sourceLocation)
        return image
    }

    private func pixel(_ host: HeadlessHost, _ x: Int, _ y: Int) throws -> UInt32 {
        let surface = try #require(host.framebuffer)
        return surface.pointee.pixels.assumingMemoryBound(to: UInt32.self)[y * Int(surface.pointee.pitch) / 4 + x] & 0xFFFFFF
    }

    @Test func aViewWhoseLookChangesIsRedrawnAlone() throws {
        setenv("SDL_VIDEODRIVER", "dummy", 1)
        let host = try HeadlessHost(options: HostOptions(size: Size(width: 200, height: 100), hz: 60))
        let root = ViewNode(frame: Rect(x: 0, y: 0, width: 200, height: 100))
        let background = Swatch(frame: root.frame)
        background.color = .white
        let swatch = Swatch(frame: Rect(x: 10, y: 10, width: 30, height: 20))
        root.addSubview(background)
        root.addSubview(swatch)
        frame(host, root)
        #expect(host.canvas.lastDamage.drawnPixels == 200 * 100)   // the first frame is whole
        frame(host, root)
        #expect(!host.canvas.lastDamage.changed)                    // nothing changed: nothing drawn
        swatch.color = RGBAColor(hex: 0x34C759)
        frame(host, root)
        #expect(host.canvas.lastDamage.changed)
        #expect(host.canvas.lastDamage.drawnPixels == 30 * 20)       // its rectangle only
        #expect(try pixel(host, 20, 20) == 0x34C759)
        swatch.frame.origin.x = 100                                  // moved: old and new places
        frame(host, root)
        #expect(try pixel(host, 20, 20) == 0xFFFFFF)
        #expect(try pixel(host, 110, 20) == 0x34C759)
    }

    @Test func setNeedsDisplayRedrawsPixelsTheCanvasCannotSee() throws {
        setenv("SDL_VIDEODRIVER", "dummy", 1)
        let host = try HeadlessHost(options: HostOptions(size: Size(width: 100, height: 100), hz: 60))
        let swatch = Swatch(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        frame(host, swatch)
        // Pixels changed behind the canvas (a stand-in for content drawn through an unchanged call).
        let surface = try #require(host.framebuffer)
        surface.pointee.pixels.assumingMemoryBound(to: UInt32.self)[5 * Int(surface.pointee.pitch) / 4 + 5] = 0x0000FF
        frame(host, swatch)
        #expect(try pixel(host, 5, 5) == 0x0000FF)   // the same calls: nothing redrawn
        swatch.setNeedsDisplay()
        #expect(swatch.needsDisplay)
        frame(host, swatch)
        #expect(!swatch.needsDisplay)
        #expect(try pixel(host, 5, 5) == 0xFF3B30)
        #expect(host.canvas.lastDamage.drawnPixels == 100 * 100)
    }

    @Test(arguments: [1.0, 2.0])
    func aScrolledListMovesItsPixels(scale: Double) throws {
        let size = Size(width: 320, height: 240)
        let hosts = try hostPair(size, scale: scale)
        let host = hosts.damage
        let list = ListView(frame: Rect(origin: .zero, size: size), dataSource: Rows())
        list.scrollView.setContentOffset(Point(x: 0, y: 4000.3), duration: 1, curve: .easeInOut)
        var moved = 0
        for n in 0..<70 {
            try drawAlike(list, hosts, "frame \(n)")
            if host.canvas.lastDamage.movedPixels > 0 { moved += 1 }
            let drawn = host.canvas.lastDamage.drawnPixels
            if host.canvas.lastDamage.movedPixels > 0 {
                #expect(Double(drawn) < size.width * size.height * scale * scale / 2)
            }
        }
        #expect(moved > 30)
        // At rest (offsets drawn at whole device pixels; the offset itself keeps full precision).
        #expect(list.scrollView.contentOffset.y == 4000.3)
        #expect(!host.canvas.lastDamage.changed)
    }

    /// A bar drawn as a call group: taken over while its key stays, drawn again when it changes, a group
    /// begun inside it drawn as part of it; every frame equal to the same frame drawn whole.
    @Test(arguments: [1.0, 2.0])
    func aCallGroupIsTakenOverWhileItsKeyStays(scale: Double) throws {
        let (host, whole) = try hostPair(Size(width: 200, height: 100), scale: scale)
        func bar(_ canvas: any DrawingCanvas, _ state: Int) {
            canvas.fill(Rect(x: 0, y: 0, width: 200, height: 30), color: RGBAColor(hex: 0xF2F2F7))
            canvas.pushClip(Rect(x: 4, y: 0, width: 150, height: 30))
            canvas.drawText("Tab \(state)", in: Rect(x: 8, y: 0, width: 80, height: 30),
                            style: TextStyle(size: 13, color: .black), alignment: .leading)
            // A group inside the group: part of it (its end does not end the outer one).
            canvas.callGroup(id: CallGroupID(8), key: CallGroupKey(frame: .zero)) { canvas in
                canvas.drawPolyline([Point(x: 90, y: 5), Point(x: 120, y: 25), Point(x: 150, y: 5)],
                                    color: RGBAColor(hex: 0x0A7AFF), width: 2)
            }
            canvas.popClip()
            canvas.drawText("after", in: Rect(x: 160, y: 0, width: 40, height: 30),
                            style: TextStyle(size: 11, color: .black), alignment: .leading)
        }
        var takenOver = 0
        for (n, state) in [0, 0, 0, 1, 1, 2, 2, 2].enumerated() {
            for h in [host, whole] {
                h.canvas.beginFrame()
                // Something else that changes every frame, before and after the group.
                h.canvas.fill(Rect(x: 0, y: 30, width: 200, height: 70), color: RGBAColor(r: UInt8(n * 20), g: 90, b: 90, a: 255))
                var drawn = false
                h.canvas.callGroup(id: CallGroupID(7), key: CallGroupKey(frame: .zero, state: UInt64(state))) { canvas in
                    drawn = true
                    bar(canvas, state)
                }
                if !drawn && h === host { takenOver += 1 }
                h.canvas.drawText("Frame \(n)", in: Rect(x: 10, y: 40, width: 120, height: 30),
                                  style: TextStyle(size: 15, color: .white), alignment: .leading)
                h.canvas.endFrame()
            }
            #expect(try host.readPixels() == whole.readPixels(), "frame \(n)")
        }
        #expect(takenOver == 5)   // not the first frame, nor the two where the key changed
    }

    /// A list's standard cells are call groups in scrolled content: while the list scrolls, the calls of
    /// the cells that stay are taken over and moved with the content, and a cell whose title changes,
    /// which is selected, or which the list moves within its content is drawn again; every frame equal to
    /// the same frame drawn whole. Rows of 52 points are too short for their content (a 36-point swatch
    /// in 10-point insets): every cell clips its text to its frame, so none is taken over (what it
    /// records depends on where the content is: nothing under an empty clip).
    @Test(arguments: [(1.0, 64.0), (2.0, 64.0), (1.0, 52.0)])
    func cellsInScrolledContentAreTakenOverAndMoved(scale: Double, rowHeight: Double) throws {
        let hosts = try hostPair(Size(width: 320, height: 240), scale: scale)
        let host = hosts.damage
        let rows = StandardRows(height: rowHeight)
        let list = ListView(frame: Rect(x: 0, y: 20, width: 320, height: 200), dataSource: rows)
        list.scrollView.setContentOffset(Point(x: 0, y: 3000.4), duration: 1, curve: .easeInOut)
        var takenOver = 0
        func draw(_ label: String) throws {
            try drawAlike(list, hosts, label)
            takenOver += host.canvas.lastDamage.takenOverCount
        }
        for n in 0..<40 { try draw("scrolling \(n)") }
        if rowHeight < 56 {
            #expect(takenOver == 0)
        } else {
            #expect(takenOver > 40 * 10)   // several calls of several cells a frame
        }
        // A visible cell's title changes while the list moves: its group's key changes with it.
        let visible = list.visibleRange.lowerBound + 1
        rows.titles[visible] = "A longer title than before"
        list.reloadItems([visible])
        for n in 0..<3 { try draw("after a title change \(n)") }
        // Selected in place (the cell object stays): its inputs' version is part of the key.
        let cell = try #require(list.cell(at: list.visibleRange.lowerBound + 1) as? StandardCell)
        cell.isSelected = true
        try draw("selected")
        cell.isSelected = false
        try draw("deselected")
        // Rows inserted above: cells keep their objects but move within the content.
        let top = list.visibleRange.lowerBound
        rows.titles.insert(contentsOf: ["New 1", "New 2"], at: top)
        try list.performChanges([.insert(at: top, count: 2)])
        for n in 0..<40 { try draw("after an insert \(n)") }
        #expect(!host.canvas.lastDamage.changed)
    }

    /// Buttons and segmented controls draw in call groups: taken over while nothing they read changes,
    /// drawn again when their title, tint, enabled state, segments or selection change; every frame equal
    /// to the same frame drawn whole.
    @Test(arguments: [1.0, 2.0])
    func controlsAreTakenOverUntilTheyChange(scale: Double) throws {
        let size = Size(width: 300, height: 120)
        let hosts = try hostPair(size, scale: scale)
        let host = hosts.damage
        let root = ViewNode(frame: Rect(origin: .zero, size: size))
        let background = Swatch(frame: root.frame)
        background.color = RGBAColor(hex: 0xF2F2F7)
        let button = PushButton(title: "Save", kind: .filled, frame: Rect(x: 10, y: 10, width: 100, height: 36))
        let segments = SegmentedControl(segments: ["One", "Two", "Three"], frame: Rect(x: 10, y: 60, width: 270, height: 32))
        root.addSubview(background)
        root.addSubview(button)
        root.addSubview(segments)
        func draw(_ label: String) throws -> Int {
            try drawAlike(root, hosts, label)
            return host.canvas.lastDamage.takenOverCount
        }
        _ = try draw("first")
        #expect(try draw("unchanged") > 0)
        #expect(!host.canvas.lastDamage.changed)
        let changes: [(String, () -> Void)] = [
            ("title", { button.title = "Saved" }), ("tint", { button.tint = RGBAColor(hex: 0x34C759) }),
            ("disabled", { button.isEnabled = false }), ("kind", { button.kind = .bordered }),
            ("selection", { segments.selectedIndex = 2 }), ("segments", { segments.segments = ["A", "B"] }),
            ("segment text", { segments.textColor = RGBAColor(hex: 0xFF3B30) }),
            ("moved", { button.frame.origin.x = 120 }),
        ]
        for (label, change) in changes {
            change()
            _ = try draw(label)
            #expect(host.canvas.lastDamage.changed, "\(label)")
            _ = try draw("after \(label)")
            #expect(!host.canvas.lastDamage.changed, "after \(label)")
        }
    }

    /// A pinned header sits on the device pixels the content is drawn on: while the offset moves by less
    /// than the rounding (a fling's last frames), nothing moves and nothing is drawn again; the header's
    /// pixels never shift by the rounding. Every frame equal to the same frame drawn whole.
    @Test(arguments: [1.0, 2.0])
    func aPinnedHeaderStaysOnItsPixels(scale: Double) throws {
        let size = Size(width: 320, height: 240)
        let hosts = try hostPair(size, scale: scale)
        let host = hosts.damage
        let layout = SectionedGridLayout(columns: .fixed(3), itemLength: .fixed(60))
        let list = ListView(frame: Rect(origin: .zero, size: size), gridLayout: layout, dataSource: StickySections())
        var headerRow: [UInt8]?
        let offsets = [1000.0, 1000.1, 1000.2, 1000.24, 1000.6, 1000.7, 1000.9, 1001.3]
        for (n, y) in offsets.enumerated() {
            list.scrollView.contentOffset = Point(x: 0, y: y)
            let image = try drawAlike(list, hosts, "offset \(y)")
            #expect(list.pinnedSection != nil)
            // The header's band (its top 40 points) is the same in every frame.
            let band = Array(image.rgba[0..<(Int(40 * scale) * image.width * 4)])
            if let headerRow { #expect(band == headerRow, "offset \(y)") } else { headerRow = band }
            // Offsets that round to the content's pixels of the frame before move nothing and draw no header
            // again: only the scroll indicator (5 points wide), which follows the exact offset.
            let pixel = { (v: Double) in ((v * scale) + 0.5).rounded(.down) }
            if n > 0 && pixel(y) == pixel(offsets[n - 1]) {
                #expect(host.canvas.lastDamage.movedPixels == 0, "offset \(y)")
                #expect(Double(host.canvas.lastDamage.drawnPixels) <= 8 * 60 * scale * scale, "offset \(y)")
            }
        }
    }

    /// A group of more than 64 calls referring to texts and points, taken over while the calls before it
    /// change (its texts' and points' places move): every frame equal to the same frame drawn whole.
    @Test func aLargeGroupIsTakenOverWithItsTextsAndPoints() throws {
        let size = Size(width: 240, height: 160)
        let hosts = try hostPair(size, scale: 1)
        var taken = 0
        for n in 0..<6 {
            for h in [hosts.damage, hosts.whole] {
                h.canvas.beginFrame()
                h.canvas.fill(Rect(origin: .zero, size: size), color: .white)
                // Before the group, another one drawn every frame (its key changes) with more texts and points
                // each time, over the large group's first row: the large group's calls move in the frame's
                // texts and points, and are drawn again where the first one changed.
                h.canvas.callGroup(id: CallGroupID(8), key: CallGroupKey(frame: .zero, state: UInt64(n))) { _ in
                    for k in 0...n {
                        h.canvas.drawText("\(k)", in: Rect(x: Double(k) * 12, y: 0, width: 12, height: 20),
                                          style: TextStyle(size: 9, color: RGBAColor(hex: 0xFF3B30)), alignment: .leading)
                    }
                    h.canvas.drawPolyline((0...n + 1).map { Point(x: Double($0) * 10, y: 18) }, color: .black, width: 1)
                }
                var drawn = false
                h.canvas.callGroup(id: CallGroupID(9), key: CallGroupKey(frame: .zero, state: 1234)) { _ in
                    drawn = true
                    for i in 0..<35 {
                        let x = Double(i % 7) * 34, y = Double(i / 7) * 24
                        h.canvas.drawText("\(i)", in: Rect(x: x, y: y, width: 30, height: 20),
                                          style: TextStyle(size: 10, color: .black), alignment: .leading)
                        h.canvas.drawPolyline([Point(x: x, y: y + 21), Point(x: x + 20, y: y + 22)], color: .black, width: 1)
                    }
                }
                if !drawn && h === hosts.damage { taken += 1 }
                h.canvas.endFrame()
            }
            #expect(try hosts.damage.readPixels() == hosts.whole.readPixels(), "frame \(n)")
        }
        #expect(taken == 5)
    }
}
