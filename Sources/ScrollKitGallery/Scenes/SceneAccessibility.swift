// SceneAccessibility: the accessible names of the gallery's own cells and controls (the library's views name
// themselves).

import ScrollKit

extension CatalogCardCell: AccessibilityDescribing {
    func describeAccessibility(_ node: inout AccessibleNode) {
        node.label = title
        node.hint = subtitle
    }
}

extension InboxCell: AccessibilityDescribing {
    func describeAccessibility(_ node: inout AccessibleNode) {
        node.label = subject.isEmpty ? sender : "\(sender): \(subject)"
        node.hint = preview
        node.value = time
    }
}

extension HomeCardCell: AccessibilityDescribing {
    func describeAccessibility(_ node: inout AccessibleNode) { node.label = title }
}

extension WorldCardCell: AccessibilityDescribing {
    func describeAccessibility(_ node: inout AccessibleNode) {
        node.label = label?.text ?? ""
        node.hint = sample?.text ?? ""
    }
}

extension CardCell: AccessibilityDescribing {
    func describeAccessibility(_ node: inout AccessibleNode) {
        node.label = card.title
        node.hint = card.text
    }
}

extension FaceCell: AccessibilityDescribing {
    func describeAccessibility(_ node: inout AccessibleNode) { node.label = face }
}

extension ChatBubbleCell: AccessibilityDescribing {
    func describeAccessibility(_ node: inout AccessibleNode) {
        guard let messages, index >= 0, index < messages.count else { return }
        node.label = ChatMessages.text(messages.ids[index])
    }
}

extension CycleControl: AccessibilityDescribing {
    /// A value stepped through (a spin box): a slider whose value is the value shown.
    func describeAccessibility(_ node: inout AccessibleNode) {
        node.role = .slider
        guard !values.isEmpty else { return }
        let i = min(max(index, 0), values.count - 1)
        node.value = values[i]
        node.range = AccessibleRange(current: Double(i), minimum: 0, maximum: Double(values.count - 1), step: 1)
    }
}

extension DurationSlider: AccessibilityDescribing {
    func describeAccessibility(_ node: inout AccessibleNode) {
        node.role = .slider
        node.label = "Duration"
        node.value = label
        node.range = AccessibleRange(current: value, minimum: range.lowerBound, maximum: range.upperBound, step: 0.01)
    }
}

extension ContactsHeaderCell: AccessibilityDescribing {
    func describeAccessibility(_ node: inout AccessibleNode) { node.label = title }
}
