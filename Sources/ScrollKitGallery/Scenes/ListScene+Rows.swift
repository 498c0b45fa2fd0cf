import Motion
import ScrollKit
import ScrollKitSDL

/// A list scene row: a `LabelCell` that keeps the storage of its subtitle across reuse.
@MainActor
final class RowCell: LabelCell {
    /// The subtitle's text, rewritten in place by `RowSource.configure` (`subtitle` shares it). Room
    /// for the longest subtitle ("Hue 359° · #FFFFFF", 19 bytes) is reserved up front, so it never grows.
    var subtitleBuffer = reservedBuffer(48)

    required init() {
        super.init()
        titleStyle = TextStyle(size: 17, weight: .bold)
        subtitleStyle = TextStyle(size: 12)
        contentInsets = Insets(top: 6, left: 20, bottom: 6, right: 20)
        separatorColor = RGBAColor.black.mixAlpha(22)
    }
}

/// The list scene's rows: `count` items of a fixed height, a palette: item n is "Row n" on the hue
/// n / count, its subtitle the hue in degrees and the colour's hex code ("Hue 45° · #FAE7AF").
@MainActor
final class RowSource: ListDataSource {
    let count: Int
    let rowHeight: Double

    init(count: Int, rowHeight: Double) {
        self.count = max(0, count)
        self.rowHeight = rowHeight
    }

    var numberOfItems: Int { count }
    var fixedItemSize: Double? { rowHeight }

    /// Row n's background: hue n / count at a soft saturation, light enough for dark text.
    func color(ofRow index: Int) -> RGBAColor {
        RGBAColor(hue: count > 0 ? Double(index) / Double(count) : 0, saturation: 0.30, value: 0.98)
    }

    func cell(at index: Int, in list: ListView) -> ListCell {
        let row = list.dequeueCell(RowCell.self, for: index)
        configure(row, at: index)
        return row
    }

    /// Fills `row` for item `index`: its title, its colour, and the colour's hue and hex code.
    func configure(_ row: RowCell, at index: Int) {
        row.title = "Row \(index)"   // at most 15 bytes up to 10¹¹ rows: a small string, no allocation
        let color = color(ofRow: index)
        let degrees = count > 0 ? min(359, Int(Double(index) / Double(count) * 360)) : 0
        // Written into the row's own buffer, whose storage outlives reuse (`prepareForReuse` drops
        // `subtitle`, leaving the buffer the only reference): a recycled row does not allocate.
        row.subtitle = nil
        replaceContents(of: &row.subtitleBuffer) { out in
            out.append("Hue ")
            appendGroupedNumber(degrees, to: &out)
            out.append("° · #")
            Self.appendHex(color.r, to: &out)   // no array of the three: configure runs inside frames
            Self.appendHex(color.g, to: &out)
            Self.appendHex(color.b, to: &out)
        }
        row.subtitle = row.subtitleBuffer
        row.backgroundColor = color
    }

    private static let hexDigits: [Character] = Array("0123456789ABCDEF")

    private static func appendHex(_ byte: UInt8, to out: inout String) {
        out.append(hexDigits[Int(byte >> 4)])
        out.append(hexDigits[Int(byte & 0xF)])
    }
}
