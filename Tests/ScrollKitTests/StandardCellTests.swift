import Testing
@testable import ScrollKit

/// A measurer that counts its calls (to see when text is laid out again).
@MainActor
final class CountingMeasurer: TextMeasurer {
    var calls = 0
    func fontMetrics(for style: TextStyle) -> FontMetrics {
        FontMetrics(ascent: style.size * 0.95, lineHeight: style.size * 1.2)
    }
    func advance(of scalar: Unicode.Scalar, style: TextStyle) -> Double {
        calls += 1
        return style.size * 0.6
    }
}

@Suite("StandardCell")
@MainActor
struct StandardCellTests {
    static let long = "Joins known networks automatically and asks before it joins a new one, then forgets them"

    func makeCell(width: Double, height: Double, measurer: (any TextMeasurer)? = ApproximateTextMeasurer.shared) -> StandardCell {
        let cell = StandardCell()
        cell.textMeasurer = measurer
        cell.frame = Rect(x: 0, y: 0, width: width, height: height)
        return cell
    }

    /// The parts' frames at several widths: swatch at the leading inset, text after it, the accessory at
    /// the trailing inset, the separator from the text's start to the trailing edge.
    @Test(arguments: [375.0, 240.0, 120.0])
    func partsAtSeveralWidths(width: Double) throws {
        let cell = makeCell(width: width, height: 76)
        cell.title = "Wi-Fi"
        cell.subtitle = Self.long
        cell.leading = .swatch(RGBAColor(hex: 0x0A7AFF), symbol: "W")
        cell.accessory = .chevron
        let look = cell.appearance
        let frame = Rect(x: 0, y: 100, width: width, height: 76)
        let parts = cell.parts(in: frame)
        #expect(parts.leading == Rect(x: 16, y: 100 + (76 - 36) / 2, width: 36, height: 36))
        let textLeft = 16.0 + 36 + look.leadingSpacing
        #expect(parts.title.minX == textLeft)
        let accessory = try #require(parts.accessory)
        #expect(accessory.maxX == width - 16)
        #expect(abs(accessory.midY - frame.midY) < 1e-9)
        #expect(parts.textWidth == max(0, accessory.minX - look.accessorySpacing - textLeft))
        let subtitle = try #require(parts.subtitle)
        #expect(subtitle.minY == parts.title.maxY + look.subtitleSpacing)
        #expect(subtitle.maxX <= textLeft + parts.textWidth + 1e-9)
        #expect(parts.subtitleLineCount >= 1 && parts.subtitleLineCount <= 2)
        #expect(parts.separator == Rect(x: textLeft, y: frame.maxY - 1, width: width - textLeft, height: 1))
        // The text block is centred vertically.
        #expect(abs((parts.title.minY - frame.minY) - (frame.maxY - subtitle.maxY)) < 1e-9)
        #expect(cell.subtitleLayout?.string(ofLine: parts.subtitleLineCount - 1).hasSuffix("…") == true)
    }

    /// Without a leading part the text and separator start at the content inset; a separator inset moves it.
    @Test func titleOnlyAndSeparatorInsets() {
        let cell = makeCell(width: 300, height: 44)
        cell.title = "General"
        var parts = cell.parts(in: cell.frame)
        #expect(parts.title.minX == 16 && parts.subtitle == nil && parts.accessory == nil && parts.leading == nil)
        #expect(parts.textWidth == 300 - 32)
        #expect(parts.separator == Rect(x: 16, y: 43, width: 284, height: 1))
        cell.appearance.separatorLeadingInset = 0
        cell.appearance.separatorTrailingInset = 10
        parts = cell.parts(in: cell.frame)
        #expect(parts.separator == Rect(x: 0, y: 43, width: 290, height: 1))
        cell.appearance.separatorColor = nil
        #expect(cell.parts(in: cell.frame).separator == nil)
    }

    /// A value accessory is right-aligned and takes at most half the text's width.
    @Test func valueAccessory() throws {
        let cell = makeCell(width: 320, height: 44)
        cell.title = "Auto-Lock"
        cell.accessory = .value("30 seconds")
        let parts = cell.parts(in: cell.frame)
        let value = try #require(parts.accessory)
        #expect(value.maxX == 320 - 16)
        #expect(abs(value.width - 10 * 17 * 0.6) < 1e-9)
        cell.accessory = .value(String(repeating: "very long value ", count: 10))
        let cut = try #require(cell.parts(in: cell.frame).accessory)
        #expect(cut.width <= (320 - 32) / 2 + 1e-9)
    }

    /// The measured height is the height the cell lays its content out in: at that height every subtitle
    /// line shows, and the content's bottom is at the bottom inset.
    @Test(arguments: [320.0, 200.0, 90.0])
    func measuredHeightEqualsDrawnHeight(width: Double) throws {
        let look = StandardCell.Appearance()
        for (subtitle, leading, accessory) in [
            (Self.long, StandardCell.Leading.swatch(.white, symbol: nil), StandardCell.Accessory.chevron),
            ("Short", .none, .value("On")),
            (Self.long, .image(ImageRef("photo")), .toggle(isOn: true)),
        ] {
            let h = StandardCell.height(title: "Bluetooth", subtitle: subtitle, width: width, leading: leading,
                                        accessory: accessory, appearance: look, measurer: ApproximateTextMeasurer.shared)
            let cell = makeCell(width: width, height: h)
            cell.title = "Bluetooth"
            cell.subtitle = subtitle
            cell.leading = leading
            cell.accessory = accessory
            let parts = cell.parts(in: cell.frame)
            #expect(parts.fittingHeight == h)
            let unlimited = TextLayout(subtitle, style: look.subtitleStyle, width: parts.textWidth, maxLines: 2,
                                       measurer: ApproximateTextMeasurer.shared)
            #expect(parts.subtitleLineCount == unlimited.lines.count)
            let bottom = try #require(parts.subtitle).maxY
            if h > look.minimumHeight {
                #expect(abs(bottom + look.contentInsets.bottom - h) < 1e-9)
            } else {
                #expect(bottom <= h)
            }
        }
        // Title only: the minimum height.
        #expect(StandardCell.height(title: "General", width: width, measurer: ApproximateTextMeasurer.shared) == 44)
    }

    /// A frame shorter than the text needs keeps the subtitle lines that fit (at least one).
    @Test func fixedHeightTruncatesSubtitle() {
        let cell = makeCell(width: 200, height: 60)
        cell.title = "Kitchen Lamp"
        cell.subtitle = Self.long
        #expect(cell.parts(in: cell.frame).subtitleLineCount == 1)
        #expect(cell.subtitleLayout?.isTruncated == true)
        cell.frame = Rect(x: 0, y: 0, width: 200, height: 30)
        #expect(cell.parts(in: cell.frame).subtitleLineCount == 1)
        cell.frame = Rect(x: 0, y: 0, width: 200, height: 200)
        #expect(cell.parts(in: cell.frame).subtitleLineCount == 2)
    }

    /// Text is laid out again only when the text, width or style change; a cell given text another cell
    /// laid out reuses that layout (the shared cache).
    @Test func laysOutOnlyWhenContentChanges() {
        StandardCell.removeCachedLayouts()
        let measurer = CountingMeasurer()
        let cell = makeCell(width: 300, height: 60, measurer: measurer)
        cell.title = "Kitchen Lamp"
        cell.subtitle = "Dimmable white, 40% in the evening"
        let canvas = RecordingCanvas(size: Size(width: 300, height: 60))
        cell.draw(in: canvas)
        let first = measurer.calls
        #expect(first > 0)
        cell.draw(in: canvas)
        cell.prepareForReuse()
        cell.title = "Kitchen Lamp"
        cell.subtitle = "Dimmable white, 40% in the evening"
        cell.draw(in: canvas)
        #expect(measurer.calls == first)
        let other = makeCell(width: 300, height: 60, measurer: measurer)
        other.title = "Kitchen Lamp"
        other.subtitle = "Dimmable white, 40% in the evening"
        other.draw(in: canvas)
        #expect(measurer.calls == first)
        cell.title = "Hallway Lamp"
        cell.draw(in: canvas)
        #expect(measurer.calls > first)
        let afterTitle = measurer.calls
        cell.frame = Rect(x: 0, y: 0, width: 250, height: 60)
        cell.draw(in: canvas)
        #expect(measurer.calls > afterTitle)
    }

    /// A tap on the switch flips it and calls back; a tap elsewhere is the row's.
    @Test func switchToggles() throws {
        let cell = makeCell(width: 320, height: 60)
        cell.title = "Airplane Mode"
        cell.accessory = .toggle(isOn: false)
        var calls: [Bool] = []
        cell.onToggle = { _, on in calls.append(on) }
        let switchCentre = Point(x: 320 - 16 - StandardCell.switchSize.width / 2, y: 30)
        let hit = try #require(cell.hitTest(switchCentre))
        #expect(hit !== cell && hit.isPressable)
        hit.activate()
        #expect(cell.accessory == .toggle(isOn: true) && cell.isSwitchOn == true)
        hit.activate()
        #expect(calls == [true, false])
        #expect(cell.hitTest(Point(x: 40, y: 30)) === cell)
        // Not a switch: the switch view neither shows nor takes taps.
        cell.accessory = .chevron
        #expect(cell.hitTest(switchCentre) === cell)
        cell.toggleSwitch()
        #expect(calls.count == 2 && cell.isSwitchOn == nil)
        // Reuse clears it.
        cell.accessory = .toggle(isOn: true)
        cell.prepareForReuse()
        #expect(cell.accessory == .none && cell.hitTest(switchCentre) === cell)
    }

    /// The selected look fills with the selected colour (and a checkmark when asked); the pressed look
    /// lays the highlight over the background.
    @Test func selectedAndPressedLooks() {
        let cell = makeCell(width: 300, height: 44)
        cell.title = "Display"
        cell.accessory = .chevron
        var canvas = RecordingCanvas(size: Size(width: 300, height: 44))
        cell.draw(in: canvas)
        #expect(canvas.commands.first == .fill(Rect(x: 0, y: 0, width: 300, height: 44), cell.appearance.backgroundColor))
        cell.isSelected = true
        canvas = RecordingCanvas(size: Size(width: 300, height: 44))
        cell.draw(in: canvas)
        #expect(canvas.commands.first == .fill(Rect(x: 0, y: 0, width: 300, height: 44), cell.appearance.selectedBackgroundColor))
        let chevronLines = canvas.commands.filter { if case .line(_, _, let c, _) = $0 { c == cell.appearance.chevronColor } else { false } }
        #expect(chevronLines.count == 2)
        cell.appearance.showsCheckmarkWhenSelected = true
        canvas = RecordingCanvas(size: Size(width: 300, height: 44))
        cell.draw(in: canvas)
        let tinted = canvas.commands.filter { if case .line(_, _, let c, _) = $0 { c == cell.appearance.tintColor } else { false } }
        #expect(tinted.count == 2)   // the checkmark replaces the chevron
        cell.isSelected = false
        cell.isHighlighted = true
        canvas = RecordingCanvas(size: Size(width: 300, height: 44))
        cell.draw(in: canvas)
        #expect(Array(canvas.commands.prefix(2)) == [.fill(Rect(x: 0, y: 0, width: 300, height: 44), cell.appearance.backgroundColor),
                                                     .fill(Rect(x: 0, y: 0, width: 300, height: 44), cell.appearance.highlightColor!)])
        #expect(cell.isOpaque)
    }

    /// The leading image goes to the canvas (which draws its placeholder while it loads or when it is
    /// missing); a swatch is a rounded square with its symbol.
    @Test func leadingImageAndSwatch() {
        let cell = makeCell(width: 300, height: 60)
        cell.title = "Photos"
        cell.leading = .image(ImageRef("missing/photo"))
        var canvas = RecordingCanvas(size: Size(width: 300, height: 60))
        cell.draw(in: canvas)
        #expect(canvas.commands.contains(.image(ImageRef("missing/photo"), in: Rect(x: 16, y: 12, width: 36, height: 36), opacity: 1)))
        cell.leading = .swatch(RGBAColor(hex: 0xFF9500), symbol: "P")
        canvas = RecordingCanvas(size: Size(width: 300, height: 60))
        cell.draw(in: canvas)
        #expect(canvas.commands.contains(.fillRoundedRect(Rect(x: 16, y: 12, width: 36, height: 36), radius: 8, RGBAColor(hex: 0xFF9500))))
        #expect(canvas.texts == ["P"])
        #expect(canvas.textLayouts.map { $0.lineStrings } == [["Photos"]])
    }

    /// Bad input never traps: empty strings, NaN and zero widths and frames, bad sizes.
    @Test func badInput() {
        for width in [Double.nan, 0, -5, .infinity, 1] {
            let h = StandardCell.height(title: "", subtitle: "", width: width, leading: .image(ImageRef("")),
                                        accessory: .value(""), measurer: ApproximateTextMeasurer.shared)
            #expect(h.isFinite && h >= 44)
            let h2 = StandardCell.height(title: "Title", subtitle: Self.long, width: width, measurer: ApproximateTextMeasurer.shared)
            #expect(h2.isFinite && h2 >= 44)
        }
        let cell = makeCell(width: 300, height: 60)
        cell.appearance.leadingSize = Size(width: .nan, height: 10)
        cell.appearance.contentInsets = Insets(top: .nan, left: -4, bottom: .infinity, right: 3)
        cell.appearance.subtitleMaxLines = -1
        cell.appearance.titleStyle.size = .nan
        cell.leading = .swatch(.black, symbol: "")
        cell.subtitle = ""
        cell.accessory = .value("")
        let parts = cell.parts(in: cell.frame)
        #expect(parts.leading == nil && parts.subtitle == nil && parts.accessory == nil)
        for frame in [Rect(x: .nan, y: 0, width: 10, height: 10), Rect(x: 0, y: 0, width: .infinity, height: 40),
                      Rect(x: 0, y: 0, width: 0, height: 40)] {
            let canvas = RecordingCanvas(size: Size(width: 100, height: 100))
            cell.draw(in: canvas, frame: frame)
            #expect(canvas.commands.isEmpty)
            _ = cell.parts(in: frame)
        }
        cell.title = "Title"
        cell.subtitle = Self.long
        cell.draw(in: RecordingCanvas(size: Size(width: 100, height: 100)), frame: Rect(x: 0, y: 0, width: 3, height: 2))
    }

    /// Through a real tree: a tap on a row's switch flips it without selecting the row; a tap elsewhere on
    /// the row selects it.
    @Test func tapsInAList() throws {
        let source = ExampleSource()
        source.accessory = .toggle(isOn: false)
        let list = ListView(frame: Rect(x: 0, y: 0, width: 320, height: 300), axis: .vertical, dataSource: source)
        let root = ViewNode(frame: Rect(x: 0, y: 0, width: 320, height: 300))
        root.addSubview(list)
        var selected: [Int] = []
        list.onSelectItem = { selected.append($0) }
        let driver = TreeDriver(root: root)
        driver.step()
        let cell = try #require(list.cell(at: 1) as? StandardCell)
        var toggles: [Bool] = []
        cell.onToggle = { _, on in toggles.append(on) }
        let rowFrame = try #require(list.frame(of: 1))
        let onSwitch = Point(x: 320 - 16 - 20, y: rowFrame.midY)
        driver.down(onSwitch, at: driver.now + 0.01)
        driver.up(onSwitch, at: driver.now + 0.05)
        driver.run(until: driver.now + 0.3)
        #expect(toggles == [true] && cell.isSwitchOn == true)
        #expect(selected.isEmpty)
        let onTitle = Point(x: 100, y: rowFrame.midY)
        driver.down(onTitle, at: driver.now + 0.01)
        driver.up(onTitle, at: driver.now + 0.05)
        driver.run(until: driver.now + 0.3)
        #expect(selected == [1] && toggles == [true])
    }

    /// The doc comment's example, in a list.
    @Test func inAList() {
        let source = ExampleSource()
        let list = ListView(frame: Rect(x: 0, y: 0, width: 320, height: 300), axis: .vertical, dataSource: source)
        list.onSelectItem = { source.selectedIndex = $0 }
        let canvas = RecordingCanvas(size: Size(width: 320, height: 300))
        list.draw(in: canvas)
        let cells = list.visibleCells.compactMap { $0 as? StandardCell }
        #expect(cells.count == list.visibleRange.count && !cells.isEmpty)
        #expect(cells.first?.accessory == .value("Home"))
        #expect(canvas.textLayouts.contains { $0.lineStrings == ["Wi-Fi"] })
    }
}

@MainActor
final class ExampleSource: ListDataSource {
    var selectedIndex = -1
    var accessory = StandardCell.Accessory.value("Home")
    let look = StandardCell.Appearance()
    var numberOfItems: Int { 20 }
    func cell(at index: Int, in list: ListView) -> ListCell {
        let cell = list.dequeueCell(StandardCell.self, for: index)
        cell.textMeasurer = ApproximateTextMeasurer.shared
        cell.appearance = look
        cell.title = "Wi-Fi"
        cell.subtitle = "Joins known networks automatically"
        cell.leading = .swatch(RGBAColor(hex: 0x0A7AFF), symbol: "W")
        cell.accessory = accessory
        cell.isSelected = index == selectedIndex
        return cell
    }
    func sizeOfItem(at index: Int) -> Double {
        StandardCell.height(title: "Wi-Fi", subtitle: "Joins known networks automatically", width: 320,
                            leading: .swatch(RGBAColor(hex: 0x0A7AFF), symbol: "W"), accessory: accessory,
                            appearance: look, measurer: ApproximateTextMeasurer.shared)
    }
}
