import ScrollKitSDL

// A preferences form written against the public API with no frame arithmetic: a column of a title, a form grid of
// labels and controls, and a button row, given one frame (the window's). It checks what a user would look for: no
// two controls overlap and all fit the width at text scale 1 and 2, and right to left every control is at the
// mirror of its left-to-right frame.
@MainActor func checkPreferences() throws -> String {
    struct Failure: Error, CustomStringConvertible { let description: String }
    func form(_ direction: ReadingDirection) -> (ViewNode, [ViewNode]) {
        let notifications = Switch(isOn: true)
        let volume = SliderView(value: 0.4).layoutFlex(1)
        let copies = StepperView(value: 1, minimum: 1, maximum: 9)
        let nickname = TextFieldView(placeholder: "Nickname").layoutFrame(maxWidth: .infinity)
        let save = PushButton(title: "Save", kind: .filled)
        let cancel = PushButton(title: "Cancel")
        let grid = FormGrid(columns: 2, cellAlignment: [.leading, .trailing], [
            LabelView("Notifications"), notifications,
            LabelView("Volume"), volume.layoutFrame(maxWidth: .infinity),
            LabelView("Copies"), copies,
            LabelView("Nickname"), nickname,
        ])
        let title = LabelView("Preferences", style: LabelView.Style.title)
        let root = ColumnStack(spacing: 16, [title, grid.layoutFrame(maxWidth: .infinity),
                                             RowStack(spacing: 12, [SpacerView(), cancel, save])
                                                 .layoutFrame(maxWidth: .infinity)])
        root.padding(20)
        let window = ColumnStack(spacing: 0, [root.layoutFrame(maxWidth: .infinity)])
        window.layoutDirection = direction
        window.frame = Rect(x: 0, y: 0, width: 420, height: 700)
        window.layoutIfNeeded()
        return (window, [notifications, volume, copies, nickname, cancel, save])
    }
    let scaleBefore = ViewNode.textScale
    defer { ViewNode.textScale = scaleBefore }
    for scale in [1.0, 2.0] {
        ViewNode.textScale = scale
        let (ltrWindow, ltr) = form(.leftToRight), (rtlWindow, rtl) = form(.rightToLeft)
        let frames = ltr.map(\.frameInRoot), mirrored = rtl.map(\.frameInRoot)
        for (i, f) in frames.enumerated() {
            guard f.minX >= 0, f.maxX <= ltrWindow.frame.width else { throw Failure(description: "preferences: control \(i) at \(f) leaves the width") }
            for g in frames[(i + 1)...] where f.intersection(g).map({ $0.width * $0.height > 0 }) ?? false {
                throw Failure(description: "preferences: \(f) overlaps \(g) at text scale \(scale)")
            }
            let m = mirrored[i]
            guard abs(m.minX - (rtlWindow.frame.width - f.maxX)) < 1e-6, m.minY == f.minY, m.size == f.size else {
                throw Failure(description: "preferences: right to left \(m) is not the mirror of \(f)")
            }
        }
    }
    return "preferences: 6 controls laid out by stacks and a form grid, no overlaps at text scale 1 and 2, mirrored right to left"
}
