import Testing
import Motion
@testable import ScrollKit

/// Picker items: fixed or frame-dependent lengths, titled "Item i".
@MainActor
final class PickerTestSource: ListDataSource {
    var count: Int
    /// The item length; when nil, a quarter of `widthSource()` (the mood picker: four faces per screen).
    var length: Double?
    var widthSource: () -> Double = { 400 }
    init(count: Int, length: Double? = 50) { self.count = count; self.length = length }
    var numberOfItems: Int { count }
    var fixedItemSize: Double? { length ?? widthSource() / 4 }
    func cell(at index: Int, in list: ListView) -> ListCell {
        let cell = list.dequeueCell(PickerLabelCell.self, for: index)
        cell.title = "Item \(index)"
        return cell
    }
}

/// Drives a picker on a virtual 60 Hz clock and records what it reports.
@MainActor
final class PickerHarness {
    let picker: PickerView
    let source: PickerTestSource
    var now: Double = 0
    var frame = 0
    var selections: [Int] = []
    /// The centred index after every frame.
    var centredTrail: [Int] = []
    /// The axis offset after every frame.
    var offsets: [Double] = []

    init(count: Int = 79, length: Double? = 50, axis: ScrollAxis = .horizontal,
         frame: Rect = Rect(x: 20, y: 50, width: 400, height: 100)) {
        source = PickerTestSource(count: count, length: length)
        picker = PickerView(frame: frame, axis: axis, dataSource: source)
        source.widthSource = { [unowned self] in self.picker.frame.width }
        picker.onSelectionChanged = { [unowned self] in self.selections.append($0) }
    }

    var offset: Double {
        let o = picker.listView.scrollView.contentOffset
        return picker.listView.axis == .horizontal ? o.x : o.y
    }

    /// The offset that centres item `index`, computed from the item length and insets (not from the picker).
    func centredOffset(_ index: Int, length: Double = 50) -> Double {
        let viewport = picker.listView.axis == .horizontal ? picker.frame.width : picker.frame.height
        let inset = viewport / 2 - length / 2
        return inset + Double(index) * length + length / 2 - viewport / 2
    }

    func send(_ event: InputEvent) { picker.handle(event) }

    /// One frame of 1/60 s.
    func tick() {
        picker.step(FrameTick(index: frame, timestamp: now, duration: 1.0 / 60))
        frame += 1
        now += 1.0 / 60
        centredTrail.append(picker.centeredIndex ?? -1)
        offsets.append(offset)
    }

    /// Frames until the picker stops (at most `limit`); returns how many ran.
    @discardableResult
    func settle(limit: Int = 1200) -> Int {
        var n = 0
        while picker.isAnimating && n < limit { tick(); n += 1 }
        return n
    }

    /// A horizontal drag from `x0` to `x1` (window points) in `steps` moves over `duration`, then release.
    func drag(from x0: Double, to x1: Double, duration: Double, steps: Int = 6, y: Double = 100) {
        send(.pointerDown(location: Point(x: x0, y: y), time: now))
        for k in 1...steps {
            let s = Double(k) / Double(steps)
            send(.pointerMove(location: Point(x: x0 + (x1 - x0) * s, y: y), time: now + duration * s))
        }
        now += duration
        send(.pointerUp(location: Point(x: x1, y: y), time: now))
    }

    func tap(at x: Double, y: Double = 100) {
        send(.pointerDown(location: Point(x: x, y: y), time: now))
        now += 0.08
        send(.pointerUp(location: Point(x: x + 1, y: y), time: now))
    }
}

@Suite("PickerView")
@MainActor
struct PickerViewTests {
    @Test func startsCentredOnTheFirstItem() {
        let h = PickerHarness()
        #expect(h.picker.selectedIndex == 0)
        #expect(h.picker.centeredIndex == 0)
        #expect(h.offset == h.centredOffset(0))
        #expect(h.picker.distanceFromCenter(ofItem: 0) == 0)
        #expect(h.picker.listView.insets.left == 175)
        #expect(h.picker.listView.insets.right == 175)
    }

    /// A fling passes many items but reports once, when it has landed exactly on an item's centre,
    /// without sliding past it and rolling back.
    @Test(arguments: [0.04, 0.06, 0.1, 0.2])
    func flingReportsOnceAndLandsExactly(duration: Double) throws {
        let h = PickerHarness()
        h.drag(from: 380, to: 140, duration: duration)
        #expect(h.selections.isEmpty)
        h.settle()
        #expect(!h.picker.isAnimating)
        let selected = try #require(h.picker.selectedIndex)
        #expect(h.selections == [selected])
        #expect(Set(h.centredTrail).count >= 3, "the fling passed several items")
        #expect(h.offset == h.centredOffset(selected))
        #expect(h.picker.distanceFromCenter(ofItem: selected) == 0)
        // Monotonic: never past the final offset, never back.
        for (a, b) in zip(h.offsets, h.offsets.dropFirst()) { #expect(b >= a) }
        #expect(h.offsets.allSatisfy { $0 <= h.offset })
    }

    /// Backward flings too, and a fling from the end that comes back to the same item reports nothing.
    @Test func backwardFlingAndNoChange() throws {
        let h = PickerHarness()
        h.picker.selectItem(40, animated: false)
        h.drag(from: 140, to: 380, duration: 0.08)
        h.settle()
        let selected = try #require(h.picker.selectedIndex)
        #expect(selected < 40)
        #expect(h.selections == [selected])
        #expect(h.offset == h.centredOffset(selected))
        // A slow 10 pt nudge comes back to the same item: no report.
        h.now += 1
        h.drag(from: 200, to: 190, duration: 0.5)
        h.settle()
        #expect(h.picker.selectedIndex == selected)
        #expect(h.selections == [selected])
        #expect(h.offset == h.centredOffset(selected))
    }

    /// Tapping an item scrolls it to the centre, animated, and reports it once when there.
    @Test(arguments: [(2, 320.0), (-1, 170.0), (3, 370.0), (4, 399.0)])
    func tapScrollsToCentre(delta: Int, x: Double) {
        let h = PickerHarness()
        h.picker.selectItem(10, animated: false)
        h.tap(at: x)
        h.tick()
        #expect(h.picker.isAnimating)
        #expect(h.selections.isEmpty)
        let frames = h.settle()
        #expect(frames > 3, "animated, not a jump")
        #expect(h.picker.selectedIndex == 10 + delta)
        #expect(h.selections == [10 + delta])
        #expect(h.offset == h.centredOffset(10 + delta))
    }

    /// Tapping the centred item changes nothing; a tap that stops a motion is not a tap.
    @Test func tapOnCentreAndTapDuringMotion() throws {
        let h = PickerHarness()
        h.picker.selectItem(10, animated: false)
        h.tap(at: 220)
        h.settle()
        #expect(h.selections.isEmpty)
        #expect(h.picker.selectedIndex == 10)

        h.drag(from: 380, to: 140, duration: 0.05)
        for _ in 0..<6 { h.tick() }
        #expect(h.picker.isAnimating)
        h.tap(at: 390)          // stops the fling; not a tap on the item under it
        h.settle()
        let selected = try #require(h.picker.selectedIndex)
        #expect(h.selections == [selected])
        #expect(h.offset == h.centredOffset(selected))
        #expect(h.picker.distanceFromCenter(ofItem: selected) == 0)
    }

    /// Arrow keys along the axis step one item; a burst steps several and reports once.
    @Test func keysStep() {
        let h = PickerHarness()
        h.send(.key(.right, time: h.now))
        h.settle()
        #expect(h.selections == [1])
        h.send(.key(.right, time: h.now))
        h.send(.key(.right, time: h.now + 0.02))
        h.tick()
        h.send(.key(.right, time: h.now))
        h.settle()
        #expect(h.selections == [1, 4])
        #expect(h.offset == h.centredOffset(4))
        h.send(.key(.left, time: h.now))
        h.settle()
        #expect(h.selections == [1, 4, 3])
        // Keys across the axis do nothing; Left at the first item does nothing.
        h.send(.key(.down, time: h.now))
        h.settle()
        h.picker.selectItem(0, animated: false)
        h.send(.key(.left, time: h.now))
        h.settle()
        #expect(h.selections == [1, 4, 3])
        #expect(h.picker.selectedIndex == 0)
    }

    @Test func verticalPickerStepsWithUpAndDown() {
        let h = PickerHarness(axis: .vertical, frame: Rect(x: 0, y: 0, width: 120, height: 300))
        #expect(h.picker.listView.insets.top == 125)
        h.send(.key(.down, time: h.now))
        h.send(.key(.down, time: h.now))
        h.settle()
        #expect(h.selections == [2])
        #expect(h.offset == h.centredOffset(2))
        h.send(.key(.up, time: h.now))
        h.settle()
        #expect(h.selections == [2, 1])
    }

    /// The wheel with snapping: each whole step moves one item, fractions accumulate, a burst moves
    /// several, and the picker reports once per settle.
    @Test func wheelSteps() {
        let h = PickerHarness()
        let inside = Point(x: 200, y: 100)
        h.send(.wheel(dx: 0, dy: -1, location: inside, time: h.now))
        h.settle()
        #expect(h.selections == [1])
        h.send(.wheel(dx: 0, dy: -1, location: inside, time: h.now))
        h.send(.wheel(dx: 0, dy: -1, location: inside, time: h.now + 0.01))
        h.send(.wheel(dx: 0, dy: -1, location: inside, time: h.now + 0.02))
        h.settle()
        #expect(h.selections == [1, 4])
        #expect(h.offset == h.centredOffset(4))
        h.send(.wheel(dx: 0, dy: 0.5, location: inside, time: h.now))
        h.settle()
        #expect(h.selections == [1, 4])
        h.send(.wheel(dx: 0, dy: 0.5, location: inside, time: h.now))
        h.settle()
        #expect(h.selections == [1, 4, 3])
        // Outside the picker the wheel does nothing.
        h.send(.wheel(dx: 0, dy: -1, location: Point(x: 200, y: 400), time: h.now))
        #expect(!h.picker.isAnimating)
    }

    /// The mood picker's rotation case: a resize keeps the selected item centred, and is not a selection change.
    @Test(arguments: [640.0, 300, 401, 90])
    func resizeKeepsSelectionCentred(width: Double) {
        let h = PickerHarness(length: nil)      // items a quarter of the width
        h.picker.selectItem(10, animated: false)
        h.picker.frame = Rect(x: 20, y: 50, width: width, height: 100)
        #expect(h.picker.selectedIndex == 10)
        #expect(h.picker.centeredIndex == 10)
        #expect(h.picker.distanceFromCenter(ofItem: 10) == 0)
        #expect(h.picker.listView.frame(of: 10)?.width == width / 4)
        #expect(h.picker.listView.insets.left == width / 2 - width / 8)
        #expect(h.offset == h.centredOffset(10, length: width / 4))
        #expect(!h.picker.isAnimating)
        #expect(h.selections.isEmpty)
        // And back.
        h.picker.frame = Rect(x: 20, y: 50, width: 400, height: 100)
        #expect(h.offset == h.centredOffset(10, length: 100))
        #expect(h.selections.isEmpty)
    }

    /// A resize during a fling stops it on the item nearest the centre then, and reports it once.
    @Test func resizeDuringFling() throws {
        let h = PickerHarness()
        h.drag(from: 380, to: 140, duration: 0.05)
        for _ in 0..<5 { h.tick() }
        let live = try #require(h.picker.centeredIndex)
        h.picker.frame = Rect(x: 20, y: 50, width: 500, height: 100)
        #expect(!h.picker.isAnimating)
        #expect(h.picker.selectedIndex == live)
        #expect(h.selections == [live])
        #expect(h.offset == h.centredOffset(live))
        h.settle()
        #expect(h.selections == [live])
    }

    /// `selectItem` moves the selection without reporting it, animated or not.
    @Test func programmaticSelectionIsNotReported() {
        let h = PickerHarness()
        h.picker.selectItem(30, animated: true)
        #expect(h.picker.selectedIndex == 30)
        let frames = h.settle()
        #expect(frames > 3)
        #expect(h.offset == h.centredOffset(30))
        h.picker.selectItem(500, animated: false)
        #expect(h.picker.selectedIndex == 78)
        #expect(h.offset == h.centredOffset(78))
        #expect(h.selections.isEmpty)
    }

    /// Reloading with fewer items clamps the selection (one report); an empty picker has none.
    @Test func reloadAndEmpty() {
        let h = PickerHarness()
        h.picker.selectItem(40, animated: false)
        h.source.count = 12
        h.picker.reloadData()
        #expect(h.picker.selectedIndex == 11)
        #expect(h.selections == [11])
        #expect(h.offset == h.centredOffset(11))
        h.source.count = 0
        h.picker.reloadData()
        #expect(h.picker.selectedIndex == nil)
        #expect(h.picker.centeredIndex == nil)
        h.send(.key(.right, time: h.now))
        h.send(.wheel(dx: 0, dy: -2, location: Point(x: 200, y: 100), time: h.now))
        h.drag(from: 380, to: 140, duration: 0.05)
        h.settle()
        let canvas = RecordingCanvas()
        h.picker.draw(in: canvas)
        #expect(canvas.texts.isEmpty)
        #expect(h.selections == [11])
        h.source.count = 5
        h.picker.reloadData()
        #expect(h.picker.selectedIndex == 0)
        #expect(h.selections == [11, 0])
    }

    /// The wheel look: each cell learns its distance from the centre and is scaled and faded by it.
    @Test func wheelLookScalesAndFades() throws {
        let h = PickerHarness()
        h.picker.wheelLook = .standard
        h.picker.selectItem(20, animated: false)
        let canvas = RecordingCanvas()
        h.picker.draw(in: canvas)
        var seen: [Int: (Rect, TextStyle)] = [:]
        for command in canvas.commands {
            if case .text(let s, let r, let style, _) = command, let i = Int(s.dropFirst(5)) { seen[i] = (r, style) }
        }
        // 400 pt viewport, 50 pt items: items 16...24 are visible (their centres at −4...+4 items).
        #expect(Set(seen.keys) == Set(16...24))
        // The documented standard look: scale 1 → 0.6 and opacity 1 → 0.3 over two items, halfway at one.
        let look: [Int: (scale: Double, opacity: Double)] = [0: (1, 1), 1: (0.8, 0.65), 2: (0.6, 0.3), 3: (0.6, 0.3), 4: (0.6, 0.3)]
        for (i, (rect, style)) in seen {
            let d = Double(i - 20)
            let (scale, opacity) = try #require(look[abs(i - 20)])
            #expect(abs(rect.width - 50 * scale) < 1e-9, "item \(i)")
            #expect(abs(rect.height - 100 * scale) < 1e-9, "item \(i)")
            // Centred on the item's unscaled centre: window x = 20 + 200 + 50 d.
            #expect(abs(rect.midX - (220 + 50 * d)) < 1e-9, "item \(i)")
            #expect(style.color.a == UInt8((255 * opacity).rounded()), "item \(i)")
            #expect(style.weight == (i == 20 ? .bold : .regular))
            let cell = try #require(h.picker.listView.cell(at: i) as? PickerCell)
            #expect(cell.distanceFromCenter == d)
            #expect(cell.isCentered == (i == 20))
        }
        // Half-way between two items, both are half an item from the centre.
        h.picker.listView.scrollView.setContentOffset(Point(x: h.centredOffset(20) + 25, y: 0), animated: false)
        #expect(h.picker.distanceFromCenter(ofItem: 20) == -0.5)
        #expect(h.picker.distanceFromCenter(ofItem: 21) == 0.5)
        #expect(h.picker.distanceFromCenter(ofItem: 79) == nil)
    }

    @Test func wheelLookCurve() {
        let look = PickerWheelLook(minimumScale: 0.5, minimumOpacity: 0.2, falloff: 4)
        #expect(look.scale(atDistance: 0) == 1)
        #expect(look.scale(atDistance: 2) == 0.75)
        #expect(look.scale(atDistance: -2) == 0.75)
        #expect(look.scale(atDistance: 4) == 0.5)
        #expect(look.scale(atDistance: 40) == 0.5)
        #expect(look.opacity(atDistance: 1) == 0.8)
        #expect(look.opacity(atDistance: .nan) == 0.2)
        let broken = PickerWheelLook(minimumScale: .nan, minimumOpacity: -3, falloff: 0)
        #expect(broken.scale(atDistance: 3) == 1)
        #expect(broken.opacity(atDistance: 0.5) == 0.5)
        #expect(broken.opacity(atDistance: 3) == 0)
    }

    /// The optional selection band sits exactly behind the centre slot.
    @Test func selectionBand() {
        let h = PickerHarness()
        h.picker.selectionBandColor = RGBAColor(hex: 0xDDEEFF)
        let canvas = RecordingCanvas()
        h.picker.draw(in: canvas)
        #expect(canvas.commands.contains(.fill(Rect(x: 195, y: 50, width: 50, height: 100), RGBAColor(hex: 0xDDEEFF))))
    }
}
