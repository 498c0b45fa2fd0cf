import Foundation
@testable import ScrollKit
@testable import ScrollKitSDL
import ScrollKitTesting
import ScrollKitTestSupport
import Testing

/// The mallocs of five frames of `table`'s standard cells, configured again with the same titles each frame,
/// after two frames that lay out and cache the glyphs; nil when the malloc interposer is not preloaded
/// (`MallocCounter`). Images are the canvas's business (a debug build's image blit allocates; `image-probe`
/// counts the release path): the cells' own drawing is counted with swatches in their place.
@MainActor
func standardCellDrawingMallocs(table: ViewNode, canvas: SDLCanvas) -> Int? {
    let cells = table.subviews.compactMap { $0 as? StandardCell }
    for cell in cells {
        if case .image = cell.leading { cell.leading = .swatch(RGBAColor(hex: 0x8E8E93), symbol: "I") }
    }
    let titles = cells.map(\.title)
    for _ in 0..<2 {
        canvas.beginFrame()
        table.draw(in: canvas)
    }
    return MallocCounter.count {
        for _ in 0..<5 {
            for index in 0..<cells.count { cells[index].title = titles[index] }
            table.draw(in: canvas)
        }
    }
}

/// A settings-like table of standard cells in every style, 360 × 600 points: title only; title and
/// wrapped subtitle; swatch, image and missing-image leading parts; chevron, checkmark, value and
/// switch (on and off) accessories; a selected row and a pressed row.
@MainActor
func makeStandardCellTable(measurer: any TextMeasurer) -> ViewNode {
    let root = ViewNode(frame: Rect(x: 0, y: 0, width: 360, height: 600))
    var y = 12.0
    func row(_ title: String, _ subtitle: String? = nil, leading: StandardCell.Leading = .none,
             accessory: StandardCell.Accessory = .none, configure: (StandardCell) -> Void = { _ in }) {
        let cell = StandardCell()
        cell.textMeasurer = measurer
        cell.title = title
        cell.subtitle = subtitle
        cell.leading = leading
        cell.accessory = accessory
        configure(cell)
        let height = StandardCell.height(title: title, subtitle: subtitle, width: 360, leading: leading,
                                         accessory: accessory, appearance: cell.appearance, measurer: measurer)
        cell.frame = Rect(x: 0, y: y, width: 360, height: height)
        root.addSubview(cell)
        y += height
    }
    row("General", accessory: .chevron)
    row("Wi-Fi", leading: .swatch(RGBAColor(hex: 0x0A7AFF), symbol: "W"), accessory: .value("Home"))
    row("Airplane Mode", leading: .swatch(RGBAColor(hex: 0xFF9500), symbol: "A"), accessory: .toggle(isOn: true))
    row("Notifications", "Banners, sounds and badges; scheduled summaries arrive at 8:00 and 18:00 every day, quietly",
        leading: .swatch(RGBAColor(hex: 0xFF3B30), symbol: "N"), accessory: .chevron)
    row("Holiday photos", "Lisbon, 24 photos", leading: .image(ImageRef("gradient")), accessory: .chevron)
    row("Missing image", "Drawn as the canvas's placeholder", leading: .image(ImageRef("no-such-image")))
    row("Dark Mode", "Switches at sunset", leading: .swatch(RGBAColor(hex: 0x1C1C1E), symbol: "D"),
        accessory: .toggle(isOn: false))
    row("English", accessory: .checkmark)
    row("Selected row", "With the selected background and a checkmark", accessory: .chevron) { cell in
        cell.isSelected = true
        cell.appearance.showsCheckmarkWhenSelected = true
    }
    row("Pressed row", accessory: .value("Highlighted")) { cell in cell.isHighlighted = true }
    return root
}

extension CanvasTests {
    @Suite("Standard cells")
    @MainActor
    struct StandardCells {
        /// Every style at 1x and 2x against committed goldens.
        @Test(arguments: [(1.0, "standard-cells"), (2.0, "standard-cells@2x")])
        func tableMatchesGolden(scale: Double, name: String) throws {
            let images = ImageLibrary(searchDirectories: [try makeTestImageDirectory()], decoding: .synchronous)
            let target = try OffscreenRenderer(width: 360, height: 600, scale: scale, images: images)
            let canvas = target.canvas
            let table = makeStandardCellTable(measurer: FontTextMeasurer.shared)
            for _ in 0..<2 {   // the second frame shows the decoded image (and the failed one's placeholder)
                canvas.beginFrame()
                canvas.clear(RGBAColor(hex: 0xF2F2F7))
                table.draw(in: canvas)
            }
            GoldenImages.expectMatch(try target.image(), named: name, in: GoldenImages.directory(besides: #filePath))
        }

        /// With SDL2_ttf's metrics too, the measured height is the height the cell lays out in.
        @Test func measuredHeightEqualsDrawnHeight() throws {
            let measurer = FontTextMeasurer.shared
            let subtitle = "Banners, sounds and badges; scheduled summaries arrive at 8:00 and 18:00 every day"
            for width in [375.0, 260.0, 150.0] {
                let h = StandardCell.height(title: "Notifications", subtitle: subtitle, width: width,
                                            leading: .swatch(.black), accessory: .chevron, measurer: measurer)
                let cell = StandardCell()
                cell.textMeasurer = measurer
                cell.title = "Notifications"
                cell.subtitle = subtitle
                cell.leading = .swatch(.black)
                cell.accessory = .chevron
                let parts = cell.parts(in: Rect(x: 0, y: 0, width: width, height: h))
                #expect(parts.fittingHeight == h)
                #expect(parts.subtitleLineCount == 2)
                #expect(abs(try #require(parts.subtitle).maxY + cell.appearance.contentInsets.bottom - h) < 1e-9)
            }
        }

        /// Drawing laid-out cells allocates nothing (counted when the malloc interposer is preloaded; see
        /// `MallocCounter`), configuring them again with the same text neither; images aside (see below).
        @Test(arguments: [ReadingDirection.leftToRight, .rightToLeft])
        func drawingAllocatesNothing(direction: ReadingDirection) throws {
            let images = ImageLibrary(searchDirectories: [try makeTestImageDirectory()], decoding: .synchronous)
            let target = try OffscreenRenderer(width: 360, height: 600, scale: 2, images: images, direct: true)
            let canvas = target.canvas
            let table = makeStandardCellTable(measurer: canvas.textMeasurer)
            table.layoutDirection = direction   // right to left: the parts mirrored, subtitles flush right
            if let mallocs = standardCellDrawingMallocs(table: table, canvas: canvas) {
                #expect(mallocs == 0, "drawing standard cells made \(mallocs) mallocs in 5 frames")
            }
        }
    }
}
