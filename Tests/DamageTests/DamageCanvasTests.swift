import ScrollKit
import ScrollKitDamage
import Testing

// Targeted behaviour of the damage renderer on the pure-Swift backend: nothing changed draws nothing, whole
// pixel scrolls move pixels, call groups are taken over while their key stays, invalidation, a backend that
// does not keep its pixels, bad input. Each frame is also checked against the frame drawn whole.

@MainActor
@Suite("DamageCanvas")
struct DamageCanvasTests {
    let backend = PixelBackend(width: 100, height: 80)
    let canvas: DamageCanvas
    init() { canvas = DamageCanvas(backend: backend) }

    /// Draws a frame by damage and checks it against the same frame drawn whole.
    func frame(_ draw: (any DrawingCanvas) -> Void, sourceLocation: SourceLocation = #_sourceLocation) {
        canvas.beginFrame()
        draw(canvas)
        canvas.endFrame()
        let whole = PixelBackend(width: backend.width, height: backend.height)
        let plain = DamageCanvas(backend: whole, tracksDamage: false)
        plain.beginFrame()
        draw(plain)
        plain.endFrame()
        #expect(backend.firstDifference(from: whole) == nil, sourceLocation: sourceLocation)
    }

    func list(offset: Double, label: String = "row") -> (any DrawingCanvas) -> Void {
        { canvas in
            canvas.clear(.white)
            canvas.pushClip(Rect(x: 0, y: 10, width: 100, height: 60))
            let origin = canvas.damageTracking?.beginScrolledContent(origin: Point(x: 0, y: 10 - offset)) ?? .zero
            for i in 0..<12 {
                let frame = Rect(x: origin.x, y: origin.y + Double(i) * 10, width: 100, height: 10)
                canvas.fill(frame, color: RGBAColor(r: UInt8(i * 20), g: 100, b: 200, a: 255))
                canvas.drawText("\(label) \(i)", in: frame, style: TextStyle(size: 8, color: .black), alignment: .leading)
            }
            canvas.damageTracking?.endScrolledContent()
            canvas.popClip()
        }
    }

    @Test func aFrameLikeTheLastDrawsNothing() {
        frame(list(offset: 0))
        #expect(canvas.lastDamage.drawnPixels == 100 * 80)   // the first frame is drawn whole
        let executed = backend.executed
        frame(list(offset: 0))
        #expect(!canvas.lastDamage.changed)
        #expect(canvas.lastDamage.drawnPixels == 0)
        #expect(canvas.changedRects.isEmpty)
        #expect(backend.executed == executed)
    }

    @Test func aWholePixelScrollMovesPixelsAndDrawsTheExposedStrip() {
        frame(list(offset: 0))
        frame(list(offset: 7))
        #expect(canvas.lastDamage.movedPixels == 100 * (60 - 7))
        #expect(canvas.lastDamage.drawnPixels < 100 * 60 / 2)
        frame(list(offset: 3))   // and back
        #expect(canvas.lastDamage.movedPixels == 100 * (60 - 4))
    }

    @Test func aChangedCallIsDrawnAgainInItsRectOnly() {
        frame(list(offset: 0))
        frame { canvas in
            list(offset: 0)(canvas)
            canvas.fill(Rect(x: 10, y: 72, width: 20, height: 5), color: .black)
        }
        #expect(canvas.lastDamage.drawnPixels == 20 * 5)
    }

    @Test func aCallGroupIsTakenOverWhileItsKeyStays() {
        var drawn = 0
        func bar(_ state: UInt64) -> (any DrawingCanvas) -> Void {
            { canvas in
                canvas.clear(.white)
                canvas.callGroup(id: CallGroupID(1), key: CallGroupKey(frame: Rect(x: 0, y: 0, width: 100, height: 20), state: state)) { canvas in
                    drawn += 1
                    canvas.fill(Rect(x: 0, y: 0, width: 100, height: 20), color: RGBAColor(hex: 0xF2F2F7))
                    canvas.drawText("Tab \(state)", in: Rect(x: 4, y: 0, width: 60, height: 20),
                                    style: TextStyle(size: 10, color: .black), alignment: .leading)
                    // A group inside the group is part of it.
                    canvas.callGroup(id: CallGroupID(2), key: CallGroupKey(frame: .zero)) { canvas in
                        canvas.drawPolyline([Point(x: 70, y: 4), Point(x: 80, y: 16), Point(x: 90, y: 4)], color: .black, width: 2)
                    }
                }
            }
        }
        // The whole frames call the closure too: count the tracked canvas's calls by differences.
        canvas.beginFrame(); bar(0)(canvas); canvas.endFrame()
        #expect(drawn == 1)
        canvas.beginFrame(); bar(0)(canvas); canvas.endFrame()
        #expect(drawn == 1)                                   // taken over: not drawn by the view
        #expect(canvas.lastDamage.takenOverCount == 3)
        #expect(!canvas.lastDamage.changed)
        frame(bar(1))                                          // a new key: drawn, and the pixels follow
        #expect(canvas.lastDamage.takenOverCount == 0)
        frame(bar(1))
        #expect(canvas.lastDamage.takenOverCount == 3)
    }

    @Test func aCallGroupInScrolledContentMovesWithIt() {
        func cells(offset: Double, version: DrawingVersion) -> (any DrawingCanvas) -> Void {
            { canvas in
                canvas.clear(.white)
                canvas.pushClip(Rect(x: 0, y: 0, width: 100, height: 80))
                let origin = canvas.damageTracking?.beginScrolledContent(origin: Point(x: 0, y: -offset)) ?? .zero
                for i in 0..<20 {
                    let frame = Rect(x: origin.x, y: origin.y + Double(i) * 9, width: 100, height: 9)
                    canvas.callGroup(id: CallGroupID(100 + i), key: CallGroupKey(frame: frame.offsetBy(dx: -origin.x, dy: -origin.y), version: version)) { canvas in
                        canvas.fill(frame, color: RGBAColor(r: 30, g: UInt8(i * 12), b: 90, a: 255))
                        canvas.drawText("Cell \(i)", in: frame, style: TextStyle(size: 7, color: .white), alignment: .center)
                    }
                }
                canvas.damageTracking?.endScrolledContent()
                canvas.popClip()
            }
        }
        let v = DrawingVersion.next()
        frame(cells(offset: 0, version: v))
        frame(cells(offset: 5, version: v))
        #expect(canvas.lastDamage.takenOverCount > 0)
        #expect(canvas.lastDamage.movedPixels > 0)
        frame(cells(offset: 5, version: DrawingVersion.next()))   // every cell's input changed
        #expect(canvas.lastDamage.takenOverCount == 0)
    }

    @Test func anInvalidatedRectIsDrawnAgain() {
        frame(list(offset: 0))
        // Pixels changed behind the canvas (a view's own pixels drawn through an unchanged call).
        backend.setReplayState(clip: PixelRect(x: 0, y: 0, w: 100, h: 80), tx: 0, ty: 0)
        backend.fill(Rect(x: 30, y: 30, width: 10, height: 10), color: .black)
        backend.endReplay()
        frame { canvas in
            list(offset: 0)(canvas)
            canvas.damageTracking?.invalidate(Rect(x: 30, y: 30, width: 10, height: 10))
        }
        #expect(canvas.lastDamage.drawnPixels == 100)
    }

    @Test func aTargetThatDoesNotKeepItsPixelsIsDrawnWhole() {
        backend.keepsPixels = false
        frame(list(offset: 0))
        frame(list(offset: 4))
        #expect(!canvas.lastDamage.tracked)
        #expect(!canvas.isRecording)
    }

    @Test func badInputNeverTrapsAndStaysIdentical() {
        let nan = Double.nan, inf = Double.infinity
        let bad: (any DrawingCanvas) -> Void = { canvas in
            canvas.clear(.white)
            canvas.popClip()                                   // unbalanced
            canvas.popTranslation()
            canvas.damageTracking?.endScrolledContent()
            canvas.fill(Rect(x: nan, y: 0, width: 10, height: 10), color: .black)
            canvas.fillRoundedRect(Rect(x: 0, y: 0, width: inf, height: 10), radius: nan, color: .black)
            canvas.strokeRect(Rect(x: 5, y: 5, width: -3, height: 10), color: .black, width: inf)
            canvas.drawLine(from: Point(x: nan, y: 0), to: Point(x: 3, y: 3), color: .black, width: 2)
            canvas.drawPolyline([Point(x: 1, y: 1)], color: .black, width: 1)
            canvas.fillCircle(center: Point(x: 10, y: 10), radius: inf, color: .black)
            canvas.fillCircles([CircleFill(center: Point(x: nan, y: 2), radius: 2, color: .black)])
            canvas.drawText("x", in: Rect(x: 0, y: nan, width: 10, height: 10), style: TextStyle(), alignment: .center)
            canvas.drawImage(ImageRef("a"), in: Rect(x: 0, y: 0, width: nan, height: 4), opacity: nan)
            canvas.pushTranslation(dx: nan, dy: inf)
            _ = canvas.damageTracking?.beginScrolledContent(origin: Point(x: nan, y: -inf))
            canvas.pushClip(Rect(x: 0, y: 0, width: 0, height: 0))
            canvas.fill(Rect(x: 0, y: 0, width: 50, height: 50), color: .black)   // in an empty clip
            canvas.callGroup(id: CallGroupID(3), key: CallGroupKey(frame: Rect(x: nan, y: nan, width: 1, height: 1))) { canvas in
                canvas.fill(Rect(x: 0, y: 0, width: 5, height: 5), color: .black)
            }
            canvas.damageTracking?.invalidate(Rect(x: nan, y: 0, width: 1, height: 1))
            // left open: the frame's end closes it
        }
        frame(bad)
        frame(bad)
        frame(list(offset: 2))
    }
}
