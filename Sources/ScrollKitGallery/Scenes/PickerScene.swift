// PickerScene, the mood picker: 79 emoji faces on a horizontal PickerView, with its layout and drawing;
// FaceSource, FaceCell, and DemoResources.

import Foundation
import ScrollKitAssets
import Motion
import ScrollKit
import ScrollKitSDL

extension SceneEntry {
    /// The mood picker: 79 emoji faces on a horizontal wheel that lands exactly on one.
    static let picker = SceneEntry(name: "picker") { context throws(CLIError) in
        try PickerScene.registerEmojiFont(path: DemoResources.path("Fonts/\(PickerScene.emojiFontFile)"), in: .shared)
        return PickerScene(context: context)
    }
}

/// The mood picker scene: "Your Mood!", an arrow pointing at the centre, and a horizontal
/// `PickerView` of the 79 faces U+1F601…U+1F64F, each a quarter of the viewport wide, drawn from the
/// bundled Noto Color Emoji subset with the wheel look; the face under the arrow is named below
/// (its Unicode name, title-cased). Flings land exactly on a face; taps, Left/Right and the wheel
/// step to a face. The trace's `selected` column is `picker.selectedIndex`.
@MainActor
final class PickerScene: DemoScene {
    /// The bundled emoji font (a subset of Noto Color Emoji, OFL; its licence is beside it).
    static let emojiFontFile = "NotoColorEmoji-Faces.ttf"
    /// The first face, U+1F601 GRINNING FACE WITH SMILING EYES.
    static let firstScalar: UInt32 = 0x1F601

    /// The wheel (the scene's main scroll view is `picker.listView.scrollView`).
    let picker: PickerView
    let faces: FaceSource
    /// How many times the picker reported a new selection (`onSelectionChanged`).
    private(set) var selectionChanges = 0
    private(set) var size: Size
    private var quit = false
    private var layoutInfo = PickerLayout()

    /// Registers the emoji font at `path` with `library`.
    /// - Throws: a one-line `CLIError` naming the file when it is missing or not a font.
    static func registerEmojiFont(path: String, in library: FontLibrary) throws(CLIError) {
        do {
            try library.registerEmojiFont(path: path)
        } catch {
            throw CLIError("cannot load the picker's emoji font: \(error)")
        }
    }

    init(context: SceneContext) {
        size = context.size
        let faces = FaceSource()
        self.faces = faces
        labels = Self.faceLabels(count: faces.numberOfItems)
        picker = PickerView(frame: .zero, axis: .horizontal, dataSource: faces)
        picker.wheelLook = .standard
        picker.listView.backgroundColor = nil
        picker.onSelectionChanged = { [unowned self] _ in self.selectionChanges += 1 }
        picker.isFocusable = true          // Tab reaches it; focused, ← → choose
        picker.accessibilityLabel = "Mood"
        layout()
    }

    // MARK: Layout

    /// The vertical stack: title, subtitle, arrow, picker, name, code point; centred in the height.
    struct PickerLayout {
        var title = Rect.zero
        var subtitle = Rect.zero
        var arrow = Rect.zero
        var picker = Rect.zero
        var name = Rect.zero
        var detail = Rect.zero
    }

    private func layout() {
        let width = max(0, size.width), height = max(0, size.height)
        let item = max(1, min(width / 4, height * 0.42))
        faces.itemWidth = max(1, width / 4)
        let titleH = 44.0, subtitleH = 22.0, arrowH = 26.0, nameH = 32.0, detailH = 20.0
        let total = titleH + subtitleH + 18 + arrowH + item + 14 + nameH + detailH
        var y = max(0, (height - total) / 2)
        var l = PickerLayout()
        l.title = Rect(x: 0, y: y, width: width, height: titleH); y += titleH
        l.subtitle = Rect(x: 0, y: y, width: width, height: subtitleH); y += subtitleH + 18
        l.arrow = Rect(x: width / 2 - 20, y: y, width: 40, height: arrowH); y += arrowH
        l.picker = Rect(x: 0, y: y, width: width, height: item); y += item + 14
        l.name = Rect(x: 16, y: y, width: max(0, width - 32), height: nameH); y += nameH
        l.detail = Rect(x: 16, y: y, width: max(0, width - 32), height: detailH)
        layoutInfo = l
        picker.frame = l.picker
    }

    // MARK: HostClient

    var accessibilityRoot: ViewNode? { picker.rootView }

    func hostDidResize(to size: Size) {
        self.size = size
        layout()
    }

    func handle(_ event: InputEvent) {
        if case .key(.escape, _, _) = event { quit = true; return }
        // An arrow along the wheel focuses it (the ring shows) and steps it at once.
        if case .key(let key, _, _) = event, key == .left || key == .right, picker.focusedView == nil {
            picker.becomeFocused()
        }
        picker.handle(event)
    }

    func update(_ tick: FrameTick) {
        picker.step(tick)
    }

    func draw(in canvas: DrawingCanvas) {
        let width = max(0, size.width), height = max(0, size.height)
        guard width > 0, height > 0 else { return }
        let l = layoutInfo
        drawBackground(width: width, height: height, canvas: canvas)

        let ink = PickerStyle.ink, secondaryInk = PickerStyle.secondaryInk
        canvas.drawText("Your Mood!", in: l.title, style: TextStyle(size: 34, weight: .bold, color: ink, maximumScale: TextScale.controlMaximum),
                        alignment: .center)
        canvas.drawText("How are you feeling today?", in: l.subtitle,
                        style: TextStyle(size: 15, color: secondaryInk, maximumScale: TextScale.controlMaximum), alignment: .center)

        // The slot under the arrow: a rounded card (white in light) behind the centred face.
        let p = l.picker
        let slotSide = (min(p.height, p.width / 4) * 0.86).rounded()
        if slotSide > 10 {
            let slot = Rect(x: (p.midX - slotSide / 2).rounded(), y: (p.midY - slotSide / 2).rounded(), width: slotSide, height: slotSide)
            let radius = slotSide * 0.16
            for i in stride(from: 6, through: 1, by: -1) {
                let d = Double(i)
                canvas.fillRoundedRect(Rect(x: slot.minX - d * 0.5, y: slot.minY + d * 0.6, width: slot.width + d, height: slot.height + d * 0.4),
                                       radius: radius + d * 0.5, color: RGBAColor(hex: 0x8A5A20).mixAlpha(6))
            }
            let edge = PickerStyle.slotEdge
            if edge.a > 0 { canvas.fillRoundedRect(slot.insetBy(dx: -1.5, dy: -1.5), radius: radius + 1.5, color: edge) }
            canvas.fillRoundedRect(slot, radius: radius, color: PickerStyle.slot)
        }

        picker.draw(in: canvas)
        drawArrow(in: l.arrow, canvas: canvas)

        let shown = picker.centeredIndex
        if let shown {
            let resting = !picker.isAnimating && picker.listView.scrollView.phase == .idle
            // Formatted once for all faces (in `init`), so a frame that centres a new face does not allocate.
            let faceName = labels.indices.contains(shown) ? labels[shown].name : ""
            let faceDetail = labels.indices.contains(shown) ? labels[shown].detail : ""
            var style = TextStyle(size: 22, weight: .bold, color: resting ? ink : ink.withAlpha(0.55), maximumScale: TextScale.controlMaximum)
            while style.size > 13 && canvas.measureText(faceName, style: style).width > l.name.width { style.size -= 1 }
            canvas.drawText(faceName, in: l.name, style: style, alignment: .center)
            canvas.drawText(faceDetail, in: l.detail,
                            style: TextStyle(size: 12, color: secondaryInk, maximumScale: TextScale.controlMaximum), alignment: .center)
        }
    }

    /// Each face's labels under the wheel: its title-cased name and "U+1F601  ·  1 of 79".
    private let labels: [(name: String, detail: String)]

    var needsFrames: Bool { picker.isAnimating }
    var wantsQuit: Bool { quit }

    /// A warm vertical gradient (in light cream to peach; in dark deep brown to amber) in 4-point bands.
    private func drawBackground(width: Double, height: Double, canvas: any DrawingCanvas) {
        let top = PickerStyle.top, bottom = PickerStyle.bottom
        let band = 4.0
        var y = 0.0
        while y < height {
            let h = min(band, height - y)
            canvas.fill(Rect(x: 0, y: y, width: width, height: h), color: top.mixed(with: bottom, (y + h / 2) / height))
            y += band
        }
    }

    /// A downward triangle pointing at the centre of the picker (filled with 1-point rows, the
    /// slanted edges softened by a half-transparent pixel).
    private func drawArrow(in rect: Rect, canvas: any DrawingCanvas) {
        let color = PickerStyle.arrow
        let rows = Int(rect.height * 0.62)
        guard rows > 2 else { return }
        let halfTop = rect.height * 0.42
        let top = rect.minY + (rect.height - Double(rows)) / 2 - 2
        for i in 0..<rows {
            let half = halfTop * (1 - (Double(i) + 0.5) / Double(rows))
            let y = top + Double(i)
            canvas.fill(Rect(x: rect.midX - half, y: y, width: 2 * half, height: 1), color: color)
            canvas.fill(Rect(x: rect.midX - half - 1, y: y, width: 1, height: 1), color: color.withAlpha(0.4))
            canvas.fill(Rect(x: rect.midX + half, y: y, width: 1, height: 1), color: color.withAlpha(0.4))
        }
    }

    // MARK: Names

    /// The Unicode names of U+1F601…U+1F64F, in order.
    static let unicodeNames: [String] = [
        "GRINNING FACE WITH SMILING EYES", "FACE WITH TEARS OF JOY", "SMILING FACE WITH OPEN MOUTH",
        "SMILING FACE WITH OPEN MOUTH AND SMILING EYES", "SMILING FACE WITH OPEN MOUTH AND COLD SWEAT",
        "SMILING FACE WITH OPEN MOUTH AND TIGHTLY-CLOSED EYES", "SMILING FACE WITH HALO", "SMILING FACE WITH HORNS",
        "WINKING FACE", "SMILING FACE WITH SMILING EYES", "FACE SAVOURING DELICIOUS FOOD", "RELIEVED FACE",
        "SMILING FACE WITH HEART-SHAPED EYES", "SMILING FACE WITH SUNGLASSES", "SMIRKING FACE", "NEUTRAL FACE",
        "EXPRESSIONLESS FACE", "UNAMUSED FACE", "FACE WITH COLD SWEAT", "PENSIVE FACE", "CONFUSED FACE",
        "CONFOUNDED FACE", "KISSING FACE", "FACE THROWING A KISS", "KISSING FACE WITH SMILING EYES",
        "KISSING FACE WITH CLOSED EYES", "FACE WITH STUCK-OUT TONGUE", "FACE WITH STUCK-OUT TONGUE AND WINKING EYE",
        "FACE WITH STUCK-OUT TONGUE AND TIGHTLY-CLOSED EYES", "DISAPPOINTED FACE", "WORRIED FACE", "ANGRY FACE",
        "POUTING FACE", "CRYING FACE", "PERSEVERING FACE", "FACE WITH LOOK OF TRIUMPH", "DISAPPOINTED BUT RELIEVED FACE",
        "FROWNING FACE WITH OPEN MOUTH", "ANGUISHED FACE", "FEARFUL FACE", "WEARY FACE", "SLEEPY FACE", "TIRED FACE",
        "GRIMACING FACE", "LOUDLY CRYING FACE", "FACE WITH OPEN MOUTH", "HUSHED FACE",
        "FACE WITH OPEN MOUTH AND COLD SWEAT", "FACE SCREAMING IN FEAR", "ASTONISHED FACE", "FLUSHED FACE",
        "SLEEPING FACE", "DIZZY FACE", "FACE WITHOUT MOUTH", "FACE WITH MEDICAL MASK",
        "GRINNING CAT FACE WITH SMILING EYES", "CAT FACE WITH TEARS OF JOY", "SMILING CAT FACE WITH OPEN MOUTH",
        "SMILING CAT FACE WITH HEART-SHAPED EYES", "CAT FACE WITH WRY SMILE", "KISSING CAT FACE WITH CLOSED EYES",
        "POUTING CAT FACE", "CRYING CAT FACE", "WEARY CAT FACE", "SLIGHTLY FROWNING FACE", "SLIGHTLY SMILING FACE",
        "UPSIDE-DOWN FACE", "FACE WITH ROLLING EYES", "FACE WITH NO GOOD GESTURE", "FACE WITH OK GESTURE",
        "PERSON BOWING DEEPLY", "SEE-NO-EVIL MONKEY", "HEAR-NO-EVIL MONKEY", "SPEAK-NO-EVIL MONKEY",
        "HAPPY PERSON RAISING ONE HAND", "PERSON RAISING BOTH HANDS IN CELEBRATION", "PERSON FROWNING",
        "PERSON WITH POUTING FACE", "PERSON WITH FOLDED HANDS",
    ]

    /// Words that stay lower-case inside a title.
    static let minorWords: Set<String> = ["a", "an", "and", "but", "in", "of", "the", "with"]
    /// Words that stay upper-case.
    static let acronyms: Set<String> = ["OK"]

    /// A Unicode name in title case: "FACE WITH TEARS OF JOY" → "Face with Tears of Joy",
    /// "SEE-NO-EVIL MONKEY" → "See-No-Evil Monkey". The first word is always capitalised.
    static func titleCased(_ name: String) -> String {
        let words = name.split(separator: " ")
        return words.enumerated().map { position, word in
            let lower = word.lowercased()
            if acronyms.contains(String(word)) { return String(word) }
            if position > 0 && minorWords.contains(lower) { return lower }
            return lower.split(separator: "-", omittingEmptySubsequences: false)
                .map { $0.prefix(1).uppercased() + $0.dropFirst() }
                .joined(separator: "-")
        }.joined(separator: " ")
    }

    /// The labels shown under the wheel for faces 0..<count: the title-cased name and the detail line
    /// "U+1F601  ·  1 of 79". Made once per scene: formatting them when a face reaches the centre would
    /// allocate in that frame.
    static func faceLabels(count: Int) -> [(name: String, detail: String)] {
        (0..<max(0, count)).map { index in
            let code = String(firstScalar + UInt32(index), radix: 16, uppercase: true)
            return (displayName(ofFace: index), "U+\(code)  ·  \(index + 1) of \(count)")
        }
    }

    /// The title-cased name of face `index` (0 = U+1F601); "" out of range.
    static func displayName(ofFace index: Int) -> String {
        unicodeNames.indices.contains(index) ? titleCased(unicodeNames[index]) : ""
    }

    // MARK: DemoScene

    var traceSample: TraceSample { TraceSample(list: picker.listView, selected: picker.selectedIndex ?? -1) }

    func scroll(to offset: Point, duration: Double, curve: TimingCurve?) {
        picker.listView.scrollView.setContentOffset(offset, duration: duration, curve: curve ?? ScrollingView.defaultAnimationCurve)
    }

    func scrollToEnd(duration: Double, curve: TimingCurve?) {
        picker.listView.scrollView.scrollToEnd(duration: duration, curve: curve ?? ScrollingView.defaultAnimationCurve)
    }

    func scrollToItem(_ index: Int, position: ItemPosition, duration: Double, curve: TimingCurve?) {
        picker.listView.scrollToItem(index, position: position, duration: duration, curve: curve ?? ScrollingView.defaultAnimationCurve)
    }
}

/// The mood picker's colours: the gallery's theme with the picker's warm cast. In light exactly its own cream
/// gradient (FFF8EC to FFE3C4) and brown inks (2B1D0E, 8A7560); in dark a glow over black with cream inks; in
/// high contrast the plain tokens, black on white, and the slot edged in black. The orange arrow is the art's own.
enum PickerStyle {
    /// The gradient's ends: the theme's background mixed towards a warm hue (light: FFF8EC and FFE3C4 exactly).
    @MainActor static var top: RGBAColor {
        galleryColors.background.mixed(with: RGBAColor(hex: 0xFFB941), fraction: 0.1 * SceneStyle.warmth)
    }
    @MainActor static var bottom: RGBAColor {
        galleryColors.background.mixed(with: RGBAColor(hex: 0xFF8F13), fraction: 0.25 * SceneStyle.warmth)
    }
    /// The title and the face's name: the label, brown (2B1D0E in light).
    @MainActor static var ink: RGBAColor { SceneStyle.tinted(\.label, as: RGBAColor(hex: 0x2B1D0E)) }
    /// The question and the code point: the secondary label, brown (8A7560 in light).
    @MainActor static var secondaryInk: RGBAColor { SceneStyle.tinted(\.secondaryLabel, as: RGBAColor(hex: 0x8A7560)) }
    /// The slot behind the centred face (white in light), and its edge: none but in high contrast, where it is
    /// the controls' border (the slot is white on white there).
    @MainActor static var slot: RGBAColor { galleryColors.cellBackground }
    @MainActor static var slotEdge: RGBAColor { galleryColors.controlBorder.withAlpha(1 - SceneStyle.warmth) }
    /// The arrow's orange (it reads on the cream and on the dark glow alike), darkened to 3:1 on white in high contrast.
    @MainActor static var arrow: RGBAColor {
        SceneStyle.readable(RGBAColor(hex: 0xFF7A1A), on: top, minimum: SceneStyle.scheme == .highContrast ? 3 : 1)
    }
}

/// The picker's faces: 79 items, each `itemWidth` wide, drawn as `FaceCell`s.
@MainActor
final class FaceSource: ListDataSource {
    /// A quarter of the viewport's width; the scene sets it before the picker re-reads sizes.
    var itemWidth = 100.0

    var numberOfItems: Int { PickerScene.unicodeNames.count }
    var fixedItemSize: Double? { itemWidth }
    func cell(at index: Int, in list: ListView) -> ListCell {
        let cell = list.dequeueCell(FaceCell.self, for: index)
        if let scalar = Unicode.Scalar(PickerScene.firstScalar + UInt32(index)) { cell.face = String(Character(scalar)) }
        return cell
    }
}

/// One face: the emoji centred in its (wheel-scaled) frame, faded by the wheel look.
@MainActor
final class FaceCell: PickerCell {
    var face = ""

    override func prepareForReuse() { face = "" }

    override func draw(in canvas: any DrawingCanvas, frame: Rect) {
        guard !face.isEmpty, frame.width > 0, frame.height > 0 else { return }
        // Sizes in 2-point steps, so the wheel's continuous scaling reuses a few text textures.
        let size = (min(frame.width, frame.height) * 0.28).rounded() * 2
        guard size >= 2 else { return }
        canvas.drawText(face, in: frame, style: TextStyle(size: size, color: RGBAColor.white.withAlpha(wheelOpacity), maximumScale: 1), alignment: .center)
    }
}

/// The gallery's assets (in the package's `Assets/` folder, through `BundledAssets`).
enum DemoResources {
    /// The path of `Assets/<relative>`, found or not.
    ///
    /// The environment variable `SCROLLKIT_DEMO_RESOURCES`, when set and not empty, replaces the search
    /// for the gallery's own assets: `<that directory>/<relative>` is the path, found or not (to run the
    /// demo against a missing or corrupt asset; the error names that file).
    static func path(_ relative: String) -> String {
        if let override = ProcessInfo.processInfo.environment["SCROLLKIT_DEMO_RESOURCES"], !override.isEmpty {
            return URL(fileURLWithPath: override).appendingPathComponent(relative).path
        }
        return BundledAssets.path(relative)
    }
}
