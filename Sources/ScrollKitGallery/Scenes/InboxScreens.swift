// The inbox's other screens: the message screen a tap pushes (MessageBody: its header and text lines, with a large
// title that collapses) and the Compose sheet's content (ComposeSheetView: a header over a list of recipients).

import Motion
import ScrollKit

/// A message's body as list rows: the header (sender, recipient, time) and the text in lines, deterministic.
@MainActor
final class MessageBody: ListDataSource {
    let message: InboxMessage
    let lines: [String]
    static let lineHeight = 24.0
    static let headerHeight = 78.0

    init(message: InboxMessage) {
        self.message = message
        var words: [Substring] = []
        for k in 0..<6 {
            let p = InboxMessage.previews[(message.id + k) % InboxMessage.previews.count]
            words += p.split(separator: " ")
            words.append("¶")
        }
        var lines: [String] = ["Hi,", ""]
        var line = ""
        for w in words {
            if w == "¶" { lines.append(line); lines.append(""); line = ""; continue }
            if line.count + w.count + 1 > 52 { lines.append(line); line = "" }
            line += line.isEmpty ? String(w) : " " + w
        }
        lines.append(contentsOf: ["Best,", message.sender.split(separator: " ").first.map(String.init) ?? ""])
        self.lines = lines
    }

    var numberOfItems: Int { 1 + lines.count }
    func sizeOfItem(at index: Int) -> Double { index == 0 ? Self.headerHeight : Self.lineHeight }

    func cell(at index: Int, in list: ListView) -> ListCell {
        let cell = list.dequeueCell(MessageLineCell.self, for: index)
        if index == 0 {
            cell.text = message.sender
            cell.detail = "To: me · Today \(message.time)"
            cell.isHeader = true
        } else {
            cell.text = index - 1 < lines.count ? lines[index - 1] : ""
            cell.detail = ""
            cell.isHeader = false
        }
        return cell
    }
}

/// One row of a message: the header (an avatar, the sender, the recipient and time, a separator) or a text line.
final class MessageLineCell: ListCell {
    @DrawingInput var text = ""
    @DrawingInput var detail = ""
    @DrawingInput var isHeader = false
    static var bodyStyle: TextStyle { TextStyle(size: 16, color: galleryColors.label, maximumScale: TextScale.controlMaximum) }

    override var isOpaque: Bool { true }

    override func draw(in canvas: any DrawingCanvas, frame f: Rect) {
        canvas.fill(f, color: galleryColors.cellBackground)
        if isHeader {
            let c = Point(x: f.minX + 36, y: f.minY + 36)
            canvas.fillCircle(center: c, radius: 20, color: RecipientCell.avatarColor(text))
            canvas.drawText(RecipientCell.initials(text), in: Rect(x: c.x - 20, y: c.y - 11, width: 40, height: 22),
                            style: TextStyle(size: 15, weight: .bold, color: .white, maximumScale: 1), alignment: .center)
            canvas.drawText(text, in: Rect(x: f.minX + 68, y: f.minY + 14, width: f.width - 84, height: 22),
                            style: InboxCell.senderStyle, alignment: .leading)
            canvas.drawText(detail, in: Rect(x: f.minX + 68, y: f.minY + 38, width: f.width - 84, height: 20),
                            style: InboxCell.previewStyle, alignment: .leading)
            canvas.fill(Rect(x: f.minX + 16, y: f.maxY - 1, width: f.width - 32, height: 1), color: galleryColors.fill)
        } else {
            canvas.drawText(text, in: Rect(x: f.minX + 16, y: f.minY + 2, width: f.width - 32, height: 22),
                            style: Self.bodyStyle, alignment: .leading)
        }
    }
}

/// The Compose sheet's content: a header (Cancel, "New Message", a To: line) over a list of recipients.
final class ComposeSheetView: ViewNode {
    let list: ListView
    let recipients = Recipients()
    let cancel = PushButton(title: "Cancel", kind: .plain)
    static let headerHeight = 84.0

    override init(frame: Rect) {
        list = ListView(frame: .zero, dataSource: recipients)
        super.init(frame: frame)
        cancel.titleSize = 16
        cancel.hasShadow = false
        addSubview(list)
        addSubview(cancel)
    }

    convenience init() { self.init(frame: .zero) }

    override func layoutSubviews() {
        cancel.frame = Rect(x: mirroredX(8, width: 80), y: 2, width: 80, height: 36)
        list.frame = Rect(x: 0, y: Self.headerHeight, width: frame.width, height: max(0, frame.height - Self.headerHeight))
    }

    override func draw(in canvas: any DrawingCanvas, frame f: Rect) {
        canvas.drawText("New Message", in: Rect(x: f.minX, y: f.minY + 8, width: f.width, height: 24),
                        style: TextStyle(size: 17, weight: .bold, color: galleryColors.label, maximumScale: TextScale.controlMaximum), alignment: .center)
        canvas.fill(Rect(x: f.minX + 16, y: f.minY + 44, width: f.width - 32, height: 1), color: galleryColors.fill)
        canvas.drawText("To:", in: Rect(x: f.minX + 16, y: f.minY + 52, width: 40, height: 22),
                        style: TextStyle(size: 15, color: galleryColors.tertiaryLabel, maximumScale: TextScale.controlMaximum), alignment: .leading)
        canvas.drawText("Choose a recipient", in: Rect(x: f.minX + 52, y: f.minY + 52, width: f.width - 68, height: 22),
                        style: TextStyle(size: 15, color: galleryColors.placeholder, maximumScale: TextScale.controlMaximum), alignment: .leading)
        canvas.fill(Rect(x: f.minX, y: f.minY + Self.headerHeight - 1, width: f.width, height: 1), color: galleryColors.fill)
    }
}

/// The recipients: every sender and some more, with addresses, alphabetical.
@MainActor
final class Recipients: ListDataSource {
    static let rowHeight = 60.0
    let names: [String]

    init() {
        let more = ["Ada Byron", "Anita Borg", "Bjarne Stroustrup", "Brian Kernighan", "Carol Shaw", "Chris Lattner",
                    "Dana Scott", "Douglas Engelbart", "Evelyn Berezin", "Fran Bilas", "Guido van Rossum",
                    "Hedy Lamarr", "Ivan Sutherland", "Jean Sammet", "Joan Clarke", "Katherine Johnson", "Leslie Lamport",
                    "Lynn Conway", "Mary Keller", "Rob Pike", "Shafi Goldwasser", "Tim Berners-Lee", "Vint Cerf",
                    "Whitfield Diffie", "Yukihiro Matsumoto"]
        names = (InboxMessage.senders + more).sorted()
    }

    var numberOfItems: Int { names.count }
    var fixedItemSize: Double? { Self.rowHeight }

    func cell(at index: Int, in list: ListView) -> ListCell {
        let cell = list.dequeueCell(RecipientCell.self, for: index)
        let name = names[index]
        cell.name = name
        cell.address = String(name.lowercased().map { $0 == " " ? "." : $0 }) + "@example.org"
        return cell
    }
}

/// A recipient: a coloured avatar with initials, the name and the address.
final class RecipientCell: ListCell {
    @DrawingInput var name = ""
    @DrawingInput var address = ""

    static func initials(_ name: String) -> String {
        String(name.split(separator: " ").prefix(2).compactMap(\.first))
    }

    static func avatarColor(_ name: String) -> RGBAColor {
        let h = name.unicodeScalars.reduce(0) { ($0 &* 31 &+ Int($1.value)) & 0xffff }
        return RGBAColor(hue: Double(h % 360) / 360, saturation: 0.45, value: 0.8)
    }

    override var isOpaque: Bool { true }

    override func draw(in canvas: any DrawingCanvas, frame f: Rect) {
        canvas.fill(f, color: isHighlighted ? galleryColors.fill : galleryColors.cellBackground)
        let c = Point(x: f.minX + 36, y: f.midY)
        canvas.fillCircle(center: c, radius: 18, color: Self.avatarColor(name))
        canvas.drawText(Self.initials(name), in: Rect(x: c.x - 18, y: c.y - 10, width: 36, height: 20),
                        style: TextStyle(size: 14, weight: .bold, color: .white, maximumScale: 1), alignment: .center)
        canvas.drawText(name, in: Rect(x: f.minX + 66, y: f.minY + 9, width: f.width - 82, height: 22),
                        style: TextStyle(size: 16, color: galleryColors.label, maximumScale: TextScale.controlMaximum), alignment: .leading)
        canvas.drawText(address, in: Rect(x: f.minX + 66, y: f.minY + 31, width: f.width - 82, height: 20),
                        style: InboxCell.previewStyle, alignment: .leading)
        canvas.fill(Rect(x: f.minX + 66, y: f.maxY - 0.5, width: f.width - 66, height: 0.5), color: galleryColors.barSeparator)
    }
}
