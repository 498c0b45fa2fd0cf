// Context menus: a view's menu for a point in it, opened by a long press, a right click, the Menu key or
// Shift+F10 (the deepest view under the pointer, or the focused one, that has a provider).

/// A view's context menu: its provider and the long press that opens it.
final class ContextMenuSettings {
    var provider: (@MainActor (Point) -> PopupMenu?)?
    var longPress: LongPressGestureRecognizer?
    var opensOnLongPress = true
}

extension ViewNode {
    /// The view's context menu for a point in it (view coordinates; nil: no menu there), as UIKit's
    /// `UIContextMenuInteraction`. It opens at the point of a long press or a right click on the view or a subview
    /// of it, and under the focused view (a list's focused item) for the Menu key or Shift+F10, from the deepest
    /// view that has one. Setting it adds a ``LongPressGestureRecognizer`` to the view; `nil` removes it.
    ///
    /// ```swift
    /// inbox.contextMenuProvider = { [unowned inbox] point in
    ///     guard let row = inbox.item(at: point) else { return nil }
    ///     return PopupMenu(children: [.action(MenuAction("Delete", isDestructive: true) { delete(row) })])
    /// }
    /// ```
    public var contextMenuProvider: (@MainActor (Point) -> PopupMenu?)? {
        get { contextMenu?.provider }
        set {
            let settings = contextMenu ?? ContextMenuSettings()
            contextMenu = settings
            settings.provider = newValue
            if newValue == nil {
                if let r = settings.longPress { removeGestureRecognizer(r) }
                settings.longPress = nil
            } else if settings.longPress == nil, settings.opensOnLongPress {
                let press = LongPressGestureRecognizer { recognizer in
                    guard recognizer.state == .began, let view = recognizer.view,
                          let press = recognizer as? LongPressGestureRecognizer else { return }
                    _ = view.openContextMenu(at: press.location)
                }
                settings.longPress = press
                addGestureRecognizer(press)
            }
        }
    }

    /// Whether a long press opens the context menu (default true). A view whose long press means something else
    /// (a list that reorders on it) sets false: its menu then opens by right click, the Menu key and Shift+F10.
    public var opensContextMenuOnLongPress: Bool {
        get { contextMenu?.opensOnLongPress ?? true }
        set {
            let settings = contextMenu ?? ContextMenuSettings()
            contextMenu = settings
            settings.opensOnLongPress = newValue
            if !newValue, let r = settings.longPress { removeGestureRecognizer(r); settings.longPress = nil }
            if newValue, settings.provider != nil, settings.longPress == nil {
                let provider = settings.provider
                settings.provider = nil
                contextMenuProvider = provider
            }
        }
    }

    /// Opens this view's context menu for `point` (view coordinates) if it has one there. Returns whether a menu
    /// opened.
    @discardableResult
    public func openContextMenu(at point: Point) -> Bool {
        guard let provider = contextMenu?.provider, let menu = provider(point) else { return false }
        presentMenu(menu, at: point)
        return true
    }

    /// The context menu of the deepest view at `p` (root coordinates) that has one: a right click.
    func openContextMenu(fromHit hit: ViewNode?, atRoot p: Point) -> Bool {
        var view = hit
        while let v = view {
            if v.contextMenu?.provider != nil, v.openContextMenu(at: v.pointFromRootSpace(p)) { return true }
            view = v.isPresentationLayer ? nil : v.superview   // over a presentation, no menu from beneath
        }
        return false
    }

    /// The context menu of the focused view (`view`, `rect` its focused part in root coordinates) or the nearest
    /// ancestor with one, opened under that part: the Menu key, Shift+F10.
    func openContextMenu(forFocused view: ViewNode, rect: Rect) -> Bool {
        var v: ViewNode? = view
        while let c = v {
            if let provider = c.contextMenu?.provider {
                let centre = c.pointFromRootSpace(Point(x: rect.midX, y: rect.midY))
                if let menu = provider(centre) {
                    c.present(presentation: MenuView(menu, anchor: rect, parent: nil), animated: true)
                    return true
                }
            }
            v = c.isPresentationLayer ? nil : c.superview
        }
        return false
    }
}

extension InputRouter {
    /// The Menu key: the focused view's context menu (a focused list item's: under its row).
    func openFocusedContextMenu() {
        guard let target = focus, let view = target.view, view.isDescendant(of: root),
              let rect = focusRect(target) else { return }
        _ = root.openContextMenu(forFocused: view, rect: rect)
    }
}
