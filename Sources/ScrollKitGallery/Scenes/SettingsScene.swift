// SettingsScene: a settings form in sections (a switch, sliders, a stepper, a segmented control, a text field, a
// picker row, progress views and "Reset all settings"), built with the layout system: no frame arithmetic.

import Motion
import ScrollKit
import ScrollKitSDL

extension SceneEntry {
    /// A settings screen laid out by stacks and form grids: it grows with the text scale and mirrors right to left.
    static let settings = SceneEntry(name: "settings") { context throws(CLIError) in SettingsScene(context: context) }
}

/// What the settings hold, with their defaults (``SettingsScene/resetAll()`` goes back to them).
struct SettingsValues: Equatable {
    var darkMode = false
    var brightness = 0.7
    var textSize = 1
    var volume = 0.5
    var alertRepeats = 2.0
    var name = ""
    var language = 0
}

/// The settings scene: a title and four sections (Display, Sound, Account, Storage), each a rounded card holding a
/// ``FormGrid`` of labels and controls, then the reset button, all in a ``ColumnStack`` inside an
/// ``ArrangedScrollView``. The scene sets one frame (the scroll view's, the window); the rest is laid out.
@MainActor
final class SettingsScene: DemoScene {
    static let languages = ["English", "العربية", "Deutsch", "日本語"]

    let root: ArrangedScrollView
    let darkMode = Switch()
    let brightness = SliderView()
    let textSize = SegmentedControl(segments: ["Small", "Default", "Large"])
    let volume = SliderView()
    let alertRepeats = StepperView(minimum: 0, maximum: 10)
    let alertRepeatsValue = LabelView("", style: LabelView.Style.value)
    let name = TextFieldView(placeholder: "Your name")
    let language = PushButton(kind: .plain)
    let backup = ProgressBarView(progress: 0.62)
    let syncing = ProgressBarView(progress: nil)
    let resetButton = PushButton(title: "Reset all settings", kind: .bordered)
    let backupInfo = PushButton(title: "Details", kind: .plain)
    private(set) var values = SettingsValues()
    private var quit = false

    init(context: SceneContext) {
        let content = ColumnStack(spacing: 20, alignment: .leading, [])
        root = ArrangedScrollView(content, frame: Rect(origin: .zero, size: context.size))
        let title = LabelView("Settings", style: LabelView.Style.title)
        title.isHeading = true
        content.addSubview(title)
        content.addSubview(section("Display", [
            ("Dark mode", darkMode),
            ("Brightness", brightness.layoutFrame(maxWidth: .infinity)),
            ("Text size", textSize.layoutFrame(maxWidth: 320)),
        ]))
        content.addSubview(section("Sound", [
            ("Volume", volume.layoutFrame(maxWidth: .infinity)),
            ("Alert repeats", RowStack(spacing: 12, [alertRepeatsValue, alertRepeats])),
        ]))
        content.addSubview(section("Account", [
            ("Name", name.layoutFrame(maxWidth: 360)),
            ("Language", language),
        ]))
        content.addSubview(section("Storage", [
            ("Backup", RowStack(spacing: 10, [backup.layoutFrame(maxWidth: .infinity), backupInfo]).layoutFrame(maxWidth: .infinity)),
            ("Syncing", syncing),
        ]))
        alertRepeats.accessibilityLabel = "Alert repeats"
        for control in [darkMode, textSize, language, backupInfo, resetButton] as [ViewNode] { control.isFocusable = true }
        resetButton.tint = SettingsLook.destructive
        resetButton.pressedTint = SettingsLook.destructivePressed
        content.addSubview(RowStack(spacing: 0, [SpacerView(), resetButton, SpacerView()]))
        content.padding(LayoutInsets(horizontal: 20, vertical: 24))
        wire()
        show(values)
    }

    /// A titled card of rows: a section header over a rounded panel holding a two-column form grid.
    private func section(_ title: String, _ rows: [(String, ViewNode)]) -> ViewNode {
        var cells: [ViewNode] = []
        for (label, control) in rows {
            let text = LabelView(label, maxLines: 0)
            cells += [text, control]
            control.accessibilityLabel = label
        }
        let grid = FormGrid(columns: 2, columnSpacing: 16, rowSpacing: 14, cellAlignment: [.leading, .trailing], cells)
        let header = LabelView(title.uppercased(), style: LabelView.Style.sectionHeader)
        header.isHeading = true
        let card = SettingsCard([grid.padding(LayoutInsets(horizontal: 16, vertical: 14))])
        return ColumnStack(spacing: 6, [header.padding(LayoutInsets(horizontal: 16)), card.layoutFrame(maxWidth: .infinity)])
            .layoutFrame(maxWidth: .infinity)
    }

    private func wire() {
        darkMode.onChange = { [unowned self] in values.darkMode = $0 }
        brightness.onChange = { [unowned self] in values.brightness = $0 }
        textSize.onChange = { [unowned self] in values.textSize = $0 }
        volume.onChange = { [unowned self] in values.volume = $0 }
        alertRepeats.onChange = { [unowned self] in
            values.alertRepeats = $0
            alertRepeatsValue.text = Self.repeatsText($0)
        }
        name.onChange = { [unowned self] in values.name = $0 }
        language.action = { [unowned self] _ in chooseLanguage() }
        backupInfo.action = { [unowned self] _ in showBackupDetails() }
        resetButton.action = { [unowned self] _ in self.confirmReset() }
    }

    static func repeatsText(_ value: Double) -> String { value == 1 ? "1 time" : "\(Int(value)) times" }

    /// Shows `values` in the controls.
    private func show(_ values: SettingsValues) {
        darkMode.isOn = values.darkMode
        brightness.value = values.brightness
        textSize.selectedIndex = values.textSize
        volume.value = values.volume
        alertRepeats.value = values.alertRepeats
        alertRepeatsValue.text = Self.repeatsText(values.alertRepeats)
        name.text = values.name
        language.title = Self.languages[values.language] + "  ›"
    }

    /// "Reset all settings" asks first: an alert whose Cancel (focused first, and Back's) changes nothing.
    func confirmReset() {
        resetButton.present(AlertDialog(
            title: "Reset all settings?",
            message: "Display, sound and account settings go back to their defaults. This cannot be undone.",
            actions: [AlertAction("Cancel", style: .cancel),
                      AlertAction("Reset", style: .destructive) { [weak self] in self?.resetAll() }]))
    }

    /// Every setting back to its default, at once; a toast says so, and its Undo puts the old values back.
    func resetAll() {
        let old = values
        values = SettingsValues()
        show(values)
        guard old != values else { return }
        root.showToast(Toast("Settings reset", action: ToastAction("Undo") { [weak self] in
            guard let self else { return }
            self.values = old
            self.show(old)
        }))
    }

    /// The language button opens a menu of the languages, the current one checked.
    func chooseLanguage() {
        let items = Self.languages.enumerated().map { i, name in
            MenuElement.action(MenuAction(name, isChecked: i == values.language) { [weak self] in
                guard let self else { return }
                self.values.language = i
                self.language.title = Self.languages[i] + "  ›"
            })
        }
        language.presentMenu(PopupMenu(children: items))
    }

    /// The backup's details, in a popover at its info button.
    func showBackupDetails() {
        let details = LabelView("Last backup today at 09:41.\n1.24 GB of 2 GB used; the next one runs tonight on Wi-Fi.",
                                style: LabelView.Style.footnote, maxLines: 0)
        backupInfo.presentPopover(details, size: Size(width: 260, height: details.sizeThatFits(SizeProposal(width: 260, height: nil)).height))
    }

    // MARK: HostClient

    var accessibilityRoot: ViewNode? { root }
    var focusedTextInput: (any TextInputClient)? { root.focusedTextInput }

    func hostDidResize(to size: Size) { root.frame = Rect(origin: .zero, size: size) }

    func handle(_ event: InputEvent) {
        root.handle(event)
        // Escape is the one Back: it closes the alert first; only a Back nothing took ends the scene.
        if case .key(.escape, _, _) = event, root.lastBackWentUnhandled, root.focusedTextInput == nil { quit = true }
    }

    func update(_ tick: FrameTick) { root.step(tick) }

    func draw(in canvas: DrawingCanvas) {
        canvas.fill(root.frame, color: SettingsLook.background)
        root.draw(in: canvas)
    }

    var needsFrames: Bool { root.needsFrames }
    var wantsQuit: Bool { quit }
    func coversOpaquely(_ size: Size) -> Bool { true }

    func scroll(to offset: Point, duration: Double, curve: TimingCurve?) {
        root.scrollView.setContentOffset(offset, duration: duration, curve: curve ?? ScrollingView.defaultAnimationCurve)
    }

    func scrollToEnd(duration: Double, curve: TimingCurve?) {
        root.scrollView.scrollToEnd(duration: duration, curve: curve ?? ScrollingView.defaultAnimationCurve)
    }
}

/// The settings scene's colours: the window theme's tokens.
@MainActor
enum SettingsLook {
    static var background: RGBAColor { galleryColors.groupedBackground }
    static var card: RGBAColor { galleryColors.cellBackground }
    static var destructive: RGBAColor { galleryColors.destructive }
    static var destructivePressed: RGBAColor { galleryColors.destructive.mixed(with: .black, fraction: 0.2) }
}

/// A section's rounded white panel: a column of its views over a rounded rectangle.
@MainActor
final class SettingsCard: ArrangementView<StackArrangement> {
    init(_ views: [ViewNode]) { super.init(StackArrangement(axis: .vertical, spacing: 0), views) }
    override func draw(in canvas: any DrawingCanvas, frame: Rect) {
        canvas.fillRoundedRect(frame, radius: 12, color: SettingsLook.card)
    }
}
