// The curves scene's data sources: CurveListSource (the curve names, the selected one highlighted) and
// TableRowsSource (the 100-row table that scrolls).

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Motion
import ScrollKit
import ScrollKitSDL

/// The curve names, the selected one highlighted.
@MainActor
final class CurveListSource: ListDataSource {
    let curves: [TimingCurve]
    var selected: Int
    private let details: [String]

    init(curves: [TimingCurve], selected: Int) {
        self.curves = curves
        self.selected = selected
        details = curves.map(CurveInfo.detail(for:))
    }

    var numberOfItems: Int { curves.count }
    var fixedItemSize: Double? { 50 }

    func cell(at index: Int, in list: ListView) -> ListCell {
        let cell = list.dequeueCell(LabelCell.self, for: index)
        let isSelected = index == selected
        cell.title = curves[index].name
        cell.subtitle = details[index]
        cell.titleStyle = TextStyle(size: 15, weight: isSelected ? .bold : .regular, maximumScale: TextScale.controlMaximum)
        cell.subtitleStyle = TextStyle(size: 11, maximumScale: TextScale.controlMaximum)
        cell.backgroundColor = isSelected ? GalleryTheme.accent : .white
        cell.separatorColor = isSelected ? nil : RGBAColor(hex: 0xE5E5EA)
        return cell
    }
}

/// The table that scrolls: 100 rows.
@MainActor
final class TableRowsSource: ListDataSource {
    static let count = 100
    private let titles = (0..<TableRowsSource.count).map { "Row \($0)" }
    var numberOfItems: Int { Self.count }
    var fixedItemSize: Double? { 44 }

    func cell(at index: Int, in list: ListView) -> ListCell {
        let cell = list.dequeueCell(LabelCell.self, for: index)
        cell.title = titles[index]
        cell.titleStyle = TextStyle(size: 15, maximumScale: TextScale.controlMaximum)
        cell.backgroundColor = RGBAColor(hue: Double(index % 20) / 20, saturation: 0.16, value: 1)
        cell.separatorColor = RGBAColor(hex: 0xE5E5EA)
        return cell
    }
}

// MARK: - The scene
