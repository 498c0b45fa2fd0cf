// AccessibilityBridge's text: the answers to AT-SPI's Text and EditableText requests (caret, selection, ranges
// by unit, character boxes in screen pixels, edits through the editing model), and the text events reported
// after each frame (text-changed:delete and :insert, text-caret-moved, text-selection-changed).

import CScrollKitA11y
import ScrollKit

extension AccessibilityBridge {
    /// Answers a text request (SK_TEXT_*) for element `id`.
    func text(_ id: Int64, request: Int32, _ a: Int32, _ b: Int32, _ out: inout sk_a11y_text_answer) -> Int32 {
        let request = Int(clamping: request)
        guard let element = element(id) else {
            return request == SK_TEXT_CARET || request == SK_TEXT_OFFSET_AT_POINT ? -1 : 0
        }
        switch request {
        case SK_TEXT_CARET:
            return Int32(clamping: element.textCaret ?? 0)
        case SK_TEXT_SET_CARET:
            clientActed = true
            return element.selectText(Int(clamping: a)..<Int(clamping: a)) ? 1 : 0
        case SK_TEXT_SELECTION:
            guard let range = element.textSelection else { return 0 }
            out.start = Int32(clamping: range.lowerBound)
            out.end = Int32(clamping: range.upperBound)
            return 1
        case SK_TEXT_SET_SELECTION:
            clientActed = true
            return element.selectText(Int(clamping: min(a, b))..<Int(clamping: max(a, b))) ? 1 : 0
        case SK_TEXT_RANGE:
            let units = AccessibleTextUnit.allCases
            guard units.indices.contains(Int(clamping: a)), let range = element.textRange(units[Int(clamping: a)], at: Int(clamping: b)) else { return 0 }
            out.start = Int32(clamping: range.lowerBound)
            out.end = Int32(clamping: range.upperBound)
            return 1
        case SK_TEXT_CHARACTER_BOX, SK_TEXT_RANGE_BOX:
            let f = request == SK_TEXT_RANGE_BOX
                ? element.textRangeFrame(Int(clamping: min(a, b))..<Int(clamping: max(a, b)))
                : element.characterFrame(at: Int(clamping: a))
            guard let f else { return 0 }
            let s = screen()
            out.x = s.x + f.minX * s.scale
            out.y = s.y + f.minY * s.scale
            out.width = f.width * s.scale
            out.height = f.height * s.scale
            return 1
        case SK_TEXT_OFFSET_AT_POINT:
            let s = screen()
            guard s.scale > 0, s.scale.isFinite else { return -1 }
            // The pixel's centre, in the root's points.
            let p = Point(x: (Double(a) + 0.5 - s.x) / s.scale, y: (Double(b) + 0.5 - s.y) / s.scale)
            return Int32(clamping: element.characterOffset(at: p) ?? -1)
        default:
            return 0
        }
    }

    /// Makes an edit (SK_EDIT_*) of element `id`, as a person's edit.
    func edit(_ id: Int64, request: Int32, start: Int32, end: Int32, text: String?) -> Int32 {
        let request = Int(clamping: request)
        guard let element = element(id) else { return request == SK_EDIT_INSERT ? -1 : 0 }
        clientActed = true
        let range = Int(clamping: min(start, end))..<Int(clamping: max(start, end))
        switch request {
        case SK_EDIT_SET_CONTENTS: return element.setTextContents(text ?? "") ? 1 : 0
        case SK_EDIT_INSERT: return Int32(clamping: element.insertText(text ?? "", at: Int(clamping: start)) ?? -1)
        case SK_EDIT_DELETE: return element.deleteText(in: range) ? 1 : 0
        case SK_EDIT_COPY: return element.copyText(in: range) ? 1 : 0
        case SK_EDIT_CUT: return element.cutText(in: range) ? 1 : 0
        case SK_EDIT_PASTE: return element.pasteText(at: Int(clamping: start)) ? 1 : 0
        default: return 0
        }
    }

    /// Reports what changed in a text field since the last frame (nothing the first time it is seen): the
    /// text's removal and insertion (``AccessibleTextState/changes(from:)``), a caret move, a selection change.
    func reportText(_ id: Int64, _ element: AccessibleElement, _ entry: Entry) {
        guard let now = element.textState else { return }
        defer { entry.lastText = now }
        guard let last = entry.lastText, last != now else { return }
        for change in now.changes(from: last) {
            let at = Int32(clamping: change.offset), length = Int32(clamping: change.length)
            switch change {
            case .removed(_, let text): sk_a11y_notify_text_removed(id, at, length, text)
            case .inserted(_, let text): sk_a11y_notify_text_inserted(id, at, length, text)
            }
        }
        if now.caret != last.caret { sk_a11y_notify_caret(id, Int32(clamping: now.caret)) }
        if now.selection != last.selection { sk_a11y_notify_text_selection(id) }
    }
}

// The C callbacks: GLib dispatches on the main thread, from the host's loop.
func bridgeText(_ id: sk_a11y_id, _ request: Int32, _ a: Int32, _ b: Int32,
                _ out: UnsafeMutablePointer<sk_a11y_text_answer>?) -> Int32 {
    guard let out else { return 0 }
    let answer: (Int32, sk_a11y_text_answer) = MainActor.assumeIsolated {
        var filled = sk_a11y_text_answer()
        let result = AccessibilityBridge.shared?.text(id, request: request, a, b, &filled) ?? 0
        return (result, filled)
    }
    out.pointee = answer.1
    return answer.0
}

func bridgeEdit(_ id: sk_a11y_id, _ request: Int32, _ start: Int32, _ end: Int32,
                _ text: UnsafePointer<CChar>?) -> Int32 {
    let string = text.map { String(cString: $0) }
    return MainActor.assumeIsolated {
        AccessibilityBridge.shared?.edit(id, request: request, start: start, end: end, text: string) ?? 0
    }
}
