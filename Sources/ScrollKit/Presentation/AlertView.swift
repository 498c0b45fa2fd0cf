// AlertDialog, AlertAction and AlertView: a titled question or warning with buttons, as a centred alert or an action
// sheet at the bottom of the window (UIKit's UIAlertController).

/// A button of an ``AlertDialog``: its title, its style and what it does.
public struct AlertAction: Sendable {
    /// How an action shows and behaves.
    public enum Style: Sendable, Hashable {
        /// A normal choice, in the tint colour.
        case `default`
        /// The choice that changes nothing, in bold: what Back and (for an action sheet) a press outside choose.
        case cancel
        /// A choice that destroys data, in the theme's `destructive` colour.
        case destructive
    }
    /// The button's title.
    public var title: String
    /// Its style.
    public var style: Style
    /// Whether it can be chosen (a disabled one is greyed and skipped by focus).
    public var isEnabled: Bool
    /// What choosing it does, called after the alert begins to leave.
    public var handler: (@MainActor @Sendable () -> Void)?

    /// An action titled `title`.
    public init(_ title: String, style: Style = .default, isEnabled: Bool = true,
                handler: (@MainActor @Sendable () -> Void)? = nil) {
        self.title = title
        self.style = style
        self.isEnabled = isEnabled
        self.handler = handler
    }
}

/// A question or warning that needs an answer: a title, a message and buttons. Present it from any view with
/// ``ViewNode/present(_:animated:)``.
///
/// ```swift
/// let confirm = AlertDialog(title: "Reset all settings?", message: "Your preferences return to their defaults.",
///                     actions: [AlertAction("Cancel", style: .cancel),
///                               AlertAction("Reset", style: .destructive) { settings.reset() }])
/// resetRow.present(confirm)
/// ```
public struct AlertDialog: Sendable {
    /// How it shows.
    public enum Style: Sendable, Hashable {
        /// A card in the middle of the window; two short buttons side by side, else stacked.
        case alert
        /// A stack of choices at the bottom of the window, the cancel one apart below the others.
        case actionSheet
    }
    public var title: String
    public var message: String?
    public var actions: [AlertAction]
    public var style: Style

    /// An alert (with no actions: one "OK" that dismisses it).
    public init(title: String, message: String? = nil, actions: [AlertAction] = [], style: Style = .alert) {
        self.title = title
        self.message = message
        self.actions = actions.isEmpty ? [AlertAction("OK", style: .cancel)] : actions
        self.style = style
    }
}

/// The view of a presented ``AlertDialog``: an AT-SPI `alert` (an action sheet: a `dialog`) named by its title and
/// described by its message, with one push button per action. Focus starts on the first button in order
/// (Cancel, for the usual confirmation); Left, Right, Up, Down and Tab move between the buttons, Return chooses.
/// Back chooses the cancel action (or the only one); an alert with neither ignores Back and outside presses.
public final class AlertView: PresentationView {
    /// What it shows.
    public let alert: AlertDialog
    /// The buttons, in the order of ``AlertDialog/actions``.
    var buttons: [PresentationButton] = []
    private var titleText = CachedText(), messageText = CachedText()
    /// Whether the buttons are side by side (as last laid out).
    private(set) var sideBySide = false
    private var textHeight = 0.0

    /// The view of `alert`.
    public init(_ alert: AlertDialog) {
        self.alert = alert
        super.init(kind: .alert)
        accessibilityRole = alert.style == .alert ? .alert : .dialog
        accessibilityLabel = alert.title
        accessibilityHint = alert.message ?? ""
        for (i, action) in alert.actions.enumerated() {
            let role: PresentationButton.Role
            switch action.style {
            case _ where !action.isEnabled: role = .disabled
            case .cancel: role = .cancel
            case .destructive: role = .destructive
            case .default: role = .normal
            }
            let b = PresentationButton(title: action.title, role: role)
            b.onActivate = { [weak self] _ in self?.choose(i) }
            buttons.append(b)
        }
        // Stacked, the cancel button goes last (an action sheet's, apart); side by side it stays where it is.
        for b in buttons { addSubview(b) }
    }

    /// The index of the action Back chooses: the cancel one, else the only one.
    var cancelIndex: Int? {
        alert.actions.firstIndex { $0.style == .cancel && $0.isEnabled } ?? (alert.actions.count == 1 ? 0 : nil)
    }

    /// Focus starts on the cancel button (a destructive choice is never one Return away), else the first.
    public override var initialFocus: ViewNode? {
        if let i = cancelIndex, buttons[i].isFocusable { return buttons[i] }
        return buttons.first { $0.isFocusable }
    }

    public override var dismissesOnOutsideTap: Bool { alert.style == .actionSheet && cancelIndex != nil }

    /// Chooses the action at `index`: the alert leaves, then the action's handler runs.
    func choose(_ index: Int) {
        guard alert.actions.indices.contains(index), alert.actions[index].isEnabled, !isDismissing else { return }
        dismiss(animated: true)
        alert.actions[index].handler?()
    }

    @discardableResult
    public override func cancel() -> Bool {
        guard let i = cancelIndex else { return false }
        choose(i)
        return true
    }

    // MARK: Layout

    static let buttonHeight = 44.0, padding = 18.0, sheetGap = 8.0

    private var titleStyle: TextStyle {
        TextStyle(size: alert.style == .alert ? 17 : 13, weight: .bold,
                  color: (alert.style == .alert ? effectiveTheme.colors.label : effectiveTheme.colors.secondaryLabel).faded(opacity))
    }
    private var messageStyle: TextStyle {
        TextStyle(size: 13, color: (alert.style == .alert ? effectiveTheme.colors.label : effectiveTheme.colors.secondaryLabel).faded(opacity))
    }

    /// The card's width in a window `width` points wide.
    func cardWidth(in width: Double) -> Double {
        alert.style == .alert ? min(300, max(0, width - 48)) : min(440, max(0, width - 16))
    }

    private func measureText(width: Double) -> Double {
        let inner = max(1, width - 2 * Self.padding)
        var h = 0.0
        if !alert.title.isEmpty { h += titleText.layout(alert.title, width: inner, style: titleStyle).size.height }
        if let m = alert.message, !m.isEmpty {
            if h > 0 { h += 4 }
            h += messageText.layout(m, width: inner, style: messageStyle).size.height
        }
        return h > 0 ? h + 2 * Self.padding - (alert.style == .actionSheet ? 4 : 0) : 0
    }

    /// Whether two buttons fit side by side in a card `width` wide.
    private func fitsSideBySide(width: Double) -> Bool {
        guard alert.style == .alert, buttons.count == 2 else { return false }
        let half = width / 2 - 16
        return buttons.allSatisfy { b in
            TextLayout(b.title, style: TextStyle(size: 17, weight: .bold), width: .infinity,
                       measurer: TextMeasurerDefault.shared).size.width <= half
        }
    }

    public override func sizeThatFits(_ proposal: SizeProposal) -> Size {
        let w = cardWidth(in: proposal.width ?? 320)
        textHeight = measureText(width: w)
        sideBySide = fitsSideBySide(width: w)
        let rows = sideBySide ? 1 : buttons.count
        var h = textHeight + Double(rows) * Self.buttonHeight
        if alert.style == .actionSheet, cancelIndex != nil, alert.actions.count > 1 { h += Self.sheetGap }
        return Size(width: w, height: h)
    }

    public override func place(in bounds: Rect) {
        let s = sizeThatFits(SizeProposal(width: bounds.width, height: bounds.height))
        let rise = movesWhileAppearing ? (1 - opacity) : 0
        let x = ((bounds.width - s.width) / 2).rounded()
        if alert.style == .alert {
            let y = ((bounds.height - s.height) / 2).rounded() + (rise * 24).rounded()
            frame = Rect(x: x, y: max(0, y), width: s.width, height: s.height)
        } else {
            let y = bounds.height - s.height - 8 + (rise * (s.height + 8)).rounded()
            frame = Rect(x: x, y: y, width: s.width, height: s.height)
        }
        layoutButtons()
    }

    /// The cancel button of an action sheet sits apart, below the others.
    private var separateCancel: Int? {
        alert.style == .actionSheet && alert.actions.count > 1 ? cancelIndex : nil
    }

    private func layoutButtons() {
        let w = frame.width, bh = Self.buttonHeight
        if sideBySide {
            let half = (w / 2).rounded()
            let rtl = isRightToLeft
            for (i, b) in buttons.enumerated() {
                let leading = i == 0
                let x = (leading != rtl) ? 0 : half
                b.frame = Rect(x: x, y: textHeight, width: x == 0 ? half : w - half, height: bh)
                b.corner = 0
            }
            return
        }
        var y = textHeight
        let order = buttons.indices.filter { $0 != separateCancel && $0 != (alert.style == .alert ? cancelIndex : nil) }
            + [alert.style == .alert ? cancelIndex : nil].compactMap { $0 }.filter { $0 != separateCancel }
        for i in order {
            buttons[i].frame = Rect(x: 0, y: y, width: w, height: bh)
            buttons[i].corner = 0
            y += bh
        }
        if let c = separateCancel {
            buttons[c].frame = Rect(x: 0, y: y + Self.sheetGap, width: w, height: bh)
            buttons[c].corner = 14
        }
    }

    // MARK: Drawing

    public override func draw(in canvas: any DrawingCanvas, frame: Rect) {
        let colors = effectiveTheme.colors
        let o = opacity
        let radius = 14.0
        let cardHeight: Double
        if let c = separateCancel {
            cardHeight = buttons[c].frame.minY - Self.sheetGap
            let cancel = buttons[c].frame.offsetBy(dx: frame.minX, dy: frame.minY)
            drawSoftShadow(under: cancel, radius: radius, strength: o, in: canvas)
            canvas.fillRoundedRect(cancel, radius: radius, color: colors.elevatedBackground.faded(o))
        } else {
            cardHeight = frame.height
        }
        let card = Rect(x: frame.minX, y: frame.minY, width: frame.width, height: cardHeight)
        drawSoftShadow(under: card, radius: radius, strength: 1.5 * o, in: canvas)
        canvas.fillRoundedRect(card, radius: radius, color: colors.elevatedBackground.faded(o))
        let inner = max(1, frame.width - 2 * Self.padding)
        var y = frame.minY + Self.padding - (alert.style == .actionSheet ? 2 : 0)
        if !alert.title.isEmpty {
            let l = titleText.layout(alert.title, width: inner, style: titleStyle)
            canvas.drawTextLayout(l, at: Point(x: frame.minX + Self.padding, y: y.rounded()))
            y += l.size.height + 4
        }
        if let m = alert.message, !m.isEmpty {
            let l = messageText.layout(m, width: inner, style: messageStyle)
            canvas.drawTextLayout(l, at: Point(x: frame.minX + Self.padding, y: y.rounded()))
        }
        // Hairlines between the text and the buttons, and between buttons.
        let hair = colors.separator.faded(o)
        for (i, b) in buttons.enumerated() where i != separateCancel {
            let f = b.frame.offsetBy(dx: frame.minX, dy: frame.minY)
            if f.minY > frame.minY + 0.5 { canvas.fill(Rect(x: f.minX, y: f.minY, width: f.width, height: 1), color: hair) }
            if sideBySide, f.minX > frame.minX + 0.5 { canvas.fill(Rect(x: f.minX, y: f.minY, width: 1, height: f.height), color: hair) }
        }
    }
}

extension ViewNode {
    /// Presents `alert` above everything in this view's window (see ``AlertView``) and returns its view.
    @discardableResult
    public func present(_ alert: AlertDialog, animated: Bool = true) -> AlertView {
        present(presentation: AlertView(alert), animated: animated)
    }
}
