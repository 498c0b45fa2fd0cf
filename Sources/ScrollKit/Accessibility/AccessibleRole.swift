// AccessibleRole and AccessibleStates: what kind of thing an accessible element is, and the states it is in.

/// What kind of control or content an accessible element is, as a screen reader announces it. Each maps to
/// the AT-SPI2 role of the same name (`ScrollKitSDL` publishes the tree; see ``ViewNode/accessibilityRole``).
public enum AccessibleRole: String, Sendable, Hashable, CaseIterable {
    /// Not an element of its own: the view's accessible children are lifted into its parent (a plain
    /// container, a list's inner scroll view). The default of a plain ``ViewNode``.
    case none
    /// A group of related elements (AT-SPI `panel`).
    case panel
    /// A button that does something when pressed.
    case pushButton
    /// A button that stays on or off (``AccessibleStates/checked``).
    case toggleButton
    /// An on/off choice (``Switch``; AT-SPI `check box`).
    case checkBox
    /// Static text.
    case label
    /// Text that titles a section.
    case heading
    /// Editable text (a text field; AT-SPI `text`/entry).
    case text
    /// A list of items (``ListView``).
    case list
    /// One item of a list (a row).
    case listItem
    /// A two-dimensional collection (a grid).
    case table
    /// One cell of a table (a grid's card).
    case tableCell
    /// A row of tabs (``TabBar``).
    case pageTabList
    /// One tab of a ``pageTabList``.
    case pageTab
    /// A scrolling viewport (``ScrollingView``).
    case scrollPane
    /// A value in a range (``PickerView``, sliders).
    case slider
    /// A picture.
    case image
    /// A dialog (a sheet).
    case dialog
    /// A window (the root of a window host's tree).
    case frame
    /// An alert: a modal dialog that asks or warns (``AlertView``).
    case alert
    /// A menu of commands (``MenuView``, a context menu).
    case menu
    /// One command of a ``menu``.
    case menuItem
    /// A small window of information anchored to a view (``PopoverView``; AT-SPI `tool tip`).
    case toolTip
    /// A passing message that needs no answer (``ToastView``; AT-SPI `notification`).
    case notification
}

/// The states an accessible element reports (AT-SPI2's states of the same names).
public struct AccessibleStates: OptionSet, Sendable, Hashable {
    public let rawValue: UInt32
    /// Makes a set from its raw bits.
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// It can take keyboard focus.
    public static let focusable = AccessibleStates(rawValue: 1 << 0)
    /// It has keyboard focus.
    public static let focused = AccessibleStates(rawValue: 1 << 1)
    /// It can be selected (a list item, a tab).
    public static let selectable = AccessibleStates(rawValue: 1 << 2)
    /// It is selected.
    public static let selected = AccessibleStates(rawValue: 1 << 3)
    /// It can be checked (a switch, a toggle button).
    public static let checkable = AccessibleStates(rawValue: 1 << 4)
    /// It is checked (on).
    public static let checked = AccessibleStates(rawValue: 1 << 5)
    /// It is enabled (takes input).
    public static let enabled = AccessibleStates(rawValue: 1 << 6)
    /// It responds to the user (AT-SPI's `sensitive`: set with ``enabled``).
    public static let sensitive = AccessibleStates(rawValue: 1 << 7)
    /// It is on screen now (inside its window and every scroll view around it).
    public static let showing = AccessibleStates(rawValue: 1 << 8)
    /// It is not hidden (it may still be scrolled off screen).
    public static let visible = AccessibleStates(rawValue: 1 << 9)
    /// Its text can be edited.
    public static let editable = AccessibleStates(rawValue: 1 << 10)
    /// Its text can span several lines.
    public static let multiLine = AccessibleStates(rawValue: 1 << 11)
    /// It is pressed right now.
    public static let pressed = AccessibleStates(rawValue: 1 << 12)
}
