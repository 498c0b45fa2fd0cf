import Motion
import ScrollKit
import ScrollKitSDL

/// A list scene row: a `LabelCell` that keeps the storage of its subtitle across reuse.
@MainActor
final class RowCell: LabelCell {
    /// The subtitle's text, rewritten in place by `RowSource.configure` (`subtitle` shares it). Room
    /// for the longest subtitle ("configured in frame " and 19 digits with separators, 46 bytes) is
    /// reserved up front, so it never grows (a frame number gaining a digit would reallocate it).
    var subtitleBuffer = reservedBuffer(48)

    required init() {
        super.init()
        titleStyle = TextStyle(size: 17, weight: .bold)
        subtitleStyle = TextStyle(size: 12)
        contentInsets = Insets(top: 6, left: 20, bottom: 6, right: 20)
        separatorColor = RGBAColor.black.mixAlpha(22)
    }
}

/// The list scene's rows: `count` items of a fixed height; item n is "Row n" on the hue n / count.
@MainActor
final class RowSource: ListDataSource {
    let count: Int
    let rowHeight: Double
    /// The frame being prepared (the scene sets it before each step): shown in each row's subtitle,
    /// the frame its cell was configured in.
    var frameIndex = 0

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

    /// Fills `row` for item `index`: its title, the frame it was configured in, its colour.
    func configure(_ row: RowCell, at index: Int) {
        row.title = "Row \(index)"   // at most 15 bytes up to 10¹¹ rows: a small string, no allocation
        let frame = frameIndex
        // Written into the row's own buffer, whose storage outlives reuse (`prepareForReuse` drops
        // `subtitle`, leaving the buffer the only reference): a recycled row does not allocate.
        row.subtitle = nil
        replaceContents(of: &row.subtitleBuffer) { out in
            out.append("configured in frame ")
            appendGroupedNumber(frame, to: &out)
        }
        row.subtitle = row.subtitleBuffer
        row.backgroundColor = color(ofRow: index)
    }
}
