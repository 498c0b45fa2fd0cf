// Compiling this file is the test: the damage renderer's public names (ScrollKitDamage, ScrollKit's call
// groups) unqualified beside Foundation and SwiftUI's names, as in NameClashTests.swift.
import Foundation
import ScrollKitSDL
import SwiftUINames
import Testing
#if canImport(SwiftUI)
import SwiftUI
#endif

@MainActor
@Suite struct DamageNameClashTests {
    @Test func damageTypesNeedNoModulePrefix() {
        let rect: PixelRect = .empty
        let point = PixelPoint(x: 1, y: 2)
        let state = DamageImageState(identity: 0, redrawsInPart: true)
        let report = DamageReport()
        let id = CallGroupID(1)
        let key = CallGroupKey(frame: Rect(x: 0, y: 0, width: 1, height: 1), version: DrawingVersion.next())
        let tracking: (any DamageTrackingCanvas)? = nil
        let backend: (any DamageBackend)? = nil
        let canvas: DamageCanvas? = nil
        let input = DrawingInput(wrappedValue: 1)
        #expect(rect.isEmpty && point.x == 1 && state.redrawsInPart && !report.tracked && id.rawValue == 1)
        #expect(key.state == 0 && tracking == nil && backend == nil && canvas == nil && PixelGrid.round(0.5) == 1)
        _ = input
    }
}
