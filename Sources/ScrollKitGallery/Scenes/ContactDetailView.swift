// ContactDetailView: the screen a tapped person pushes in the contacts scene — their monogram large, their name,
// and their phone number.

import ScrollKit

/// One person's card: a large round monogram in their colour, the name under it, then a "mobile" row with the
/// phone number in the tint, as a phone's contact card. Right to left it mirrors its text alignment.
final class ContactDetailView: ViewNode {
    let person: ContactPerson

    init(person: ContactPerson) {
        self.person = person
        super.init(frame: .zero)
        accessibilityRole = .panel
        accessibilityLabel = "\(person.displayName), mobile \(person.phone)"
    }

    override var isOpaque: Bool { true }

    override func draw(in canvas: any DrawingCanvas, frame: Rect) {
        canvas.fill(frame, color: galleryColors.groupedBackground)
        let cx = frame.midX, top = frame.minY + 36
        var colour = galleryColors.tertiaryLabel
        var initial = ""
        if case .swatch(let c, let symbol) = ContactsRows.monogram(person) { colour = c; initial = symbol ?? "" }
        canvas.fillCircle(center: Point(x: cx, y: top + 48), radius: 48, color: colour)
        canvas.drawText(initial, in: Rect(x: cx - 48, y: top + 20, width: 96, height: 56),
                        style: TextStyle(size: 44, weight: .bold, color: .white, maximumScale: 1), alignment: .center)
        canvas.drawText(person.displayName, in: Rect(x: frame.minX + 16, y: top + 112, width: max(0, frame.width - 32), height: 40),
                        style: TextStyle(size: 28, weight: .bold, color: galleryColors.label, maximumScale: TextScale.controlMaximum), alignment: .center)
        let card = Rect(x: frame.minX + 16, y: top + 172, width: max(0, frame.width - 32), height: 64)
        canvas.fillRoundedRect(card, radius: 12, color: galleryColors.cellBackground)
        let rtl = isRightToLeft
        canvas.drawText("mobile", in: Rect(x: card.minX + 16, y: card.minY + 8, width: max(0, card.width - 32), height: 20),
                        style: TextStyle(size: 13, color: galleryColors.secondaryLabel, maximumScale: TextScale.controlMaximum), alignment: rtl ? .right : .left)
        canvas.drawText(person.phone, in: Rect(x: card.minX + 16, y: card.minY + 30, width: max(0, card.width - 32), height: 26),
                        style: TextStyle(size: 17, color: galleryColors.tint, maximumScale: TextScale.controlMaximum), alignment: rtl ? .right : .left)
    }
}
