// MenuView: a presented PopupMenu — its rows, its placement at a point or under a view (flipping at the window's edges,
// mirrored right to left), submenus beside their items, and its keys.

/// The view of a presented ``PopupMenu``: an AT-SPI `menu` of `menu item`s. It opens at a point (a context menu)
/// or under the view it was presented from, and flips to stay inside the window; right to left it opens towards
/// the left. A submenu opens beside its item, to the trailing side (flipping when there is no room).
///
/// Focus starts on the first enabled item; Up and Down move, Return or Space chooses, the trailing arrow (Right,
/// or Left right to left) opens a submenu and the leading one closes it. Back closes the topmost menu; a press
/// outside closes them all. Choosing a command closes every menu, then runs its handler.
public final class MenuView: PresentationView {
    /// What it shows.
    public let menu: PopupMenu
    /// The menu this one is a submenu of.
    public private(set) weak var parentMenu: MenuView?
    /// The submenu open beside it, if any.
    public private(set) weak var openSubmenu: MenuView?
    /// Where it opens (root coordinates): the point or the rectangle of the view or item it belongs to.
    let anchor: Rect
    let isSubmenuPlacement: Bool
    var items: [MenuItemView] = []
    private var titleText = CachedText()
    static let rowHeight = 40.0, dividerHeight = 9.0, headerHeight = 30.0, margin = 8.0

    init(_ menu: PopupMenu, anchor: Rect, parent: MenuView?) {
        self.menu = menu
        self.anchor = anchor
        self.parentMenu = parent
        self.isSubmenuPlacement = parent != nil
        super.init(kind: .menu)
        accessibilityRole = .menu
        accessibilityLabel = menu.title
        for element in menu.children {
            let item: MenuItemView
            switch element {
            case .action(let a): item = MenuItemView(action: a, submenu: nil)
            case .submenu(let m): item = MenuItemView(action: MenuAction(m.title), submenu: m)
            case .divider: item = MenuItemView(action: nil, submenu: nil)
            }
            item.menuView = self
            items.append(item)
            addSubview(item)
        }
    }

    /// A submenu's parent stays dimmed beneath it: only the first menu of a chain darkens the window.
    public override var scrimStrength: Double { parentMenu == nil ? super.scrimStrength : 0 }

    /// The first menu of this one's chain.
    var rootMenu: MenuView { parentMenu?.rootMenu ?? self }

    /// Closes this menu and every menu of its chain.
    func dismissChain(animated: Bool) {
        var m: MenuView? = rootMenu
        var chain: [MenuView] = []
        while let v = m { chain.append(v); m = v.openSubmenu }
        for v in chain.reversed() { v.dismiss(animated: animated) }
    }

    /// Back closes this menu only (a submenu goes back to its parent).
    @discardableResult
    public override func cancel() -> Bool {
        openSubmenu?.dismiss(animated: true)
        dismiss(animated: true)
        return true
    }

    override func cancelFromOutside() { dismissChain(animated: true) }

    func choose(_ item: MenuItemView) {
        guard let action = item.action, action.isEnabled, !isDismissing else { return }
        if let sub = item.submenu {
            open(sub, from: item)
            return
        }
        dismissChain(animated: true)
        action.handler?()
    }

    /// Opens `sub` beside `item` and moves focus into it.
    func open(_ sub: PopupMenu, from item: MenuItemView) {
        if let current = openSubmenu {
            if current.anchor == item.frameInRoot { return }
            current.dismiss(animated: false)
        }
        let view = MenuView(sub, anchor: item.frameInRoot, parent: self)
        openSubmenu = view
        present(presentation: view, animated: true)
    }

    // MARK: Layout

    var hasHeader: Bool { !menu.title.isEmpty && parentMenu == nil }

    public override func sizeThatFits(_ proposal: SizeProposal) -> Size {
        var widest = 0.0
        var h = hasHeader ? Self.headerHeight : 6
        for item in items {
            if item.action == nil { h += Self.dividerHeight; continue }
            h += Self.rowHeight
            widest = max(widest, TextLayout(item.action?.title ?? "", style: TextStyle(size: 16), width: .infinity,
                                            measurer: TextMeasurerDefault.shared).size.width)
        }
        h += 6
        let limit = max(0, (proposal.width ?? 320) - 2 * Self.margin)
        let w = min(max(200, widest + 16 + 28 + 28), min(340, limit))
        return Size(width: w, height: min(h, max(0, (proposal.height ?? h) - 2 * Self.margin)))
    }

    public override func place(in bounds: Rect) {
        let s = sizeThatFits(SizeProposal(width: bounds.width, height: bounds.height))
        let m = Self.margin, rtl = isRightToLeft
        var x: Double, y: Double
        if isSubmenuPlacement {
            // Beside the item, to the trailing side; the other side when it does not fit.
            let trailing = rtl ? anchor.minX - s.width - 2 : anchor.maxX + 2
            let leading = rtl ? anchor.maxX + 2 : anchor.minX - s.width - 2
            let fits = trailing >= m && trailing + s.width <= bounds.width - m
            x = fits ? trailing : leading
            y = anchor.minY - 6
        } else {
            // At the point (an empty anchor) or under the view, from its leading edge; flipped when it runs out.
            x = rtl ? anchor.maxX - s.width : anchor.minX
            if !rtl, x + s.width > bounds.width - m { x = anchor.isPoint ? anchor.minX - s.width : anchor.maxX - s.width }
            if rtl, x < m { x = anchor.isPoint ? anchor.maxX : anchor.minX }
            y = anchor.maxY + (anchor.isPoint ? 0 : 4)
            if y + s.height > bounds.height - m {
                let above = anchor.minY - s.height - (anchor.isPoint ? 0 : 4)
                y = above >= m ? above : bounds.height - m - s.height
            }
        }
        x = min(max(m, x), max(m, bounds.width - m - s.width))
        y = min(max(m, y), max(m, bounds.height - m - s.height))
        let drop = movesWhileAppearing ? ((1 - opacity) * -6).rounded() : 0
        frame = Rect(x: x.rounded(), y: y.rounded() + drop, width: s.width, height: s.height)
        var top = hasHeader ? Self.headerHeight : 6
        for item in items {
            let h = item.action == nil ? Self.dividerHeight : Self.rowHeight
            item.frame = Rect(x: 6, y: top, width: max(0, s.width - 12), height: h)
            top += h
        }
    }

    public override func draw(in canvas: any DrawingCanvas, frame: Rect) {
        let colors = effectiveTheme.colors, o = opacity
        drawSoftShadow(under: frame, radius: 12, strength: 1.5 * o, in: canvas)
        canvas.fillRoundedRect(frame, radius: 12, color: colors.elevatedBackground.faded(o))
        if hasHeader {
            let l = titleText.layout(menu.title, width: max(1, frame.width - 32), style:
                TextStyle(size: 13, weight: .bold, color: colors.secondaryLabel.faded(o)), alignment: .leading, maxLines: 1)
            canvas.drawTextLayout(l, at: Point(x: frame.minX + 16, y: (frame.minY + (Self.headerHeight - l.size.height) / 2 + 2).rounded()))
        }
    }
}

/// One row of a ``MenuView``: a command, a submenu's item (with a chevron) or a divider.
final class MenuItemView: ViewNode {
    let action: MenuAction?
    let submenu: PopupMenu?
    weak var menuView: MenuView?

    init(action: MenuAction?, submenu: PopupMenu?) {
        self.action = action
        self.submenu = submenu
        super.init(frame: .zero)
        isFocusable = action?.isEnabled ?? false
        if let action {
            accessibilityRole = .menuItem
            accessibilityLabel = action.title
            onActivate = { [weak self] _ in
                guard let self else { return }
                self.menuView?.choose(self)
            }
        }
    }

    override var isPressable: Bool { action?.isEnabled ?? false }
    override var focusCornerRadius: Double { 7 }
    override func highlightDidChange() { setNeedsDisplay() }

    override func handleFocusedKey(_ key: Key) -> Bool {
        let rtl = isRightToLeft
        switch key {
        case .right where !rtl, .left where rtl:
            guard let submenu, let menuView else { return false }
            menuView.open(submenu, from: self)
            return true
        case .left where !rtl, .right where rtl:
            guard let menuView, menuView.parentMenu != nil else { return false }
            menuView.dismiss(animated: true)
            return true
        case .up, .down:
            // Up from the first item goes round to the last, Down from the last to the first (as menus do).
            guard let items = menuView?.items.filter(\.isFocusable), let first = items.first, let last = items.last
            else { return false }
            if key == .up, first === self { return last.becomeFocused() }
            if key == .down, last === self { return first.becomeFocused() }
            return false
        default:
            return false
        }
    }

    override func draw(in canvas: any DrawingCanvas, frame: Rect) {
        let colors = effectiveTheme.colors, o = menuView?.opacity ?? 1
        guard let action else {
            canvas.fill(Rect(x: frame.minX + 10, y: (frame.midY).rounded(), width: max(0, frame.width - 20), height: 1),
                        color: colors.separator.faded(o))
            return
        }
        let open = submenu != nil && menuView?.openSubmenu?.anchor == frameInRoot
        if isHighlighted || open {
            canvas.fillRoundedRect(frame, radius: 7, color: colors.pressedOverlay.faded(o))
        }
        let ink = !action.isEnabled ? colors.tertiaryLabel : (action.isDestructive ? colors.destructive : colors.label)
        let rtl = isRightToLeft
        let textRect = Rect(x: frame.minX + 28, y: frame.minY, width: max(0, frame.width - 56), height: frame.height)
        canvas.drawText(action.title, in: textRect, style: TextStyle(size: 16, color: ink.faded(o)), alignment: .leading)
        if action.isChecked {
            let cx = rtl ? frame.maxX - 15 : frame.minX + 15, cy = frame.midY
            canvas.drawPolyline([Point(x: cx - 5, y: cy), Point(x: cx - 1.5, y: cy + 4), Point(x: cx + 5, y: cy - 4.5)],
                                color: colors.tint.faded(o), width: 2)
        }
        if submenu != nil {
            let cx = rtl ? frame.minX + 15 : frame.maxX - 15, cy = frame.midY, d = rtl ? -1.0 : 1.0
            canvas.drawPolyline([Point(x: cx - 2.5 * d, y: cy - 5), Point(x: cx + 2.5 * d, y: cy), Point(x: cx - 2.5 * d, y: cy + 5)],
                                color: colors.secondaryLabel.faded(o), width: 2)
        }
    }
}

extension Rect {
    /// Whether the rectangle has no size (a point an anchor was given as).
    var isPoint: Bool { width <= 0 && height <= 0 }
}

extension ViewNode {
    /// Presents `menu` above everything in this view's window: at `point` (this view's coordinates; a context
    /// menu's), or, with none, under this view. Returns its view.
    @discardableResult
    public func presentMenu(_ menu: PopupMenu, at point: Point? = nil, animated: Bool = true) -> MenuView {
        let anchor: Rect
        if let point, point.x.isFinite, point.y.isFinite {
            let p = convert(point, to: nil)
            anchor = Rect(x: p.x, y: p.y, width: 0, height: 0)
        } else {
            anchor = frameInRoot
        }
        return present(presentation: MenuView(menu, anchor: anchor, parent: nil), animated: animated)
    }
}
