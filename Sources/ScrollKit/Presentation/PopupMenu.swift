// PopupMenu, MenuElement and MenuAction: the value of a menu or context menu (UIKit's UIMenu), with submenus.

/// One command of a ``PopupMenu``.
public struct MenuAction: Sendable {
    /// The command's title.
    public var title: String
    /// Whether it destroys data (drawn in the theme's `destructive` colour).
    public var isDestructive: Bool
    /// Whether it can be chosen (a disabled one is greyed and skipped by focus).
    public var isEnabled: Bool
    /// Whether it shows a check mark (a setting that is on).
    public var isChecked: Bool
    /// What choosing it does, called as the menu begins to leave.
    public var handler: (@MainActor @Sendable () -> Void)?

    /// A command titled `title`.
    public init(_ title: String, isDestructive: Bool = false, isEnabled: Bool = true, isChecked: Bool = false,
                handler: (@MainActor @Sendable () -> Void)? = nil) {
        self.title = title
        self.isDestructive = isDestructive
        self.isEnabled = isEnabled
        self.isChecked = isChecked
        self.handler = handler
    }
}

/// What a ``PopupMenu`` holds: commands, submenus and dividers.
public enum MenuElement: Sendable {
    /// A command.
    case action(MenuAction)
    /// A submenu, opened beside its item (to the trailing side, flipping at the window's edge).
    case submenu(PopupMenu)
    /// A line between groups.
    case divider
}

/// A menu of commands: shown by ``ViewNode/presentMenu(_:at:animated:)`` at a point or under a view, or as a
/// view's context menu (``ViewNode/contextMenuProvider``: a long press, a right click, the Menu key or
/// Shift+F10).
///
/// ```swift
/// let menu = PopupMenu(title: "Message", children: [
///     .action(MenuAction("Mark as Read") { mail.markRead() }),
///     .submenu(PopupMenu(title: "Move to", children: [.action(MenuAction("Archive") { mail.archive() })])),
///     .divider,
///     .action(MenuAction("Delete", isDestructive: true) { mail.delete() }),
/// ])
/// ```
public struct PopupMenu: Sendable {
    /// The title (a submenu's item shows it; a menu shows it as a header when not empty).
    public var title: String
    /// What it holds, in order.
    public var children: [MenuElement]

    /// A menu of `children`, titled `title`.
    public init(title: String = "", children: [MenuElement]) {
        self.title = title
        self.children = children
    }
}
