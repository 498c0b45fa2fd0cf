// A user's small app: a screen with a Refresh button above a list of 10,000 fruit stalls. The consumer's tests
// (Tests/MarketTests) test it with ScrollKitTesting, as the README's "Testing your app" shows.
import ScrollKit

@MainActor
public final class MarketScreen: ViewNode {
    public let refresh = PushButton(title: "Refresh")
    public let list: ListView
    public private(set) var refreshes = 0
    public private(set) var chosen: Int?

    public init() {
        list = ListView(frame: .zero, dataSource: Stalls())
        super.init(frame: .zero)
        addSubview(refresh)
        addSubview(list)
        refresh.action = { [weak self] _ in self?.refreshes += 1 }
        list.onSelectItem = { [weak self] index in self?.chosen = index }
    }

    public override func layoutSubviews() {
        refresh.frame = Rect(x: 12, y: 8, width: 110, height: 36)
        list.frame = Rect(x: 0, y: 52, width: bounds.width, height: max(0, bounds.height - 52))
    }
}

@MainActor
final class Stalls: ListDataSource {
    static let fruits = ["Apple", "Banana", "Cherry", "Damson", "Elderberry"]
    var numberOfItems: Int { 10_000 }
    var fixedItemSize: Double? { 48 }
    func cell(at index: Int, in list: ListView) -> ListCell {
        let cell = list.dequeueCell(LabelCell.self, for: index)
        cell.title = "\(Self.fruits[index % Self.fruits.count]) #\(index)"
        return cell
    }
}
