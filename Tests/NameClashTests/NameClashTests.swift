// Compiling this file is the test: it imports Foundation (and SwiftUI where it exists, a stand-in
// declaring SwiftUI's type names elsewhere) beside ScrollKitSDL and names ScrollKit's public types
// unqualified. A ScrollKit type that shared a name with one of theirs would make this file fail to
// compile ("'X' is ambiguous for type lookup in this context").
import Foundation
import ScrollKitSDL
import SwiftUINames
import Testing
#if canImport(SwiftUI)
import SwiftUI
#endif

@MainActor
@Suite struct NameClashTests {
    @Test func scrollKitTypesNeedNoModulePrefixBesideFoundationAndSwiftUI() throws {
        let scrolling: ScrollingView = ScrollingView(viewportSize: Size(width: 100, height: 100),
                                                     contentSize: Size(width: 100, height: 400))
        let axis: ScrollAxis = scrolling.axis
        let insets: Insets = .zero
        let color: RGBAColor = .white
        let align: TextAlign = .center
        let position: ItemPosition = .center
        let phase: ScrollingPhase = scrolling.phase
        let physics: ScrollPhysics = scrolling.physics
        let boost: FlingBoost = physics.flingBoost
        #expect(physics.bounces && boost == FlingBoost())
        let canvas: any DrawingCanvas = RecordingCanvas()
        let host: (any AppHost)? = nil
        let list = ListView(frame: Rect(x: 0, y: 0, width: 100, height: 100), dataSource: EmptyList())
        let point: Point = list.scrollView.contentOffset
        let stack: NavigationStackView = NavigationStackView(root: NavigationScreen(title: "Root", content: list))
        let detent: SheetDetent = .medium
        let sheet: SheetView? = stack.presentedSheet
        let bar: NavigationBar = stack.topScreen.navigationBar
        #expect(stack.depth == 1 && detent != .large && sheet == nil && bar.title == "Root")
        #expect(axis == .vertical && insets == .zero && color == .white && align == .center)
        #expect(position == .center && phase == .idle && host == nil && point == Point(x: 0, y: 0))
        let mode: ScrollIndicatorMode = scrolling.indicatorVisibility
        let style: ScrollIndicatorStyle = scrolling.indicatorStyle
        let traceSample: TraceSample = .neutral
        #expect(traceSample.phase == .idle && TraceFormat.columns.count >= 38)
        let indicatorAxis: ScrollIndicatorAxis = .vertical
        let geometry: ScrollIndicatorGeometry? = scrolling.indicatorGeometry(indicatorAxis)
        let button: PushButton = PushButton(title: "OK")
        let segmented: SegmentedControl = SegmentedControl(segments: ["A", "B"])
        #expect(mode == .automatic && style == .standard && geometry != nil)
        #expect(button.isEnabled && segmented.selectedIndex == 0)
        let menu: PopupMenu = PopupMenu(children: [.action(MenuAction("Open"))])
        let alert: AlertDialog = AlertDialog(title: "Sure?")
        let toast: Toast = Toast("Saved")
        let kind: PresentationKind = .alert
        #expect(menu.children.count == 1 && alert.actions.count == 1 && toast.duration == 4 && kind != .none)
        let toggle: Switch = Switch(isOn: true)
        let tabs: TabBar = TabBar(titles: ["A", "B"])
        let tracking: (any PointerTracking)? = nil
        #expect(toggle.isOn && tabs.selectedIndex == 0 && tracking == nil)
        let grid: SectionedGridLayout = SectionedGridLayout(columns: GridColumns.fixed(2), itemLength: GridItemLength.aspect(1))
        grid.setSections([3], style: { _ in GridSectionStyle.plain })
        let index: GridIndex? = grid.gridIndex(forFlatIndex: 2)
        let rows: GridRowGeometry = grid.rowGeometry
        #expect(index == GridIndex(section: 0, item: 2) && rows.itemCount == 2)
        // Text input: TextFieldView and TextAreaView (SwiftUI has a TextField: so the View suffix, as NavigationStackView).
        let field: TextFieldView = TextFieldView(text: "f")
        let area: TextAreaView = TextAreaView(text: "a")
        let editing: TextEditingView = area
        var model: TextEditingModel = TextEditingModel(text: "ab")
        model.filter = TextInputFilter.digits
        let client: (any TextInputClient)? = editing
        let selection: ClipboardSelection = .primary
        #expect(model.text == "ab" && client != nil && selection == .primary && field.text == "f")
        _ = canvas
    }
}

private final class EmptyList: ListDataSource {
    var numberOfItems: Int { 0 }
    func cell(at index: Int, in list: ListView) -> ListCell { list.dequeueCell(LabelCell.self, for: index) }
}
