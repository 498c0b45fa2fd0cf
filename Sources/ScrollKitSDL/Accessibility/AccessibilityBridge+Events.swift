// AccessibilityBridge's events: after each frame, what changed for the elements a client knows (focus, states,
// names, values, a list's visible items, a text field's text), reported as AT-SPI events; elements that are gone
// are dropped.

import CScrollKitA11y
import ScrollKit

extension AccessibilityBridge {
    /// The states whose changes are reported (AT-SPI `object:state-changed:…`).
    static let reportedStates: [AccessibleStates] = [.selected, .checked, .enabled, .sensitive, .showing, .visible,
                                                     .editable, .pressed]

    /// Reports what changed since the last call: focus (a `focus:` event and `state-changed:focused`), the
    /// states, names and values of the elements clients have asked about, and lists whose visible items
    /// changed (`visible-data-changed`, also for a tab list's selection: `selection-changed`), text fields' text,
    /// caret and selection (`text-changed:delete`/`:insert`, `text-caret-moved`, `text-selection-changed`). Call it
    /// after a frame is drawn. Each frame looks at the views clients asked about, the items showing now or when
    /// last looked at, and a slice of the rest (so every element is looked at within about 60 frames): its work
    /// follows what shows, not how many elements were ever asked about. Elements that are gone are marked
    /// defunct and dropped.
    public func sync() {
        guard let root else { return }
        reportFocus(in: root)
        var check: [Int64] = []
        var reshaped = Set<ObjectIdentifier>()
        // Lists whose item count changed (a filter, an insertion): their items' new names are one
        // visible-data-changed, not a name change per item (a screen reader asks about each one it is told of).
        for id in viewIDs {
            guard let entry = entries[id] else { continue }
            check.append(id)
            guard let list = entry.view as? ListView else { continue }
            if let last = entry.last, last.childCount != list.numberOfItems { reshaped.insert(ObjectIdentifier(list)) }
            for i in list.visibleRange {
                if let item = ids[AccessibleElement.Key(object: ObjectIdentifier(list), item: i)] { check.append(item) }
            }
        }
        check += showingItems
        if !reshaped.isEmpty {   // rare (a list's data changed): every item of those lists, at once
            check += entries.filter { $0.value.item >= 0 && reshaped.contains($0.value.key.object) }.keys
        }
        var seen = Set<Int64>(minimumCapacity: check.count)
        var gone: [Int64] = []
        lastSyncLooked = 0
        for id in check where seen.insert(id).inserted {
            guard let entry = entries[id] else { continue }
            guard let element = entry.element, element.isAlive(under: root) else {
                gone.append(id)
                continue
            }
            lastSyncLooked += 1
            report(id, element, entry, reshaped: entry.item >= 0 && reshaped.contains(entry.key.object))
        }
        // The sweep: a slice of every entry a frame, for elements that are gone. Items off screen are not looked
        // at otherwise: they are brought up to date (and their changes reported) when they show.
        if sweepQueue.isEmpty { sweepQueue = Array(entries.keys) }
        let slice = max(64, entries.count / 60)
        for id in sweepQueue.suffix(slice) where !seen.contains(id) {
            guard let entry = entries[id] else { continue }
            if let element = entry.element, element.isAlive(under: root) { continue }
            gone.append(id)
        }
        sweepQueue.removeLast(min(slice, sweepQueue.count))
        for id in gone where id != rootID { forget(id) }
    }

    /// Reports what changed of one element since it was last looked at.
    func report(_ id: Int64, _ element: AccessibleElement, _ entry: Entry, reshaped reshapedItem: Bool) {
        guard sk_a11y_known(id) != 0 else { return }
        let node = element.node()
        defer {
            entry.last = node
            if entry.item >= 0 {
                if node.states.contains(.showing) { showingItems.insert(id) } else { showingItems.remove(id) }
            }
        }
        if node.role == .text { reportText(id, element, entry) }
        guard let last = entry.last else { return }
        for state in Self.reportedStates where last.states.contains(state) != node.states.contains(state) {
            sk_a11y_notify_state(id, state.rawValue, node.states.contains(state) ? 1 : 0)
        }
        if last.label != node.label, !reshapedItem { sk_a11y_notify_name(id) }
        if last.value != node.value || last.range != node.range { sk_a11y_notify_value(id) }
        if node.role == .list || node.role == .table || node.role == .pageTabList {
            if case .view(let list as ListView) = element {
                let showing = list.visibleRange
                if showing != listRanges[id] || last.childCount != node.childCount {
                    listRanges[id] = showing
                    sk_a11y_notify_children(id)
                }
            } else {
                // Only a change: the first look is no event (Orca moves its focus to a tab list's selected
                // tab on selection-changed, away from the field that has the focus).
                let selected = element.selectedChildren
                if let previous = lastSelection[id], previous != selected { sk_a11y_notify_selection(id) }
                lastSelection[id] = selected
            }
        }
        if last.frame != node.frame { sk_a11y_notify_bounds(id) }
    }

    /// Reports a focus move: the element that has the tree's focus now (a view, or a list's item).
    func reportFocus(in root: ViewNode) {
        let focused = Self.focusedElement(in: root)
        let id = focused.map { self.id(for: $0) } ?? 0
        guard id != reportedFocus else { return }
        if reportedFocus != 0 { sk_a11y_notify_state(reportedFocus, AccessibleStates.focused.rawValue, 0) }
        reportedFocus = id
        if id != 0 { sk_a11y_notify_focus(id) }
    }

    /// The focused element of `root`'s tree, or of a tree it hosts (``AccessibilityHosting``).
    static func focusedElement(in root: ViewNode) -> AccessibleElement? {
        if let view = root.focusedView {
            if let list = view as? ListView, let item = list.focusedItem { return .item(list, item) }
            return view.isAccessibilityElement ? .view(view) : nil
        }
        var found: AccessibleElement?
        func walk(_ view: ViewNode) {
            guard found == nil, !view.isHidden else { return }
            if let hosted = (view as? any AccessibilityHosting)?.accessibilityHostedRoot, hosted !== root {
                found = focusedElement(in: hosted)
            }
            for sub in view.subviews { walk(sub) }
        }
        walk(root)
        return found
    }

    func forget(_ id: Int64) {
        sk_a11y_forget(id)
        if let entry = entries.removeValue(forKey: id), ids[entry.key] == id { ids[entry.key] = nil }
        viewIDs.remove(id)
        showingItems.remove(id)
        listRanges[id] = nil
        lastSelection[id] = nil
        if reportedFocus == id { reportedFocus = 0 }
    }
}
