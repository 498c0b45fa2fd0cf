// The list scene's rows: RowCell (a StandardCell in the scene's look) and RowSource (the smart-home devices,
// their titles, switches and selection through data changes).

import Motion
import ScrollKit
import ScrollKitSDL

/// A list scene row: a `StandardCell` in the scene's look (one pool of its own).
@MainActor
final class RowCell: StandardCell {
    required init() {
        super.init()
        appearance = RowSource.appearance
    }

    /// A theme switch: the scene's look in the new theme's colours.
    override func effectiveThemeDidChange() {
        super.effectiveThemeDidChange()
        appearance = RowSource.appearance
    }
}

/// The list scene's rows: `count` items of a fixed height, the devices of a smart home. Item n is a
/// device of kind n mod 10 in one of twelve rooms ("Kitchen Lamp"), with a colour swatch, a one- or
/// two-line description and a trailing chevron, value ("21.5°", "Locked") or switch. Everything is
/// chosen from tables made once, so configuring a row allocates nothing.
@MainActor
final class RowSource: ListDataSourceAccessibility {
    /// Which device each row shows, after the script's inserts, deletes and moves (runs of device ids: O(1)
    /// until a script changes the data; no array of 10^7 ids).
    private(set) var order: ItemOrder
    let rowHeight: Double
    /// The selected device (the row tapped last), -1 for none: drawn with the selected look.
    private var selectedID = -1
    /// Devices whose switch was flipped from its initial state.
    private(set) var flippedSwitches: Set<Int> = []

    /// The number of rows.
    var count: Int { order.count }

    /// The selected row (the one tapped last), -1 for none. It follows its device through data changes.
    var selectedRow: Int {
        get { selectedID < 0 ? -1 : order.index(of: selectedID) ?? -1 }
        set { selectedID = newValue >= 0 && newValue < count ? order.id(at: newValue) : -1 }
    }
    /// The switch handler given to every row (made once).
    private var toggleHandler: (@MainActor (StandardCell, Bool) -> Void)?

    /// The rows' look: 60-point rows hold a title and up to two subtitle lines.
    static var appearance: StandardCell.Appearance {
        var look = StandardCell.Appearance(theme: ViewNode.defaultTheme)
        look.titleStyle.size = 16
        look.subtitleStyle.size = 12
        look.valueStyle.size = 15
        look.subtitleSpacing = 1
        look.contentInsets = Insets(top: 5, left: 16, bottom: 5, right: 16)
        look.leadingSize = Size(width: 32, height: 32)
        look.leadingCornerRadius = 7
        return look
    }

    init(count: Int, rowHeight: Double) {
        order = ItemOrder(count: max(0, count))
        self.rowHeight = rowHeight
        toggleHandler = { [weak self] cell, _ in
            guard let self, cell.index >= 0, cell.index < self.count else { return }
            let id = self.order.id(at: cell.index)
            if self.flippedSwitches.remove(id) == nil { self.flippedSwitches.insert(id) }
        }
    }

    var numberOfItems: Int { count }
    /// The rows' height: `rowHeight` at text scale 1, taller by what their two lines of text grow.
    var fixedItemSize: Double? { SceneStyle.grownRowHeight(rowHeight, textHeight: 36) }

    /// The rows repeat their kind, variant and room every `period` items.
    static let period = 120
    private var preparedWidth = -1.0
    private var preparedScale = 0.0
    private let scratch = RowCell()

    /// Lays out the text of one period of rows at `width` (once per width), so rows that scroll in later
    /// find their layouts in `StandardCell`'s shared cache: steady scrolling then allocates nothing.
    func prepareLayouts(width: Double) {
        guard width > 0, width.isFinite, width != preparedWidth || ViewNode.textScale != preparedScale else { return }
        preparedWidth = width
        preparedScale = ViewNode.textScale
        let height = fixedItemSize ?? rowHeight
        for index in 0..<min(count, Self.period) {
            configure(scratch, at: index)
            _ = scratch.parts(in: Rect(x: 0, y: 0, width: width, height: height))
        }
        scratch.prepareForReuse()
    }

    func cell(at index: Int, in list: ListView) -> ListCell {
        let row = list.dequeueCell(RowCell.self, for: index)
        configure(row, at: index)
        return row
    }

    /// The device kind of row `index` (0..<10) and which variant of its texts it shows.
    private static func kind(ofRow index: Int) -> (kind: Int, variant: Int, room: Int) {
        let i = max(0, index)
        return (i % Self.kinds.count, (i / Self.kinds.count) % 6, (i / Self.kinds.count * 5 + i) % Self.rooms.count)
    }

    /// Off-screen rows are named by their titles too (a screen reader walking the list).
    func accessibilityLabel(ofItem index: Int) -> String? { title(ofRow: index) }

    /// The title of row `index`: "Kitchen Lamp".
    func title(ofRow index: Int) -> String {
        let k = Self.kind(ofRow: order.id(at: index))
        return Self.titles[k.room * Self.kinds.count + k.kind]
    }

    /// Whether row `index`'s switch is on (its initial state, flipped by taps), or nil without a switch.
    func isSwitchOn(ofRow index: Int) -> Bool? {
        let id = order.id(at: index)
        let k = Self.kind(ofRow: id)
        guard case .toggle = Self.kinds[k.kind].accessory else { return nil }
        return (k.variant % 3 != 1) != flippedSwitches.contains(id)
    }

    /// Applies a scripted change to the rows' order (validated by the caller).
    func apply(_ change: ListChange) { order.apply(change) }

    /// Fills `row` for item `index`: title, description, swatch, accessory and selection.
    func configure(_ row: StandardCell, at index: Int) {
        let id = order.id(at: index)
        let k = Self.kind(ofRow: id)
        let kind = Self.kinds[k.kind]
        row.title = Self.titles[k.room * Self.kinds.count + k.kind]
        row.subtitle = kind.subtitles[k.variant % kind.subtitles.count]
        row.leading = kind.swatch
        switch kind.accessory {
        case .chevron: row.accessory = .chevron
        case .values(let values): row.accessory = .value(values[k.variant % values.count])
        case .toggle: row.accessory = .toggle(isOn: isSwitchOn(ofRow: index) ?? false)
        }
        row.isSelected = id == selectedID
        row.onToggle = toggleHandler
    }

    // MARK: Tables

    enum AccessoryKind {
        case chevron, toggle
        case values([String])
    }

    struct Kind {
        var name: String
        var swatch: StandardCell.Leading
        var accessory: AccessoryKind
        var subtitles: [String]
    }

    static let rooms = ["Living Room", "Kitchen", "Bedroom", "Hallway", "Office", "Garage", "Nursery",
                        "Bathroom", "Porch", "Studio", "Guest Room", "Attic"]

    static let kinds: [Kind] = [
        Kind(name: "Lamp", swatch: .swatch(RGBAColor(hex: 0xFFB300), symbol: "L"), accessory: .toggle,
             subtitles: ["Dimmable white, 40% in the evening", "Turns on at sunset and off at 23:00",
                         "Colour bulb in warm white, 2700 K"]),
        Kind(name: "Thermostat", swatch: .swatch(RGBAColor(hex: 0xFF9500), symbol: "T"),
             accessory: .values(["21.5°", "20°", "19.5°", "22°"]),
             subtitles: ["Heating to the weekday schedule, eco mode at night",
                         "Holds the temperature while you are away", "Heating until 22:00, then 18°"]),
        Kind(name: "Door Lock", swatch: .swatch(RGBAColor(hex: 0x8E8E93), symbol: "D"),
             accessory: .values(["Locked", "Locked", "Unlocked"]),
             subtitles: ["Locks itself two minutes after the door closes", "Battery 64%, last opened at 08:12"]),
        Kind(name: "Camera", swatch: .swatch(RGBAColor(hex: 0x5856D6), symbol: "C"), accessory: .chevron,
             subtitles: ["Motion alerts on, recordings kept for 30 days", "Streams in HD while nobody is home",
                         "Night vision on. Two people were seen at the door today; the recordings are kept for 30 days and faces you have named are recognised"]),
        Kind(name: "Speaker", swatch: .swatch(RGBAColor(hex: 0xFF2D55), symbol: "S"), accessory: .chevron,
             subtitles: ["Playing “Blue in Green” in two rooms", "Idle, grouped with two other speakers"]),
        Kind(name: "Blinds", swatch: .swatch(RGBAColor(hex: 0x34C759), symbol: "B"), accessory: .chevron,
             subtitles: ["Close at sunset, open at 7:30 on weekdays",
                         "Half open to keep the afternoon sun out of the room, then closed at sunset and opened again at 7:30 on weekdays and 9:00 at weekends"]),
        Kind(name: "Plug", swatch: .swatch(RGBAColor(hex: 0xAF52DE), symbol: "P"), accessory: .toggle,
             subtitles: ["Coffee machine, 1.2 kWh this week", "Heater, turns off after two hours"]),
        Kind(name: "Air Purifier", swatch: .swatch(RGBAColor(hex: 0x32ADE6), symbol: "A"), accessory: .chevron,
             subtitles: ["Air quality good, filter replaced in March", "Quiet mode while the room is in use"]),
        Kind(name: "Sensor", swatch: .swatch(RGBAColor(hex: 0x30B0C7), symbol: "H"),
             accessory: .values(["48%", "52%", "41%"]),
             subtitles: ["Humidity and temperature every five minutes", "Window open for 12 minutes"]),
        Kind(name: "Smoke Alarm", swatch: .swatch(RGBAColor(hex: 0xFF3B30), symbol: "!"), accessory: .chevron,
             subtitles: ["Tested on Sunday, battery good", "Checks itself every night at 03:00"]),
    ]

    /// "Kitchen Lamp": every room with every kind, room-major.
    static let titles: [String] = rooms.flatMap { room in kinds.map { "\(room) \($0.name)" } }
}
