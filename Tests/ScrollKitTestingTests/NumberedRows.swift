// The rows the trace and performance tests scroll: 10,000 labels "Row N", 48 points tall.

import ScrollKit

/// 10,000 fixed-height rows titled "Row 0", "Row 1", …: a list long enough to fling through.
@MainActor
final class NumberedRows: ListDataSource {
    var numberOfItems: Int { 10_000 }
    var fixedItemSize: Double? { 48 }
    func cell(at index: Int, in list: ListView) -> ListCell {
        let cell = list.dequeueCell(LabelCell.self, for: index)
        cell.title = "Row \(index)"
        return cell
    }
}
