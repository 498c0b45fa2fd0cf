// A stand-in for SwiftUI on machines without it: the type names SwiftUI (and Foundation) declare that
// a UI library could plausibly declare too. NameClashTests imports it beside Foundation and
// ScrollKitSDL and uses ScrollKit's types unqualified: if ScrollKit declared any of these names, that
// file would stop compiling with "is ambiguous for type lookup". On macOS the test imports the real
// SwiftUI as well.
public struct ScrollView {}
public struct Canvas {}
public struct Color {}
public enum Axis {}
public struct EdgeInsets {}
public enum TextAlignment {}
public struct ScrollPosition {}
public enum ScrollPhase {}
public struct Font {}
public struct Image {}
public struct Text {}
public struct Button {}
public struct List {}
public struct Picker {}
public struct Label {}
public struct Animation {}
public struct Spring {}
public struct UnitCurve {}
public struct Path {}
public struct Gradient {}
public struct Edge {}
public struct Alignment {}
public struct Layout {}
public struct Grid {}
public struct GridRow {}
public struct GridItem {}
public struct GridLayout {}
public struct GeometryProxy {}
public struct ScrollViewProxy {}
public struct Angle {}
public struct Transaction {}
public struct Gesture {}
public struct ScrollIndicatorVisibility {}
public struct ScrollGeometry {}
public struct SegmentedPickerStyle {}
public enum LayoutDirection {}
public struct NavigationStack {}
public struct TextField {}
public struct TextEditor {}
public struct SecureField {}
public struct NavigationView {}
public struct PresentationDetent {}
