// AccessibilityDefaults: the roles, names, values and states the library's own views give their elements.

/// The library's defaults, by view class (an app's views set theirs through ``ViewNode/accessibilityRole``
/// and the other settings, or ``AccessibilityDescribing``).
@MainActor
enum AccessibilityDefaults {
    /// The default role of `view`.
    static func role(of view: ViewNode) -> AccessibleRole {
        switch view {
        case let list as ListView: return list.grid == nil ? .list : .table
        case is PickerView, is SectionIndexView, is SliderView, is StepperView, is ProgressBarView: return .slider
        case let label as LabelView: return label.isHeading ? .heading : .label
        case let scroll as ScrollingView:
            // A list's (and so a picker's) own scroll view is part of the list, not an element.
            if let list = scroll.superview as? ListView, list.scrollView === scroll { return .none }
            return .scrollPane
        case is PushButton: return .pushButton
        case is Switch: return .checkBox
        case is TabBar, is SegmentedControl: return .pageTabList
        case is TabBar.Tab, is SegmentedControl.Segment: return .pageTab
        case let cell as ListCell: return cell.listView?.grid == nil ? .listItem : .tableCell
        case is TiledImageView: return .image
        case is TextEditingView: return .text
        case is SheetView: return .dialog
        case is NavigationBackButton: return .pushButton
        case is NavigationLargeTitleView: return .heading
        case let bar as NavigationBar: return bar.title.isEmpty ? .none : .panel
        default: return view.superview == nil && !view.isHostedRoot ? .frame : .none
        }
    }

    /// Fills the default name, description, value, range, text, states and actions of `view` into `node`
    /// (its role already set).
    static func describe(_ view: ViewNode, into node: inout AccessibleNode) {
        var enabled = true
        switch view {
        case let button as PushButton:
            node.label = button.title ?? ""
            enabled = button.isEnabled
        case let toggle as Switch:
            node.states.insert(.checkable)
            if toggle.isOn { node.states.insert(.checked) }
            if let row = toggle.superview as? StandardCell { node.label = row.title }
            enabled = toggle.isEnabled
        case let bar as TabBar:
            enabled = bar.isEnabled
        case let tab as TabBar.Tab:
            let bar = tab.control
            describeChoice(tab.index, of: bar.titles, selected: bar.selectedIndex, into: &node)
            enabled = bar.isEnabled
        case let control as SegmentedControl:
            enabled = control.isEnabled
        case let segment as SegmentedControl.Segment:
            let control = segment.control
            describeChoice(segment.index, of: control.segments, selected: control.selectedIndex, into: &node)
            enabled = control.isEnabled
        case let picker as PickerView:
            let n = picker.numberOfItems
            if let i = picker.selectedIndex ?? picker.centeredIndex, n > 0 {
                node.range = AccessibleRange(current: Double(i), minimum: 0, maximum: Double(n - 1), step: 1)
                node.value = AccessibleElement.item(picker.listView, i).node().label
            }
        case let index as SectionIndexView:
            node.label = "Section index"
            if !index.titles.isEmpty {
                let i = index.keyboardIndex ?? 0
                node.range = AccessibleRange(current: Double(i), minimum: 0, maximum: Double(index.titles.count - 1), step: 1)
                node.value = index.titles[i]
            }
        case let row as StandardCell:
            describeRow(row, into: &node)
        case let cell as LabelCell:
            node.label = cell.title
            node.hint = cell.subtitle ?? ""
        case let cell as PickerLabelCell:
            node.label = cell.title
        case let field as TextEditingView:
            // Named by its placeholder; its text is the content (bullets for a secure field: never the secret).
            node.label = field.placeholder
            node.text = field.showsBullets ? String(repeating: "•", count: field.text.count) : field.text
            node.states.insert(.editable)
            if field.isMultiline { node.states.insert(.multiLine) }
            enabled = field.isEnabled
        case let back as NavigationBackButton:
            node.label = back.title.isEmpty ? "Back" : back.title
        case let title as NavigationLargeTitleView:
            node.label = title.title
        case let bar as NavigationBar:
            node.label = bar.title
        default:
            break
        }
        if enabled { node.states.formUnion([.enabled, .sensitive]) }
        node.states.insert(.visible)
        if view.isFocusable { node.states.insert(.focusable) }
        if view.isFocused { node.states.insert(.focused) }
        if view.isHighlighted { node.states.insert(.pressed) }
        if view.isPressable { node.actions.append("click") }
    }

    /// One choice of a row of them (a tab, a segment): named by its title, selectable, selected when it is.
    static func describeChoice(_ index: Int, of titles: [String], selected: Int, into node: inout AccessibleNode) {
        node.label = titles.indices.contains(index) ? titles[index] : ""
        node.states.insert(.selectable)
        if selected == index { node.states.insert(.selected) }
    }

    /// A standard row: named by its title, described by its subtitle, its accessory's value or state.
    static func describeRow(_ row: StandardCell, into node: inout AccessibleNode) {
        node.label = row.title
        node.hint = row.subtitle ?? ""
        node.states.insert(.selectable)
        if row.isSelected { node.states.insert(.selected) }
        switch row.accessory {
        case .value(let text): node.value = text
        case .checkmark where row.isSelected: node.states.insert(.checked)
        case .toggle(let on):
            node.states.insert(.checkable)
            if on { node.states.insert(.checked) }
        default: break
        }
    }
}
