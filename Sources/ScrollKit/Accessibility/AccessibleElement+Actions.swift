// AccessibleElement's actions, value and selection: what an assistive technology can do to an element.

extension AccessibleElement {
    /// Performs the action named `name` (one of ``AccessibleNode/actions``): `click` activates (a button,
    /// a tab, a switch, a list item), `scroll-to` brings a list item into view, others are the view's
    /// ``ViewNode/accessibilityCustomActions``. Returns whether there was such an action.
    @discardableResult
    public func performAction(named name: String) -> Bool {
        switch (self, name) {
        case (.view(let v), "click"):
            guard v.isPressable else { break }
            v.activate()
            return true
        case (.item(let list, let i), "click"):
            guard list.onSelectItem != nil || list.cell(at: i)?.isPressable == true else { break }
            list.activateItem(i)
            return true
        case (.item(let list, let i), "scroll-to"):
            guard i >= 0, i < list.numberOfItems else { return false }
            if list.itemsAreFocusable { list.focusItem(i) } else { list.scrollToItem(i, position: .visible) }
            return true
        case (.item(let list, let i), _):
            if list.performSwipeAction(titled: name, forItem: i) { return true }   // a row's swipe action
        default:
            break
        }
        if let action = view.accessibilityCustomActions.first(where: { $0.name == name }) { return action.perform() }
        return false
    }

    /// The description of the action named `name`.
    public func actionDescription(named name: String) -> String {
        switch name {
        case "click": return "Activate"
        case "scroll-to": return "Scroll the item into view"
        default:
            if case .item(let list, let i) = self, list.swipeActionTitles(forItem: i).contains(name) {
                return "\(name) (a swipe action)"
            }
            return view.accessibilityCustomActions.first(where: { $0.name == name })?.description ?? ""
        }
    }

    /// Sets a slider's value (a ``SliderView``'s or ``StepperView``'s, as the user would; a picker: selects the item at that index, as a user's choice; a section index:
    /// chooses that entry), rounded and clamped to the items (``Swift/Int/clamped(_:to:nan:)``: ±inf and
    /// ±1e300 choose the last or first). Returns whether the element takes a value; NaN is refused.
    @discardableResult
    public func setValue(_ value: Double) -> Bool {
        guard !value.isNaN else { return false }
        if case .view(let slider as SliderView) = self { slider.setValueByUser(value); return slider.isEnabled }
        if case .view(let stepper as StepperView) = self { stepper.setValueByUser(value); return stepper.isEnabled }
        if case .view(let index as SectionIndexView) = self, !index.titles.isEmpty {
            return index.choose(Int.clamped(value, to: 0...index.titles.count - 1))   // jumps to the section
        }
        guard case .view(let picker as PickerView) = self, picker.numberOfItems > 0 else { return false }
        let i = Int.clamped(value, to: 0...picker.numberOfItems - 1)
        picker.selectItem(i, animated: true)
        picker.onSelectionChanged?(i)
        return true
    }

    /// The selected children's indices (a tab list's selected tab, a list's focused item).
    public var selectedChildren: [Int] {
        switch self {
        case .view(let bar as TabBar): return bar.titles.isEmpty ? [] : [bar.selectedIndex]
        case .view(let control as SegmentedControl): return control.segments.isEmpty ? [] : [control.selectedIndex]
        case .view(let list as ListView): return list.focusedItem.map { [$0] } ?? []
        default: return []
        }
    }

    /// Selects child `index` (a tab, a segment; a list's item takes focus, or scrolls into view). Returns
    /// whether it could.
    @discardableResult
    public func selectChild(_ index: Int) -> Bool {
        switch self {
        case .view(let bar as TabBar):
            guard bar.titles.indices.contains(index) else { return false }
            bar.select(index)
            return true
        case .view(let control as SegmentedControl):
            guard control.segments.indices.contains(index) else { return false }
            control.select(index)
            return true
        case .view(let list as ListView):
            return AccessibleElement.item(list, index).performAction(named: "scroll-to")
        default:
            return false
        }
    }
}
