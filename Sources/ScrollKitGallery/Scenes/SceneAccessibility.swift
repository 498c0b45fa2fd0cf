// SceneAccessibility: the accessible names of the gallery's own cells (the library's views name themselves).

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
